// What the routes answer, as JSON Schema: the contract's envelope around each answer's data
// (contract/envelope.ts), a declared table's row, a page of rows. A route declares `response:
// answers(data)`; /docs documents it and Fastify serializes a 200 with it (fast-json-stringify).
//
// Serializing with a schema drops what it does not name and coerces what it types, so the row
// schemas are written to change nothing on the wire: every declared field may be null or absent, a
// row keeps properties the declaration does not name (additionalProperties: a service may add one),
// and a json field is left untyped.
import { type TSchema, Type } from 'typebox';
import { ANALYTICS_GROUPS } from '../../contract/analytics';
import {
  INVITATION_TYPES,
  PERMISSION_ACTIONS,
  SIGNUP_STATES,
  USER_STATES,
  USER_TYPES,
} from '../../contract/enums';
import { ENVELOPE_TYPE } from '../../contract/envelope';
import { STRIPE_CONNECT_STATES } from '../../contract/finance';
import { PUBLIC_SYSTEM_SETTINGS } from '../../contract/system-config';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { ownFields } from '../platform/db/derive-tables';
import { addedScopeColumns } from '../platform/db/naming';
import { nullable, valueSchema } from './schemas';

/** A JSON Schema `type` list with null added: one schema, so the serializer keeps 0, '' and false. */
export const orNull = (type: string, extra: Record<string, unknown> = {}): TSchema =>
  Type.Unsafe({ type: [type, 'null'], ...extra });

/**
 * What a field holds on the wire: its request schema (schemas.ts valueSchema) with null added; the
 * serializer reads only its types and formats. A json field is left untyped (whatever was stored).
 */
const wireSchema = (f: FieldDeclaration): TSchema => {
  if (f.type === 'json') return Type.Unknown(f.help ? { description: f.help } : {});
  const schema = nullable(valueSchema(f));
  const note =
    f.help ??
    (f.type === 'money'
      ? 'an amount in the company currency'
      : f.type === 'reference'
        ? `the id of a ${f.reference} row`
        : f.type === 'select' && f.numeric
          ? f.choices.map((c, i) => `${i} ${c}`).join(', ')
          : undefined);
  return note ? Type.Unsafe({ ...schema, description: note }) : schema;
};

const rows = new WeakMap<ResourceDeclaration, TSchema>();

/** A row of `decl` as its routes answer it: id, times, scope columns and every declared field. */
export const rowSchema = (decl: ResourceDeclaration): TSchema => {
  let schema = rows.get(decl);
  if (!schema) {
    // all optional: a list asked for some fields (`project`) answers those and the id
    const props: Record<string, TSchema> = {
      id: Type.Integer(),
      createTime: Type.Optional(orNull('string', { format: 'date-time' })),
      updateTime: Type.Optional(orNull('string', { format: 'date-time' })),
    };
    for (const c of addedScopeColumns(decl)) props[c] = Type.Optional(orNull('integer'));
    for (const f of ownFields(decl)) props[f.name] = Type.Optional(wireSchema(f));
    schema = Type.Object(props, { additionalProperties: true, title: `${decl.name} row` });
    rows.set(decl, schema);
  }
  return schema;
};

/** A list's page (contract/envelope.ts PageInfo). */
export const PageSchema = Type.Object({
  number: Type.Integer(),
  size: Type.Integer(),
  totalPages: Type.Optional(Type.Integer()),
  totalElements: Type.Optional(Type.Integer()),
  totalEstimated: Type.Optional(Type.Boolean()),
  cursor: Type.Optional(Type.String()),
});

/** The success envelope around `data`, with the list's page when `paged`. */
export const Envelope = (data: TSchema, { paged = false } = {}): TSchema =>
  Type.Object({
    type: Type.Literal(ENVELOPE_TYPE),
    code: Type.Literal(0),
    data,
    ...(paged ? { page: Type.Optional(PageSchema) } : {}),
  });

/** A route's `response`: its 200 answer is the envelope around `data`. */
export const answers = (data: TSchema, options: { paged?: boolean; description?: string } = {}) => ({
  200: {
    ...Envelope(data, { paged: options.paged ?? false }),
    description: options.description ?? 'Success (code 0)',
  },
});

/** A route's `response` when it answers a CSV file. */
export const csvAnswer = {
  200: {
    description: 'A CSV file (UTF-8, a header row, one line per row)',
    // a stream on the server's side: typed unknown, so a route may send one
    content: { 'text/csv': { schema: Type.Unsafe<unknown>({ type: 'string' }) } },
  },
};

