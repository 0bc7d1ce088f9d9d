// The permission matrix offers a merchant only what they hold (the rest greyed out, no operator-only
// rows), hides finance from operators; the user-group forms save the exact POST and PUT, and delete
// after 'Confirm to Delete - user group …?'.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccessSubject, Permission } from '../../../contract/access';
import { PermissionMatrix } from '../../../src/pages/access/PermissionMatrix';
import { UserGroupCreate, UserGroupEdit } from '../../../src/pages/access/UserGroupForms';
import { portalServer } from '../server';
import { groupNamesOf, groupRows } from '../world';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };

describe('PermissionMatrix', { timeout: 45_000 }, () => {
  portalServer();

  it('disables for a merchant what they do not hold and hides operator-only resources', async () => {
    const held: Permission[] = [
      { resource: 'vouchers', action: 'VIEW' },
      { resource: 'vouchers', action: 'UPDATE' },
      { resource: 'device', action: 'ADD' },
    ];
    const caller: AccessSubject = { type: 'MERCHANT', permissions: held };
    const onChange = vi.fn();
    await renderAccess(
      <PermissionMatrix value={[]} onChange={onChange} caller={caller} targetType="MERCHANT" />,
      { url: '/access/merchant-access', signedInAs: 'restricted' },
    );
    const box = (name: string) => screen.getByRole('checkbox', { name });
    expect(await screen.findByRole('checkbox', { name: 'View Vouchers' }, T)).toBeEnabled();
    expect(box('Update Vouchers')).toBeEnabled();
    expect(box('Add Vouchers')).toBeDisabled();
    // ADD on devices implies VIEW, as canAccess says
    expect(box('View Devices')).toBeEnabled();
    expect(box('Add Devices')).toBeEnabled();
    expect(box('Update Devices')).toBeDisabled();
    expect(box('View Brands')).toBeDisabled();
    expect(box('View Wallet')).toBeDisabled();
    // a company's own audit trail may be granted (issue 24 item 7), by whoever holds it
    expect(box('View Audit log')).toBeDisabled();
    expect(screen.queryByTestId('matrix-row-systemConfig')).not.toBeInTheDocument();
    expect(screen.queryByTestId('matrix-row-countryConfig')).not.toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(box('Update Vouchers'));
    expect(onChange).toHaveBeenCalledWith([{ resource: 'vouchers', action: 'UPDATE' }]);
  });

  it('never shows finance to an operator', async () => {
    await renderAccess(
      <PermissionMatrix
        value={[]}
        onChange={() => undefined}
        caller={{ type: 'OPERATOR' }}
        targetType="MERCHANT"
      />,
      { url: '/access/merchant-access', signedInAs: 'operator' },
    );
    const box = (name: string) => screen.getByRole('checkbox', { name });
    expect(await screen.findByRole('checkbox', { name: 'Add Brands' }, T)).toBeEnabled();
    for (const r of ['wallet', 'walletTransaction', 'topUp', 'paymentMethod', 'paymentHistory'])
      expect(screen.queryByTestId(`matrix-row-${r}`)).not.toBeInTheDocument();
    // a merchant group has no operator-only rows either; its company's audit trail it may read
    expect(screen.queryByTestId('matrix-row-systemConfig')).not.toBeInTheDocument();
    expect(screen.queryByTestId('matrix-row-approval')).not.toBeInTheDocument();
    expect(box('View Audit log')).toBeEnabled();
  });
});

describe('user-group forms', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('edit saves the exact PUT /user-group/{id}', async () => {
    const cashiers = (await groupRows(backend.t.db)).find((g) => g.name === 'Cashiers');
    if (!cashiers) throw new Error('seed group missing');
    await renderAccess(<UserGroupEdit id={cashiers.id} />, {
      url: `/userGroups/${cashiers.id}`,
      signedInAs: 'merchant',
    });
    const name = await screen.findByLabelText(/^Name/, {}, T);
    expect(name).toHaveValue('Cashiers');
    expect(screen.getByRole('checkbox', { name: 'View Vouchers' })).toBeChecked();
    const user = userEvent.setup({ delay: null });
    await user.clear(name);
    await user.type(name, 'Front desk');
    await user.click(screen.getByRole('checkbox', { name: 'View Vouchers' }));
    await user.click(screen.getByRole('checkbox', { name: 'View Devices' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User group saved', {}, T)).toBeInTheDocument();
    const puts = await backend.sent('PUT', `/user-group/${cashiers.id}`);
    expect(puts.map((r) => r.body)).toEqual([
      {
        name: 'Front desk',
        description: 'Front-desk staff: stamp cards and vouchers',
        permissions: [
          { resource: 'stampCard', action: 'VIEW' },
          { resource: 'stampsTransaction', action: 'VIEW' },
          { resource: 'stampsTransaction', action: 'ADD' },
          { resource: 'device', action: 'VIEW' },
        ],
      },
    ]);
    // members keep the renamed group
    expect(await groupNamesOf(backend.t.db, 4)).toEqual(['Front desk']);
  });

  it('edit shows 26235 on the name field', async () => {
    const cashiers = (await groupRows(backend.t.db)).find((g) => g.name === 'Cashiers');
    await renderAccess(<UserGroupEdit id={cashiers?.id} />, { url: '/userGroups/1', signedInAs: 'merchant' });
    const name = await screen.findByLabelText(/^Name/, {}, T);
    const user = userEvent.setup({ delay: null });
    await user.clear(name);
    await user.type(name, 'Managers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A group with this name already exists', {}, T)).toBeInTheDocument();
  });

  it('deletes after confirming', async () => {
    const managers = (await groupRows(backend.t.db)).find((g) => g.name === 'Managers');
    await renderAccess(<UserGroupEdit id={managers?.id} />, { url: '/userGroups/2', signedInAs: 'merchant' });
    await screen.findByLabelText(/^Name/, {}, T);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Confirm to Delete - user group Managers?', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Delete user group Managers success', {}, T)).toBeInTheDocument();
    expect(await backend.sent('DELETE', `/user-group/${managers?.id}`)).toHaveLength(1);
    expect((await groupRows(backend.t.db)).some((g) => g.name === 'Managers')).toBe(false);
  });

  it('create (an operator group) sends the exact POST /user-group', async () => {
    await renderAccess(<UserGroupCreate />, { url: '/userGroups/create', signedInAs: 'operator' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Name/, {}, T), 'Support desk');
    await user.type(screen.getByLabelText(/^Description/), 'Answers the phone');
    await user.click(screen.getByRole('checkbox', { name: 'View Users' }));
    await user.click(screen.getByRole('checkbox', { name: 'View Audit log' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User group created', {}, T)).toBeInTheDocument();
    const [post] = await backend.sent('POST', '/user-group');
    expect(post?.body).toEqual({
      name: 'Support desk',
      description: 'Answers the phone',
      type: 'OPERATOR',
      permissions: [
        { resource: 'user', action: 'VIEW' },
        { resource: 'auditLog', action: 'VIEW' },
      ],
    });
    expect((await groupRows(backend.t.db)).find((g) => g.name === 'Support desk')?.type).toBe('OPERATOR');
  });
});
