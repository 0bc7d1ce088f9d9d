import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockRow } from '../../../mocks/data';
import { mockDb } from '../../../mocks/node';
import { seedOrganisation } from '../../../mocks/organisation-hierarchy';
import { renderApp, signIn, waitForPath } from '../renderApp';

const TIMEOUT = { timeout: 10_000 };

const organizationLinks = async (): Promise<string[]> => {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' }, TIMEOUT);
  const group = await within(nav).findByRole('button', { name: 'Organization' }, TIMEOUT);
  // open it once: a retried read must not close it again
  if (group.getAttribute('aria-expanded') !== 'true') fireEvent.click(group);
  const list = within(nav).getByRole('list', { name: 'Organization' });
  return within(list)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href') ?? '');
};

describe('Organization menu and landing (spec sections 2 and 6)', { timeout: 60_000 }, () => {
  // the file's data set is made in its beforeAll (tests/portal/setup.ts): look the merchant up then
  const mark = () => {
    const found = mockDb.users.find((u) => u.email === 'merchant@example.com');
    if (!found) throw new Error('seed merchant missing');
    return found;
  };
  const saved = { brandId: null as number | null, brands: [] as MockRow[] };

  beforeEach(() => {
    seedOrganisation(mockDb);
    saved.brandId = mark().brandId;
    saved.brands = [...(mockDb.resourceRows.brand ?? [])];
    // An approved company owner: companyId set, brandId null, as the server's signup approval leaves them.
    mark().brandId = null;
  });
  afterEach(() => {
    mark().brandId = saved.brandId;
    mockDb.resourceRows.brand = saved.brands;
  });

  it("hides Settings from an owner whose company has a brand, though the owner's brandId is null", async () => {
    await signIn('merchant');
    renderApp('/');
    await screen.findByText('Welcome, Mark Merchant', {}, TIMEOUT);
    await waitFor(
      async () => expect(await organizationLinks()).toEqual(['/organization/brand', '/organization/store']),
      TIMEOUT,
    );
  });

  it('keeps Settings while the company has no brand', async () => {
    mockDb.resourceRows.brand = (mockDb.resourceRows.brand ?? []).filter((b) => b.companyId !== 1);
    await signIn('merchant');
    renderApp('/');
    await screen.findByText('Welcome, Mark Merchant', {}, TIMEOUT);
    // give the brand look-up time to answer before reading the menu
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(await organizationLinks()).toEqual([
      '/organization/org-hierarchy',
      '/organization/brand',
      '/organization/store',
    ]);
  });

  it('/organization lands a merchant on the hierarchy', async () => {
    await signIn('merchant');
    renderApp('/organization');
    await waitForPath('/organization/org-hierarchy');
    expect(await screen.findByRole('link', { name: 'Acme Tea House' }, TIMEOUT)).toBeInTheDocument();
  });

  it('/organization lands an operator on the hierarchy with the company picker', async () => {
    await signIn('operator');
    renderApp('/organization');
    await waitForPath('/organization/org-hierarchy');
    expect(await screen.findByRole('combobox', { name: 'Company' }, TIMEOUT)).toBeInTheDocument();
  });
});
