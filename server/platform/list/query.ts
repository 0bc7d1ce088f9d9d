// The list query of every paged GET (docs/contract.md "Lists"): parses the raw query string against a
// per-resource allow-list and turns it into Drizzle SQL pieces. Nothing from the request ever
// reaches SQL as text: columns come only from the allow-list and every value is a bound parameter.
// The parts: list-types.ts (the types), list-regex.ts (which patterns and searches are safe),
// list-cursor.ts (keyset cursors), list-page.ts (one page and its total). Routes call the three
// entry points at the end of this file.
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FieldViolation } from '../../../contract/envelope';
import {
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATORS,
  type FilterOperator,
  type FilterValue,
  MAX_PAGE_SIZE,
} from '../../../contract/list-query';
import { AppError } from '../errors';
import { unstorableIn } from '../http/unstorable';
import { afterCursor, decodeCursor } from './cursor';
import { assertIndexable, selectPage } from './page';
import {
  checkRegex,
  escapeLike,
  hasTrigram,
  isInvalidRegexError,
  regexHasTrigram,
  TRIGRAM_MIN,
} from './regex';
import type {
  ListField,
  ListQueryOptions,
  ListQueryResult,
  ListSpec,
  ParsedList,
  RawListQuery,
  SortKey,
} from './types';

/** At most this many values in one `in` filter. */
export const MAX_IN_VALUES = 100;

class JsonParseError extends Error {}

const parseJson = (param: string, raw: unknown): unknown => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new JsonParseError(param);
  try {
    return JSON.parse(raw);
  } catch {
    throw new JsonParseError(param);
  }
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const own = (spec: ListSpec, name: string): ListField | undefined =>
  Object.hasOwn(spec, name) ? spec[name] : undefined;

const parseInteger = (raw: unknown): number | undefined => {
  if (typeof raw === 'number' && Number.isInteger(raw)) return raw;
  if (typeof raw === 'string' && /^-?\d{1,15}$/.test(raw.trim())) return Number(raw.trim());
  return undefined;
};

/** The years a date-time filter may name. */
export const DATE_YEAR_MIN = 1;
export const DATE_YEAR_MAX = 9999;

type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

const coerceScalar = (field: ListField, raw: unknown): Coerced => {
  switch (field.type) {
    case 'text':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
      return { ok: false, message: 'must be a string' };
    case 'number': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof n === 'number' && Number.isFinite(n)) return { ok: true, value: n };
      return { ok: false, message: 'must be a number' };
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return { ok: false, message: 'must be a boolean' };
    case 'datetime': {
      const d = typeof raw === 'string' || typeof raw === 'number' ? new Date(raw) : undefined;
      if (!d || Number.isNaN(d.getTime()))
        return { ok: false, message: 'must be an ISO date-time or epoch milliseconds' };
      // JavaScript takes years PostgreSQL cannot store (0, negative, six digits)
      const year = d.getUTCFullYear();
      if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX)
        return { ok: false, message: `must be in the years ${DATE_YEAR_MIN} to ${DATE_YEAR_MAX}` };
      return { ok: true, value: d };
    }
    case 'enum':
      if (typeof raw === 'string' && (!field.values || field.values.includes(raw)))
        return { ok: true, value: raw };
      return { ok: false, message: `must be one of ${(field.values ?? []).join(', ')}` };
    default: {
      const never: never = field.type;
      return { ok: false, message: `unsupported field type ${String(never)}` };
    }
  }
};

