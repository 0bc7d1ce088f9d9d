// A declaration's TypeBox body schemas for create and update (they also document the routes in /docs).
// Create: every writable field, required ones required. Update (PUT, a partial merge): every writable
// field optional, required ones not clearable. Both also accept the fields the server owns (id, times,
// read-only fields) because react-admin sends the record back whole; the service ignores them.
// Anything else is refused (additionalProperties: false).
import { type TObject, type TSchema, Type } from 'typebox';
import type { FieldViolation } from '../../contract/envelope';
import {
  IMAGE_ADDRESS_PATTERN,
  NOT_BLANK_PATTERN,
  PHONE_PATTERN,
  REAL_DATE_PATTERN,
  validationKey,
  validationText,
  WEB_ADDRESS_PATTERN,
} from '../../contract/validation';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import {
  addsRowCurrency,
  IMPLIED_FIELDS,
  isTextField,
  MONEY_MAX,
  ownFields,
} from '../platform/db/derive-tables';
import { addedScopeColumns } from '../platform/db/naming';

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export { PHONE_PATTERN } from '../../contract/validation';

const TEXT_MAX = 10_000;

/** A field set by the server (never taken from a body). */
export const isServerOwned = (f: FieldDeclaration): boolean =>
  f.readOnly === true || ((f.type === 'date' || f.type === 'datetime') && f.auto !== undefined);

/** `notBlank`: a text value must hold more than white space. */
export const valueSchema = (f: FieldDeclaration, { notBlank = false } = {}): TSchema => {
  const described = f.help ? { description: f.help } : {};
  if (isTextField(f)) {
    const opts: Record<string, unknown> = { ...described, maxLength: f.maxLength ?? TEXT_MAX };
    if (f.minLength !== undefined) opts.minLength = f.minLength;
    if (f.type === 'email') opts.format = 'email';
    if (f.type === 'url') opts.format = 'uri';
    if (f.type === 'url') opts.pattern = WEB_ADDRESS_PATTERN;
    if (f.type === 'image') opts.pattern = IMAGE_ADDRESS_PATTERN;
    if (f.type === 'phone') opts.pattern = PHONE_PATTERN;
    if (notBlank && opts.pattern === undefined) opts.pattern = NOT_BLANK_PATTERN;
    return Type.String(opts);
  }
  switch (f.type) {
    case 'number': {
      const opts: Record<string, unknown> = { ...described };
      if (f.min !== undefined) opts.minimum = f.min;
      if (f.max !== undefined) opts.maximum = f.max;
      if (f.integer) {
        opts.minimum = Math.max(f.min ?? -2_147_483_648, -2_147_483_648);
        opts.maximum = Math.min(f.max ?? 2_147_483_647, 2_147_483_647);
        return Type.Integer(opts);
      }
      return Type.Number(opts);
    }
    case 'money':
      return Type.Number({
        ...described,
        minimum: Math.max(f.min ?? -MONEY_MAX, -MONEY_MAX),
        maximum: Math.min(f.max ?? MONEY_MAX, MONEY_MAX),
      });
    case 'boolean':
      return Type.Boolean(described);
    // the year 0000 passes the formats and no database stores it
    case 'date':
      return Type.String({ ...described, format: 'date', pattern: REAL_DATE_PATTERN });
    case 'datetime':
      return Type.String({ ...described, format: 'date-time', pattern: REAL_DATE_PATTERN });
    case 'select':
      return f.numeric
        ? Type.Integer({ ...described, minimum: 0, maximum: f.choices.length - 1 })
        : Type.Enum([...f.choices], described);
    case 'reference':
      return Type.Integer({ ...described, minimum: 1, maximum: 2_147_483_647 });
    case 'json':
      if (f.shape === 'list') return Type.Array(Type.Unknown(), described);
      if (f.shape === 'object') return Type.Object({}, { ...described, additionalProperties: true });
      return Type.Unknown(described);
    default: {
      const never: never = f;
      throw new Error(`unknown field type ${JSON.stringify(never)}`);
    }
  }
};

/**
 * The value or null, as one `type: [t, 'null']` schema rather than a union: the app's Ajv coerces
 * types, and in a union each branch coerces in turn, so a null branch tried first turns a 0, '' or
 * false into null (a price of 0 became "required"), and a value branch tried first turns null into
 * '' or 0. With a type list Ajv coerces only a value that matches none of the types.
 */
