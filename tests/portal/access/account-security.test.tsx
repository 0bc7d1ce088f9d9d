// Account security on the access screens (issue 24 items 3-4): "More actions" > "Require password
// reset" (POST /user/{id}/require-password-reset) and "Sign out everywhere" (DELETE
// /user/{id}/sessions), each confirm-then-act; then the 26202 flow: the person's next sign-in goes
// straight into setting a new password with the token of the error, and the new password works.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginSessions, userTwoFactor } from '../../../server/platform/db/schema';
import { MerchantAccessPage } from '../../../src/pages/access/AccessPages';
import { LoginPage } from '../../../src/pages/auth/LoginPage';
import { ForgetPwdPage } from '../../../src/pages/xaction/ForgetPwdPage';
import { AUTH } from '../../api/helpers';
import { renderPage } from '../pages/harness';
import { portalServer } from '../server';
import { passwordIs, SEED_ACCOUNTS, SEED_PASSWORD, userRow, WORLD } from '../world';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };
const rowOf = async (email: string) => (await screen.findByText(email, {}, T)).closest('tr') as HTMLElement;

const openSessions = (backend: ReturnType<typeof portalServer>, userId: number) =>
  backend.t.db
    .select()
    .from(loginSessions)
    .where(and(eq(loginSessions.userId, userId), isNull(loginSessions.revokedAt)));

describe('account security on the access screens', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('requires a password reset after confirming; the next sign-in sets a new password at once', async () => {
    // Mark is signed in somewhere: requiring the reset ends that login
    const elsewhere = await backend.t.app.inject({
      method: 'POST',
      url: `${AUTH}/get-token`,
      payload: SEED_ACCOUNTS.merchant,
    });
    expect(elsewhere.json().code).toBe(0);
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    const row = await rowOf('merchant@example.com');
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'More actions for Mark Merchant' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Require password reset' }, T));
    expect(
      await screen.findByText('Confirm to Require password reset - Mark Merchant?', {}, T),
    ).toBeInTheDocument();
    expect(await backend.sent('POST', '/user/2/require-password-reset')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Require password reset Mark Merchant success', {}, T),
    ).toBeInTheDocument();
    const [post, ...more] = await backend.sent('POST', '/user/2/require-password-reset');
    expect(more).toHaveLength(0);
    expect(post?.body).toEqual({});
    expect((await userRow(backend.t.db, WORLD.users.merchant))?.mustResetPassword).toBe(true);
    expect(await openSessions(backend, WORLD.users.merchant)).toHaveLength(0);

    // Mark signs in: 26202 takes him straight to setting a new password, with the error's token
    cleanup();
    await renderPage(<LoginPage />, { url: '/login' });
    await user.type(await screen.findByLabelText(/^E-mail/), SEED_ACCOUNTS.merchant.email);
    await user.type(screen.getByLabelText(/^Password/), SEED_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(
      () =>
        expect(screen.getByTestId('where')).toHaveTextContent(
          /^\/x-action\/forget-pwd\?token=[^&]+&required=1$/,
        ),
      T,
    );
    const target = screen.getByTestId('where').textContent ?? '';
    const [refused] = await backend.sent('POST', '/auth/get-token');
    expect(refused).toBeDefined();

    cleanup();
    await renderPage(<ForgetPwdPage />, { url: target });
    expect(
      await screen.findByText('You need to choose a new password before you sign in.', {}, T),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'After-The-Leak-7');
    await user.type(screen.getByLabelText(/^Confirm password/), 'After-The-Leak-7');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Your password is changed. Sign in with the new password.', {}, T),
    ).toBeInTheDocument();
    const token = new URL(target, 'http://portal.test').searchParams.get('token');
    const [reset] = await backend.sent('POST', '/auth/password/reset');
    expect(reset?.body).toEqual({ token, password: 'After-The-Leak-7' });
    expect((await userRow(backend.t.db, WORLD.users.merchant))?.mustResetPassword).toBe(false);
    expect(await passwordIs(backend.t.db, WORLD.users.merchant, 'After-The-Leak-7')).toBe(true);
  });

  it('signs a person out everywhere after confirming: every login of theirs ends', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await backend.t.app.inject({
        method: 'POST',
        url: `${AUTH}/get-token`,
        payload: SEED_ACCOUNTS.restricted,
      });
      expect(r.json().code).toBe(0);
    }
    expect(await openSessions(backend, WORLD.users.restricted)).toHaveLength(2);
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    const row = await rowOf('restricted@example.com');
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: /^More actions for / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }, T));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, T));
    expect(await screen.findByText(/^Sign out everywhere .* success$/, {}, T)).toBeInTheDocument();
    const [del, ...more] = await backend.sent('DELETE', `/user/${WORLD.users.restricted}/sessions`);
    expect(more).toHaveLength(0);
    expect(del).toBeDefined();
    expect(await openSessions(backend, WORLD.users.restricted)).toHaveLength(0);
    // the owner's own row offers none of it
    const self = await rowOf('merchant@example.com');
    expect(within(self).queryByRole('button', { name: /^More actions for / })).not.toBeInTheDocument();
  });

  it('resets the second factor of someone who has one, after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const menuOf = async () => {
      const row = await rowOf('restricted@example.com');
      await user.click(within(row).getByRole('button', { name: /^More actions for / }));
      return screen.findByRole('menu', {}, T);
    };
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    // no second factor: nothing to reset
    expect(within(await menuOf()).queryByRole('menuitem', { name: 'Reset two-factor sign-in' })).toBeNull();
    cleanup();

    await backend.t.db
      .insert(userTwoFactor)
      .values({ userId: WORLD.users.restricted, secretSealed: 'sealed', enabledAt: new Date() });
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    await user.click(within(await menuOf()).getByRole('menuitem', { name: 'Reset two-factor sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, T));
    expect(await screen.findByText(/^Reset two-factor sign-in .* success$/, {}, T)).toBeInTheDocument();
    const [del, ...more] = await backend.sent('DELETE', `/user/${WORLD.users.restricted}/two-factor`);
    expect(more).toHaveLength(0);
    expect(del).toBeDefined();
    expect(
      await backend.t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, WORLD.users.restricted)),
    ).toEqual([]);
  });

  it("leads a merchant from Merchant Access to their company's audit log (their menu has no link)", async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    expect(await screen.findByRole('link', { name: 'Audit log' }, T)).toHaveAttribute(
      'href',
      '/config/audit-log',
    );
    cleanup();
    // operators have Config > Audit Log
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    await rowOf('merchant@example.com');
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it('offers no "More actions" to a merchant without UPDATE on users', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'restricted' });
    const mark = await rowOf('merchant@example.com');
    expect(within(mark).queryByRole('button', { name: /^More actions for / })).not.toBeInTheDocument();
  });
});
