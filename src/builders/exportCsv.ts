// The list's Export: GET <path>/export with the list's current sort, search and filter, answered by the
// server as CSV of every matching row. The shared http client reads JSON envelopes only, so this call
// builds its request from the same pieces it uses (base URL, fresh token, stored country) and reads the
// body as a file; a failure still arrives as the contract's envelope and is raised as an ApiError.
import type { AuthProvider, SortPayload } from 'react-admin';
import { BEARER_PREFIX, type Filter, HEADERS } from '../../contract';
import { toContractFilters, toSearch } from '../providers/dataProvider';
import { getPortalEnv } from '../providers/env';
import { ApiError, buildQueryString, clientError, type QueryValue } from '../providers/httpClient';
import { getSessionStore } from '../providers/storage';
import type { ResourceDeclaration } from './declarations';

/** The list's current view as the list parameters take it: its filters, sort and search. */
export interface ListView {
  filter: Filter[];
  sort: string[];
  search?: Record<string, string>;
}

/** The view of a list (its filter values and sort): what Export sends and Schedule saves. */
export const listViewOf = (
  decl: Pick<ResourceDeclaration, 'fields'>,
  filter: Record<string, unknown>,
  sort: SortPayload | undefined,
): ListView => {
  const search = toSearch(
    filter.q,
    decl.fields.filter((f) => f.search).map((f) => f.name),
  );
  return {
    filter: toContractFilters(filter),
    sort: sort?.field ? [`${sort.field},${sort.order === 'DESC' ? 'desc' : 'asc'}`] : [],
    ...(search ? { search } : {}),
  };
};

/** The export's query: the list query without paging (the server streams every row). */
export const exportQuery = (
  decl: Pick<ResourceDeclaration, 'fields'>,
  filter: Record<string, unknown>,
  sort: SortPayload | undefined,
): Record<string, QueryValue> => {
  const view = listViewOf(decl, filter, sort);
  const query: Record<string, QueryValue> = {};
  if (view.sort[0]) query.sort = view.sort[0];
  if (view.search) query.search = JSON.stringify(view.search);
  if (view.filter.length) query.filter = JSON.stringify(view.filter);
  return query;
};

const fileNameOf = (disposition: string | null, fallback: string): string => {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
};

const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next tick: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

export interface ExportOptions {
  decl: Pick<ResourceDeclaration, 'name' | 'path' | 'service' | 'fields'>;
  filter: Record<string, unknown>;
  sort: SortPayload | undefined;
  authProvider: AuthProvider | undefined;
  fetchImpl?: typeof fetch;
  save?: (blob: Blob, fileName: string) => void;
}

export const downloadExport = async ({
  decl,
  filter,
  sort,
  authProvider,
  fetchImpl,
  save = saveBlob,
}: ExportOptions): Promise<void> => {
  const base = getPortalEnv().apiBase[decl.service ?? 'main'];
  const url = `${base}${decl.path}/export${buildQueryString(exportQuery(decl, filter, sort))}`;
  const store = getSessionStore();
  // The same fresh-token rule as every other call (the portal's auth provider refreshes first).
  const fresh = (authProvider as { ensureFreshToken?: () => Promise<string | null> } | undefined)
    ?.ensureFreshToken;
  const token = fresh ? await fresh() : store.getAccessToken();
  const headers: Record<string, string> = { Accept: 'text/csv', [HEADERS.country]: store.getCountry() };
  if (token) headers[HEADERS.authorization] = `${BEARER_PREFIX}${token}`;
  let response: Response;
  try {
    response = await (fetchImpl ?? globalThis.fetch)(url, { headers });
  } catch {
    throw clientError('API_FAILED');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      code?: number;
      name?: string;
      message?: string;
    } | null;
    if (body && typeof body.code === 'number')
      throw new ApiError({
        name: body.name ?? 'API_FAILED',
        code: body.code,
        message: body.message ?? '',
        status: response.status,
        requestId: response.headers.get(HEADERS.requestId),
      });
    throw clientError('API_FAILED');
  }
  save(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), `${decl.name}.csv`));
};