/** The ids a bulk write moved. */
export const IdList = Type.Array(Type.Integer());

// ---- the operations' answers that are not one declared row (contract/stamping.ts, contract/finance.ts)

const Money = Type.Number({ description: 'an amount in the currency' });
const Time = orNull('string', { format: 'date-time' });

/** contract/stamping.ts StampResult */
export const StampResultSchema = Type.Object(
  {
    id: Type.Integer({ description: 'the SUCCESS stamps transaction' }),
    memberCardId: Type.Integer(),
    result: Type.String(),
    stamps: Type.Integer(),
    stampsAfter: Type.Integer(),
    memberCardState: Type.Integer({ description: '0 AVAILABLE, 1 COMPLETED, 2 EXPIRED' }),
    rewardVoucherId: orNull('integer', { description: 'issued when the stamping completed the card' }),
  },
  { title: 'StampResult' },
);

/** server/domains/stamping/stamping.ts PinStatus */
export const PinStatusSchema = Type.Object(
  { storeId: Type.Integer(), pinSet: Type.Boolean(), setAt: Time, lockedUntil: Time },
  { title: 'PinStatus' },
);

/** contract/finance.ts TopUpAnswer */
export const TopUpAnswerSchema = Type.Object(
  {
    id: Type.Integer({ description: 'the payment (GET /payment-history/{id})' }),
    state: Type.String(),
    amount: Money,
    currency: Type.String(),
    paymentMethod: Type.String(),
    clientSecret: Type.Optional(Type.String({ description: "STRIPE: the PaymentIntent's client secret" })),
    balance: Type.Optional(Type.Number({ description: 'FREE: the balance after the credit' })),
  },
  { title: 'TopUpAnswer' },
);

/** contract/finance.ts SavedPaymentMethod */
export const SavedPaymentMethodSchema = Type.Object(
  {
    id: Type.Integer(),
    brand: Type.String(),
    last4: Type.String(),
    expMonth: Type.Integer(),
    expYear: Type.Integer(),
    isDefault: Type.Boolean(),
    createTime: Type.String({ format: 'date-time' }),
  },
  { title: 'SavedPaymentMethod' },
);

/** contract/finance.ts SetupIntentAnswer */
export const SetupIntentAnswerSchema = Type.Object(
  { setupIntentId: Type.String(), clientSecret: Type.String() },
  { title: 'SetupIntentAnswer' },
);

/** contract/finance.ts StripeConnectLink */
export const StripeConnectLinkSchema = Type.Object(
  { accountId: Type.String(), url: Type.String({ format: 'uri' }) },
  { title: 'StripeConnectLink' },
);

/** A row of `decl` with more properties (a device's registration adds its secret, shown once). */
export const rowWith = (decl: ResourceDeclaration, more: Record<string, TSchema>): TSchema =>
  Type.Object(
    { ...(rowSchema(decl) as unknown as { properties: Record<string, TSchema> }).properties, ...more },
    { additionalProperties: true, title: `${decl.name} row` },
  );

// ---- the hand-written routes' answers: each names what its service sends today (a property that may
// be null allows null, one that may be missing is optional), so serializing with it changes nothing

/** A string of one of `values` (documented; the serializer writes any string). */
const OneOf = (values: readonly string[], extra: Record<string, unknown> = {}): TSchema =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], ...extra });
const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
/** `schema` or null (an object or an array: a `type` list would not say its shape). */
const Nullable = (schema: TSchema): TSchema => Type.Union([schema, Type.Null()]);

/** The data of an answer that carries none. */
export const NoData = Type.Null({ description: 'nothing: the envelope says it worked' });

// -- finance (contract/finance.ts)

/** contract/finance.ts WalletAnswer */
export const WalletAnswerSchema = Type.Object(
  {
    balance: Type.Number({ description: "the sum of the company's ledger, in its currency" }),
    currency: Type.String(),
    freeTopUp: Type.Boolean({ description: "whether the company's country allows FREE top-ups" }),
    lastMovementAt: orNull('string', { format: 'date-time', description: 'null before the first movement' }),
  },
  { title: 'WalletAnswer' },
);

/** contract/finance.ts StripeConfigAnswer */
export const StripeConfigAnswerSchema = Type.Object(
  {
    enabled: Type.Boolean({ description: 'false without Stripe keys: STRIPE top-ups and cards answer 6401' }),
    publishableKey: orNull('string'),
  },
  { title: 'StripeConfigAnswer' },
);

