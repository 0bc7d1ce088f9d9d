import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginSessions } from '../../../server/platform/db/schema';
import { ProfilePage } from '../../../src/pages/settings/ProfilePage';
import { portalServer } from '../server';
import { SEED_ACCOUNTS, userRow, WORLD } from '../world';
import { renderPage } from './harness';

describe('ProfilePage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('loads the user, saves name, mobile and country with PUT user/{id}/info', async () => {
    await renderPage(<ProfilePage />, { url: '/settings/profile', signedInAs: 'merchant' });
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Mark Merchant');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('merchant@example.com');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Mobile/)).toHaveValue('9100 0002');
    const [load] = await backend.sent('GET', '/user/2');
    expect(load?.headers.get('Authorization')).toMatch(/^Bearer /);

    const user = userEvent.setup({ delay: null });
    await user.clear(name);
    await user.type(name, 'Mark M. Merchant');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const [put] = await backend.sent('PUT', '/user/2/info');
    expect(put?.body).toEqual({ name: 'Mark M. Merchant', mobile: '+6591000002', country: 'sg' });
    expect((await userRow(backend.t.db, WORLD.users.merchant))?.name).toBe('Mark M. Merchant');
  });

  it('shows 26221 on the mobile field when the number belongs to someone else', async () => {
    await renderPage(<ProfilePage />, { url: '/settings/profile', signedInAs: 'merchant' });
    const mobile = await screen.findByLabelText(/^Mobile/);
    const user = userEvent.setup({ delay: null });
    await user.clear(mobile);
    // +6591000001 is the seed operator's number.
    await user.type(mobile, '91000001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This mobile number is already in use')).toBeInTheDocument();
    expect((await userRow(backend.t.db, WORLD.users.merchant))?.mobile).toBe('+6591000002');
  });
});

describe('ProfilePage: signed-in sessions', { timeout: 45_000 }, () => {
  const backend = portalServer();
  const CHROME_WIN =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('lists the sessions, marks this browser, signs another out after confirming', async () => {
    const other = await backend.t.app.inject({
      method: 'POST',
      url: '/portal-main-service/api/v1/auth/get-token',
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': CHROME_WIN },
      payload: SEED_ACCOUNTS.merchant,
    });
    expect(other.json().code).toBe(0);
    await renderPage(<ProfilePage />, { url: '/settings/profile', signedInAs: 'merchant' });
    expect(await screen.findByRole('heading', { name: 'Signed-in sessions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Signed-in sessions' });
    const chrome = (await within(table).findByText('Chrome 131 on Windows')).closest('tr') as HTMLElement;
    expect(within(chrome).getByText('203.0.113.7')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    // a heading row and the two sessions; this browser's has no Sign out
    expect(rows).toHaveLength(3);
    const current = within(table).getByText('This browser').closest('tr') as HTMLElement;
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(within(chrome).getByRole('button', { name: 'Sign out of Chrome 131 on Windows' }));
    expect(await screen.findByText('Confirm to Sign out - Chrome 131 on Windows?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sign out Chrome 131 on Windows success')).toBeInTheDocument();
    const sessionId = (
      await backend.t.db.select().from(loginSessions).where(eq(loginSessions.userAgent, CHROME_WIN))
    )[0]?.id;
    const [del] = await backend.sent('DELETE', `/user/me/sessions/${sessionId}`);
    expect(del).toBeDefined();
    const [row] = await backend.t.db
      .select()
      .from(loginSessions)
      .where(eq(loginSessions.id, sessionId ?? ''));
    expect(row?.revokeReason).toBe('signed-out-by-user');
    await waitFor(() => expect(screen.queryByText('Chrome 131 on Windows')).not.toBeInTheDocument());
    expect(screen.getByText('This browser')).toBeInTheDocument();
  });
});
