import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from '../../../src/pages/auth/RegisterPage';
import { portalServer } from '../server';
import { SEED_ACCOUNTS, userRow } from '../world';
import { renderPage } from './harness';

const fill = async (values: {
  name: string;
  email: string;
  mobile: string;
  password: string;
  confirm?: string;
}) => {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Name/), values.name);
  await user.type(screen.getByLabelText(/^E-mail/), values.email);
  await user.type(screen.getByLabelText(/^Mobile/), values.mobile);
  await user.type(screen.getByLabelText(/^Password/), values.password);
  await user.type(screen.getByLabelText(/^Confirm password/), values.confirm ?? values.password);
  await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
};

describe('RegisterPage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('registers a merchant with the exact body, then says to check the e-mail', async () => {
    await renderPage(<RegisterPage />, { url: '/register' });
    await fill({
      name: 'Ada Shop',
      email: 'ada@shop.example',
      mobile: '9123 4567',
      password: 'Sup3rSecret!',
    });
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent an activation link to ada@shop.example.');
    const [call] = await backend.sent('POST', '/user/merchant/register');
    expect(call?.body).toEqual({
      name: 'Ada Shop',
      email: 'ada@shop.example',
      mobile: '+6591234567',
      password: 'Sup3rSecret!',
    });
    const created = await userRow(backend.t.db, 'ada@shop.example');
    expect(created?.state).toBe('WAIT_EMAIL_ACTIVE');
    expect(created?.type).toBe('MERCHANT');
  });

  it('shows 26222 (e-mail in use) on the e-mail field', async () => {
    await renderPage(<RegisterPage />, { url: '/register' });
    await fill({
      name: 'Dup',
      email: SEED_ACCOUNTS.merchant.email,
      mobile: '9123 4567',
      password: 'Sup3rSecret!',
    });
    expect(await screen.findByText('This e-mail is already in use')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
  });

  it('shows 26221 (mobile in use) on the mobile field', async () => {
    await renderPage(<RegisterPage />, { url: '/register' });
    // +6591000002 belongs to the seed merchant.
    await fill({ name: 'Dup', email: 'fresh@shop.example', mobile: '9100 0002', password: 'Sup3rSecret!' });
    expect(await screen.findByText('This mobile number is already in use')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses mismatched passwords and an invalid mobile without calling the API', async () => {
    await renderPage(<RegisterPage />, { url: '/register' });
    await fill({
      name: 'Ada',
      email: 'ada@shop.example',
      mobile: '12',
      password: 'Sup3rSecret!',
      confirm: 'Sup3rSecret?',
    });
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number for the selected country')).toBeInTheDocument();
    await waitFor(async () => expect(await backend.sent('POST', '/user/merchant/register')).toHaveLength(0));
  });
});
