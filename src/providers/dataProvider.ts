import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListResult,
  GetManyParams,
  GetOneParams,
  Identifier,
  QueryFunctionContext,
  RaRecord,
} from 'react-admin';
import type { Filter, PageInfo, ServiceName } from '../../contract';
import type { ResourceDeclaration } from '../../resources/types';
import type { HttpClient, HttpResponse, QueryValue } from './httpClient';

/** Where a react-admin resource lives on the wire. */
export interface ResourceEndpoint {
  service: ServiceName;
  /** path under the service base, e.g. '/user' or '/config/main' */
  path: string;
  /** fields that react-admin's full-text filter `q` searches (docs/contract.md "Lists": `search`) */
  searchable?: readonly string[];
  /** fields a create or update never sends: the server owns them or only operations move them */
  unwritable?: readonly string[];
}

type FieldLike = Pick<ResourceDeclaration['fields'][number], 'name' | 'search'> &
  Partial<{ readOnly: boolean; operationOnly: boolean; type: string; auto: 'create' | 'update' }>;

/** What endpointsFromDeclarations needs of a resource declaration (resources/types.ts). */
type DeclarationLike = Pick<ResourceDeclaration, 'name' | 'path' | 'service'> & {
  storage?: ResourceDeclaration['storage'];
  fields: readonly FieldLike[];
};

/** Every row's id and times: set by the server, never part of a body. */
const IMPLIED = ['id', 'createTime', 'updateTime'] as const;

/**
 * The fields of `d` no create or update sends: the implied id and times, operation-only fields (the
 * server answers code 2 for them) and, on a derived table's generic routes, read-only fields and the
 * dates the server stamps. A hand-written table's routes take their own bodies (a user group's create
 * names its read-only type), so there only what nobody may write is left out.
 */
const unwritableOf = (d: DeclarationLike): string[] => [
  ...IMPLIED,
  ...d.fields
    .filter(
      (f) =>
        f.operationOnly === true ||
        (d.storage !== 'existing' &&
          (f.readOnly === true || ((f.type === 'date' || f.type === 'datetime') && f.auto !== undefined))),
    )
    .map((f) => f.name),
];

/** The data provider's `paths` from the resource declarations: path, service, searchable and unwritable fields. */
export const endpointsFromDeclarations = (
  declarations: readonly DeclarationLike[],
): Record<string, ResourceEndpoint> =>
  Object.fromEntries(
    declarations.map((d) => [
      d.name,
      {
        service: d.service ?? 'main',
        path: d.path,
        searchable: d.fields.filter((f) => f.search).map((f) => f.name),
        unwritable: unwritableOf(d),
      },
    ]),
  );

/**
 * The body of a create or update: `data` without the endpoint's unwritable fields. Nothing else is
 * dropped: a 0, an empty string, false and null are values the user chose and go out as they are.
 */
export const writableBody = (
  data: Record<string, unknown> | undefined,
  unwritable: readonly string[] | undefined,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value === undefined || unwritable?.includes(key)) continue;
    out[key] = value;
  }
  return out;
};

export interface DataProviderOptions {
  /** Resources not listed here live at `/<resource name>` on the main service. */
  paths?: Record<string, ResourceEndpoint>;
}

/** Extra per-call wishes callers may pass through react-admin's `meta`. */
export interface ListMeta {
  /** fields to return (`project`) */
  project?: string[];
  /** skip the total count (`X-No-Count`); the list then pages with `pageInfo` */
  noCount?: boolean;
}

type FilterInput = Record<string, unknown>;

const SUFFIX_OPS = [
  ['_gte', 'gte'],
  ['_lte', 'lte'],
  ['_regex', 'regex'],
] as const;

const isScalar = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * react-admin filter values → the contract's filter array: `field_gte`/`field_lte`/`field_regex`
 * pick the operator, arrays mean `in`, anything else `eq`. `q` is handled as `search`.
 */
export const toContractFilters = (filter: FilterInput | undefined): Filter[] => {
  const out: Filter[] = [];
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (key === 'q' || value === undefined || value === '') continue;
    const suffix = SUFFIX_OPS.find(([end]) => key.endsWith(end) && key.length > end.length);
    if (suffix) {
      const field = key.slice(0, -suffix[0].length);
      if (suffix[1] === 'regex') out.push({ field, op: 'regex', value: String(value) });
      else if (typeof value === 'number' || typeof value === 'string')
        out.push({ field, op: suffix[1], value });
      continue;
    }
    if (Array.isArray(value)) {
      out.push({ field: key, op: 'in', value: value.filter(isScalar) });
    } else if (isScalar(value)) {
      out.push({ field: key, op: 'eq', value });
    }
  }
  return out;
};

export const toSearch = (
  q: unknown,
  searchable: readonly string[] | undefined,
): Record<string, string> | undefined => {
  if (typeof q !== 'string' || q.trim() === '' || !searchable?.length) return undefined;
  return Object.fromEntries(searchable.map((field) => [field, q.trim()]));
};

const totalOf = (page: PageInfo | undefined, rows: unknown[]): number | undefined => {
  if (!page) return rows.length;
  return page.totalElements;
};

/** How many lists' cursors the data provider keeps (one per resource, filters and sort). */
const MAX_REMEMBERED_LISTS = 50;

