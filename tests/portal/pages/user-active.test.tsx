import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MOCK_PASSWORD } from '../../../mocks/data';
import { UserActivePage } from '../../../src/pages/xaction/UserActivePage';
import { renderPage, useMockBackend } from './harness';

describe('UserActivePage', { timeout: 45_000 }, () => {
  const backend = useMockBackend();

  /** Seed merchant 3 as waiting for activation, with (self-registered) or without (invited) a password. */
  const waitingUser = (password: string | null) => {
    const u = backend.db.users.find((x) => x.id === 3);
    if (!u) throw new Error('seed user 3 missing');
    u.state = 'WAIT_EMAIL_ACTIVE';
    u.password = password;
    backend.db.emailTokens.set('act-123', { userId: 3, kind: 'activeEmail' });
    return u;
  };

  it('activates a self-registered user at once with just the token', async () => {
    const u = waitingUser(MOCK_PASSWORD);
    await renderPage(<UserActivePage />, { url: '/x-action/user-active?token=act-123' });
    expect(await screen.findByText('Your account is activated. You can sign in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const calls = await backend.sent('PATCH', '/user/active-by-email');
    expect(calls.map((c) => c.body)).toEqual([{ token: 'act-123' }]);
    expect(u.state).toBe('ENABLE');
  });

  it('asks an invited user for a password, then activates with token and password', async () => {
    const u = waitingUser(null);
    await renderPage(<UserActivePage />, { url: '/x-action/user-active?token=act-123' });
    expect(
      await screen.findByText('Choose a password to finish activating your account.'),
    ).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'Fresh-Pass-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Fresh-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('Your account is activated. You can sign in now.')).toBeInTheDocument();
    const calls = await backend.sent('PATCH', '/user/active-by-email');
    expect(calls.map((c) => c.body)).toEqual([
      { token: 'act-123' },
      { token: 'act-123', password: 'Fresh-Pass-1' },
    ]);
    expect(u.state).toBe('ENABLE');
    expect(u.password).toBe('Fresh-Pass-1');
  });

  it('shows the password form straight away when the link says setPassword=1', async () => {
    waitingUser(null);
    await renderPage(<UserActivePage />, { url: '/x-action/user-active?token=act-123&setPassword=1' });
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
    waitingUser(MOCK_PASSWORD);
    const u = backend.db.users.find((x) => x.id === 3);
    if (u) u.state = 'ENABLE';
    await renderPage(<UserActivePage />, { url: '/x-action/user-active?token=act-123' });
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
