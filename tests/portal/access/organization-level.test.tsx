// The organization level (spec 3; issue 42): what a merchant's access reaches, as the server derives it
// from the company, brand and store ids. Merchant Access shows it per person and filters on it (the
// exact list query), an operator reads it under each merchant's company, and the API keys list
// filters on it (GET /api-keys?organizationLevel=).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../../server/platform/db/schema';
import { MerchantAccessPage } from '../../../src/pages/access/AccessPages';
import { ApiKeysPage } from '../../../src/pages/access/ApiKeysPage';
import { portalServer } from '../server';
import { WORLD } from '../world';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };

const rowOf = async (email: string) => (await screen.findByText(email, {}, T)).closest('tr') as HTMLElement;

describe('organization level', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("shows what each colleague's access reaches and filters the people by it", async () => {
    await backend.t.db
      .update(users)
      .set({ brandId: WORLD.acme.brandId, storeId: WORLD.acme.storeId })
      .where(eq(users.email, 'restricted@example.com'));
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    expect(within(await rowOf('merchant@example.com')).getByText('One brand')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toContain('Organization level');
    expect(within(await rowOf('restricted@example.com')).getByText('One store')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /add filter/i }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Organization level' }, T));
    await user.click(await screen.findByRole('combobox', { name: 'Organization level' }, T));
    await user.click(await screen.findByRole('option', { name: 'One store' }, T));
    await waitFor(() => expect(screen.queryByText('merchant@example.com')).toBeNull(), T);
    expect(screen.getByText('restricted@example.com')).toBeInTheDocument();
    const filters = (await backend.sent('GET', '/user')).map((r) =>
      new URLSearchParams(r.search).get('filter'),
    );
    expect(
      filters.some((f) => f?.includes('"field":"organizationLevel"') && f.includes('"value":"STORE"')),
    ).toBe(true);
  });

  it('tells an operator what each merchant reaches, under their company', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    const row = await rowOf('merchant@example.com');
    expect(await within(row).findByText('Acme Coffee Pte Ltd', {}, T)).toBeInTheDocument();
    expect(within(row).getByText('One brand')).toBeInTheDocument();
  });

  it('lists the API keys that reach one level only (GET /api-keys?organizationLevel=)', async () => {
    const key = (name: string, prefix: string, place: { brandId?: number; storeId?: number }) => ({
      companyId: WORLD.acme.companyId,
      ...place,
      name,
      prefix,
      secretHash: `hash-${prefix}`,
      permissions: [{ resource: 'member', action: 'VIEW' as const }],
      createdByEmail: 'merchant@example.com',
    });
    await backend.t.db.insert(apiKeys).values([
      // the brand's owner manages the keys of their brand and its stores
      key('Brand CRM', 'lk_brandCr1', { brandId: WORLD.acme.brandId }),
      key('Till at Orchard', 'lk_tillOrc1', { brandId: WORLD.acme.brandId, storeId: WORLD.acme.storeId }),
    ]);
    await renderAccess(<ApiKeysPage />, { url: '/access/api-keys', signedInAs: 'merchant' });
    expect(await screen.findByText('Brand CRM', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Till at Orchard')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Reaches' }));
    await user.click(await screen.findByRole('option', { name: 'One store' }, T));
    await waitFor(() => expect(screen.queryByText('Brand CRM')).toBeNull(), T);
    expect(screen.getByText('Till at Orchard')).toBeInTheDocument();
    const asked = await backend.sent('GET', '/api-keys');
    expect(asked.map((r) => new URLSearchParams(r.search).get('organizationLevel'))).toEqual([null, 'STORE']);
  });
});
