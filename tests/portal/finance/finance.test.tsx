// The merchant's wallet in the portal over the MSW mocks: a FREE top-up sends the exact request (with
// an Idempotency-Key) behind the spec's confirm and the balance shows it; operators never see finance.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { server } from '../../../mocks/node';
import { renderApp, signIn, waitForPath } from '../renderApp';

const TIMEOUT = { timeout: 15_000 };

describe('finance', { timeout: 60_000 }, () => {
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
});
