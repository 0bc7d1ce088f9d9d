// The home page's dashboard on the real server: the figures GET /dashboard answers from what the
// operations wrote (tests/portal/dashboard/demo.ts), laid out for the user, and nothing of a section
// the server left out (null) for who may not view it.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { FINANCE_RESOURCES } from '../../../contract/access';
import { server } from '../../../mocks/node';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { TEST_ORIGIN } from '../setup';
import { restrictColleague, seedDashboard } from './demo';

const TIMEOUT = { timeout: 30_000 };

/** A figure's card: its label and its value. */
const figure = (region: HTMLElement, label: string) => within(region).getByText(label).parentElement;

describe('the dashboard', { timeout: 90_000 }, () => {
  const backend = portalServer();

  it('shows an operator what waits, with links, and the last 30 days', async () => {
    await seedDashboard(backend);
    await openAs('operator', '/');
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' }, TIMEOUT);
    expect(within(waiting).getByRole('link', { name: /Merchant sign-ups\s*1/ })).toHaveAttribute(
      'href',
      '/approve/merchant-signup',
    );
    expect(within(waiting).getByRole('link', { name: /Failed pushes \(30 days\)\s*1/ })).toBeInTheDocument();
    // a count of 0 is not a card of its own
    expect(within(waiting).queryByText('Devices to activate')).toBeNull();
    const figures = screen.getByRole('region', { name: 'Last 30 days' });
    expect(figure(figures, 'Member cards issued')).toHaveTextContent(/^Member cards issued3$/);
    // 2,630 stampings of 3
    expect(within(figures).getByText('7,890')).toBeInTheDocument();
    // 4 vouchers issued, 1 redeemed
    expect(within(figures).getByText('25%')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Last 14 days' })).toBeInTheDocument();
    expect(await backend.sent('GET', '/dashboard')).toHaveLength(1);
  });

  it("shows a merchant's wallet and leaves out the figures it may not view", async () => {
    await seedDashboard(backend);
    // a colleague who may view the stamp cards and the finance pages, not the vouchers
    await restrictColleague(backend.t.db, [
      { resource: 'stampCard', action: 'VIEW' },
      { resource: 'stampsTransaction', action: 'VIEW' },
      ...FINANCE_RESOURCES.map((resource) => ({ resource, action: 'VIEW' as const })),
    ]);
    await openAs('restricted', '/');
    const wallet = await screen.findByRole('region', { name: 'Wallet balance' }, TIMEOUT);
    expect(within(wallet).getByText('SGD 1,250.50')).toBeInTheDocument();
    expect(within(wallet).getByRole('link', { name: 'Top up' })).toHaveAttribute(
      'href',
      '/finance/wallet/top-up',
    );
    expect(screen.getByText('Nothing waits. All requests are decided.')).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Last 30 days' });
    expect(within(figures).getByText('Stamps given')).toBeInTheDocument();
    expect(within(figures).queryByText('Vouchers issued')).toBeNull();
    expect(within(figures).queryByText('Redemption rate')).toBeNull();
  });

  it('offers a reload when the figures cannot be loaded', async () => {
    // a failure the server cannot be brought to give
    server.use(
      http.get(`${TEST_ORIGIN}${BASE_PATHS.main}/dashboard`, () =>
        HttpResponse.json(
          { type: 'CR', code: 8001, name: 'ANALYTICS_FAILED', message: 'x', data: [] },
          { status: 500 },
        ),
      ),
    );
    await openAs('operator', '/');
    expect(await screen.findByText('The figures could not be loaded.', {}, TIMEOUT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
