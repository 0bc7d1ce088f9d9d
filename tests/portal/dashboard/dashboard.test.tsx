// The home page's dashboard: the figures GET /dashboard answers, laid out for the user, and nothing of
// a section the server left out (null).
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { server } from '../../../mocks/node';
import { renderApp, signIn } from '../renderApp';

const TIMEOUT = { timeout: 15_000 };

const series = Array.from({ length: 14 }, (_, i) => ({
  day: `2026-11-${String(10 + i).padStart(2, '0')}`,
  stamps: i,
  vouchersIssued: 2,
  vouchersRedeemed: 1,
}));

const answer = (over: Record<string, unknown>) => ({
  type: 'CR',
  code: 0,
  data: {
    timeZone: 'Asia/Singapore',
    since: '2026-10-24T00:00:00.000Z',
    waiting: { signups: 3, brandRequests: 1, storeRequests: 0, failedPushes: 2, devicesToActivate: 0 },
    figures: {
      activeProgrammes: 4,
      cardsIssued: 1234,
      cardsCompleted: 56,
      stampsGiven: 7890,
      vouchersIssued: 200,
      vouchersRedeemed: 50,
      members: 321,
    },
    series,
    wallet: null,
    ...over,
  },
});

const serve = (over: Record<string, unknown> = {}) => {
  const seen: string[] = [];
  server.use(
    http.get(`*${BASE_PATHS.main}/dashboard`, ({ request }) => {
      seen.push(new URL(request.url).pathname);
      return HttpResponse.json(answer(over));
    }),
  );
  return seen;
};

describe('the dashboard', { timeout: 60_000 }, () => {
  it('shows an operator what waits, with links, and the last 30 days', async () => {
    const seen = serve();
    await signIn('operator');
    renderApp('/');
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' }, TIMEOUT);
    expect(within(waiting).getByRole('link', { name: /Merchant sign-ups\s*3/ })).toHaveAttribute(
      'href',
      '/approve/merchant-signup',
    );
    expect(within(waiting).getByRole('link', { name: /Failed pushes \(30 days\)\s*2/ })).toBeInTheDocument();
    // a count of 0 is not a card of its own
    expect(within(waiting).queryByText('Devices to activate')).toBeNull();
    const figures = screen.getByRole('region', { name: 'Last 30 days' });
    expect(within(figures).getByText('1,234')).toBeInTheDocument();
    expect(within(figures).getByText('7,890')).toBeInTheDocument();
    expect(within(figures).getByText('25%')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Last 14 days' })).toBeInTheDocument();
    expect(seen).toEqual([`${BASE_PATHS.main}/dashboard`]);
  });

  it("shows a merchant's wallet and leaves out the figures it may not view", async () => {
    serve({
      waiting: {
        signups: 0,
        brandRequests: 0,
        storeRequests: 0,
        failedPushes: null,
        devicesToActivate: null,
      },
      figures: {
        activeProgrammes: 2,
        cardsIssued: 10,
        cardsCompleted: 3,
        stampsGiven: 40,
        vouchersIssued: null,
        vouchersRedeemed: null,
        members: 12,
      },
      wallet: { balance: 1250.5, currency: 'SGD' },
    });
    await signIn('merchant');
    renderApp('/');
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
    server.use(
      http.get(`*${BASE_PATHS.main}/dashboard`, () =>
        HttpResponse.json(
          { type: 'CR', code: 8001, name: 'ANALYTICS_FAILED', message: 'x', data: [] },
          { status: 500 },
        ),
      ),
    );
    await signIn('operator');
    renderApp('/');
    expect(await screen.findByText('The figures could not be loaded.', {}, TIMEOUT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
