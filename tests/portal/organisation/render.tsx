// renderPage of ../pages/harness.tsx with the data provider the app builds (the declarations'
// endpoints: 'company' is GET /companies), which the hierarchy page's company picker lists through.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, TestMemoryRouter, useLocation } from 'react-admin';
import { MOCK_ACCOUNTS } from '../../../mocks/data';
import { RESOURCES } from '../../../resources';
import { HttpClientProvider } from '../../../src/components/HttpClientContext';
import { createProviders } from '../../../src/providers';
import { endpointsFromDeclarations } from '../../../src/providers/dataProvider';
import { createMemoryStorage, createSessionStore } from '../../../src/providers/storage';
import type { RenderPageOptions } from '../pages/harness';

const Where = () => {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
};

export const renderOrgPage = async (page: ReactElement, { url, signedInAs }: RenderPageOptions) => {
  const storage = createSessionStore(createMemoryStorage());
  const providers = createProviders({ storage, paths: endpointsFromDeclarations(RESOURCES) });
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
