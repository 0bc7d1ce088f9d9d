// The contract's list query (docs/contract.md "Lists") over in-memory rows: the same parameters and the
// same errors as the server (code 3 for JSON that does not parse, code 2 for anything not allowed).
import {
  DEFAULT_PAGE_SIZE,
  type ErrorName,
  FILTER_OPERATORS,
  type FieldViolation,
  type FilterOperator,
  MAX_PAGE_SIZE,
  type PageInfo,
  REGEX_MAX_LENGTH,
} from '../contract';

export interface MockField {
  type: 'text' | 'number' | 'datetime' | 'enum' | 'boolean';
  filter?: readonly FilterOperator[];
  sort?: boolean;
  search?: boolean;
}
export type MockListSpec = Record<string, MockField>;

export class MockListError extends Error {
  constructor(
    readonly errorName: ErrorName,
    readonly violations: FieldViolation[] | null = null,
  ) {
    super(errorName);
  }
}

const invalid = (field: string, message: string): never => {
  throw new MockListError('PARAMETER_VALIDATION_FAILED', [{ field, message }]);
};

const parseJson = (raw: string, name: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    // as the server: the parameter's name in data[0].field
    throw new MockListError('JSON_PARSE_FAILED', [{ field: name, message: 'is not valid JSON' }]);
  }
};

const intParam = (
  params: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number => {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    return invalid(name, `must be an integer from ${min} to ${max}`);
  return n;
};

const comparable = (field: MockField, value: unknown): number | string => {
  if (field.type === 'datetime') return new Date(String(value)).getTime();
  if (field.type === 'number') return Number(value);
  return String(value);
};

type Row = Record<string, unknown>;

export interface MockListResult<T> {
  rows: Partial<T>[];
  page: PageInfo;
}

export const applyListQuery = <T extends object>(
  all: readonly T[],
  params: URLSearchParams,
  spec: MockListSpec,
  noCount: boolean,
  /** used when the request names no sort (before the id tie-breaker) */
  defaultSort: readonly { field: string; direction: 'asc' | 'desc' }[] = [],
): MockListResult<T> => {
  const page = intParam(params, 'page', 0, 0, Number.MAX_SAFE_INTEGER);
  const size = intParam(params, 'size', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  let rows = [...all] as unknown as Row[];

  const filterRaw = params.get('filter');
  if (filterRaw) {
    const filters = parseJson(filterRaw, 'filter');
    if (!Array.isArray(filters)) invalid('filter', 'must be a JSON array');
    for (const [i, f] of (filters as Row[]).entries()) {
      const name = String(f?.field ?? '');
      const field = spec[name];
      const op = f?.op as FilterOperator;
      if (!field) invalid(`filter[${i}].field`, `unknown field '${name}'`);
      else if (!(FILTER_OPERATORS as readonly string[]).includes(op) || !field.filter?.includes(op))
        invalid(`filter[${i}].op`, `operator '${String(op)}' is not allowed on '${name}'`);
      else rows = rows.filter(matcher(name, field, op, f.value, i));
    }
  }

  const searchRaw = params.get('search');
  if (searchRaw) {
    const search = parseJson(searchRaw, 'search');
    if (typeof search !== 'object' || search === null || Array.isArray(search))
      invalid('search', 'must be a JSON object');
    const terms = Object.entries(search as Row);
    for (const [name] of terms)
      if (!spec[name]?.search) invalid('search', `field '${name}' is not searchable`);
    if (terms.length)
      rows = rows.filter((row) =>
        terms.some(([name, text]) =>
          String(row[name] ?? '')
            .toLowerCase()
            .includes(String(text).toLowerCase()),
        ),
      );
  }

  const requested = params.getAll('sort');
  const sortParams = requested.length ? requested : defaultSort.map((d) => `${d.field},${d.direction}`);
  const sorts = sortParams.map((s) => {
    const [name = '', dir = 'asc'] = s.split(',');
    if (!spec[name]?.sort) invalid('sort', `cannot sort by '${name}'`);
    if (dir !== 'asc' && dir !== 'desc') invalid('sort', 'direction must be asc or desc');
    return { name, field: spec[name] as MockField, sign: dir === 'desc' ? -1 : 1 };
  });
  rows.sort((a, b) => {
    for (const { name, field, sign } of sorts) {
      const x = comparable(field, a[name]);
      const y = comparable(field, b[name]);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return Number(a.id) - Number(b.id);
  });

  let project: string[] | null = null;
  const projectRaw = params.get('project');
  if (projectRaw) {
    const list = parseJson(projectRaw, 'project');
    if (!Array.isArray(list) || !list.every((p) => typeof p === 'string'))
      invalid('project', 'must be a JSON array of field names');
    for (const name of list as string[]) if (!spec[name]) invalid('project', `unknown field '${name}'`);
    project = ['id', ...(list as string[]).filter((p) => p !== 'id')];
  }

  // the server's cursor is the keyset of the last row; the mocks' holds where the next page starts
  const cursorRaw = params.get('cursor');
  let start = page * size;
  if (cursorRaw) {
    const at = /^mock-(\d{1,9})$/.exec(cursorRaw);
    if (!at) invalid('cursor', 'is not a cursor of this list in this order');
    start = Number(at?.[1] ?? 0);
  }
  const slice = rows.slice(start, start + size);
  const out = project
    ? slice.map((row) => Object.fromEntries((project as string[]).map((p) => [p, row[p]])) as Partial<T>)
    : (slice as unknown as Partial<T>[]);
  const info: PageInfo = { number: page, size };
  if (!noCount) {
    info.totalElements = rows.length;
    info.totalPages = Math.ceil(rows.length / size);
  }
  if (slice.length === size) info.cursor = `mock-${start + size}`;
  return { rows: out, page: info };
};

const matcher = (name: string, field: MockField, op: FilterOperator, value: unknown, i: number) => {
  switch (op) {
    case 'eq':
      return (row: Row) => comparable(field, row[name]) === comparable(field, value);
    case 'in': {
      if (!Array.isArray(value)) return invalid(`filter[${i}].value`, 'must be an array');
      const set = new Set((value as unknown[]).map((v) => comparable(field, v)));
      return (row: Row) => set.has(comparable(field, row[name]));
    }
    case 'regex': {
      if (typeof value !== 'string' || value.length > REGEX_MAX_LENGTH)
        return invalid(`filter[${i}].value`, 'must be a short regular expression');
      let re: RegExp;
      try {
        re = new RegExp(value); // case-sensitive, like PostgreSQL's ~
      } catch {
        return invalid(`filter[${i}].value`, 'is not a valid regular expression');
      }
      return (row: Row) => re.test(String(row[name] ?? ''));
    }
    case 'gte':
      return (row: Row) => comparable(field, row[name]) >= comparable(field, value);
    case 'lte':
      return (row: Row) => comparable(field, row[name]) <= comparable(field, value);
    default: {
      const never: never = op;
      return invalid(`filter[${i}].op`, `unknown operator ${String(never)}`);
    }
  }
};
