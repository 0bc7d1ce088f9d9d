// Like tests/portal/pages/harness.tsx, but with the data provider's resource paths taken from the
// declarations (as App.tsx does), so `users`, `userGroups`, `brand` … reach their real endpoints.
import type { ReactElement } from 'react';
import type { MOCK_ACCOUNTS } from '../../../mocks/data';
import { renderPage } from '../pages/harness';

export { useMockBackend } from '../pages/harness';

export const renderAccess = (
  page: ReactElement,
  { url, signedInAs }: { url: string; signedInAs: keyof typeof MOCK_ACCOUNTS },
) => renderPage(page, { url, signedInAs, declaredPaths: true });
