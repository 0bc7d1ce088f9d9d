// Merchant Access as the company owner: the people of their company with group chips, then
// "Manage access" on one person: the exact PATCH of the permission matrix, the exact PUT of the
// groups (by id), and confirm-then-act when someone is taken out of every group.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MerchantAccessPage, OperatorAccessPage } from '../../../src/pages/access/AccessPages';
import { portalServer } from '../server';
import { groupNamesOf, groupRows } from '../world';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };

describe('Merchant Access', { timeout: 60_000 }, () => {
  const backend = portalServer();

  const openManage = async (email: string) => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    const cell = await screen.findByText(email, {}, T);
    const row = cell.closest('tr') as HTMLElement;
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Manage access' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    await within(dialog).findByText('Direct permissions', {}, T);
    return { dialog, user, row };
  };

  it('lists the company people, filtered to merchants, with their groups', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    const rita = (await screen.findByText('restricted@example.com', {}, T)).closest('tr') as HTMLElement;
    expect(await within(rita).findByText('Cashiers', {}, T)).toBeInTheDocument();
    expect(within(rita).getByText('Active')).toBeInTheDocument();
    // another company's merchant (Nina, no company) is not listed
    expect(screen.queryByText('new.merchant@example.com')).not.toBeInTheDocument();
    const [list] = await backend.sent('GET', '/user');
    const filter = JSON.parse(new URLSearchParams(list?.search).get('filter') ?? '[]');
    expect(filter).toEqual([{ field: 'type', op: 'eq', value: 'MERCHANT' }]);
  });

  it('sends the exact PATCH body of the permission matrix', async () => {
    const { dialog, user } = await openManage('restricted@example.com');
    const addVouchers = within(dialog).getByRole('checkbox', { name: 'Add Vouchers' });
    expect(addVouchers).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'View Vouchers' })).toBeChecked();
    await user.click(addVouchers);
    await user.click(within(dialog).getByRole('checkbox', { name: 'View Devices' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('Permissions saved', {}, T)).toBeInTheDocument();
    const [patch] = await backend.sent('PATCH', '/user/4/permissions');
    expect(patch?.body).toEqual({
      permissions: [
        { resource: 'vouchers', action: 'VIEW' },
        { resource: 'vouchers', action: 'ADD' },
        { resource: 'stampCard', action: 'VIEW' },
        { resource: 'user', action: 'VIEW' },
        { resource: 'wallet', action: 'VIEW' },
        { resource: 'walletTransaction', action: 'VIEW' },
        { resource: 'topUp', action: 'VIEW' },
        { resource: 'paymentMethod', action: 'VIEW' },
        { resource: 'paymentHistory', action: 'VIEW' },
      ],
    });
  });

  it('saves groups by id with PUT /user/{id}/groups', async () => {
    const { dialog, user } = await openManage('restricted@example.com');
    const managers = (await groupRows(backend.t.db)).find((g) => g.name === 'Managers');
    const cashiers = (await groupRows(backend.t.db)).find((g) => g.name === 'Cashiers');
    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'Managers' }, T));
    await user.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    expect(await screen.findByText('Groups saved', {}, T)).toBeInTheDocument();
    const [put] = await backend.sent('PUT', '/user/4/groups');
    expect(put?.body).toEqual({ groupIds: [cashiers?.id, managers?.id] });
    expect(await groupNamesOf(backend.t.db, 4)).toEqual(['Cashiers', 'Managers']);
  });

  it('asks before taking someone out of every group', async () => {
    const { dialog, user } = await openManage('restricted@example.com');
    const chip = await within(dialog).findByRole('button', { name: 'Cashiers' });
    // MUI's chip delete icon
    await user.click(within(chip).getByTestId('CancelIcon'));
    await user.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    const confirm = await screen.findByText('Confirm to Remove - Rita Restricted from all groups?', {}, T);
    expect(confirm).toBeInTheDocument();
    expect(await backend.sent('PUT', '/user/4/groups')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Remove Rita Restricted from all groups success', {}, T),
    ).toBeInTheDocument();
    const [put] = await backend.sent('PUT', '/user/4/groups');
    expect(put?.body).toEqual({ groupIds: [] });
  });
});

describe('Operator Access', { timeout: 60_000 }, () => {
  portalServer();

  it('lists operators and shows the effective permissions as unlimited', async () => {
    await renderAccess(<OperatorAccessPage />, { url: '/access/operator-access', signedInAs: 'operator' });
    const row = (await screen.findByText('operator@example.com', {}, T)).closest('tr') as HTMLElement;
    expect(screen.queryByText('merchant@example.com')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Audit log entries by Olivia Operator/ })).toHaveAttribute(
      'href',
      `/config/audit-log?filter=${encodeURIComponent('{"actorId":1}')}`,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Manage access' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(await within(dialog).findByText(/All permissions/, {}, T)).toBeInTheDocument();
    // operators never see finance rows
    await waitFor(() => expect(within(dialog).queryByTestId('matrix-row-wallet')).not.toBeInTheDocument());
    expect(within(dialog).getByTestId('matrix-row-auditLog')).toBeInTheDocument();
  });
});