const filterCondition = (
  field: ListField,
  op: FilterOperator,
  value: unknown,
  at: string,
  errors: FieldViolation[],
): SQL | undefined => {
  const col = field.column;
  const bad = (message: string) => {
    errors.push({ field: `${at}.value`, message });
    return undefined;
  };
  switch (op) {
    case 'eq': {
      if (value === null) return isNull(col);
      const c = coerceScalar(field, value);
      return c.ok ? eq(col, c.value) : bad(c.message);
    }
    case 'in': {
      if (!Array.isArray(value)) return bad('must be an array');
      if (value.length > MAX_IN_VALUES) return bad(`must hold at most ${MAX_IN_VALUES} values`);
      const values: unknown[] = [];
      let withNull = false;
      for (const v of value as FilterValue[]) {
        if (v === null) {
          withNull = true;
          continue;
        }
        const c = coerceScalar(field, v);
        if (!c.ok) return bad(`every value ${c.message}`);
        values.push(c.value);
      }
      const parts: SQL[] = [];
      if (values.length > 0) parts.push(inArray(col, values));
      if (withNull) parts.push(isNull(col));
      return parts.length === 0 ? sql`false` : or(...parts);
    }
    case 'gte':
    case 'lte': {
      if (field.type !== 'number' && field.type !== 'datetime') {
        errors.push({ field: `${at}.op`, message: `${op} is only for numbers and date-times` });
        return undefined;
      }
      const c = coerceScalar(field, value);
      if (!c.ok) return bad(c.message);
      return op === 'gte' ? gte(col, c.value) : lte(col, c.value);
    }
    case 'regex': {
      if (field.type !== 'text') {
        errors.push({ field: `${at}.op`, message: 'regex is only for text fields' });
        return undefined;
      }
      if (typeof value !== 'string') return bad('must be a string');
      const problem = checkRegex(value);
      if (problem) return bad(`regex ${problem}`);
      return sql`${col} ~ ${value}`;
    }
    default: {
      const never: never = op;
      errors.push({ field: `${at}.op`, message: `unknown operator ${String(never)}` });
      return undefined;
    }
  }
};

const parseFilters = (
  spec: ListSpec,
  raw: unknown,
  errors: FieldViolation[],
  scans: FieldViolation[],
): SQL[] => {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.push({ field: 'filter', message: 'must be a JSON array of {field, op, value}' });
    return [];
  }
  const out: SQL[] = [];
  raw.forEach((item: unknown, index) => {
    const at = `filter[${index}]`;
    if (!isRecord(item)) {
      errors.push({ field: at, message: 'must be an object {field, op, value}' });
      return;
    }
    const { field: name, op } = item;
    const field = typeof name === 'string' ? own(spec, name) : undefined;
    if (!field || typeof name !== 'string') {
      errors.push({ field: `${at}.field`, message: `unknown field ${JSON.stringify(name) ?? 'undefined'}` });
      return;
    }
    if (typeof op !== 'string' || !(FILTER_OPERATORS as readonly string[]).includes(op)) {
      errors.push({ field: `${at}.op`, message: `must be one of ${FILTER_OPERATORS.join(', ')}` });
      return;
    }
    const operator = op as FilterOperator;
    if (!field.filter?.includes(operator)) {
      errors.push({ field: `${at}.op`, message: `${name} cannot be filtered with ${operator}` });
      return;
    }
    if (!Object.hasOwn(item, 'value')) {
      errors.push({ field: `${at}.value`, message: 'is required' });
      return;
    }
    const condition = filterCondition(field, operator, item.value, at, errors);
    if (condition) out.push(condition);
    if (condition && operator === 'regex' && field.trigram !== undefined) {
      if (!field.trigram)
        scans.push({
          field: `${at}.field`,
          message: `${name} is not indexed for regex on a list this large`,
        });
      else if (typeof item.value === 'string' && !regexHasTrigram(item.value))
        scans.push({
          field: `${at}.value`,
          message: `must hold ${TRIGRAM_MIN} literal letters or digits in a row on a list this large`,
        });
    }
  });
  return out;
};

