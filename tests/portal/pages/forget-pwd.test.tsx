import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createEmailActionToken } from '../../../server/domains/access/email-actions';
import { ForgetPwdPage } from '../../../src/pages/xaction/ForgetPwdPage';
import { portalServer } from '../server';
import { passwordIs, WORLD } from '../world';
import { renderPage } from './harness';

describe('ForgetPwdPage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('verifies the token, then resets the password with token and new password', async () => {
    const token = await createEmailActionToken(backend.t.db, WORLD.users.merchant, 'forgetPwd');
    await renderPage(<ForgetPwdPage />, { url: `/x-action/forget-pwd?token=${token}` });
    expect(await screen.findByText('Choose a new password for your account.')).toBeInTheDocument();
    const [verify] = await backend.sent('POST', '/auth/password/verify/forget/email');
    expect(verify?.body).toEqual({ token });

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'Brand-New-9');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Brand-New-9');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Your password is changed. Sign in with the new password.'),
    ).toBeInTheDocument();
    const [reset] = await backend.sent('POST', '/auth/password/reset');
    expect(reset?.body).toEqual({ token, password: 'Brand-New-9' });
    expect(await passwordIs(backend.t.db, WORLD.users.merchant, 'Brand-New-9')).toBe(true);
  });

  it('rejects a too short password before calling reset', async () => {
    const token = await createEmailActionToken(backend.t.db, WORLD.users.merchant, 'forgetPwd');
    await renderPage(<ForgetPwdPage />, { url: `/x-action/forget-pwd?token=${token}` });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use 8 to 128 characters')).toBeInTheDocument();
    expect(await backend.sent('POST', '/auth/password/reset')).toHaveLength(0);
  });

  it('says an invalid link is invalid and offers a new one, without a form', async () => {
    await renderPage(<ForgetPwdPage />, { url: '/x-action/forget-pwd?token=bogus' });
    expect(
      await screen.findByText('This password link is invalid, was already used or has expired.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });
});
