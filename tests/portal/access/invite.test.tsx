// The invite dialog sends the exact request of each of the three invitation kinds, confirms with a
// Hint notice and shows 26222 (e-mail in use) and 26221 (mobile in use) on their fields.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InviteDialog, type InviteKind } from '../../../src/pages/access/InviteDialog';
import { renderAccess as renderPage, useMockBackend } from './harness';

const T = { timeout: 10_000 };

describe('InviteDialog', { timeout: 45_000 }, () => {
  const backend = useMockBackend();

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
    expect(backend.db.users.find((u) => u.email === 'new.op@example.com')?.type).toBe('OPERATOR');
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

  it('merchant invites a colleague into their company: POST /user/merchant/invite', async () => {
    const now = '2026-01-05T08:00:00.000Z';
    backend.db.resourceRows.brand = [
      { id: 7, name: 'Kopi House', companyId: 1, state: 'ACTIVE', createTime: now, updateTime: now },
    ];
    backend.db.resourceRows.store = [
      {
        id: 8,
        name: 'Kopi Orchard',
        companyId: 1,
        brandId: 7,
        state: 'ACTIVE',
        createTime: now,
        updateTime: now,
      },
    ];
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
      { email: 'colleague@example.com', name: 'Cara Colleague', brandId: 7, storeId: 8 },
    ]);
    expect(backend.db.users.find((u) => u.email === 'colleague@example.com')?.companyId).toBe(1);
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
