import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS, LOADER_DELAY_MS } from '../../contract';
import { server } from '../../mocks/node';
import { createPortalProviders } from '../../src/App';
import { STORAGE_KEYS } from '../../src/providers/storage';
import { currentPath, openAs, renderApp, signIn, waitForPath } from './renderApp';
import { portalServer } from './server';

portalServer();

describe('startup routing (spec section 2)', { timeout: 60_000 }, () => {
  it('a visitor opening the root lands on the splash page', async () => {
    renderApp('/');
    await waitForPath('/splash');
    expect(await screen.findByRole('link', { name: /sign in/i }, { timeout: 30_000 })).toBeInTheDocument();
  });

  it('a visitor on the welcome page sees no loader: the refused identity is not asked again', async () => {
    // react-query's default asked a refused read three more times, 1, 2 and 4 s apart, and the app
    // bar's loader turned for those seven seconds over the welcome page
    const providers = createPortalProviders();
    let asked = 0;
    const getIdentity = providers.authProvider.getIdentity.bind(providers.authProvider);
    providers.authProvider.getIdentity = () => {
      asked += 1;
      return getIdentity();
    };
    renderApp('/', providers);
    await waitForPath('/splash');
    expect(await screen.findByRole('link', { name: /sign in/i }, { timeout: 30_000 })).toBeInTheDocument();
    // past the loader's delay and react-query's first retry (1 s)
    await new Promise((r) => setTimeout(r, Math.max(LOADER_DELAY_MS, 1_000) + 300));
    expect(asked).toBe(1);
    expect(within(screen.getByRole('banner')).queryByRole('progressbar')).toBeNull();
  });

  it('a visitor keeps a public page (help) without signing in', async () => {
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/help');
  });

  it('a visitor deep-linking to a private page goes to splash', async () => {
    renderApp('/device');
    await waitForPath('/splash');
  });

  it('a signed-in operator on splash goes to the root and sees the home page', async () => {
    await openAs('operator', '/splash');
    await waitForPath('/');
    expect(await screen.findByText('Welcome, Olivia Operator', {}, { timeout: 30_000 })).toBeInTheDocument();
  });

  it('a signed-in operator opening the login page goes to the root', async () => {
    await openAs('operator', '/login');
    await waitForPath('/');
    expect(await screen.findByText('Welcome, Olivia Operator', {}, { timeout: 30_000 })).toBeInTheDocument();
  });

  it('an operator keeps a deep link', async () => {
    await openAs('operator', '/device');
    expect(
      await screen.findByRole('heading', { name: 'Device List' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/device');
  });

  it('a merchant whose signup is not approved goes to signup', async () => {
    await openAs('newMerchant', '/');
    await waitForPath('/signup');
  });

  it('an approved merchant stays on the root', async () => {
    await openAs('merchant', '/');
    expect(await screen.findByText('Welcome, Mark Merchant', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('signing out from the user menu ends the session; private pages then go to splash', async () => {
    await openAs('operator', '/device');
    // the user menu button shows the name once the identity is known
    const name = await screen.findByText('Olivia Operator', {}, { timeout: 30_000 });
    fireEvent.click(name.closest('button') as HTMLElement);
    fireEvent.click(await screen.findByRole('menuitem', { name: /logout/i }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull(), {
      timeout: 10_000,
    });
    await waitFor(() => expect(['/login', '/splash']).toContain(currentPath()), { timeout: 30_000 });
    window.history.pushState({}, '', '/device');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitForPath('/splash');
  });

  it('signing in on the login page sends an unapproved merchant to signup', async () => {
    renderApp('/login');
    const email = await screen.findByLabelText(/^E-mail/, {}, { timeout: 30_000 });
    // an e-mail input's autofill token is `email` (H98: `username` belongs to a text input)
    expect(email).toHaveAttribute('autocomplete', 'email');
    fireEvent.change(email, { target: { value: 'new.merchant@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Password123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitForPath('/signup');
  });

  it('a failure loading the user goes to splash', async () => {
    await signIn('operator');
    server.use(
      http.get(`*${BASE_PATHS.main}/user/:id`, () =>
        HttpResponse.json(
          { type: 'CR', code: 4, name: 'DB_FAILED', message: 'Database operation failed', data: null },
          { status: 500 },
        ),
      ),
    );
    renderApp('/');
    await waitForPath('/splash');
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });
});
