// What the routes answer, as JSON Schema: the contract's envelope around each answer's data
// (contract/envelope.ts), a declared table's row, a page of rows. A route declares `response:
// answers(data)`; /docs documents it and Fastify serializes a 200 with it (fast-json-stringify).
//
// Serializing with a schema drops what it does not name and coerces what it types, so the row
// schemas are written to change nothing on the wire: every declared field may be null or absent, a
// row keeps properties the declaration does not name (additionalProperties: a service may add one),
// and a json field is left untyped.
import { type TSchema, Type } from 'typebox';
import { ENVELOPE_TYPE } from '../../contract/envelope';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { addedScopeColumns } from './naming';
import { ownFields } from './tables';

/** A JSON Schema `type` list with null added: one schema, so the serializer keeps 0, '' and false. */
const orNull = (type: string, extra: Record<string, unknown> = {}): TSchema =>
  Type.Unsafe({ type: [type, 'null'], ...extra });

/** What a field of `f`'s type holds on the wire. */
const wireSchema = (f: FieldDeclaration): TSchema => {
  const described = f.help ? { description: f.help } : {};
  switch (f.type) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
    case 'image':
      return orNull('string', described);
    case 'number':
      return orNull(f.integer ? 'integer' : 'number', described);
    case 'money':
      return orNull('number', { ...described, description: f.help ?? 'an amount in the company currency' });
    case 'boolean':
      return orNull('boolean', described);
    case 'date':
      return orNull('string', { ...described, format: 'date' });
    case 'datetime':
      return orNull('string', { ...described, format: 'date-time' });
    case 'select':
      return f.numeric
        ? orNull('integer', {
            ...described,
            description: f.choices.map((c, i) => `${i} ${c}`).join(', '),
          })
        : orNull('string', { ...described, enum: [...f.choices, null] });
    case 'reference':
      return orNull('integer', { ...described, description: `the id of a ${f.reference} row` });
    case 'json':
      return Type.Unknown(described);
    default: {
      const never: never = f;
      throw new Error(`unknown field type ${JSON.stringify(never)}`);
    }
  }
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

/** server/services/stamping.ts PinStatus */
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