/** contract/finance.ts StripeConnectAnswer */
export const StripeConnectAnswerSchema = Type.Object(
  {
    accountId: orNull('string'),
    state: OneOf(STRIPE_CONNECT_STATES),
    chargesEnabled: Type.Boolean(),
    payoutsEnabled: Type.Boolean(),
    detailsSubmitted: Type.Boolean(),
  },
  { title: 'StripeConnectAnswer' },
);

/** What Stripe's webhook answers: the event was taken, and what applying it did. */
export const StripeWebhookAnswerSchema = Type.Object(
  {
    received: Type.Boolean(),
    outcome: Type.String({
      description: "what applying the event did ('credited', 'duplicate', 'ignored'...)",
    }),
  },
  { title: 'StripeWebhookAnswer' },
);

// -- stamp cards and vouchers (contract/stamping.ts)

/** contract/stamping.ts StampCardSummary */
export const StampCardSummarySchema = Type.Object(
  {
    quantity: orNull('integer', { description: 'null when the programme issues without limit' }),
    issuedCount: Count,
    left: orNull('integer', { description: 'null when the programme issues without limit' }),
    available: Count,
    completed: Count,
    expired: Count,
    stampsThisWeek: Count,
    stampingsThisWeek: Count,
  },
  { title: 'StampCardSummary' },
);

/** server/domains/vouchers/vouchers.ts packSummary */
export const VoucherPackSummarySchema = Type.Object(
  {
    quantity: Type.Integer(),
    issuedCount: Count,
    left: Type.Integer(),
    available: Count,
    redeemed: Count,
    expired: Count,
  },
  { title: 'VoucherPackSummary' },
);

// -- push (contract/push.ts)

/** server/domains/push/push.ts previewAudience */
export const AudiencePreviewSchema = Type.Object(
  {
    count: Count,
    sample: Nullable(
      Type.Object(
        {
          name: Type.String(),
          mobile: Type.String(),
          brand: Type.String(),
          company: Type.String(),
          stamps: Type.String(),
          vouchers: Type.String(),
        },
        { description: "the placeholders' values for the first member; null when it reaches none" },
      ),
    ),
  },
  { title: 'AudiencePreview' },
);

/** server/domains/push/push.ts registerPushToken */
export const PushTokenAnswerSchema = Type.Object(
  { mobile: Type.String(), platform: Type.String() },
  { title: 'PushTokenAnswer' },
);

// -- analytics and the dashboard (contract/analytics.ts, contract/dashboard.ts)

const analyticsFigures = {
  stampsGiven: Count,
  cardsCompleted: Count,
  vouchersIssued: Count,
  vouchersRedeemed: Count,
  vouchersExpired: Count,
  redemptionRate: orNull('number', {
    description: 'redeemed out of issued, in percent; null when none was issued',
  }),
  activeMembers: Count,
  pushesSent: Count,
};

/** contract/analytics.ts AnalyticsAnswer */
export const AnalyticsAnswerSchema = Type.Object(
  {
    from: Day,
    to: Day,
    groupBy: OneOf(ANALYTICS_GROUPS),
    timeZone: Type.String(),
    rows: Type.Array(
      Type.Object(
        {
          id: orNull('integer', {
            description: 'the company, brand or store; null for what belongs to none',
          }),
          name: orNull('string'),
          ...analyticsFigures,
        },
        { title: 'AnalyticsRow' },
      ),
    ),
    totals: Type.Object(analyticsFigures, { title: 'AnalyticsFigures' }),
    days: Type.Array(
      Type.Object({ day: Day, stampsGiven: Count, vouchersIssued: Count, vouchersRedeemed: Count }),
    ),
  },
  { title: 'AnalyticsAnswer' },
);

const Seen = orNull('integer', { minimum: 0, description: 'null when the caller may not see it' });

/** contract/dashboard.ts DashboardAnswer */
export const DashboardAnswerSchema = Type.Object(
  {
    timeZone: Type.String(),
    since: Type.String({ format: 'date-time' }),
    waiting: Nullable(
      Type.Object({
        signups: Seen,
        brandRequests: Seen,
        storeRequests: Seen,
        failedPushes: Seen,
        devicesToActivate: Seen,
        openSignals: Seen,
      }),
    ),
    figures: Type.Object({
      activeProgrammes: Seen,
      cardsIssued: Seen,
      cardsCompleted: Seen,
      stampsGiven: Seen,
      vouchersIssued: Seen,
      vouchersRedeemed: Seen,
      members: Seen,
    }),
    series: Type.Array(
      Type.Object({ day: Day, stamps: Count, vouchersIssued: Count, vouchersRedeemed: Count }),
    ),
    wallet: Nullable(Type.Object({ balance: Type.Number(), currency: Type.String() })),
  },
  { title: 'DashboardAnswer' },
);

