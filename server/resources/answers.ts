// What the routes answer, as JSON Schema: the contract's envelope around each answer's data
// (contract/envelope.ts), a declared table's row, a page of rows. A route declares `response:
// answers(data)`; /docs documents it and Fastify serializes a 200 with it (fast-json-stringify).
//
// Serializing with a schema drops what it does not name and coerces what it types, so the row
// schemas are written to change nothing on the wire: every declared field may be null or absent, a
// row keeps properties the declaration does not name (additionalProperties: a service may add one),
// and a json field is left untyped.
//
// The hand-written routes' answers are answers-operations.ts (operations, analytics, the dashboard),
// answers-settings.ts (public settings, main config) and answers-users.ts (users, groups, sign-in).
import { type TSchema, Type } from 'typebox';
import { ENVELOPE_TYPE } from '../../contract/envelope';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { ownFields } from '../platform/db/derive-tables';
import { addedScopeColumns } from '../platform/db/naming';
import { nullable, valueSchema } from './schemas';

/** A JSON Schema `type` list with null added: one schema, so the serializer keeps 0, '' and false. */
export const orNull = (type: string, extra: Record<string, unknown> = {}): TSchema =>
  Type.Unsafe({ type: [type, 'null'], ...extra });

/** createTime and updateTime of a hand-written table's row, as its routes answer them. */
export const rowTimes = {
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
};

/**
 * A row of a hand-written list (users, groups, main configs): the id, and each of `fields` optional,
 * as a list answers only the fields `project` asked for.
 */
export const listRowSchema = (fields: Record<string, TSchema>, title: string) =>
  Type.Object(
    {
      id: Type.Integer(),
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])),
    },
    { title },
  );

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

/** A row of `decl` with more properties (a device's registration adds its secret, shown once). */
export const rowWith = (decl: ResourceDeclaration, more: Record<string, TSchema>): TSchema =>
  Type.Object(
    { ...(rowSchema(decl) as unknown as { properties: Record<string, TSchema> }).properties, ...more },
    { additionalProperties: true, title: `${decl.name} row` },
  );

// ---- the hand-written routes' answers: each names what its service sends today (a property that may
// be null allows null, one that may be missing is optional), so serializing with it changes nothing

/** A string of one of `values` (documented; the serializer writes any string). */
export const OneOf = (values: readonly string[], extra: Record<string, unknown> = {}): TSchema =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], ...extra });
/** `schema` or null (an object or an array: a `type` list would not say its shape). */
export const Nullable = (schema: TSchema): TSchema => Type.Union([schema, Type.Null()]);

/** The data of an answer that carries none. */
export const NoData = Type.Null({ description: 'nothing: the envelope says it worked' });

/** A route answering a file: its 200 documented by the media types it may have, as bytes. */
export const fileAnswer = (types: string | readonly string[], description: string) => ({
  200: {
    description,
    content: Object.fromEntries(
      (typeof types === 'string' ? [types] : types).map((type) => [
        type,
        { schema: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }) },
      ]),
    ),
  },
});
