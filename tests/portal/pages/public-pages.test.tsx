import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { server } from '../../../mocks/node';
import { HelpPage } from '../../../src/pages/help/HelpPage';
import { LatLongHelpPage } from '../../../src/pages/help/LatLongHelpPage';
import { TermsPage } from '../../../src/pages/help/TermsPage';
import { SplashPage } from '../../../src/pages/SplashPage';
import { SettingsPage } from '../../../src/pages/settings/SettingsPage';
import { StripeAccountConnectPage } from '../../../src/pages/xaction/StripeAccountConnectPage';
import { ThenProfilePage } from '../../../src/pages/xaction/ThenProfilePage';
import { portalServer } from '../server';
import { userRow, WORLD } from '../world';
import { renderPage } from './harness';

describe('public, help and settings pages', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('splash welcomes a visitor with sign-in, register and help', async () => {
    await renderPage(<SplashPage />, { url: '/splash' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Loyalty Portal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register as a merchant' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  });

  it('splash is only a loader for a signed-in user', async () => {
    await renderPage(<SplashPage />, { url: '/splash', signedInAs: 'operator' });
    expect(await screen.findByText('Loading your portal…')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('help lists its topics with working links', async () => {
    await renderPage(<HelpPage />, { url: '/help' });
    expect(screen.getByRole('link', { name: /How to get a latitude and longitude/ })).toHaveAttribute(
      'href',
      '/help/how-to-get-lat-long',
    );
    expect(screen.getByRole('link', { name: /Terms and conditions/ })).toHaveAttribute(
      'href',
      '/help/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: /Contact us/ })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });

  it('lat/long help gives the steps, the ranges and an example', async () => {
    await renderPage(<LatLongHelpPage />, { url: '/help/how-to-get-lat-long' });
    expect(screen.getByText('Right-click the exact spot of the store entrance.')).toBeInTheDocument();
    expect(screen.getByText('Latitude: from -90 (south pole) to 90 (north pole).')).toBeInTheDocument();
    expect(screen.getByText('103.86072')).toBeInTheDocument();
  });

  it('terms show every numbered section', async () => {
    await renderPage(<TermsPage />, { url: '/help/terms-and-conditions' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toHaveLength(8);
    expect(headings[0]).toBe('1. About these terms');
    expect(headings[7]).toBe('8. Liability and changes');
  });

  /**
   * The Stripe connect page as the merchant, back from Stripe with `query`, while the server reports
   * the account in `state` (every capability on once CONNECTED, off before): Stripe's answer, which a
   * test server has no keys to ask for, comes from a handler in front.
   */
  const openConnectPage = async (state: 'CONNECTED' | 'PENDING', query: string) => {
    const enabled = state === 'CONNECTED';
    server.use(
      http.get(`*${BASE_PATHS.payment}/stripe/connect`, () =>
        HttpResponse.json({
          type: 'CR',
          code: 0,
          data: {
            accountId: 'acct_1',
            state,
            chargesEnabled: enabled,
            payoutsEnabled: enabled,
            detailsSubmitted: enabled,
          },
        }),
      ),
    );
    await renderPage(<StripeAccountConnectPage />, {
      url: `/x-action/stripe-account-connect?${query}`,
      signedInAs: 'merchant',
    });
  };

  it("stripe connect asks the server for the account's real state, not the query", async () => {
    await openConnectPage('CONNECTED', 'state=cancelled');
    expect(await screen.findByText(/Your Stripe account is connected/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Finance' })).toHaveAttribute('href', '/finance');
  });

  it('stripe connect says what Stripe still needs while the account is pending', async () => {
    await openConnectPage('PENDING', 'state=success');
    expect(await screen.findByText(/Stripe still needs some details/)).toBeInTheDocument();
  });

  it('stripe connect shows the error Stripe returned', async () => {
    await renderPage(<StripeAccountConnectPage />, {
      url: '/x-action/stripe-account-connect?error=access_denied&error_description=The+user+denied+access',
    });
    expect(
      screen.getByText('Connecting your Stripe account did not finish: The user denied access'),
    ).toBeInTheDocument();
  });

  it('settings links to profile and change password and shows theme and country', async () => {
    await renderPage(<SettingsPage />, { url: '/settings', signedInAs: 'merchant' });
    expect(screen.getByRole('link', { name: /Profile/ })).toHaveAttribute('href', '/settings/profile');
    expect(screen.getByRole('link', { name: /Change password/ })).toHaveAttribute(
      'href',
      '/settings/change-password',
    );
    expect(screen.getByText('Singapore (SG)')).toBeInTheDocument();
  });

  it('then-profile saves name and mobile, then continues to /', async () => {
    await renderPage(<ThenProfilePage />, { url: '/x-action/then/profile', signedInAs: 'newMerchant' });
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Nina Newton');
    await user.type(screen.getByLabelText(/^Mobile/), '9876 5432');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    const [put] = await backend.sent('PUT', '/user/3/info');
    expect(put?.body).toEqual({ name: 'Nina Newton', mobile: '+6598765432' });
    expect(await userRow(backend.t.db, WORLD.users.newMerchant)).toMatchObject({
      name: 'Nina Newton',
      mobile: '+6598765432',
    });
  });
});
