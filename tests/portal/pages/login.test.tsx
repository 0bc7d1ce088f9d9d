import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS, ERRORS, HEADERS } from '../../../contract';
import { server } from '../../../mocks/node';
import { company, emailActionTokens, users } from '../../../server/platform/db/schema';
import { sha256 } from '../../../server/platform/tokens';
import { LoginPage } from '../../../src/pages/auth/LoginPage';
import { portalServer } from '../server';
import { SEED_ACCOUNTS, SEED_PASSWORD, WORLD } from '../world';
import { renderPage } from './harness';

const signIn = async (email: string, password: string) => {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('LoginPage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('signs an approved merchant in with exactly e-mail and password, then goes to /', async () => {
    await renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('to Loyalty Portal')).toBeInTheDocument();
    await signIn(SEED_ACCOUNTS.merchant.email, SEED_PASSWORD);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    const [call] = await backend.sent('POST', '/auth/get-token');
    expect(call?.body).toEqual({ email: 'merchant@example.com', password: SEED_PASSWORD });
    expect(call?.headers.get(HEADERS.authorization)).toBeNull();
  });

  it('sends a merchant awaiting approval to /signup', async () => {
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.newMerchant.email, SEED_PASSWORD);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/signup$/));
  });

  it('shows bad credentials inline on 26200 and stays on the page', async () => {
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.merchant.email, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bad credentials: the e-mail or the password is not right.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
  });

  it('says how many tries are left, then that sign-in is paused and a locked account was mailed', async () => {
    // the server's answers to the last three of LOGIN_MAX_FAILURES (5) wrong passwords from one address
    // (tests/api/account-security.test.ts checks the server counts them so, alike for unknown e-mails)
    const answers: Record<string, string>[] = [
      { 'X-Sign-In-Attempts-Left': '2' },
      { 'X-Sign-In-Attempts-Left': '1' },
      { 'X-Sign-In-Attempts-Left': '0', 'Retry-After': '900' },
    ];
    server.use(
      http.post(`*${BASE_PATHS.main}/auth/get-token`, () =>
        HttpResponse.json(
          {
            type: 'CR',
            code: ERRORS.BAD_CREDENTIALS.code,
            name: 'BAD_CREDENTIALS',
            message: ERRORS.BAD_CREDENTIALS.message,
            data: null,
          },
          { status: 401, headers: answers.shift() ?? {} },
        ),
      ),
    );
    await renderPage(<LoginPage />, { url: '/login' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^E-mail/), 'someone@example.com');
    const password = screen.getByLabelText(/^Password/);
    const tryOnce = async () => {
      await user.clear(password);
      await user.type(password, 'wrong-password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
    };
    const alertSays = (text: string) =>
      waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          `Bad credentials: the e-mail or the password is not right.${text}`,
        ),
      );
    await tryOnce();
    await alertSays('2 more wrong tries and sign-in is paused.');
    await tryOnce();
    await alertSays('1 more wrong try and sign-in is paused.');
    await tryOnce();
    await alertSays(
      'Sign-in is paused for 15 minutes after too many wrong passwords. If this e-mail has an account, it is locked now: we e-mailed it a link to choose a new password, which unlocks it, and an administrator can unlock it too.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
  });

  it('says the account is locked on 26201 naming LOCK, with the way out and no activation hint', async () => {
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.locked.email, SEED_PASSWORD);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This account is locked after too many wrong passwords. Follow the link we e-mailed you to choose a new password, or ask your administrator to unlock it.',
    );
    expect(alert).not.toHaveTextContent('activation link');
  });

  it('offers both readings when 26201 names no state', async () => {
    server.use(
      http.post(`*${BASE_PATHS.main}/auth/get-token`, () =>
        HttpResponse.json(
          {
            type: 'CR',
            code: ERRORS.INVALID_USER_STATE.code,
            name: 'INVALID_USER_STATE',
            message: ERRORS.INVALID_USER_STATE.message,
            data: null,
          },
          { status: 403 },
        ),
      ),
    );
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.locked.email, SEED_PASSWORD);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This account is not active, so it cannot sign in.');
    expect(alert).toHaveTextContent('check your e-mail for the activation link');
  });

  it('says to use the activation link when 26201 names WAIT_EMAIL_ACTIVE', async () => {
    // invited, the activation link not followed yet
    await backend.t.db
      .update(users)
      .set({ state: 'WAIT_EMAIL_ACTIVE' })
      .where(eq(users.id, WORLD.users.newMerchant));
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.newMerchant.email, SEED_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account is not activated yet. Check your e-mail for the activation link, then sign in.',
    );
  });

  it('says the company is closed (26433) and who can open it again, and signs nobody in', async () => {
    // an operator disabled the merchant's company (issue 40 item 3)
    await backend.t.db.update(company).set({ state: 'DISABLED' }).where(eq(company.id, WORLD.acme.companyId));
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.merchant.email, SEED_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your company is closed in this portal, so its accounts cannot sign in. Nothing of it was removed: ask the portal's operator to enable it again.",
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
  });

  it("says a disabled brand or store (26434, 26435) is the company owner's to enable", async () => {
    server.use(
      http.post(`*${BASE_PATHS.main}/auth/get-token`, () =>
        HttpResponse.json(
          {
            type: 'CR',
            code: ERRORS.STORE_NOT_ACTIVE.code,
            name: 'STORE_NOT_ACTIVE',
            message: ERRORS.STORE_NOT_ACTIVE.message,
            data: { state: 'DISABLED', caller: true },
          },
          { status: 409 },
        ),
      ),
    );
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.merchant.email, SEED_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The brand or store of this account is disabled, so it cannot sign in. Ask your company's owner to enable it again.",
    );
  });

  it('goes to set a new password with the reset token of 26202', async () => {
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.mustReset.email, SEED_PASSWORD);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/x-action\/forget-pwd\?token=/),
    );
    // the token in the address is the one the server stored (as its hash) for this user's reset
    const where = new URL(screen.getByTestId('where').textContent ?? '', 'http://portal.test');
    const token = where.searchParams.get('token') ?? '';
    const hash = sha256(token);
    const [stored] = await backend.t.db
      .select()
      .from(emailActionTokens)
      .where(eq(emailActionTokens.tokenHash, hash));
    expect(stored).toMatchObject({ userId: WORLD.users.mustReset, kind: 'forgetPwd', usedAt: null });
  });

  it('tells how long to wait when rate limited (429 with Retry-After)', async () => {
    server.use(
      http.post(`*${BASE_PATHS.main}/auth/get-token`, () =>
        HttpResponse.json(
          {
            type: 'CR',
            code: ERRORS.TOO_MANY_REQUESTS.code,
            name: 'TOO_MANY_REQUESTS',
            message: ERRORS.TOO_MANY_REQUESTS.message,
            data: null,
          },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    );
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn(SEED_ACCOUNTS.merchant.email, SEED_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
  });

  it('checks the e-mail before calling the API', async () => {
    await renderPage(<LoginPage />, { url: '/login' });
    await signIn('not-an-email', SEED_PASSWORD);
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    await waitFor(async () => expect(await backend.sent('POST', '/auth/get-token')).toHaveLength(0));
  });

  it('links to register and forget-password', async () => {
    await renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
  });
});
