// Like tests/portal/pages/harness.tsx, but with the data provider's resource paths taken from the
// declarations (as App.tsx does), so `users`, `userGroups`, `brand` … reach their real endpoints.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, TestMemoryRouter } from 'react-admin';
import { MOCK_ACCOUNTS } from '../../../mocks/data';
import { RESOURCES } from '../../../resources';
import { HttpClientProvider } from '../../../src/components/HttpClientContext';
import { createProviders, type Providers } from '../../../src/providers';
import { endpointsFromDeclarations } from '../../../src/providers/dataProvider';
import { createMemoryStorage, createSessionStore } from '../../../src/providers/storage';

export { useMockBackend } from '../pages/harness';

export const renderAccess = async (
  page: ReactElement,
  { url, signedInAs }: { url: string; signedInAs: keyof typeof MOCK_ACCOUNTS },
): Promise<{ providers: Providers }> => {
  const storage = createSessionStore(createMemoryStorage());
  const providers = createProviders({ storage, paths: endpointsFromDeclarations(RESOURCES) });
  await providers.authProvider.login(MOCK_ACCOUNTS[signedInAs]);
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
          <Notification />
        </AdminContext>
      </HttpClientProvider>
    </TestMemoryRouter>,
  );
  return { providers };
};
