// The list query of every paged GET (CONTRACT.md "Lists"): parses the raw query string against a
// per-resource allow-list and turns it into Drizzle SQL pieces. Nothing from the request ever
// reaches SQL as text: columns come only from the allow-list and every value is a bound parameter.
import {
  and,
  asc,
  desc,
  eq,
  getTableName,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import type { FieldViolation, PageInfo } from '../../contract/envelope';
import type { ErrorName } from '../../contract/errors';
import {
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATORS,
  type FilterOperator,
  type FilterValue,
  MAX_PAGE_SIZE,
  REGEX_MAX_LENGTH,
} from '../../contract/list-query';
import { AppError } from '../errors';
import { rowsOfResult } from './raw-rows';
import { unstorableIn } from './unstorable';

export const FIELD_TYPES = ['text', 'number', 'boolean', 'datetime', 'enum'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** At most this many values in one `in` filter. */
export const MAX_IN_VALUES = 100;
/** Largest `{n,m}` bound a regex may use (PostgreSQL's own limit is 255). */
export const REGEX_MAX_BOUND = 100;

/** One field of a resource as the list query sees it. Plain data plus a column, so a declarative
 * registry can produce it from a resource declaration and its Drizzle table. */
export interface ListField {
  column: AnyPgColumn;
  type: FieldType;
  /** choices of an `enum` field; values outside are a validation error */
  values?: readonly string[];
  /** operators this field may be filtered with; none when absent */
  filter?: readonly FilterOperator[];
  sort?: boolean;
  search?: boolean;
  /** false hides the field from projections and from the default selection */
  project?: boolean;
  /**
   * Whether a trigram index serves this field's search and regex filter. Undefined: not known (a
   * hand-written list), and the large-table rule (`listLimits`) leaves the field alone.
   */
  trigram?: boolean;
}

/**
 * The large-table rules. The embedded database runs in the server's own thread and cannot cancel a
 * statement, so on a table above `largeTableRows` (the planner's estimate) a list refuses, before
 * anything runs, what no index can answer: a search or regex on a field without a trigram index,
 * and a search or regex without a run of `TRIGRAM_MIN` letters or digits (pg_trgm then has no
 * trigram to look up and reads the whole index). Above it, too, an unfiltered operator count is the
 * planner's estimate (`page.totalEstimated`). Mutable so that a test can lower the threshold.
 */
export const listLimits = {
  largeTableRows: 100_000,
  /** how long one table's estimate is reused, per database */
  estimateTtlMs: 30_000,
};

/** Letters or digits in a row that pg_trgm needs to use its index (it indexes three at a time). */
export const TRIGRAM_MIN = 3;

const hasTrigram = (text: string): boolean => new RegExp(`[\\p{L}\\p{N}]{${TRIGRAM_MIN},}`, 'u').test(text);

/** A regex with a literal run of letters or digits that is not optional (`abc`, not `ab[cd]` or `abc?`). */
const regexHasTrigram = (pattern: string): boolean =>
  new RegExp(`[\\p{L}\\p{N}]{${TRIGRAM_MIN},}(?![*?{])`, 'u').test(
    pattern.replace(/\\./g, ' ').replace(/\[[^\]]*\]/g, ' '),
  );

/** Every resource's spec must name `id`: it is the sort tie-breaker and always projected. */
export type ListSpec = { id: ListField } & Record<string, ListField>;

export interface ListQueryOptions {
  /** sort used when the request names none (before the `id` tie-breaker) */
  defaultSort?: readonly { field: string; direction: 'asc' | 'desc' }[];
  /**
   * Fields the route adds to each row itself (not columns; never filtered, sorted or searched):
   * `project` may name them, and no projection means all of them. Names of the spec win.
   */
  computed?: readonly string[];
}

/** Operators a field of each type may sensibly allow; handy for a registry building a spec. */
export const OPERATORS_BY_TYPE: Record<FieldType, readonly FilterOperator[]> = {
  text: ['eq', 'in', 'regex'],
  number: ['eq', 'in', 'gte', 'lte'],
  boolean: ['eq'],
  datetime: ['eq', 'in', 'gte', 'lte'],
  enum: ['eq', 'in'],
};

/** The raw query, as Fastify hands it over (a repeated `sort` arrives as an array). */
export interface RawListQuery {
  page?: unknown;
  size?: unknown;
  sort?: unknown;
  project?: unknown;
  search?: unknown;
  filter?: unknown;
  /** the `cursor` a previous page's page object returned: continue after its last row (keyset) */
  cursor?: unknown;
  [other: string]: unknown;
}

/** One column of the effective order, the `id` tie-breaker last: what a cursor holds values of. */
export interface SortKey {
  name: string;
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
}

export interface ParsedList {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** the projection, ready for `db.select(columns)`; always holds `id` */
  columns: Record<string, AnyPgColumn>;
  /** the `computed` fields (ListQueryOptions) the projection asks for, in the options' order */
  computed: string[];
  page: number;
  size: number;
  /** the effective order's columns, `id` last (the keyset a cursor continues on) */
  keys: SortKey[];
  /** true when the request continued from a cursor (then `offset` is 0) */
  continued: boolean;
  /** `where` without the cursor's condition: what the total counts */
  whereWithoutCursor: SQL | undefined;
  /** the search and regex conditions no index answers: refused on a large table (`listLimits`) */
  scans: FieldViolation[];
}

export interface ListQueryFailure {
  name: Extract<ErrorName, 'PARAMETER_VALIDATION_FAILED' | 'JSON_PARSE_FAILED'>;
  data: FieldViolation[];
}

export type ListQueryResult = { ok: true; value: ParsedList } | { ok: false; error: ListQueryFailure };

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

/** Escapes LIKE's wildcards and its escape character so the search text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Why this is enough for PostgreSQL. Its regex engine (Henry Spencer's, `~`) compiles a pattern
 * into an automaton and runs it DFA-style, so matching time is linear in the text for any pattern
 * WITHOUT back-references; back-references force its backtracking sub-matcher, the one path with
 * exponential time. The automaton's size grows with the pattern length and with bounded
 * repetition (`{n}` copies its operand n times, and nested repetition multiplies the copies), so
 * we cap the length and every bound, and refuse quantified groups that contain quantifiers.
 * Lookaround is refused because PostgreSQL evaluates each lookaround as a separate sub-match per
 * position (and JS and PostgreSQL disagree on it). PGlite runs in our own thread and has no
 * statement_timeout, so the check must happen before the pattern is sent. Finally the pattern
 * must compile as a JS RegExp (a stricter grammar than PostgreSQL's ARE), and a pattern that
 * PostgreSQL still rejects surfaces as SQLSTATE 2201B, which `selectPage` maps to code 2.
 */
export const checkRegex = (pattern: string): string | undefined => {
  if (pattern.length === 0) return 'must not be empty';
  if (pattern.length > REGEX_MAX_LENGTH) return `must be at most ${REGEX_MAX_LENGTH} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  // One pass over the pattern, tracking groups: whether each open group holds a quantifier.
  const groups: boolean[] = [];
  let i = 0;
  let lastWasGroupWithQuantifier = false;
  const markQuantified = () => {
    if (groups.length > 0) groups[groups.length - 1] = true;
  };
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'must not use back-references';
      i += 2;
      lastWasGroupWithQuantifier = false;
      continue;
    }
    if (c === '[') {
      // Skip the character class; a `]` right after `[` or `[^` is literal in both grammars.
      i += 1;
      if (pattern[i] === '^') i += 1;
      if (pattern[i] === ']') i += 1;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i += 1;
      lastWasGroupWithQuantifier = false;
      continue;
    }
    if (c === '(') {
      if (pattern[i + 1] === '?') {
        if (pattern[i + 2] !== ':') return 'must not use lookaround or special groups; only (?: ) is allowed';
        i += 3;
      } else {
        i += 1;
      }
      groups.push(false);
      lastWasGroupWithQuantifier = false;
      continue;
    }
    if (c === ')') {
      const inner = groups.pop() ?? false;
      lastWasGroupWithQuantifier = inner;
      // a group that holds a quantifier makes its parent hold one too
      if (inner) markQuantified();
      i += 1;
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      let isOptionalOnly = c === '?';
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
        if (!m) {
          i += 1;
          lastWasGroupWithQuantifier = false;
          continue;
        }
        const low = Number(m[1]);
        const high = m[3] ? Number(m[3]) : undefined;
        if (low > REGEX_MAX_BOUND || (high !== undefined && high > REGEX_MAX_BOUND)) {
          return `must not repeat more than ${REGEX_MAX_BOUND} times`;
        }
        isOptionalOnly = m[2] === undefined ? low <= 1 : high !== undefined && high <= 1;
        i += m[0].length;
      } else {
        i += 1;
      }
      // a lazy / possessive suffix (`*?`) belongs to this quantifier
      if (pattern[i] === '?') i += 1;
      if (lastWasGroupWithQuantifier && !isOptionalOnly) return 'must not nest quantifiers such as (a+)+';
      markQuantified();
      lastWasGroupWithQuantifier = false;
      continue;
    }
    i += 1;
    lastWasGroupWithQuantifier = false;
  }
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

// ---- cursors (keyset pagination) ---------------------------------------------------------------
// A cursor is the base64url JSON of the last row's values of the order's keys. The next page is the
// rows strictly after that row in the order PostgreSQL sorts them (ascending: nulls last;
// descending: nulls first), whatever the depth: no OFFSET, so page 40,000 costs what page 2 costs.

type CursorValue = string | number | boolean | null;

/** The cursor of `row` under `keys` (dates as ISO strings). */
export const encodeCursor = (keys: readonly SortKey[], row: Record<string, unknown>): string =>
  Buffer.from(
    JSON.stringify(
      keys.map((k) => {
        const v = row[k.name];
        return v instanceof Date ? v.toISOString() : (v ?? null);
      }),
    ),
  ).toString('base64url');

const decodeCursor = (raw: unknown, keys: readonly SortKey[]): CursorValue[] | undefined => {
  if (typeof raw !== 'string' || raw.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(raw)) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(values) || values.length !== keys.length) return undefined;
    const ok = values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    return ok && values.at(-1) !== null ? (values as CursorValue[]) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Rows strictly after the cursor's row: OR over i of (keys before i equal, key i after), AND'ed with
 * a plain bound on the first key (`at <= $1`): PostgreSQL cannot start an index range at an OR, but
 * it can at that bound, so the page reads its twenty index entries at any depth.
 */
const afterCursor = (keys: readonly SortKey[], values: readonly CursorValue[]): SQL => {
  const alternatives: SQL[] = [];
  const equal: SQL[] = [];
  keys.forEach((k, i) => {
    const v = values[i] ?? null;
    const col = k.column;
    let beyond: SQL | undefined;
    if (k.direction === 'asc') {
      // a NOT NULL column has no empty values to come last
      if (v !== null) beyond = col.notNull ? sql`${col} > ${v}` : sql`(${col} > ${v} or ${col} is null)`;
    } else beyond = v === null ? sql`${col} is not null` : sql`${col} < ${v}`;
    if (beyond) alternatives.push(equal.length > 0 ? (and(...equal, beyond) as SQL) : beyond);
    equal.push(v === null ? sql`${col} is null` : sql`${col} = ${v}`);
  });
  if (alternatives.length === 0) return sql`false`;
  const after = or(...alternatives) as SQL;
  const [first] = keys;
  const v = values[0] ?? null;
  if (!first || v === null) return after;
  if (first.direction === 'desc') return and(sql`${first.column} <= ${v}`, after) as SQL;
  return first.column.notNull ? (and(sql`${first.column} >= ${v}`, after) as SQL) : after;
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

/** The contract's `page` object; totals are left out when they were not counted. */
export const pageInfo = (page: number, size: number, totalElements?: number, estimated = false): PageInfo => {
  if (totalElements === undefined) return { number: page, size };
  const info: PageInfo = { number: page, size, totalPages: Math.ceil(totalElements / size), totalElements };
  return estimated ? { ...info, totalEstimated: true } : info;
};

/** PostgreSQL's SQLSTATE for a pattern its regex engine rejects. */
export const INVALID_REGEX_SQLSTATE = '2201B';

// biome-ignore lint/suspicious/noExplicitAny: a database of any schema is acceptable here
type AnyDatabase = PgDatabase<PgQueryResultHKT, any>;

/** The page's total, read beside the rows by selectPage (a name no declared column takes). */
const TOTAL_KEY = '__total';

/**
 * Selects one page of `table` under `list`, AND'ed with `scope` (e.g. a merchant's company). The
 * rows and their total go out as one statement, the count a scalar subquery beside the rows (one
 * round trip, one plan: at a million rows a second statement cost more than the count itself). The
 * whole of a large table is not counted: its total is the planner's estimate.
 */
export const selectPage = async (
  db: AnyDatabase,
  table: PgTable,
  list: ParsedList,
  noCount: boolean,
  scope?: SQL,
): Promise<{ data: Record<string, unknown>[]; page: PageInfo }> => {
  const where = and(scope, list.where);
  // the keys are read even when the projection leaves them out: the next cursor is made of them
  const hidden = list.keys.filter((k) => !(k.name in list.columns)).map((k) => k.name);
  const columns: Record<string, AnyPgColumn | SQL.Aliased | SQL> = { ...list.columns };
  for (const k of list.keys) columns[k.name] ??= k.column;
  // a cursor's page counts the whole list, not what is left after the cursor
  const counted = and(scope, list.continued ? list.whereWithoutCursor : list.where);
  let estimate: number | undefined;
  if (!noCount && counted === undefined) {
    // the whole of a large table: counting it reads every row, the planner knows roughly
    const rows = await estimatedRows(db, table);
    if (rows > listLimits.largeTableRows) estimate = rows;
  }
  const countSql = sql`(select count(*) from ${table}${counted ? sql` where ${counted}` : sql``})`;
  const countBeside = !noCount && estimate === undefined;
  if (countBeside) columns[TOTAL_KEY] = countSql.mapWith(Number);
  const data = (await db
    .select(columns)
    .from(table)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset)) as Record<string, unknown>[];
  let total: number | undefined;
  if (estimate !== undefined) total = estimate;
  else if (countBeside) {
    const first = data[0]?.[TOTAL_KEY];
    // a page past the end has no row to carry the total: then it is read on its own
    total =
      typeof first === 'number'
        ? first
        : Number(rowsOfResult<{ n: unknown }>(await db.execute(sql`select ${countSql} as n`))[0]?.n ?? 0);
    for (const row of data) delete row[TOTAL_KEY];
  }
  const info = pageInfo(list.page, list.size, total, estimate !== undefined);
  const last = data.at(-1);
  const page: PageInfo =
    last && data.length === list.size ? { ...info, cursor: encodeCursor(list.keys, last) } : info;
  if (hidden.length > 0) for (const row of data) for (const name of hidden) delete row[name];
  return { data, page };
};

const estimates = new WeakMap<object, Map<string, { rows: number; until: number }>>();

/** The top plan's `Plan Rows` in an EXPLAIN (FORMAT JSON) answer, parsed or as text. */
const planRows = (value: unknown): number | undefined => {
  if (typeof value === 'string') return value.startsWith('[') ? planRows(JSON.parse(value)) : undefined;
  const inner: unknown[] = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  if (isRecord(value) && typeof value['Plan Rows'] === 'number') return value['Plan Rows'];
  for (const v of inner) {
    const n = planRows(v);
    if (n !== undefined) return n;
  }
  return undefined;
};

/**
 * The planner's estimate of a table's rows: what `select from table` expects to read. It scales the
 * last ANALYZE's density by the table's current size, so it also holds on PGlite, which has no
 * autovacuum to refresh pg_class.reltuples. Reused for `listLimits.estimateTtlMs` per database.
 */
export const estimatedRows = async (db: AnyDatabase, table: PgTable): Promise<number> => {
  let byTable = estimates.get(db);
  if (!byTable) {
    byTable = new Map();
    estimates.set(db, byTable);
  }
  const name = getTableName(table);
  const now = Date.now();
  const cached = byTable.get(name);
  if (cached && cached.until > now) return cached.rows;
  // the table comes from a declaration, rendered as an identifier: no request text
  const res = await db.execute(sql`explain (format json) select 1 from ${table}`);
  const rows = Math.round(planRows(rowsOfResult(res)) ?? 0);
  byTable.set(name, { rows, until: now + listLimits.estimateTtlMs });
  return rows;
};

/** Code 2 when `list` needs a scan no index answers and the table is large (`listLimits`). */
export const assertIndexable = async (db: AnyDatabase, table: PgTable, list: ParsedList): Promise<void> => {
  if (list.scans.length === 0) return;
  if ((await estimatedRows(db, table)) > listLimits.largeTableRows)
    throw new AppError('PARAMETER_VALIDATION_FAILED', list.scans);
};

/** True when a database error is PostgreSQL refusing a regex pattern (found in a cause chain). */
export const isInvalidRegexError = (err: unknown): boolean => {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (isRecord(e) && e.code === INVALID_REGEX_SQLSTATE) return true;
    e = isRecord(e) || e instanceof Error ? (e as { cause?: unknown }).cause : undefined;
  }
  return false;
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
