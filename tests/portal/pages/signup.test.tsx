import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignupPage } from '../../../src/pages/signup/SignupPage';
import { renderPage, useMockBackend } from './harness';

describe('SignupPage', { timeout: 45_000 }, () => {
  const backend = useMockBackend();

  it('shows the pending application with the account e-mail', async () => {
    await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
    expect(
      await screen.findByRole('heading', { name: 'Your application is being reviewed' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('new.merchant@example.com')).toBeInTheDocument();
    expect(screen.getByText('SUBMITTED')).toBeInTheDocument();
  });

  it('"Check again" reloads the user and stays while it is still SUBMITTED', async () => {
    await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Your application is still awaiting approval.')).toBeInTheDocument();
    expect(await backend.sent('GET', '/user/3')).not.toHaveLength(0);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/signup$/);
  });

  it('"Check again" goes to / once an operator approved the signup', async () => {
    await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
    const u = backend.db.users.find((x) => x.id === 3);
    if (u) u.signupState = 'APPROVAL';
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });
});
