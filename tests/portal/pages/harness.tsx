// Renders one page the way the app does (react-admin context, the real providers and query client, the
// shell's http client context); the file's server (tests/portal/server.ts) answers it and records what it sends.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, TestMemoryRouter, useLocation } from 'react-admin';
import { RESOURCES } from '../../../resources';
import { HttpClientProvider } from '../../../src/components/HttpClientContext';
import { createProviders, type Providers } from '../../../src/providers';
import { endpointsFromDeclarations } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { createMemoryStorage, createSessionStore } from '../../../src/providers/storage';
import { SEED_ACCOUNTS } from '../world';

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
  /** sign in first (through the server) as one of the seed accounts */
  signedInAs?: keyof typeof SEED_ACCOUNTS;
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
  if (signedInAs) await providers.authProvider.login(SEED_ACCOUNTS[signedInAs]);
  render(
    <TestMemoryRouter initialEntries={[url]}>
      <HttpClientProvider client={providers.httpClient}>
        <AdminContext
          dataProvider={providers.dataProvider}
          authProvider={providers.authProvider}
          i18nProvider={providers.i18nProvider}
          store={memoryStore()}
          queryClient={createQueryClient()}
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
