import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { brand, store, users } from '../../../server/platform/db/schema';
import { openAs, waitForPath } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';

const TIMEOUT = { timeout: 30_000 };

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
  const backend = portalServer();

  beforeEach(async () => {
    // An approved company owner: companyId set, brandId null, as the server's signup approval leaves them.
    await backend.t.db.update(users).set({ brandId: null }).where(eq(users.id, WORLD.users.merchant));
  });

  it("hides Settings from an owner whose company has a brand, though the owner's brandId is null", async () => {
    await openAs('merchant', '/');
    await screen.findByText('Welcome, Mark Merchant', {}, TIMEOUT);
    await waitFor(
      async () => expect(await organizationLinks()).toEqual(['/organization/brand', '/organization/store']),
      TIMEOUT,
    );
  });

  it('keeps Settings while the company has no brand', async () => {
    // the company has no brand (nor store) yet
    const { db } = backend.t;
    await db.delete(store).where(eq(store.companyId, WORLD.acme.companyId));
    await db.delete(brand).where(eq(brand.companyId, WORLD.acme.companyId));
    await openAs('merchant', '/');
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
    await openAs('merchant', '/organization');
    await waitForPath('/organization/org-hierarchy');
    expect(await screen.findByRole('link', { name: 'Acme Tea House' }, TIMEOUT)).toBeInTheDocument();
  });

  it('/organization lands an operator on the hierarchy with the company picker', async () => {
    await openAs('operator', '/organization');
    await waitForPath('/organization/org-hierarchy');
    expect(await screen.findByRole('combobox', { name: 'Company' }, TIMEOUT)).toBeInTheDocument();
  });
});