// -- public settings (contract/maintenance.ts, contract/system-config.ts)

const MaintenanceWindowSchema = Type.Object(
  {
    id: Type.Integer(),
    startAt: Type.String({ format: 'date-time' }),
    endAt: Type.String({ format: 'date-time' }),
    message: Type.String(),
    country: orNull('string', { description: 'null: every country' }),
  },
  { title: 'MaintenanceWindow' },
);

/** contract/maintenance.ts MaintenanceAnswer */
export const MaintenanceAnswerSchema = Type.Object(
  { active: Nullable(MaintenanceWindowSchema), next: Nullable(MaintenanceWindowSchema) },
  { title: 'MaintenanceAnswer' },
);

/** contract/system-config.ts PublicSystemSettings: each setting that is set; unset keys are absent. */
export const PublicSystemSettingsSchema = Type.Object(
  Object.fromEntries(PUBLIC_SYSTEM_SETTINGS.map((k) => [k, Type.Optional(Type.String())])),
  { title: 'PublicSystemSettings' },
);

// -- main config (contract/config-main.ts)

/** contract/config-main.ts BannerItem (a jsonb item: kept as stored) */
export const BannerItemSchema = Type.Object(
  {
    imageUrl: Type.Optional(Type.String()),
    linkUrl: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
  },
  { additionalProperties: true, title: 'BannerItem' },
);
export const BannerSchema = Type.Array(BannerItemSchema);
export const ImagesSchema = Type.Array(Type.String());

const mainConfigFields = {
  country: Type.String({ description: 'lower-case ISO code, e.g. sg' }),
  currency: Type.String(),
  banner: BannerSchema,
  stampCardDefaultImages: ImagesSchema,
  stampCardDefaultPrice: Type.Number({ description: "in the country's currency" }),
};

/** contract/config-main.ts MainConfig: a row of the main config table. */
export const MainConfigSchema = Type.Object(
  {
    id: Type.Integer(),
    ...mainConfigFields,
    createTime: Type.String({ format: 'date-time' }),
    updateTime: Type.String({ format: 'date-time' }),
  },
  { title: 'MainConfig' },
);