export const createDataProvider = (
  httpClient: HttpClient,
  options: DataProviderOptions = {},
): DataProvider => {
  const endpoint = (resource: string): ResourceEndpoint =>
    options.paths?.[resource] ?? { service: 'main', path: `/${resource}` };

  // the cursor each page of a list answered, per list (resource, size, sort, filters, search);
  // the most recent lists only, so a long session does not grow it without bound
  const cursors = new Map<string, Map<number, string>>();
  const rememberCursor = (listKey: string, page: number, cursor: string | undefined) => {
    let pages = cursors.get(listKey);
    if (cursor === undefined) {
      pages?.delete(page);
      return;
    }
    if (!pages) {
      if (cursors.size >= MAX_REMEMBERED_LISTS) {
        const oldest = cursors.keys().next().value;
        if (oldest !== undefined) cursors.delete(oldest);
      }
      pages = new Map();
      cursors.set(listKey, pages);
    }
    pages.set(page, cursor);
  };

  const itemPath = (resource: string, id: Identifier): string =>
    `${endpoint(resource).path}/${encodeURIComponent(String(id))}`;

  const list = async (
    resource: string,
    params: {
      pagination?: { page: number; perPage: number };
      sort?: { field: string; order: string };
      filter?: FilterInput;
      meta?: ListMeta;
      signal?: AbortSignal;
    },
  ): Promise<GetListResult> => {
    const ep = endpoint(resource);
    const { page = 1, perPage = 20 } = params.pagination ?? {};
    const query: Record<string, QueryValue> = { page: Math.max(0, page - 1), size: perPage };
    if (params.sort?.field)
      query.sort = `${params.sort.field},${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
    if (params.meta?.project?.length) query.project = JSON.stringify(params.meta.project);
    const search = toSearch(params.filter?.q, ep.searchable);
    if (search) query.search = JSON.stringify(search);
    const filters = toContractFilters(params.filter);
    if (filters.length) query.filter = JSON.stringify(filters);

    // The next page of a list just read goes on from the last page's cursor (keyset, no OFFSET):
    // page 40,000 then costs what page 2 does (docs/api.md "Lists": cursors).
    const listKey = JSON.stringify([
      resource,
      query.size,
      query.sort,
      query.project,
      query.search,
      query.filter,
    ]);
    const cursor = cursors.get(listKey)?.get(page - 1);
    if (cursor !== undefined) query.cursor = cursor;

    const res = await httpClient<RaRecord[]>(ep.path, {
      service: ep.service,
      query,
      noCount: params.meta?.noCount === true,
      signal: params.signal,
    });
    const rows = Array.isArray(res.data) ? res.data : [];
    rememberCursor(listKey, page, res.page?.cursor);
    // an estimated total (an operator's whole huge table) is not shown as a count: pages go by "next"
    if (res.page?.totalEstimated) {
      return { data: rows, pageInfo: { hasPreviousPage: page > 1, hasNextPage: rows.length >= perPage } };
    }
    if (params.meta?.noCount) {
      const number = res.page?.number ?? page - 1;
      return {
        data: rows,
        pageInfo: { hasPreviousPage: number > 0, hasNextPage: rows.length >= perPage },
      };
    }
    const total = totalOf(res.page, rows);
    return total === undefined
      ? { data: rows, pageInfo: { hasPreviousPage: page > 1, hasNextPage: rows.length >= perPage } }
      : { data: rows, total };
  };

  const write = <T>(resource: string, path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) =>
    httpClient<T>(path, { service: endpoint(resource).service, method, body });

  const dataOr = <T>(res: HttpResponse<T | null>, fallback: T): T => res.data ?? fallback;

  return {
    getList: (resource, params) => list(resource, params),

    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams<R> & QueryFunctionContext) => {
      const res = await httpClient<R>(itemPath(resource, params.id), {
        service: endpoint(resource).service,
        signal: params.signal,
      });
      return { data: res.data };
    },

    getMany: async <R extends RaRecord>(
      resource: string,
      params: GetManyParams<R> & QueryFunctionContext,
    ) => {
      if (params.ids.length === 0) return { data: [] as R[] };
      const ep = endpoint(resource);
      const ids = params.ids.filter(isScalar) as (string | number)[];
      const res = await httpClient<R[]>(ep.path, {
        service: ep.service,
        query: {
          page: 0,
          size: ids.length,
          filter: JSON.stringify([{ field: 'id', op: 'in', value: ids }] satisfies Filter[]),
        },
        noCount: true,
        signal: params.signal,
      });
      return { data: Array.isArray(res.data) ? res.data : [] };
    },

    getManyReference: (resource, params) =>
      list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async <_C, R extends RaRecord>(resource: string, params: CreateParams) => {
      const ep = endpoint(resource);
      const res = await write<R>(resource, ep.path, 'POST', writableBody(params.data, ep.unwritable));
      return { data: res.data };
    },

    // react-admin hands over the whole record: its server-owned and operation-only fields stay home.
    update: async (resource, params) => {
      const body = writableBody(params.data, endpoint(resource).unwritable);
      const res = await write<RaRecord | null>(resource, itemPath(resource, params.id), 'PUT', body);
      return { data: dataOr(res, { ...params.previousData, ...params.data, id: params.id }) };
    },

    // Generic updates and deletes have no bulk endpoint (only declared bulk transitions have one,
    // POST <path>/actions/<name>, called by the builder's buttons): one call per record.
    updateMany: async (resource, params) => {
      const body = writableBody(params.data, endpoint(resource).unwritable);
      await Promise.all(params.ids.map((id) => write(resource, itemPath(resource, id), 'PUT', body)));
      return { data: params.ids };
    },

    delete: async <R extends RaRecord>(resource: string, params: DeleteParams<R>) => {
      const res = await write<R | null>(resource, itemPath(resource, params.id), 'DELETE');
      return { data: dataOr(res, params.previousData ?? ({ id: params.id } as R)) };
    },

    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => write(resource, itemPath(resource, id), 'DELETE')));
      return { data: params.ids };
    },

    supportAbortSignal: true,
  };
};
