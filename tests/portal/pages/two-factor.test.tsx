// Two-factor sign-in in the portal, against the real server: the login page's second step (a code of
// the app, or a recovery code) and enrolment in Settings > Profile. Codes come from the otpauth
// library at the real clock, as a phone's app would show them.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { startEnrolment } from '../../../server/domains/users/two-factor';
import { twoFactorChallenges, users, userTwoFactor } from '../../../server/platform/db/schema';
import { sha256 } from '../../../server/platform/tokens';
import { LoginPage } from '../../../src/pages/auth/LoginPage';
import { ProfilePage } from '../../../src/pages/settings/ProfilePage';
import { portalServer, type RealBackend } from '../server';
import { SEED_ACCOUNTS, SEED_PASSWORD, WORLD } from '../world';
import { renderPage } from './harness';

const codeNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/** Gives the seed merchant a confirmed second factor, as enrolment would have. */
const merchantWithSecondFactor = async (backend: RealBackend) => {
  const [row] = await backend.t.db.select().from(users).where(eq(users.id, WORLD.users.merchant));
  if (!row) throw new Error('no seed merchant');
  const enrolment = await startEnrolment({ db: backend.t.db, config: backend.t.config }, row);
  await backend.t.db
    .update(userTwoFactor)
    .set({ enabledAt: new Date() })
    .where(eq(userTwoFactor.userId, row.id));
  return enrolment;
};

const signIn = async (email: string, password: string) => {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
};

describe('two-factor sign-in (portal)', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('asks for the code after the password, then signs in with exactly challenge and code', async () => {
    const { secret } = await merchantWithSecondFactor(backend);
    await renderPage(<LoginPage />, { url: '/login' });
    const user = await signIn(SEED_ACCOUNTS.merchant.email, SEED_PASSWORD);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);

    // a wrong code first: said plainly, with the attempts left
    await user.type(screen.getByLabelText(/^Code from the app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not right, or it was already used.');
    expect(alert).toHaveTextContent('4 attempts left.');

    const code = codeNow(secret);
    await user.clear(screen.getByLabelText(/^Code from the app/));
    await user.type(screen.getByLabelText(/^Code from the app/), code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));

    const tries = await backend.sent('POST', '/auth/two-factor');
    const challenge = (tries[0]?.body as { challenge?: string } | undefined)?.challenge ?? '';
    expect(tries.map((r) => r.body)).toEqual([
      { challenge, code: '000000' },
      { challenge, code },
    ]);
    // the challenge is the one the server handed to this merchant (it keeps only its hash)
    const [stored] = await backend.t.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.tokenHash, sha256(challenge)));
    expect(stored).toMatchObject({ userId: WORLD.users.merchant, attempts: 1 });
    expect(stored?.usedAt).toBeInstanceOf(Date);
  });

  it('signs in with a recovery code from the "use a recovery code" link', async () => {
    const { recoveryCodes } = await merchantWithSecondFactor(backend);
    await renderPage(<LoginPage />, { url: '/login' });
    const user = await signIn(SEED_ACCOUNTS.merchant.email, SEED_PASSWORD);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), recoveryCodes[0] ?? '');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('enrols from Settings > Profile: QR code, key, recovery codes, then a code turns it on', async () => {
    await renderPage(<ProfilePage />, { url: '/settings/profile', signedInAs: 'operator' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByTitle('QR code for your authenticator app')).toBeInTheDocument();
    const secret = (screen.getByTestId('two-factor-secret').textContent ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect(codes.querySelectorAll('li')).toHaveLength(10);

    await user.type(screen.getByLabelText(/^Code from the app/), codeNow(secret));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor sign-in is on')).toBeInTheDocument();
    const [row] = await backend.t.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, WORLD.users.operator));
    expect(row?.enabledAt).toBeInstanceOf(Date);
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeInTheDocument();
  });

  it('offers to end the sessions signed in with the password alone once it is on, and ends them', async () => {
    // the operator is signed in on another browser too, before two-factor
    const other = await backend.t.app.inject({
      method: 'POST',
      url: '/portal-main-service/api/v1/auth/get-token',
      payload: { email: SEED_ACCOUNTS.operator.email, password: SEED_PASSWORD },
    });
    expect(other.json().code).toBe(0);
    await renderPage(<ProfilePage />, { url: '/settings/profile', signedInAs: 'operator' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await screen.findByTitle('QR code for your authenticator app');
    const secret = (screen.getByTestId('two-factor-secret').textContent ?? '').replace(/\s/g, '');
    await user.type(screen.getByLabelText(/^Code from the app/), codeNow(secret));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const offer = await screen.findByText(/other sessions?, with your password alone/);
    expect(offer).toHaveTextContent('so that every sign-in needs your code?');
    const reads = (await backend.sent('GET', '/user/me/sessions')).length;
    await user.click(screen.getByRole('button', { name: 'End other sessions' }));
    await waitFor(async () => expect(await backend.sent('DELETE', '/user/me/sessions')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/with your password alone/)).toBeNull());
    // the sessions list on the same page reads them again
    await waitFor(async () => expect(await backend.sent('GET', '/user/me/sessions')).toHaveLength(reads + 1));
    // the other browser's login ended
    const after = await backend.t.app.inject({
      method: 'GET',
      url: `/portal-main-service/api/v1/user/${WORLD.users.operator}`,
      headers: { authorization: `Bearer ${String(other.headers['x-access-token'])}` },
    });
    expect(after.json().code).toBe(1005);
  });
});