export const nullable = (s: TSchema): TSchema => {
  const raw = s as unknown as Record<string, unknown>;
  if (typeof raw.type === 'string') return Type.Unsafe({ ...raw, type: [raw.type, 'null'] });
  if (Array.isArray(raw.enum)) return Type.Unsafe({ ...raw, enum: [...raw.enum, null] });
  return Type.Union([Type.Null(), s]);
};

/** Ignored on writes: sent back by react-admin with the record. */
const serverOwnedProps = (decl: ResourceDeclaration): Record<string, TSchema> => {
  const props: Record<string, TSchema> = {};
  for (const name of IMPLIED_FIELDS) props[name] = Type.Optional(Type.Unknown({ description: 'ignored' }));
  for (const f of ownFields(decl))
    if (isServerOwned(f)) props[f.name] = Type.Optional(Type.Unknown({ description: 'ignored' }));
  // the row's currency the server added when it was read (server/resources/currency.ts)
  if (addsRowCurrency(decl)) props.currency = Type.Optional(Type.Unknown({ description: 'ignored' }));
  return props;
};

/** Scope columns: an operator sets them; a merchant's come from their organisation. */
const scopeProps = (decl: ResourceDeclaration, required: boolean): Record<string, TSchema> => {
  const props: Record<string, TSchema> = {};
  for (const c of addedScopeColumns(decl)) {
    const s = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'operators only' });
    props[c] = c === 'companyId' && required ? Type.Optional(s) : Type.Optional(nullable(s));
  }
  return props;
};

export const createBodySchema = (decl: ResourceDeclaration): TObject => {
  const props: Record<string, TSchema> = { ...serverOwnedProps(decl), ...scopeProps(decl, true) };
  for (const f of ownFields(decl)) {
    if (isServerOwned(f)) continue;
    const v = valueSchema(f);
    props[f.name] = f.required ? v : Type.Optional(nullable(v));
  }
  return Type.Object(props, { additionalProperties: false, title: `${decl.name} (create)` });
};

export const updateBodySchema = (decl: ResourceDeclaration): TObject => {
  const props: Record<string, TSchema> = { ...serverOwnedProps(decl), ...scopeProps(decl, true) };
  for (const f of ownFields(decl)) {
    if (isServerOwned(f)) continue;
    const v = valueSchema(f);
    props[f.name] = Type.Optional(f.required ? v : nullable(v));
  }
  return Type.Object(props, { additionalProperties: false, title: `${decl.name} (update)` });
};

/**
 * Only the declared writable fields (no scope columns, nothing the server owns), required ones
 * required and never blank: the body of a hand-written call that creates a row of `decl` for the
 * caller (the organisation service's signup and requests), plus any `extra` properties.
 */
export const ownFieldsBodySchema = (
  decl: ResourceDeclaration,
  { title, extra = {} }: { title: string; extra?: Record<string, TSchema> },
): TObject => {
  const props: Record<string, TSchema> = { ...extra };
  for (const f of ownFields(decl)) {
    if (isServerOwned(f)) continue;
    const v = valueSchema(f);
    props[f.name] = f.required ? valueSchema(f, { notBlank: true }) : Type.Optional(nullable(v));
  }
  return Type.Object(props, { additionalProperties: false, title });
};

/** PATCH `` {ids, data}: the same fields as an update. */
export const updateManyBodySchema = (decl: ResourceDeclaration): TObject =>
  Type.Object(
    { ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), data: updateBodySchema(decl) },
    { additionalProperties: false },
  );

export const IdsBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

/**
 * Required fields sent as null. Checked before schema validation (a preValidation hook), because
 * the app's Ajv coerces null to '' or 0 for a non-nullable type, which would quietly clear them.
 */
export const nullRequiredViolations = (decl: ResourceDeclaration, body: unknown): FieldViolation[] => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const record = body as Record<string, unknown>;
  const out: FieldViolation[] = [];
  for (const f of ownFields(decl)) {
    if (f.required && !isServerOwned(f) && Object.hasOwn(record, f.name) && record[f.name] === null)
      out.push({ field: f.name, message: validationText('required'), key: validationKey('required') });
  }
  for (const c of addedScopeColumns(decl)) {
    if (c === 'companyId' && Object.hasOwn(record, c) && record[c] === null)
      out.push({ field: c, message: validationText('required'), key: validationKey('required') });
  }
  return out;
};