const parseSearch = (
  spec: ListSpec,
  raw: unknown,
  errors: FieldViolation[],
  scans: FieldViolation[],
): SQL | undefined => {
  if (raw === undefined || raw === null) return undefined;
  if (!isRecord(raw)) {
    errors.push({ field: 'search', message: 'must be a JSON object {field: text}' });
    return undefined;
  }
  const parts: SQL[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const field = own(spec, name);
    if (!field?.search) {
      errors.push({ field: `search.${name}`, message: `${name} is not searchable` });
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      errors.push({ field: `search.${name}`, message: 'must be a string' });
      continue;
    }
    const text = String(value);
    if (text === '') continue;
    if (field.exactSearch) {
      parts.push(eq(field.column, text));
      continue;
    }
    if (field.trigram === false)
      scans.push({ field: `search.${name}`, message: 'is not indexed for search on a list this large' });
    else if (field.trigram && !hasTrigram(text))
      scans.push({
        field: `search.${name}`,
        message: `must hold ${TRIGRAM_MIN} letters or digits in a row on a list this large`,
      });
    const pattern = `%${escapeLike(text)}%`;
    parts.push(
      field.type === 'text' ? ilike(field.column, pattern) : sql`${field.column}::text ilike ${pattern}`,
    );
  }
  return parts.length > 0 ? or(...parts) : undefined;
};

const parseSort = (
  spec: ListSpec,
  raw: unknown,
  options: ListQueryOptions,
  errors: FieldViolation[],
): { orderBy: SQL[]; keys: SortKey[] } => {
  const items = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const requested: { field: string; direction: 'asc' | 'desc' }[] = [];
  items.forEach((item: unknown, index) => {
    const at = `sort[${index}]`;
    if (typeof item !== 'string' || item.trim() === '') {
      errors.push({ field: at, message: 'must be field,asc|desc' });
      return;
    }
    const [name = '', dir, ...rest] = item.split(',').map((s) => s.trim());
    const direction = (dir ?? 'asc').toLowerCase();
    const field = own(spec, name);
    if (!field?.sort && name !== 'id') {
      errors.push({ field: at, message: `cannot sort on ${JSON.stringify(name)}` });
      return;
    }
    if (rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
      errors.push({ field: at, message: 'direction must be asc or desc' });
      return;
    }
    requested.push({ field: name, direction });
  });
  const effective = items.length === 0 ? (options.defaultSort ?? []) : requested;
  const orderBy: SQL[] = [];
  const keys: SortKey[] = [];
  for (const s of effective) {
    const field = own(spec, s.field);
    if (!field) continue;
    orderBy.push(s.direction === 'asc' ? asc(field.column) : desc(field.column));
    keys.push({ name: s.field, column: field.column, direction: s.direction });
  }
  // A stable order makes pages disjoint: `id` breaks every tie.
  if (!effective.some((s) => s.field === 'id')) {
    orderBy.push(asc(spec.id.column));
    keys.push({ name: 'id', column: spec.id.column, direction: 'asc' });
  }
  return { orderBy, keys };
};

const parseProject = (
  spec: ListSpec,
  raw: unknown,
  computed: readonly string[],
  errors: FieldViolation[],
): { columns: Record<string, AnyPgColumn>; computed: string[] } => {
  const columns: Record<string, AnyPgColumn> = { id: spec.id.column };
  const extra = computed.filter((name) => !own(spec, name));
  if (raw === undefined || raw === null) {
    for (const [name, field] of Object.entries(spec))
      if (field.project !== false) columns[name] = field.column;
    return { columns, computed: extra };
  }
  if (!Array.isArray(raw)) {
    errors.push({ field: 'project', message: 'must be a JSON array of field names' });
    return { columns, computed: [] };
  }
  const asked = new Set<string>();
  raw.forEach((name: unknown, index) => {
    if (typeof name === 'string' && extra.includes(name)) {
      asked.add(name);
      return;
    }
    const field = typeof name === 'string' ? own(spec, name) : undefined;
    if (!field || field.project === false || typeof name !== 'string') {
      errors.push({
        field: `project[${index}]`,
        message: `unknown field ${JSON.stringify(name) ?? 'undefined'}`,
      });
      return;
    }
    columns[name] = field.column;
  });
  return { columns, computed: extra.filter((name) => asked.has(name)) };
};

