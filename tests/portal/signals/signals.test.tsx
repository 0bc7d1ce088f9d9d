// Fraud signals in the portal on the real server: a merchant's list holds their own company's signals
// only; a signal's page says what the job saw with its linked transactions, and Resolve sends the note
// and shows the signal resolved; "Waiting for you" counts the open ones and leads to the list.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/platform/db/client';
import { signals, stampsTransaction } from '../../../server/platform/db/schema';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';

const T = { timeout: 30_000 };
const AT = new Date('2026-11-18T06:00:00.000Z');

const ACME_TWO_STORES =
  'Member +6591110001 was stamped at Acme Coffee Raffles at 18 Nov, 14:00 and at Acme Coffee Marina 3 minutes later: one card cannot be in two stores that fast.';
const ACME_VOIDS =
  'The staff account x@example.com voided 6 stampings on 2026-11-18, 60% of the 10 transactions it handled that day.';
const BOREALIS_SPIKE =
  'Borealis Store gave 80 stamps in the hour from 18 Nov, 14:00, against a usual 4 per hour.';

/** Two open signals of Acme (one naming two of its transactions) and one of Borealis, as the job writes them. */
const seed = async (db: Db) => {
  const txns = await db
    .insert(stampsTransaction)
    .values(
      [0, 3].map((minutes, i) => ({
        companyId: WORLD.acme.companyId,
        brandId: WORLD.acme.brandId,
        storeId: WORLD.acme.storeId,
        memberMobile: '+6591110001',
        type: 'STAMP_CARD_TXN' as const,
        result: 'SUCCESS' as const,
        stamps: 1,
        receiptNo: `SIG-${i}`,
        at: new Date(AT.getTime() + minutes * 60_000),
      })) as never,
    )
    .returning({ id: stampsTransaction.id });
  const ids = txns.map((t) => t.id);
  const window = { windowStart: AT, windowEnd: new Date(AT.getTime() + 180_000) };
  const rows = await db
    .insert(signals)
    .values([
      {
        companyId: WORLD.acme.companyId,
        kind: 'MEMBER_TWO_STORES',
        summary: ACME_TWO_STORES,
        storeId: WORLD.acme.storeId,
        memberMobile: '+6591110001',
        figures: {
          minutesApart: 3,
          firstStoreId: WORLD.acme.storeId,
          secondStoreId: WORLD.acme.closedStoreId,
          limitMinutes: 10,
        },
        transactionIds: ids,
        subjectKey: 'MEMBER_TWO_STORES:test:1',
        ...window,
      },
      {
        companyId: WORLD.acme.companyId,
        kind: 'VOID_CLUSTER',
        summary: ACME_VOIDS,
        figures: { voids: 6, handled: 10, sharePercent: 60 },
        transactionIds: [],
        subjectKey: 'VOID_CLUSTER:test:1',
        ...window,
      },
      {
        companyId: WORLD.borealis.companyId,
        kind: 'STORE_RATE_SPIKE',
        summary: BOREALIS_SPIKE,
        storeId: WORLD.borealis.storeId,
        figures: { stamps: 80 },
        transactionIds: [],
        subjectKey: 'STORE_RATE_SPIKE:test:1',
        ...window,
      },
    ] as never)
    .returning({ id: signals.id });
  return { signalId: rows[0]?.id ?? 0, txnIds: ids };
};

describe('fraud signals', { timeout: 90_000 }, () => {
  const backend = portalServer();

  it("lists a merchant's own company's signals only", async () => {
    await seed(backend.t.db);
    await openAs('merchant', '/transaction/signals');
    expect(await screen.findByText(ACME_TWO_STORES, {}, T)).toBeInTheDocument();
    expect(screen.getByText(ACME_VOIDS)).toBeInTheDocument();
    expect(screen.queryByText(BOREALIS_SPIKE)).toBeNull();
    expect(screen.getAllByText('Member at two stores minutes apart').length).toBeGreaterThan(0);
  });

  it('shows what the job saw with its transactions, and resolves it with a note', async () => {
    const { signalId, txnIds } = await seed(backend.t.db);
    await openAs('merchant', `/signals/${signalId}/show`);
    expect(await screen.findByText(ACME_TWO_STORES, {}, T)).toBeInTheDocument();
    const linked = await screen.findByRole('table', { name: 'Linked transactions' }, T);
    for (const id of txnIds)
      expect(within(linked).getByRole('link', { name: `#${id}` })).toHaveAttribute(
        'href',
        `/stampsTransaction/${id}/show`,
      );
    expect(within(linked).getAllByText('+6591110001')).toHaveLength(2);
    // the figures name the stores by name, not by id
    expect(screen.getByText('First store')).toBeInTheDocument();
    expect(await screen.findByText('Acme Coffee Orchard', {}, T)).toBeInTheDocument();
    // in the order they happened
    expect(
      within(linked)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(txnIds.map((id) => `#${id}`));

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this signal' }, T);
    // a note is required
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Required', {}, T)).toBeInTheDocument();
    expect(await backend.sent('POST', `/signals/${signalId}/resolve`)).toHaveLength(0);
    await user.type(
      within(dialog).getByLabelText(/Note/),
      'Sisters sharing one card; told them to get one each.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await expect
      .poll(async () => (await backend.sent('POST', `/signals/${signalId}/resolve`)).map((r) => r.body), T)
      .toEqual([{ note: 'Sisters sharing one card; told them to get one each.' }]);
    // the dialog closes and the page shows the signal resolved, with its note
    await expect.poll(() => screen.queryByRole('dialog'), T).toBeNull();
    expect(
      await screen.findByText('Sisters sharing one card; told them to get one each.', {}, T),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    const [row] = await backend.t.db.select().from(signals).where(eq(signals.id, signalId));
    expect(row).toMatchObject({ state: 'RESOLVED', resolvedBy: WORLD.users.merchant });
  });

  it('counts the open signals in "Waiting for you" and leads to the list', async () => {
    await seed(backend.t.db);
    await openAs('merchant', '/');
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' }, T);
    expect(within(waiting).getByRole('link', { name: /Open fraud signals\s*2/ })).toHaveAttribute(
      'href',
      '/transaction/signals',
    );
  });
});