/** A row of the main config list: the fields `project` asked for, and the id. */
export const MainConfigListRowSchema = Type.Object(
  {
    id: Type.Integer(),
    ...Object.fromEntries(Object.entries(mainConfigFields).map(([k, v]) => [k, Type.Optional(v)])),
    createTime: Type.Optional(Type.String({ format: 'date-time' })),
    updateTime: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { title: 'MainConfig list row' },
);

/** The caller country's main config: its row, or its defaults (id and times null) before the first write. */
export const CountryMainConfigSchema = Type.Object(
  {
    id: orNull('integer', { description: 'null when the country has no row yet and the defaults are shown' }),
    country: Type.String({ description: 'lower-case ISO code, e.g. sg' }),
    // `field` answers that one field only (with id and country)
    ...Object.fromEntries(
      Object.entries(mainConfigFields)
        .filter(([k]) => k !== 'country')
        .map(([k, v]) => [k, Type.Optional(v)]),
    ),
    createTime: Type.Optional(orNull('string', { format: 'date-time' })),
    updateTime: Type.Optional(orNull('string', { format: 'date-time' })),
  },
  { title: 'CountryMainConfig' },
);

/** server/platform/countries.ts SupportedCountry */
export const SupportedCountriesSchema = Type.Object(
  {
    supportedCountries: Type.Array(
      Type.Object(
        { countryCode: Type.String(), currency: Type.String(), timeZone: Type.String() },
        { title: 'SupportedCountry' },
      ),
    ),
  },
  { title: 'SupportedCountries' },
);

// -- users, groups, permissions, auth (contract/access.ts, contract/auth.ts)

/** contract/access.ts Permission */
export const PermissionSchema = Type.Object(
  { resource: Type.String(), action: OneOf(PERMISSION_ACTIONS) },
  { title: 'Permission' },
);
export const PermissionsSchema = Type.Array(PermissionSchema);

const userFields = {
  email: Type.String(),
  name: Type.String(),
  mobile: orNull('string', { description: 'E.164' }),
  type: OneOf(USER_TYPES),
  state: OneOf(USER_STATES),
  signupState: OneOf(SIGNUP_STATES),
  companyId: orNull('integer'),
  brandId: orNull('integer', { description: 'the brand the user is limited to' }),
  storeId: orNull('integer', { description: 'the store the user is limited to' }),
  country: Type.String(),
  mustResetPassword: Type.Boolean(),
  lockedAt: orNull('string', {
    format: 'date-time',
    description: 'when failed sign-ins locked the user (state LOCK); null otherwise',
  }),
  invitationType: OneOf(INVITATION_TYPES),
  invitedBy: orNull('integer'),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
  groups: Type.Array(Type.String(), { description: "the names of the user's groups" }),
  groupIds: Type.Array(Type.Integer()),
  twoFactorEnabled: Type.Boolean({
    description: 'signs in with a second factor (DELETE /user/{id}/two-factor resets a lost one)',
  }),
};

/**
 * server/domains/users/users.ts PublicUser: a user as the API shows it (never the password hash: a
 * property it does not name is left out).
 */
export const UserSchema = Type.Object({ id: Type.Integer(), ...userFields }, { title: 'User' });

/** server/domains/access/account-security.ts SessionView: one signed-in session of the caller's. */
export const SessionSchema = Type.Object(
  {
    id: Type.String({ description: "the login's id (its access tokens' tid)" }),
    browser: Type.String({ description: 'e.g. "Chrome 131 on Windows", read from the user agent' }),
    userAgent: orNull('string'),
    ip: orNull('string', { description: 'the address at sign-in, then at the latest refresh' }),
    createTime: Type.String({ format: 'date-time', description: 'signed in at' }),
    lastUsedAt: Type.String({ format: 'date-time', description: 'sign-in or latest refresh' }),
    expiresAt: Type.String({ format: 'date-time' }),
    current: Type.Boolean({ description: 'the session of the request that asks' }),
  },
  { title: 'Session' },
);

/** A row of the user list: the fields `project` asked for (groups and groupIds too), and the id. */
export const UserListRowSchema = Type.Object(
  {
    id: Type.Integer(),
    ...Object.fromEntries(Object.entries(userFields).map(([k, v]) => [k, Type.Optional(v)])),
  },
  { title: 'User list row' },
);

const groupFields = {
  name: Type.String(),
  type: OneOf(USER_TYPES),
  companyId: orNull('integer', { description: "a merchant group's company; null for an operator group" }),
  description: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
};

/** A user group with its permissions (server/domains/access/rbac.ts GroupWithPermissions). */
export const UserGroupSchema = Type.Object(
  { id: Type.Integer(), ...groupFields, permissions: PermissionsSchema },
  { title: 'UserGroup' },
);

/** A row of the group list: the fields `project` asked for, and the id. */
export const UserGroupListRowSchema = Type.Object(
  {
    id: Type.Integer(),
    ...Object.fromEntries(Object.entries(groupFields).map(([k, v]) => [k, Type.Optional(v)])),
  },
  { title: 'UserGroup list row' },
);

/** contract/auth.ts LoggedInUser: the logged-in user as get-token answers it. */
export const LoggedInUserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    name: Type.String(),
    type: OneOf(USER_TYPES),
    mobile: orNull('string'),
    companyId: orNull('integer'),
    brandId: orNull('integer'),
    storeId: orNull('integer'),
    signupState: OneOf(SIGNUP_STATES),
    state: OneOf(USER_STATES),
    country: Type.String(),
    groups: Type.Array(Type.String(), { description: "the names of the user's groups" }),
    twoFactorEnabled: Type.Optional(
      Type.Boolean({ description: 'get-token and /auth/two-factor: the user has a second factor' }),
    ),
    twoFactorRequired: Type.Optional(
      Type.Boolean({
        description:
          'get-token and /auth/two-factor: the product requires a second factor of this user (System Config); without one, only enrolment works (26215)',
      }),
    ),
  },
  { additionalProperties: true, title: 'LoggedInUser' },
);

/** server/domains/devices/devices.ts DeviceLoginOutput's device: the in-store device that signed in. */
export const SignedInDeviceSchema = Type.Object(
  {
    id: Type.Integer(),
    serialNo: Type.String(),
    name: orNull('string'),
    companyId: Type.Integer(),
    storeId: orNull('integer'),
    lifecycle: Type.String(),
  },
  { additionalProperties: true, title: 'SignedInDevice' },
);

/** server/domains/users/sign-in.ts activateByEmail */
export const ActivatedUserSchema = Type.Object(
  { id: Type.Integer(), email: Type.String(), state: OneOf(USER_STATES) },
  { title: 'ActivatedUser' },
);
