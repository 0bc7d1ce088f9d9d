// The merchant's wallet in the portal over the MSW mocks: a FREE top-up sends the exact request (with
// an Idempotency-Key) behind the spec's confirm and the balance shows it; operators never see finance.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { FINANCE_PATHS } from '../../../contract/finance';
import { mockDb, server } from '../../../mocks/node';
import { rowsOf } from '../../../mocks/operations';
import { success } from '../../../mocks/respond';
import { company, payments } from '../../../resources';
import { openExternal } from '../../../src/pages/finance/StripeConnectCard';
import { renderApp, signIn, waitForPath } from '../renderApp';

const TIMEOUT = { timeout: 15_000 };

describe('finance', { timeout: 60_000 }, () => {
  it("leads a merchant from Finance to their company's whole payment history", async () => {
    await signIn('merchant');
    renderApp('/finance');
    const payments = await screen.findByRole('region', { name: 'Top-ups' }, TIMEOUT);
    fireEvent.click(within(payments).getByRole('link', { name: 'All payments' }));
    await waitForPath('/transaction/payment-history');
    expect(await screen.findByRole('heading', { name: 'Payment History' }, TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByText('Not allowed')).not.toBeInTheDocument();
    // their own company only: no company column or filter, which operators get
    expect(screen.queryByRole('columnheader', { name: /^Company/ })).not.toBeInTheDocument();
  });

  it('tops up for free behind the confirm and shows the new balance and movement', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    const listener = async ({ request }: { request: Request }) => {
      if (
        request.method === 'POST' &&
        new URL(request.url).pathname === `${BASE_PATHS.payment}/wallet/top-ups`
      )
        sent.push({ body: await request.clone().json(), key: request.headers.get('Idempotency-Key') });
    };
    server.events.on('request:start', listener);
    try {
      await signIn('merchant');
      renderApp('/finance/wallet/top-up');
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
      expect(within(balance).getByText('SGD 50.50')).toBeInTheDocument();
      const movements = screen.getByRole('region', { name: 'Last movements' });
      expect(within(movements).getByText('Top-up')).toBeInTheDocument();
      expect(within(movements).getByText('+SGD 50.50')).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toEqual({ amount: 50.5, paymentMethod: 'FREE' });
      expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('refuses an amount it cannot take before sending anything', async () => {
    await signIn('merchant');
    renderApp('/finance/wallet/top-up');
    const amount = await screen.findByRole('textbox', { name: /^Amount/ }, TIMEOUT);
    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(
      await screen.findByText('Enter an amount from 1 to 100000 with at most two decimals', {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps finance from operators', async () => {
    await signIn('operator');
    renderApp('/finance');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Wallet balance' })).toBeNull());
    expect(await screen.findByText('You are not allowed to see this page.', {}, TIMEOUT)).toBeInTheDocument();
  });

  it('says Stripe is not set up when the server has no keys, and offers no button', async () => {
    await signIn('merchant');
    renderApp('/finance');
    const card = await screen.findByRole('region', { name: /Stripe account/ }, TIMEOUT);
    expect(
      await within(card).findByText('Stripe is not set up on this server.', {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('connects the company to Stripe: asks for the onboarding link and opens it', async () => {
    const payment = `*${BASE_PATHS.payment}`;
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
      await signIn('merchant');
      renderApp('/finance');
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
    rowsOf(mockDb, company).push({
      id: 901,
      name: 'Ledger Labs Pte Ltd',
      createTime: '2026-11-01T00:00:00Z',
    });
    rowsOf(mockDb, payments).push({
      id: 7001,
      companyId: 901,
      amount: 120.5,
      currency: 'SGD',
      paymentMethod: 'FREE',
      state: 'SUCCEEDED',
      createdBy: 2,
      completedAt: '2026-11-20T02:00:00.000Z',
      createTime: '2026-11-20T02:00:00.000Z',
      updateTime: '2026-11-20T02:00:00.000Z',
    });
    await signIn('operator');
    renderApp('/transaction/payment-history');
    expect(await screen.findByRole('columnheader', { name: /^Company/ }, TIMEOUT)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ledger Labs Pte Ltd' }, TIMEOUT)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
    // dates as Singapore writes them: day month year, no seconds
    const row = screen.getByRole('link', { name: 'Ledger Labs Pte Ltd' }).closest('tr');
    expect(row?.textContent).toMatch(/20 Nov 2026, \d{1,2}:00\s?[ap]m/i);
  });
});
