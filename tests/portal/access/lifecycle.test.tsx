// The people lifecycle on the access screens: Disable / Enable (PATCH /user/{id}/state), Unlock
// (POST /user/{id}/unlock) and Resend invitation (POST /user/{id}/invitation/resend), each confirm-then-act with the spec's wording;
// the actions are hidden where the caller may not use them (self, no UPDATE on users); and the
// group chips come from the list rows, with no GET /user/{id} per row.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/platform/db/schema';
import { MerchantAccessPage, OperatorAccessPage } from '../../../src/pages/access/AccessPages';
import { portalServer } from '../server';
import { userRow } from '../world';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };

/** MUI keeps the rest of the page aria-hidden while a dialog is (still) open. */
const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), T);

const rowOf = async (email: string) => (await screen.findByText(email, {}, T)).closest('tr') as HTMLElement;

describe('people lifecycle', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('disables after confirming: the exact PATCH, the Hint, the chip', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    const row = await rowOf('merchant@example.com');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Confirm to Disable - Mark Merchant?', {}, T)).toBeInTheDocument();
    expect(await backend.sent('PATCH', '/user/2/state')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Disable Mark Merchant success', {}, T)).toBeInTheDocument();
    const [patch, ...more] = await backend.sent('PATCH', '/user/2/state');
    expect(more).toHaveLength(0);
    expect(patch?.body).toEqual({ state: 'DISABLE' });
    expect((await userRow(backend.t.db, 2))?.state).toBe('DISABLE');
    await waitFor(() => expect(within(row).getByText('Disabled')).toBeInTheDocument(), T);
    await dialogGone();
    expect(within(row).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('unlocks a locked person (POST /user/{id}/unlock), saying since when; Cancel sends nothing', async () => {
    const lockedAt = new Date('2026-11-20T06:30:00Z');
    await backend.t.db.update(users).set({ lockedAt, failedSignIns: 5 }).where(eq(users.id, 6));
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    const row = await rowOf('locked@example.com');
    expect(within(row).getByText('Locked')).toBeInTheDocument();
    // in the operator's zone (Singapore): 14:30
    expect(within(row).getByText('since 20 Nov 2026, 14:30')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Confirm to Unlock - Lee Locked?', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await dialogGone();
    expect(await backend.sent('POST', '/user/6/unlock')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, T));
    expect(await screen.findByText('Unlock Lee Locked success', {}, T)).toBeInTheDocument();
    const [post, ...more] = await backend.sent('POST', '/user/6/unlock');
    expect(more).toHaveLength(0);
    expect(post?.body).toEqual({});
    expect(await userRow(backend.t.db, 6)).toMatchObject({
      state: 'ENABLE',
      lockedAt: null,
      failedSignIns: 0,
    });
    await waitFor(() => expect(within(row).getByText('Active')).toBeInTheDocument(), T);
    expect(within(row).queryByText(/^since /)).not.toBeInTheDocument();
  });

  it('resends an invitation to someone still invited: the exact POST', async () => {
    await backend.t.db.update(users).set({ state: 'WAIT_EMAIL_ACTIVE' }).where(eq(users.id, 3));
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    const row = await rowOf('new.merchant@example.com');
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Confirm to Resend invitation - Nina New?', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Resend invitation Nina New success', {}, T)).toBeInTheDocument();
    const [post, ...more] = await backend.sent('POST', '/user/3/invitation/resend');
    expect(more).toHaveLength(0);
    expect(post?.body).toEqual({});
  });

  it('a refused switch: a red Error "Disable {name} failed" with the code, then the real state', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    const row = await rowOf('merchant@example.com');
    // someone else deleted and re-invited them meanwhile: the server refuses with 11
    await backend.t.db.update(users).set({ state: 'WAIT_EMAIL_ACTIVE' }).where(eq(users.id, 2));
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, T));
    const notice = await screen.findByText('Disable Mark Merchant failed', {}, T);
    // the Notice's "Error" title next to the spec's sentence (the red itself: tests/portal/notices)
    expect(within(notice.closest('.MuiSnackbar-root') as HTMLElement).getByText('Error')).toBeInTheDocument();
    expect(await screen.findByText(/^11 /, {}, T)).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Invited')).toBeInTheDocument(), T);
  });

  it('hides the actions on oneself; groups come from the list rows, no GET /user/{id} per row', async () => {
    await renderAccess(<OperatorAccessPage />, { url: '/access/operator-access', signedInAs: 'operator' });
    const self = await rowOf('operator@example.com');
    expect(within(self).getByRole('button', { name: 'Manage access' })).toBeInTheDocument();
    expect(within(self).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(within(self).queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    expect(within(self).getByText('None')).toBeInTheDocument();
    const perRow = (await backend.sent('GET')).filter((r) => /^\/user\/\d+$/.test(r.path));
    expect(perRow).toEqual([]);
  });

  it("a company owner: colleagues' actions, none on themselves", async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    const rita = await rowOf('restricted@example.com');
    expect(within(rita).getByText('Cashiers')).toBeInTheDocument();
    expect(within(rita).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    const self = await rowOf('merchant@example.com');
    expect(within(self).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    const perRow = (await backend.sent('GET')).filter((r) => /^\/user\/\d+$/.test(r.path));
    expect(perRow).toEqual([]);
  });

  it('a merchant without UPDATE on users sees no actions', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'restricted' });
    const mark = await rowOf('merchant@example.com');
    expect(within(mark).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(within(mark).queryByRole('button', { name: 'Manage access' })).not.toBeInTheDocument();
  });
});
