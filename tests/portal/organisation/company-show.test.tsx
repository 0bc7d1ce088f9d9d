// A company's page (issue 40 item 3): an operator sees its wallet beside its fields, so a closed
// company's money stays in sight; a disabled or deleted company says what its state stops. A merchant
// reads their own company without the operator's wallet panel (their money is on the finance pages).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditWallet } from '../../../server/domains/money/wallet';
import { company } from '../../../server/platform/db/schema';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';

const T = { timeout: 30_000 };

describe("a company's page", { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('shows an operator the wallet of a disabled company and what its state stops', async () => {
    await backend.t.db.transaction((tx) =>
      creditWallet(tx, WORLD.acme.companyId, '42.50', { type: 'TOP_UP_TXN', reference: 'test funds' }),
    );
    await backend.t.db.update(company).set({ state: 'DISABLED' }).where(eq(company.id, WORLD.acme.companyId));
    await openAs('operator', `/company/${WORLD.acme.companyId}/show`);
    const wallet = await screen.findByRole('region', { name: 'Wallet' }, T);
    await waitFor(
      () => expect(within(wallet).getByText('Balance').nextSibling).toHaveTextContent('42.50'),
      T,
    );
    expect(within(wallet).getByText('Ledger movements').nextSibling).toHaveTextContent('1');
    expect(screen.getByTestId('company-closed')).toHaveTextContent(
      'This company is disabled: its users cannot sign in, and its API keys, devices, web cards and sign-up posters do not work; its webhooks and scheduled exports wait. Nothing was removed and its money stays here: enable it to restore all of it.',
    );
    const [read] = await backend.sent('GET', `/companies/${WORLD.acme.companyId}/wallet`);
    expect(read).toBeDefined();
  });

  it('shows a merchant their open company without the wallet panel or a notice', async () => {
    await openAs('merchant', `/company/${WORLD.acme.companyId}/show`);
    await waitFor(() => expect(screen.getAllByText('Acme Coffee Pte Ltd').length).toBeGreaterThan(0), T);
    expect(screen.queryByRole('region', { name: 'Wallet' })).toBeNull();
    expect(screen.queryByTestId('company-closed')).toBeNull();
    expect(await backend.sent('GET', `/companies/${WORLD.acme.companyId}/wallet`)).toEqual([]);
    cleanup();
  });
});
