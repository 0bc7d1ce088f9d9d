// Money with its currency and dates one way (issue 23 item 3), and the wallet ledger's time column
// (item 4), on the real server: an operator's list of two companies' vouchers shows each amount in its
// own company's currency, a show page writes its amount and validity the same way, and the merchant's
// Wallet Transaction History lists each movement's time first and sorts by it through the list query.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { FINANCE_PATHS } from '../../../contract/finance';
import { company, vouchers, walletTransactions } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { openAs } from '../renderApp';
import { queriesOf } from '../resources/handlers';
import { portalServer } from '../server';
import { WORLD } from '../world';

// the first render of a lazily loaded list page is slow on a busy machine
const T = { timeout: 30_000 };

/** Acme's (Singapore) voucher of SGD 2.20 and Borealis's, moved to Malaysia, of MYR 400.00. */
const seedTwoCountries = async (db: ReturnType<typeof portalServer>['t']['db']) => {
  await db.update(company).set({ country: 'my' }).where(eq(company.id, WORLD.borealis.companyId));
  const valid = { validFrom: '2026-11-26', validUntil: '2026-12-25', state: 'AVAILABLE' } as const;
  await db.insert(vouchers).values([
    {
      companyId: WORLD.acme.companyId,
      brandId: WORLD.acme.brandId,
      code: 'KOPI-220',
      title: 'Kopi',
      memberMobile: '+6591110001',
      issuedToMobile: '+6591110001',
      value: 2.2,
      ...valid,
    },
    {
      companyId: WORLD.borealis.companyId,
      brandId: WORLD.borealis.brandId,
      code: 'CAKE-400',
      title: 'Celebration cake',
      memberMobile: '+60121110002',
      issuedToMobile: '+60121110002',
      value: 400,
      ...valid,
    },
  ]);
};

const cellOf = (code: string, column: string): string => {
  const row = screen.getByText(code).closest('tr') as HTMLElement;
  const headers = screen.getAllByRole('columnheader').map((th) => (th.textContent ?? '').trim());
  const cells = within(row).getAllByRole('cell');
  return (cells[headers.indexOf(column)]?.textContent ?? '').trim();
};

describe('money and dates', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("an operator's vouchers list shows each amount in its own company's currency", async () => {
    await seedTwoCountries(backend.t.db);
    await openAs('operator', '/vouchers');
    await screen.findByText('CAKE-400', {}, T);
    await waitFor(() => expect(cellOf('KOPI-220', 'Value')).toBe('SGD 2.20'), T);
    expect(cellOf('CAKE-400', 'Value')).toBe('MYR 400.00');
  });

  it("a voucher's page writes its value with its currency and its validity as a range of days", async () => {
    await seedTwoCountries(backend.t.db);
    await openAs('operator', '/vouchers/2/show');
    expect(await screen.findByText('MYR 400.00', {}, T)).toBeInTheDocument();
    expect(screen.getByText('26 Nov 2026 – 25 Dec 2026')).toBeInTheDocument();
  });

  it('the wallet ledger lists each movement with its time, first, and sorts by it on the server', async () => {
    const merchant = await apiAs(backend, 'merchant');
    await merchant('POST', `${BASE_PATHS.payment}${FINANCE_PATHS.topUps}`, {
      amount: 1188.1,
      paymentMethod: 'FREE',
    });
    const at = new Date('2026-11-25T23:01:00.000Z');
    await backend.t.db.update(walletTransactions).set({ createTime: at });
    await openAs('merchant', '/finance/wallet/txn/history');
    const expected = new Intl.DateTimeFormat('en-SG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      // the merchant's country's zone (Singapore: 26 Nov, 07:01), whatever the browser's
      timeZone: 'Asia/Singapore',
    }).format(at);
    expect(await screen.findByText(expected, {}, T)).toBeInTheDocument();
    const headers = screen
      .getAllByRole('columnheader')
      .map((th) => (th.textContent ?? '').trim())
      .filter((text) => text !== '');
    expect(headers.slice(0, 3)).toEqual(['ID', 'Time', 'Type']);
    // a ledger has no bulk action: no select-all, no row checkboxes
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    // the top-up's amount and the balance after it
    expect(screen.getAllByText('SGD 1,188.10', { selector: 'td *' })).toHaveLength(2);
    const queries = () => queriesOf(backend, '/wallet/transactions');
    expect((await queries())[0]).toMatchObject({ sort: 'createTime,desc' });
    const timeHeader = screen.getAllByRole('columnheader').find((th) => th.textContent?.trim() === 'Time');
    fireEvent.click(within(timeHeader as HTMLElement).getByRole('button'));
    await waitFor(async () => expect((await queries()).at(-1)?.sort).toBe('createTime,asc'), T);
  });
});
