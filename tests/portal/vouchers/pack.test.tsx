// A voucher pack's page on the real server: its figures as tiles, "Issue vouchers" (member mobile and
// quantity, 'Confirm to Issue - Vouchers?', POST /voucher-packs/{id}/vouchers with an Idempotency-Key,
// the Hint notice, the figures and the pack's vouchers list refreshed), a sold-out pack's 6802 shown
// with its field, a retry after a lost answer issuing once, and no button for a viewer.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { centsOf, moneyOfCents } from '../../../contract/finance';
import { formatMoney } from '../../../contract/format';
import { server } from '../../../mocks/node';
import { creditWallet } from '../../../server/domains/money/wallet';
import { apiAs } from '../api';
import { newPack } from '../make';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { TEST_ORIGIN } from '../setup';
import { WORLD } from '../world';
import {
  confirmWith,
  expectFreshKeys,
  packRow,
  restrictColleague,
  seedDemo,
  T,
  tile,
  vouchersOf,
} from './demo';

const openIssueDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Issue vouchers' }, T));
  return screen.findByRole('dialog', { name: /^Issue vouchers of/ }, T);
};

const fillIssue = (dialog: HTMLElement, national: string, quantity: number) => {
  fireEvent.change(within(dialog).getByLabelText(/^Member mobile/), { target: { value: national } });
  fireEvent.change(within(dialog).getByLabelText(/^Quantity/), { target: { value: String(quantity) } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
};

describe('voucher pack page', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('shows the pack and its figures; Issue asks to confirm, posts, and the figures and list follow', async () => {
    const { kopi } = await seedDemo(backend);
    await openAs('merchant', `/voucherPacks/${kopi.id}/show`);

    expect(await screen.findByRole('heading', { name: 'Free Kopi' }, T)).toBeInTheDocument();
    await waitFor(() => expect(tile('Issued / Quantity')).toHaveTextContent('4 / 500'), T);
    expect(tile('Redeemed')).toHaveTextContent('1');
    expect(tile('Available')).toHaveTextContent('2');
    expect(tile('Available')).toHaveTextContent('1 expired');
    expect(tile('Left')).toHaveTextContent('496');
    // the pack's vouchers, each linking to its page
    const list = screen.getByRole('region', { name: 'Vouchers of this pack' });
    const [first] = await vouchersOf(backend, kopi.id);
    const link = await within(list).findByRole('link', { name: String(first?.code) }, T);
    expect(link).toHaveAttribute('href', `/vouchers/${first?.id}/show`);
    const [listQuery] = await backend.sent('GET', '/vouchers');
    expect(Object.fromEntries(new URLSearchParams(listQuery?.search))).toMatchObject({
      filter: JSON.stringify([{ field: 'voucherPackId', op: 'eq', value: kopi.id }]),
      sort: 'createTime,desc',
    });

    const dialog = await openIssueDialog();
    expect(within(dialog).getByLabelText(/^Quantity/)).toHaveValue(1);
    expect(
      await within(dialog).findByText('496 left of 500 · at most 5 per member', {}, T),
    ).toBeInTheDocument();
    fillIssue(dialog, '9111 2233', 2);
    await confirmWith('Confirm to Issue - Vouchers?');

    expect(await screen.findByText('Issue Vouchers success', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Hint')).toBeInTheDocument();
    const posts = await backend.sent('POST', `/voucher-packs/${kopi.id}/vouchers`);
    expect(posts.map((p) => p.body)).toEqual([{ memberMobile: '+6591112233', quantity: 2 }]);
    expectFreshKeys(posts);

    await waitFor(() => expect(tile('Issued / Quantity')).toHaveTextContent('6 / 500'), T);
    expect(tile('Available')).toHaveTextContent('4');
    expect(tile('Left')).toHaveTextContent('494');
    expect((await packRow(backend, kopi.id)).issuedCount).toBe(6);
    // the two new vouchers are in the list
    const issued = (await vouchersOf(backend, kopi.id)).filter((v) => v.memberMobile === '+6591112233');
    expect(issued).toHaveLength(2);
    for (const v of issued) expect(await within(list).findByText(String(v.code), {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);

    // a second issue is a new confirmation: a new key
    fillIssue(await openIssueDialog(), '9111 2244', 1);
    await confirmWith('Confirm to Issue - Vouchers?');
    await waitFor(() => expect(tile('Issued / Quantity')).toHaveTextContent('7 / 500'), T);
    expectFreshKeys(await backend.sent('POST', `/voucher-packs/${kopi.id}/vouchers`));
  });

  it('says what an issue costs and what the wallet keeps, before it is confirmed (issue 40 item 6)', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const pack = await newPack(merchant, { title: 'Paid Kopi', price: 1.1 });
    const { companyId } = WORLD.acme;
    const credited = await backend.t.db.transaction((tx) =>
      creditWallet(tx, companyId, '5.00', { type: 'TOP_UP_TXN', reference: 'test top-up', at: new Date() }),
    );
    const balance = centsOf(credited?.balance) ?? 0n;
    const sgd = (cents: bigint) => formatMoney(moneyOfCents(cents), 'SGD');
    await openAs('merchant', `/voucherPacks/${pack.id}/show`);

    const dialog = await openIssueDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Member mobile/), { target: { value: '9111 2277' } });
    fireEvent.change(within(dialog).getByLabelText(/^Quantity/), { target: { value: '3' } });
    // 1.10 × 3, in cents: what the server will take
    const says = `Costs SGD 3.30 from the wallet, leaving ${sgd(balance - 330n)}.`;
    expect(await within(dialog).findByText(says, {}, T)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    const ask = await screen.findByRole('dialog', { name: 'Please confirm' }, T);
    expect(ask).toHaveTextContent(says);
    await confirmWith('Confirm to Issue - Vouchers?');
    expect(await screen.findByText('Issue Vouchers success', {}, T)).toBeInTheDocument();
    const wallet = await merchant<{ balance: number }>('GET', `${BASE_PATHS.payment}/wallet`);
    expect(centsOf(wallet.balance)).toBe(balance - 330n);

    // more than the wallet holds: said before anything is sent
    const big = await openIssueDialog();
    fireEvent.change(within(big).getByLabelText(/^Quantity/), { target: { value: '5' } });
    expect(
      await within(big).findByText(
        `Costs SGD 5.50: the wallet holds ${sgd(balance - 330n)}. Top up first.`,
        {},
        T,
      ),
    ).toBeInTheDocument();
  });

  it('a sold-out pack: 6802 in the red notice and in the dialog, with the field; nothing issued', async () => {
    const { cake } = await seedDemo(backend);
    await openAs('operator', `/voucherPacks/${cake.id}/show`);
    await waitFor(() => expect(tile('Left')).toHaveTextContent('2'), T);

    const dialog = await openIssueDialog();
    fillIssue(dialog, '9111 2233', 3);
    await confirmWith('Confirm to Issue - Vouchers?');

    expect(await screen.findByText('Issue Vouchers failed', {}, T)).toBeInTheDocument();
    expect(screen.getByText(/^6802/)).toBeInTheDocument();
    expect(screen.getByText('VOUCHER_PACK_SOLD_OUT')).toBeInTheDocument();
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert).toHaveTextContent('Voucher pack sold out');
    expect(alert).toHaveTextContent('Quantity: 2 left in the pack');
    // the quantity input carries the server's reason too
    expect(within(dialog).getByLabelText(/^Quantity/)).toHaveAttribute('aria-invalid', 'true');
    expect((await packRow(backend, cake.id)).issuedCount).toBe(1);
    expect(tile('Issued / Quantity')).toHaveTextContent('1 / 3');

    // fewer is fine
    fireEvent.change(within(dialog).getByLabelText(/^Quantity/), { target: { value: '1' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Issue' }, T));
    await confirmWith('Confirm to Issue - Vouchers?');
    expect(await screen.findByText('Issue Vouchers success', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(tile('Issued / Quantity')).toHaveTextContent('2 / 3'), T);
  });

  it('a lost answer: confirming the same issue again re-sends its key and issues once', async () => {
    const { kopi } = await seedDemo(backend);
    const path = `${BASE_PATHS.main}/voucher-packs/${kopi.id}/vouchers`;
    // the server applies the first call, then the connection drops before the answer
    server.use(
      http.post(
        `${TEST_ORIGIN}${path}`,
        async ({ request }) => {
          await backend.handle(request);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await openAs('merchant', `/voucherPacks/${kopi.id}/show`);
    await waitFor(() => expect(tile('Issued / Quantity')).toHaveTextContent('4 / 500'), T);

    const dialog = await openIssueDialog();
    fillIssue(dialog, '9111 2233', 1);
    await confirmWith('Confirm to Issue - Vouchers?');
    expect(await screen.findByText('Issue Vouchers failed', {}, T)).toBeInTheDocument();
    expect((await packRow(backend, kopi.id)).issuedCount).toBe(5);

    // the dialog stays open with what was filled in: Issue again
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Issue' }, T));
    await confirmWith('Confirm to Issue - Vouchers?');
    expect(await screen.findByText('Issue Vouchers success', {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/voucher-packs/${kopi.id}/vouchers`);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers.get('Idempotency-Key')).toBe(posts[0]?.headers.get('Idempotency-Key'));
    // issued once: the replay answered the first result
    expect((await packRow(backend, kopi.id)).issuedCount).toBe(5);
    await waitFor(() => expect(tile('Issued / Quantity')).toHaveTextContent('5 / 500'), T);
  });

  it('a colleague who may only view vouchers sees the figures but no Issue button', async () => {
    const { kopi } = await seedDemo(backend);
    await restrictColleague(backend.t.db, [
      { resource: 'voucherPacks', action: 'VIEW' },
      { resource: 'vouchers', action: 'VIEW' },
    ]);
    await openAs('restricted', `/voucherPacks/${kopi.id}/show`);
    await waitFor(() => expect(tile('Issued / Quantity')).toHaveTextContent('4 / 500'), T);
    expect(screen.queryByRole('button', { name: 'Issue vouchers' })).toBeNull();
  });
});
