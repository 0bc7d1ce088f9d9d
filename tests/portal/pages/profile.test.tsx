import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../../src/pages/settings/ProfilePage';
import { portalServer } from '../server';
import { userRow, WORLD } from '../world';
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
