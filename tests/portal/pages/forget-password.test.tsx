import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ForgetPasswordPage } from '../../../src/pages/auth/ForgetPasswordPage';
import { portalServer } from '../server';
import { emailTokensOf, SEED_ACCOUNTS, WORLD } from '../world';
import { renderPage } from './harness';

const send = async (email: string) => {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.click(screen.getByRole('button', { name: 'Send link' }));
};

describe('ForgetPasswordPage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('sends the e-mail and says to check it', async () => {
    await renderPage(<ForgetPasswordPage />, { url: '/forget-password' });
    await send(SEED_ACCOUNTS.merchant.email);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a link to merchant@example.com. Follow it to set a new password.',
    );
    const [call] = await backend.sent('POST', '/auth/password/send/forget/email');
    expect(call?.body).toEqual({ email: 'merchant@example.com' });
    expect(await emailTokensOf(backend.t.db, WORLD.users.merchant)).toEqual([
      expect.objectContaining({ kind: 'forgetPwd', usedAt: null }),
    ]);
  });

  it('shows 26210 on the e-mail field', async () => {
    await renderPage(<ForgetPasswordPage />, { url: '/forget-password' });
    await send('nobody@example.com');
    expect(await screen.findByText('There is no account with this e-mail.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
