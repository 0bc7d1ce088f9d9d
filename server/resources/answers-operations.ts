// The operations' answers that are not one declared row (contract/stamping.ts, contract/finance.ts,
// contract/push.ts, contract/analytics.ts, contract/dashboard.ts), each the `data` a route's
// `answers(...)` wraps in the envelope (answers.ts).
import { Type } from 'typebox';
import { ANALYTICS_GROUPS } from '../../contract/analytics';
import { CAMPAIGN_KINDS } from '../../contract/enums';
import { STRIPE_CONNECT_STATES } from '../../contract/finance';
import { Nullable, OneOf, orNull } from './answers';

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
    campaignStamps: Type.Integer({ description: 'of `stamps`, those running campaigns added' }),
    campaigns: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        kind: Type.Union(CAMPAIGN_KINDS.map((k) => Type.Literal(k))),
        stamps: Type.Integer({ description: 'the stamps it added' }),
      }),
      { description: 'the campaigns that added stamps, in the order they were applied' },
    ),
  },
  { title: 'StampResult' },
);

/** server/domains/stamping/store-pin.ts PinStatus */
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

const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

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

/** contract/finance.ts CompanyWallet */
export const CompanyWalletSchema = Type.Object(
  {
    companyId: Type.Integer(),
    companyState: Type.String({
      description: 'ACTIVE, DISABLED, DELETE …: a closed company keeps its money',
    }),
    balance: Type.String({ description: 'exact decimal, in `currency`' }),
    currency: Type.String(),
    movements: Type.Integer({ description: 'how many ledger movements' }),
    lastMovementAt: orNull('string', { format: 'date-time', description: 'null before the first movement' }),
  },
  { title: 'CompanyWallet' },
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

/** server/domains/push/push-audience.ts previewAudience */
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
