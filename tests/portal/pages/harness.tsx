// Renders one page the way the app does (react-admin context, the real providers, the shell's http
// client context) over a fresh MSW data set, and records every request the page sends.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, TestMemoryRouter, useLocation } from 'react-admin';
import { beforeEach } from 'vitest';
import { createMockDb, MOCK_ACCOUNTS, type MockDb } from '../../../mocks/data';
import { createHandlers } from '../../../mocks/handlers';
import { server } from '../../../mocks/node';
import { RESOURCES } from '../../../resources';
import { HttpClientProvider } from '../../../src/components/HttpClientContext';
import { createProviders, type Providers } from '../../../src/providers';
import { endpointsFromDeclarations } from '../../../src/providers/dataProvider';
import { createMemoryStorage, createSessionStore } from '../../../src/providers/storage';

export interface SentRequest {
  method: string;
  /** path after the service base, e.g. '/auth/get-token' */
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

const BASE = /^\/portal-(main|payment|auth)-service\/api\/v1/;

/**
 * A fresh mock data set for each test (the shared one of mocks/node stays untouched) and the list of
 * requests sent in that test. Call at the top of a describe block.
 */
export const useMockBackend = () => {
  const state: { db: MockDb; requests: Promise<SentRequest>[] } = { db: createMockDb(), requests: [] };
  beforeEach(() => {
    state.db = createMockDb();
    state.requests = [];
    server.use(...createHandlers(state.db));
    const onStart = ({ request }: { request: Request }) => {
      const copy = request.clone();
      const url = new URL(copy.url);
      state.requests.push(
        copy.text().then((text) => ({
          method: copy.method,
          path: url.pathname.replace(BASE, ''),
          search: url.search,
          headers: copy.headers,
          body: text ? (JSON.parse(text) as unknown) : undefined,
        })),
      );
    };
    server.events.on('request:start', onStart);
    return () => server.events.removeListener('request:start', onStart);
  });
  return {
    get db() {
      return state.db;
    },
    /** Every request sent so far, optionally only those to `path` (after the service base). */
    sent: async (method?: string, path?: string): Promise<SentRequest[]> => {
      const all = await Promise.all(state.requests);
      return all.filter((r) => (!method || r.method === method) && (!path || r.path === path));
    },
  };
};

/**
 * Shows where the router went, so a test can assert a redirect. (The page stays rendered: the
 * harness has no route table, because the pages use react-admin's router-agnostic hooks and a
 * second copy of react-router in the test would not share their router context.)
 */
const Where = () => {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
};

export interface RenderPageOptions {
  /** the URL opened */
  url: string;
  /** sign in first (through the mock API) as one of the seed accounts */
  signedInAs?: keyof typeof MOCK_ACCOUNTS;
  /** the data provider's resource paths from the declarations, as App.tsx builds it ('company' is GET /companies) */
  declaredPaths?: boolean;
}

export const renderPage = async (
  page: ReactElement,
  { url, signedInAs, declaredPaths = false }: RenderPageOptions,
): Promise<{ providers: Providers }> => {
  const storage = createSessionStore(createMemoryStorage());
  const providers = createProviders({
    storage,
    ...(declaredPaths ? { paths: endpointsFromDeclarations(RESOURCES) } : {}),
  });
  if (signedInAs) await providers.authProvider.login(MOCK_ACCOUNTS[signedInAs]);
  render(
    <TestMemoryRouter initialEntries={[url]}>
      <HttpClientProvider client={providers.httpClient}>
        <AdminContext
          dataProvider={providers.dataProvider}
          authProvider={providers.authProvider}
          i18nProvider={providers.i18nProvider}
          store={memoryStore()}
        >
          {page}
          <Where />
          <Notification />
        </AdminContext>
      </HttpClientProvider>
    </TestMemoryRouter>,
  );
  return { providers };
};
