// Like tests/portal/pages/harness.tsx, but with the data provider's resource paths taken from the
// declarations (as App.tsx does), so `users`, `userGroups`, `brand` … reach their real endpoints.
import type { ReactElement } from 'react';
import { renderPage } from '../pages/harness';
import type { SEED_ACCOUNTS } from '../world';

export const renderAccess = (
  page: ReactElement,
  { url, signedInAs }: { url: string; signedInAs: keyof typeof SEED_ACCOUNTS },
) => renderPage(page, { url, signedInAs, declaredPaths: true });
