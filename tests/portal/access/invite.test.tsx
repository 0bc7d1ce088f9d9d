// The invite dialog sends the exact request of each of the three invitation kinds, confirms with a
// Hint notice and shows 26222 (e-mail in use) and 26221 (mobile in use) on their fields. An
// operator inviting a merchant may name a company (searched on the server), then one of its active
// brands and stores; the company, brand and store errors land on their fields.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { brand, company, store, users } from '../../../server/platform/db/schema';
import { InviteDialog, type InviteKind } from '../../../src/pages/access/InviteDialog';
import { portalServer } from '../server';
import { userRow, WORLD } from '../world';
import { renderAccess as renderPage } from './harness';

const T = { timeout: 30_000 };

describe('InviteDialog', { timeout: 45_000 }, () => {
  const backend = portalServer();

  const open = async (kind: InviteKind, signedInAs: 'operator' | 'merchant') => {
    const onClose = vi.fn();
    const onInvited = vi.fn();
    await renderPage(<InviteDialog open kind={kind} onClose={onClose} onInvited={onInvited} />, {
      url: '/access',
      signedInAs,
    });
    const dialog = await screen.findByRole('dialog', {}, T);
    return { dialog, onClose, onInvited };
  };

  const fill = async (dialog: HTMLElement, values: { email: string; name: string; mobile?: string }) => {
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByLabelText(/^E-mail/), values.email);
    await user.type(within(dialog).getByLabelText(/^Name/), values.name);
    if (values.mobile) await user.type(within(dialog).getByLabelText(/^Mobile/), values.mobile);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  };

  it('operator invites an operator: POST /user/operator/register', async () => {
    const { dialog, onClose, onInvited } = await open('operator', 'operator');
    expect(within(dialog).getByText('Invite an operator')).toBeInTheDocument();
    await fill(dialog, { email: 'new.op@example.com', name: 'Nora Operator' });
    expect(await screen.findByText('Invitation sent to new.op@example.com', {}, T)).toBeInTheDocument();
    const sent = await backend.sent('POST', '/user/operator/register');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ email: 'new.op@example.com', name: 'Nora Operator' });
    expect(onInvited).toHaveBeenCalledWith('new.op@example.com');
    expect(onClose).toHaveBeenCalled();
    expect((await userRow(backend.t.db, 'new.op@example.com'))?.type).toBe('OPERATOR');
  });

  it('operator invites a merchant, with a mobile: POST /user/operator/merchant/invite', async () => {
    const { dialog } = await open('operatorMerchant', 'operator');
    expect(within(dialog).getByText('Invite a merchant')).toBeInTheDocument();
    await fill(dialog, { email: 'shop@example.com', name: 'Sam Shop', mobile: '91234567' });
    expect(await screen.findByText('Invitation sent to shop@example.com', {}, T)).toBeInTheDocument();
    const sent = await backend.sent('POST', '/user/operator/merchant/invite');
    expect(sent.map((r) => r.body)).toEqual([
      { email: 'shop@example.com', name: 'Sam Shop', mobile: '+6591234567' },
    ]);
  });

  it('operator invites a merchant without a company: they sign up their own, nothing else is sent', async () => {
    const { dialog } = await open('operatorMerchant', 'operator');
    expect(within(dialog).getByRole('combobox', { name: 'Company (optional)' })).toHaveValue('');
    expect(
      within(dialog).getByText(
        'Leave empty and they sign up their own company after setting their password.',
      ),
    ).toBeInTheDocument();
    // brand and store only come with a company
    expect(within(dialog).queryByRole('combobox', { name: /^Brand/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /^Store/ })).not.toBeInTheDocument();
    await fill(dialog, { email: 'solo@example.com', name: 'Solo Founder' });
    expect(await screen.findByText('Invitation sent to solo@example.com', {}, T)).toBeInTheDocument();
    const sent = await backend.sent('POST', '/user/operator/merchant/invite');
    expect(sent.map((r) => r.body)).toEqual([{ email: 'solo@example.com', name: 'Solo Founder' }]);
    const invitee = await userRow(backend.t.db, 'solo@example.com');
    expect(invitee).toMatchObject({
      companyId: null,
      brandId: null,
      storeId: null,
      signupState: 'SUBMITTED',
    });
  });

  const chooseCompany = async (dialog: HTMLElement, search: string, name: RegExp) => {
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByRole('combobox', { name: 'Company (optional)' }), search);
    // the picker searches the companies on the server
    await waitFor(async () => {
      const lists = await backend.sent('GET', '/companies');
      expect(lists.some((c) => new URLSearchParams(c.search).get('search')?.includes(search))).toBe(true);
    }, T);
    await user.click(await screen.findByRole('option', { name }, T));
  };

  it('operator invites a merchant into a company, brand and store: the exact body, APPROVAL', async () => {
    const { dialog } = await open('operatorMerchant', 'operator');
    await chooseCompany(dialog, 'Acme', /Acme Coffee Pte Ltd/);
    expect(
      await within(dialog).findByText('They join this approved company and need no signup of their own.'),
    ).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    // only the company's ACTIVE brands and stores (Acme Tea House and Acme Coffee Orchard are not)
    await user.click(await within(dialog).findByRole('combobox', { name: /^Brand/ }, T));
    await waitFor(
      () =>
        expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
          'Whole company',
          'Acme Coffee',
        ]),
      T,
    );
    await user.click(screen.getByRole('option', { name: 'Acme Coffee' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Store/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'All stores',
        'Acme Coffee Raffles',
      ]),
    );
    await user.click(screen.getByRole('option', { name: 'Acme Coffee Raffles' }));
    await fill(dialog, { email: 'barista@example.com', name: 'Bea Barista' });
    expect(await screen.findByText('Invitation sent to barista@example.com', {}, T)).toBeInTheDocument();
    const sent = await backend.sent('POST', '/user/operator/merchant/invite');
    expect(sent.map((r) => r.body)).toEqual([
      { email: 'barista@example.com', name: 'Bea Barista', companyId: 1, brandId: 1, storeId: 1 },
    ]);
    // the brand and store lists asked the server for that company's active rows only
    const filtersOf = async (path: string) =>
      (await backend.sent('GET', path)).map((r) => new URLSearchParams(r.search).get('filter'));
    expect(await filtersOf('/brands')).toContainEqual(
      JSON.stringify([
        { field: 'companyId', op: 'eq', value: 1 },
        { field: 'state', op: 'eq', value: 'ACTIVE' },
      ]),
    );
    expect(await filtersOf('/stores')).toContainEqual(
      JSON.stringify([
        { field: 'companyId', op: 'eq', value: 1 },
        { field: 'brandId', op: 'eq', value: 1 },
        { field: 'state', op: 'eq', value: 'ACTIVE' },
      ]),
    );
    const invitee = await userRow(backend.t.db, 'barista@example.com');
    expect(invitee).toMatchObject({ companyId: 1, brandId: 1, storeId: 1, signupState: 'APPROVAL' });
  });

  it('operator invites into a company not yet approved: only companyId is sent, SUBMITTED', async () => {
    const { dialog } = await open('operatorMerchant', 'operator');
    await chooseCompany(dialog, 'Borea', /Borealis Bakes Ltd/);
    expect(
      await within(dialog).findByText(
        'They join this company, which is not approved yet, and complete its signup.',
      ),
    ).toBeInTheDocument();
    await fill(dialog, { email: 'baker@example.com', name: 'Ben Baker' });
    expect(await screen.findByText('Invitation sent to baker@example.com', {}, T)).toBeInTheDocument();
    const sent = await backend.sent('POST', '/user/operator/merchant/invite');
    expect(sent.map((r) => r.body)).toEqual([
      { email: 'baker@example.com', name: 'Ben Baker', companyId: 2 },
    ]);
    const invitee = await userRow(backend.t.db, 'baker@example.com');
    expect(invitee).toMatchObject({ companyId: 2, brandId: null, storeId: null, signupState: 'SUBMITTED' });
  });

  it('shows 26430 on the company field and 26434 / 26435 on the brand and store fields', async () => {
    const { dialog, onClose } = await open('operatorMerchant', 'operator');
    await chooseCompany(dialog, 'Acme', /Acme Coffee Pte Ltd/);
    const user = userEvent.setup({ delay: null });
    await user.click(await within(dialog).findByRole('combobox', { name: /^Brand/ }, T));
    await user.click(await screen.findByRole('option', { name: 'Acme Coffee' }, T));
    await user.click(within(dialog).getByRole('combobox', { name: /^Store/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme Coffee Raffles' }, T));

    // meanwhile someone disabled the store: 26435 on the store field
    const { db } = backend.t;
    await db.update(store).set({ state: 'DISABLED' }).where(eq(store.id, WORLD.acme.storeId));
    await fill(dialog, { email: 'late@example.com', name: 'Lee Late' });
    expect(await within(dialog).findByText('This store is not active', {}, T)).toBeInTheDocument();

    // … and the brand: 26434 on the brand field
    await db.update(brand).set({ state: 'DISABLED' }).where(eq(brand.id, WORLD.acme.brandId));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This brand is not active', {}, T)).toBeInTheDocument();

    // … and the company is gone: 26430 on the company field
    await db.update(company).set({ state: 'DELETE' }).where(eq(company.id, WORLD.acme.companyId));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This company no longer exists', {}, T)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Company (optional)' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    const sent = await backend.sent('POST', '/user/operator/merchant/invite');
    expect(sent.map((r) => r.body)).toEqual(
      Array(3).fill({ email: 'late@example.com', name: 'Lee Late', companyId: 1, brandId: 1, storeId: 1 }),
    );
    expect(Boolean(await userRow(backend.t.db, 'late@example.com'))).toBe(false);
  });

  it('shows 26440 (a brand not of the company) on the brand field', async () => {
    const { dialog } = await open('operatorMerchant', 'operator');
    await chooseCompany(dialog, 'Acme', /Acme Coffee Pte Ltd/);
    const user = userEvent.setup({ delay: null });
    await user.click(await within(dialog).findByRole('combobox', { name: /^Brand/ }, T));
    await user.click(await screen.findByRole('option', { name: 'Acme Coffee' }, T));
    // the brand moved to another company meanwhile
    await backend.t.db
      .update(brand)
      .set({ companyId: WORLD.borealis.companyId })
      .where(eq(brand.id, WORLD.acme.brandId));
    await fill(dialog, { email: 'moved@example.com', name: 'Mo Moved' });
    expect(
      await within(dialog).findByText('This brand does not belong to the chosen company', {}, T),
    ).toBeInTheDocument();
  });

  it('merchant invites a colleague into their company: POST /user/merchant/invite', async () => {
    const { db } = backend.t;
    // the company's owner, over all its brands (a merchant limited to one brand sees only its stores)
    await db.update(users).set({ brandId: null }).where(eq(users.id, WORLD.users.merchant));
    const [house] = await db
      .insert(brand)
      .values({ name: 'Kopi House', companyId: WORLD.acme.companyId, state: 'ACTIVE' })
      .returning();
    const [orchard] = await db
      .insert(store)
      .values({
        name: 'Kopi Orchard',
        address: '1 Orchard Road',
        companyId: WORLD.acme.companyId,
        brandId: house?.id,
        state: 'ACTIVE',
      })
      .returning();
    const { dialog } = await open('merchant', 'merchant');
    expect(within(dialog).getByText('Invite a colleague')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    // the optional brand and store of their own company
    await user.click(await within(dialog).findByRole('combobox', { name: /^Brand/ }, T));
    await user.click(await screen.findByRole('option', { name: 'Kopi House' }, T));
    await user.click(within(dialog).getByRole('combobox', { name: /^Store/ }));
    await user.click(await screen.findByRole('option', { name: 'Kopi Orchard' }, T));
    await fill(dialog, { email: 'colleague@example.com', name: 'Cara Colleague' });
    expect(await screen.findByText('Invitation sent to colleague@example.com', {}, T)).toBeInTheDocument();
    const sent = await backend.sent('POST', '/user/merchant/invite');
    expect(sent.map((r) => r.body)).toEqual([
      { email: 'colleague@example.com', name: 'Cara Colleague', brandId: house?.id, storeId: orchard?.id },
    ]);
    expect((await userRow(backend.t.db, 'colleague@example.com'))?.companyId).toBe(1);
  });

  it('shows 26222 on the e-mail field and keeps the dialog open', async () => {
    const { dialog, onClose } = await open('operatorMerchant', 'operator');
    await fill(dialog, { email: 'merchant@example.com', name: 'Dup' });
    expect(await within(dialog).findByText('This e-mail is already in use', {}, T)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(/Invitation sent/)).not.toBeInTheDocument();
  });

  it('shows 26221 on the mobile field', async () => {
    const { dialog } = await open('operator', 'operator');
    // +6591000002 is the seed merchant's number
    await fill(dialog, { email: 'someone@example.com', name: 'Some One', mobile: '91000002' });
    expect(
      await within(dialog).findByText('This mobile number is already in use', {}, T),
    ).toBeInTheDocument();
  });
});