/** Parses and validates a list query against a resource's allow-list. */
export const parseListQuery = (
  raw: RawListQuery,
  spec: ListSpec,
  options: ListQueryOptions = {},
): ListQueryResult => {
  let project: unknown;
  let search: unknown;
  let filter: unknown;
  try {
    project = parseJson('project', raw.project);
    search = parseJson('search', raw.search);
    filter = parseJson('filter', raw.filter);
  } catch (e) {
    const param = e instanceof JsonParseError ? e.message : 'query';
    return {
      ok: false,
      error: { name: 'JSON_PARSE_FAILED', data: [{ field: param, message: 'is not valid JSON' }] },
    };
  }

  const errors: FieldViolation[] = [];
  // what the JSON parameters decode to: a JSON-escaped NUL becomes one only now
  for (const [name, value] of [
    ['project', project],
    ['search', search],
    ['filter', filter],
  ] as const) {
    const found = unstorableIn(value, name);
    if (found) errors.push(found);
  }
  const page = raw.page === undefined || raw.page === '' ? 0 : parseInteger(raw.page);
  if (page === undefined || page < 0)
    errors.push({ field: 'page', message: 'must be an integer of at least 0' });
  const size = raw.size === undefined || raw.size === '' ? DEFAULT_PAGE_SIZE : parseInteger(raw.size);
  if (size === undefined || size < 1 || size > MAX_PAGE_SIZE) {
    errors.push({ field: 'size', message: `must be an integer from 1 to ${MAX_PAGE_SIZE}` });
  }

  const { orderBy, keys } = parseSort(spec, raw.sort, options, errors);
  const continued = raw.cursor !== undefined && raw.cursor !== '';
  const cursor = continued ? decodeCursor(raw.cursor, keys) : undefined;
  if (continued && !cursor)
    errors.push({ field: 'cursor', message: 'is not a cursor of this list in this order' });
  const { columns, computed } = parseProject(spec, project, options.computed ?? [], errors);
  const scans: FieldViolation[] = [];
  const searchCondition = parseSearch(spec, search, errors, scans);
  const filters = parseFilters(spec, filter, errors, scans);

  if (errors.length > 0 || page === undefined || size === undefined) {
    return { ok: false, error: { name: 'PARAMETER_VALIDATION_FAILED', data: errors } };
  }
  const conditions = searchCondition ? [...filters, searchCondition] : filters;
  const whereWithoutCursor = conditions.length > 0 ? and(...conditions) : undefined;
  if (cursor) conditions.push(afterCursor(keys, cursor));
  return {
    ok: true,
    value: {
      where: conditions.length > 0 ? and(...conditions) : undefined,
      orderBy,
      limit: size,
      offset: cursor ? 0 : page * size,
      columns,
      computed,
      page,
      size,
      keys,
      continued: cursor !== undefined,
      whereWithoutCursor,
      scans,
    },
  };
};

/** True when the request asks to skip the total count (`X-No-Count: true`). */
export const isNoCount = (headers: Record<string, string | string[] | undefined>): boolean => {
  const v = headers['x-no-count'];
  const value = Array.isArray(v) ? v[0] : v;
  return value?.trim().toLowerCase() === 'true';
};

/** parseListQuery for a route: the parsed list, or the AppError (code 2 or 3) thrown. */
export const listQueryOrThrow = (
  raw: unknown,
  spec: ListSpec,
  options: ListQueryOptions = {},
): ParsedList => {
  const r = parseListQuery(isRecord(raw) ? raw : {}, spec, options);
  if (!r.ok) throw new AppError(r.error.name, r.error.data);
  return r.value;
};

/** selectPage for a route: a pattern PostgreSQL's regex compiler still refuses becomes code 2. */
export const selectPageOrThrow = async (
  ...args: Parameters<typeof selectPage>
): ReturnType<typeof selectPage> => {
  await assertIndexable(args[0], args[1], args[2]);
  try {
    return await selectPage(...args);
  } catch (e) {
    if (isInvalidRegexError(e)) {
      throw new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'filter', message: 'regex is not valid' }]);
    }
    throw e;
  }
};
