// The merchant's wallet in the portal on the real server: a FREE top-up sends the exact request (with
// an Idempotency-Key) behind the spec's confirm and the balance shows it; operators never see finance.
// The server of a test has no Stripe keys (6401): the Stripe connect test answers those calls itself.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { FINANCE_PATHS } from '../../../contract/finance';
import { server } from '../../../mocks/node';
import { success } from '../../../mocks/respond';
import { payments } from '../../../server/platform/db/schema';
import { openExternal } from '../../../src/pages/finance/StripeConnectCard';
import { apiAs } from '../api';
import { openAs, waitForPath } from '../renderApp';
import { portalServer } from '../server';
import { TEST_ORIGIN } from '../setup';
import { restrictColleague } from '../world';

const TIMEOUT = { timeout: 30_000 };

describe('finance', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("leads a merchant from Finance to their company's whole payment history", async () => {
    await openAs('merchant', '/finance');
    const payments = await screen.findByRole('region', { name: 'Top-ups' }, TIMEOUT);
    fireEvent.click(within(payments).getByRole('link', { name: 'All payments' }));
    await waitForPath('/transaction/payment-history');
    expect(await screen.findByRole('heading', { name: 'Payment History' }, TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByText('Not allowed')).not.toBeInTheDocument();
    // their own company only: no company column or filter, which operators get
    expect(screen.queryByRole('columnheader', { name: /^Company/ })).not.toBeInTheDocument();
  });

  it('shows a colleague without the payment history their wallet, and asks nothing they may not read', async () => {
    await restrictColleague(backend.t.db, [
      { resource: 'wallet', action: 'VIEW' },
      { resource: 'walletTransaction', action: 'VIEW' },
    ]);
    await openAs('restricted', '/finance');
    expect(await screen.findByRole('heading', { name: 'Finance' }, TIMEOUT)).toBeInTheDocument();
    expect(await screen.findByText(/^Wallet balance/, {}, TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Top-ups' })).not.toBeInTheDocument();
    expect(await backend.sent('GET', FINANCE_PATHS.paymentHistory)).toEqual([]);
  });

  it('tops up for free behind the confirm and shows the new balance and movement', async () => {
    await openAs('merchant', '/finance/wallet/top-up');
    const amount = await screen.findByRole('textbox', { name: /^Amount/ }, TIMEOUT);
    expect(screen.getByRole('radio', { name: 'Free top-up' })).toBeChecked();
    expect(screen.getByText('Card payments are not set up on this server.')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '50.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog', {}, TIMEOUT);
    expect(within(dialog).getByText('Confirm to Top up - SGD 50.50?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitForPath('/finance');
    const balance = await screen.findByRole('region', { name: 'Wallet balance' }, TIMEOUT);
    expect(await within(balance).findByText('SGD 50.50', {}, TIMEOUT)).toBeInTheDocument();
    const movements = screen.getByRole('region', { name: 'Last movements' });
    expect(await within(movements).findByText('Top-up', {}, TIMEOUT)).toBeInTheDocument();
    expect(within(movements).getByText('+SGD 50.50')).toBeInTheDocument();
    const sent = await backend.sent('POST', FINANCE_PATHS.topUps);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amount: 50.5, paymentMethod: 'FREE' });
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // the payment as stored
    const [payment] = await backend.t.db.select().from(payments);
    expect(payment).toMatchObject({ amount: 50.5, paymentMethod: 'FREE', state: 'SUCCEEDED', companyId: 1 });
  });

  it('refuses an amount it cannot take before sending anything', async () => {
    await openAs('merchant', '/finance/wallet/top-up');
    const amount = await screen.findByRole('textbox', { name: /^Amount/ }, TIMEOUT);
    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(
      await screen.findByText('Enter an amount from 1 to 100000 with at most two decimals', {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps finance from operators', async () => {
    await openAs('operator', '/finance');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Wallet balance' })).toBeNull());
    expect(await screen.findByText('You are not allowed to see this page.', {}, TIMEOUT)).toBeInTheDocument();
  });

  it('says Stripe is not set up when the server has no keys, and offers no button', async () => {
    await openAs('merchant', '/finance');
    const card = await screen.findByRole('region', { name: /Stripe account/ }, TIMEOUT);
    expect(
      await within(card).findByText('Stripe is not set up on this server.', {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('connects the company to Stripe: asks for the onboarding link and opens it', async () => {
    // the server has no Stripe keys: Stripe's answers come from here
    const payment = `${TEST_ORIGIN}${BASE_PATHS.payment}`;
    const sent: { key: string | null }[] = [];
    server.use(
      http.get(`${payment}${FINANCE_PATHS.stripeConfig}`, () =>
        success({ enabled: true, publishableKey: 'pk_test_x' }),
      ),
      http.post(`${payment}${FINANCE_PATHS.stripeConnect}`, ({ request }) => {
        sent.push({ key: request.headers.get('Idempotency-Key') });
        return success({ accountId: 'acct_1', url: 'https://connect.stripe.test/setup/acct_1' });
      }),
    );
    const go = vi.spyOn(openExternal, 'go').mockImplementation(() => undefined);
    try {
      await openAs('merchant', '/finance');
      const card = await screen.findByRole('region', { name: /Stripe account/ }, TIMEOUT);
      expect(await within(card).findByText('Not connected', {}, TIMEOUT)).toBeInTheDocument();
      fireEvent.click(within(card).getByRole('button', { name: 'Connect Stripe' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.stripe.test/setup/acct_1'));
      expect(sent).toHaveLength(1);
      expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      go.mockRestore();
    }
  });

  it("shows operators each payment's company and filters by it", async () => {
    // a top-up of Acme's, made on 20 November 2026 at 10:00 in Singapore (its times set back to then:
    // a history row's timestamps, which no route sets)
    const payment = await (await apiAs(backend, 'merchant'))<{ id: number }>(
      'POST',
      `${BASE_PATHS.payment}${FINANCE_PATHS.topUps}`,
      { amount: 120.5, paymentMethod: 'FREE' },
    );
    const then = new Date('2026-11-20T02:00:00.000Z');
    await backend.t.db
      .update(payments)
      .set({ completedAt: then, createTime: then, updateTime: then })
      .where(eq(payments.id, payment.id));
    await openAs('operator', '/transaction/payment-history');
    expect(await screen.findByRole('columnheader', { name: /^Company/ }, TIMEOUT)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Acme Coffee Pte Ltd' }, TIMEOUT)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
    // dates one way (contract/format.ts): day month year, 24-hour clock, no seconds
    const row = screen.getByRole('link', { name: 'Acme Coffee Pte Ltd' }).closest('tr');
    expect(row?.textContent).toMatch(/20 Nov 2026, \d{2}:00/);
    expect(row).toHaveTextContent('SGD 120.50');
  });
});
