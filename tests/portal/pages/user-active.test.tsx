import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmailActionToken } from '../../../server/domains/access/email-actions';
import { users } from '../../../server/platform/db/schema';
import { UserActivePage } from '../../../src/pages/xaction/UserActivePage';
import { testPasswordHash } from '../../api/helpers';
import { portalServer } from '../server';
import { passwordIs, SEED_PASSWORD, userRow, WORLD } from '../world';
import { renderPage } from './harness';

describe('UserActivePage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  const nina = WORLD.users.newMerchant;
  /**
   * Seed merchant Nina as waiting for activation, with (self-registered) or without (invited) a
   * password; the activation token the server mailed her.
   */
  const waitingUser = async (password: string | null) => {
    const { db } = backend.t;
    await db
      .update(users)
      .set({ state: 'WAIT_EMAIL_ACTIVE', passwordHash: password ? await testPasswordHash(password) : null })
      .where(eq(users.id, nina));
    return createEmailActionToken(db, nina, 'activeEmail');
  };
  const stateOfNina = async () => (await userRow(backend.t.db, nina))?.state;

  it('activates a self-registered user at once with just the token', async () => {
    const token = await waitingUser(SEED_PASSWORD);
    await renderPage(<UserActivePage />, { url: `/x-action/user-active?token=${token}` });
    expect(await screen.findByText('Your account is activated. You can sign in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const calls = await backend.sent('PATCH', '/user/active-by-email');
    expect(calls.map((c) => c.body)).toEqual([{ token }]);
    expect(await stateOfNina()).toBe('ENABLE');
  });

  it('asks an invited user for a password, then activates with token and password', async () => {
    const token = await waitingUser(null);
    await renderPage(<UserActivePage />, { url: `/x-action/user-active?token=${token}` });
    expect(
      await screen.findByText('Choose a password to finish activating your account.'),
    ).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'Fresh-Pass-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Fresh-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('Your account is activated. You can sign in now.')).toBeInTheDocument();
    const calls = await backend.sent('PATCH', '/user/active-by-email');
    expect(calls.map((c) => c.body)).toEqual([{ token }, { token, password: 'Fresh-Pass-1' }]);
    expect(await stateOfNina()).toBe('ENABLE');
    expect(await passwordIs(backend.t.db, nina, 'Fresh-Pass-1')).toBe(true);
  });

  it('shows the password form straight away when the link says setPassword=1', async () => {
    const token = await waitingUser(null);
    await renderPage(<UserActivePage />, { url: `/x-action/user-active?token=${token}&setPassword=1` });
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
    expect(await backend.sent('PATCH', '/user/active-by-email')).toHaveLength(0);
  });

  it('says an unknown or used link is invalid (26211)', async () => {
    await renderPage(<UserActivePage />, { url: '/x-action/user-active?token=nope' });
    expect(
      await screen.findByText('This activation link is invalid, was already used or has expired.'),
    ).toBeInTheDocument();
  });

  it('says the account cannot be activated in its state (26201)', async () => {
    const token = await waitingUser(SEED_PASSWORD);
    // an operator disabled the account before the link was followed (an active one just stays active)
    await backend.t.db.update(users).set({ state: 'DISABLE' }).where(eq(users.id, nina));
    await renderPage(<UserActivePage />, { url: `/x-action/user-active?token=${token}` });
    expect(
      await screen.findByText(
        'This account cannot be activated in its current state. Contact your administrator.',
      ),
    ).toBeInTheDocument();
  });

  it('explains a link without token and calls nothing', async () => {
    await renderPage(<UserActivePage />, { url: '/x-action/user-active' });
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(await backend.sent()).toHaveLength(0);
  });
});
