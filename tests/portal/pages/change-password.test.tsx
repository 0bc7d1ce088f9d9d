import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangePasswordPage } from '../../../src/pages/settings/ChangePasswordPage';
import { portalServer } from '../server';
import { passwordIs, SEED_PASSWORD, WORLD } from '../world';
import { renderPage } from './harness';

const change = async (oldPassword: string, password: string, confirm = password) => {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Current password/), oldPassword);
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('ChangePasswordPage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('changes the password with PUT user/{id}/pwd and goes back to settings', async () => {
    await renderPage(<ChangePasswordPage />, { url: '/settings/change-password', signedInAs: 'merchant' });
    await change(SEED_PASSWORD, 'Another-Pass-2');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/settings$/));
    const [put] = await backend.sent('PUT', '/user/2/pwd');
    expect(put?.body).toEqual({ oldPassword: SEED_PASSWORD, password: 'Another-Pass-2' });
    expect(await passwordIs(backend.t.db, WORLD.users.merchant, 'Another-Pass-2')).toBe(true);
  });

  it('shows a wrong current password (26203) on that field', async () => {
    await renderPage(<ChangePasswordPage />, { url: '/settings/change-password', signedInAs: 'merchant' });
    await change('not-my-password', 'Another-Pass-2');
    expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(await passwordIs(backend.t.db, WORLD.users.merchant, SEED_PASSWORD)).toBe(true);
  });

  it('checks length, confirmation and difference before calling the API', async () => {
    await renderPage(<ChangePasswordPage />, { url: '/settings/change-password', signedInAs: 'merchant' });
    await change(SEED_PASSWORD, SEED_PASSWORD, 'something-else');
    expect(await screen.findByText('The new password must differ from the current one')).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(await backend.sent('PUT', '/user/2/pwd')).toHaveLength(0);
  });
});
