// A voucher's page on the real server: Redeem at a store picked from the voucher brand's active stores,
// Void a redemption with a reason, Donate to another member, Expire (operators only); each asks
// 'Confirm to {action} - {code}?', posts its body with an Idempotency-Key, reports 'Hint' or 'Error'
// and shows the voucher and its history as they are afterwards.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../api';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { settled } from '../settle';
import { confirmWith, DEMO_MEMBERS, expectFreshKeys, historyOf, seedDemo, T, voucherRow } from './demo';

/** The history timeline's entries, each as its text. */
const historyEntries = () =>
  within(screen.getByRole('list', { name: 'History', hidden: true }))
    .getAllByRole('listitem', { hidden: true })
    .map((li) => li.textContent ?? '');

/** Clicks the page's `action` button once it shows; answers the dialog it opens, `dialogName`. */
const openDialog = async (action: string, dialogName: string) => {
  fireEvent.click(await screen.findByRole('button', { name: action }, T));
  return screen.findByRole('dialog', { name: dialogName }, T);
};

describe('voucher page', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('Redeem: pick an active store of the brand, confirm, POST {storeId}; the voucher shows Redeemed', async () => {
    const { voided: voucher } = await seedDemo(backend);
    const code = String(voucher.code);
    await openAs('merchant', `/vouchers/${voucher.id}/show`);
    expect(await screen.findByRole('heading', { name: code }, T)).toBeInTheDocument();
    await waitFor(() => expect(historyEntries()).toHaveLength(3), T);
    // the history: this voucher's rows of GET /voucher-history, oldest first
    const [historyQuery] = await backend.sent('GET', '/voucher-history');
    expect(Object.fromEntries(new URLSearchParams(historyQuery?.search))).toMatchObject({
      filter: JSON.stringify([{ field: 'voucherId', op: 'eq', value: voucher.id }]),
      sort: 'at,asc',
    });
    expect(historyEntries().map((e) => e.split(/\d/)[0])).toEqual(['Issued', 'Redeemed', 'Voided']);
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Expire' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByRole('dialog', { name: `Redeem ${code}` }, T);
    // nothing picked yet: the store is required and nothing is sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('Required', {}, T)).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByLabelText(/^Store/), 'Acme');
    await settled(); // the typed search's answer, before an option is picked
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Coffee Raffles' }, T));
    // only the voucher brand's ACTIVE stores are offered
    expect(screen.queryByRole('option', { name: 'Acme Coffee Orchard' })).toBeNull();
    const storeQueries = (await backend.sent('GET', '/stores')).map((r) =>
      new URLSearchParams(r.search).get('filter'),
    );
    expect(storeQueries).toContain(
      JSON.stringify([
        { field: 'brandId', op: 'eq', value: 1 },
        { field: 'state', op: 'eq', value: 'ACTIVE' },
      ]),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await confirmWith(`Confirm to Redeem - ${code}?`);

    expect(await screen.findByText(`Redeem ${code} success`, {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/vouchers/${voucher.id}/redeem`);
    expect(posts.map((p) => p.body)).toEqual([{ storeId: 1 }]);
    expectFreshKeys(posts);
    expect((await voucherRow(backend, voucher.id)).state).toBe('REDEEMED');
    expect(await screen.findByRole('button', { name: 'Void' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull();
    await waitFor(() => expect(historyEntries()).toHaveLength(4), T);
    expect(historyEntries()[3]).toMatch(/^Redeemed/);
    await waitFor(() => expect(historyEntries()[3]).toContain('Acme Coffee Raffles'), T);
  });

  it('Redeem refused (6805): the voucher expired meanwhile; the error names the field', async () => {
    const { voided: voucher } = await seedDemo(backend);
    const code = String(voucher.code);
    await openAs('merchant', `/vouchers/${voucher.id}/show`);
    const dialog = await openDialog('Redeem', `Redeem ${code}`);
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByLabelText(/^Store/));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Coffee Raffles' }, T));
    // an operator expires it meanwhile
    await (await apiAs(backend, 'operator'))('POST', `/vouchers/${voucher.id}/expire`, {});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await confirmWith(`Confirm to Redeem - ${code}?`);

    expect(await screen.findByText(`Redeem ${code} failed`, {}, T)).toBeInTheDocument();
    expect(screen.getByText('VOUCHER_NOT_AVAILABLE')).toBeInTheDocument();
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert).toHaveTextContent('Voucher is not available');
    expect(alert).toHaveTextContent('State: the voucher is EXPIRED');
  });

  it('Void: a reason is required, then POST {reason} with no second question; the voucher is available again', async () => {
    const { redeemed: voucher } = await seedDemo(backend);
    const code = String(voucher.code);
    await openAs('merchant', `/vouchers/${voucher.id}/show`);
    const dialog = await openDialog('Void', `Void the redemption of ${code}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('Required', {}, T)).toBeInTheDocument();
    expect(await backend.sent('POST', `/vouchers/${voucher.id}/void`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
      target: { value: '  Cashier scanned the wrong voucher  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    // asked once: the reason dialog was the question, no 'Confirm to Void' follows (issue 23)
    expect(await screen.findByText(`Void ${code} success`, {}, T)).toBeInTheDocument();
    expect(screen.queryByText(`Confirm to Void - ${code}?`)).toBeNull();
    const posts = await backend.sent('POST', `/vouchers/${voucher.id}/void`);
    expect(posts.map((p) => p.body)).toEqual([{ reason: 'Cashier scanned the wrong voucher' }]);
    expectFreshKeys(posts);
    expect(await screen.findByRole('button', { name: 'Redeem' }, T)).toBeInTheDocument();
    await waitFor(() => expect(historyEntries().at(-1)).toMatch(/^Voided/), T);
    expect(historyEntries().at(-1)).toContain('Cashier scanned the wrong voucher');
    expect((await historyOf(backend, voucher.id)).map((h) => h.action)).toEqual([
      'ISSUED',
      'REDEEMED',
      'VOIDED',
    ]);
  });

  it('Donate: the receiving mobile, POST {toMobile}; the voucher names its new member', async () => {
    const { donated: voucher } = await seedDemo(backend);
    const code = String(voucher.code);
    await openAs('merchant', `/vouchers/${voucher.id}/show`);
    const dialog = await openDialog('Donate', `Donate ${code}`);
    expect(dialog).toHaveTextContent(`The voucher moves from ${DEMO_MEMBERS.arjun}`);
    const mobile = within(dialog).getByLabelText(/^Recipient’s mobile/);
    // the holder cannot receive their own voucher
    fireEvent.change(mobile, { target: { value: '8111 2222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Donate' }));
    expect(
      await within(dialog).findByText('This member already holds the voucher', {}, T),
    ).toBeInTheDocument();

    fireEvent.change(mobile, { target: { value: '9000 1111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Donate' }));
    await confirmWith(`Confirm to Donate - ${code}?`);

    expect(await screen.findByText(`Donate ${code} success`, {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/vouchers/${voucher.id}/donate`);
    expect(posts.map((p) => p.body)).toEqual([{ toMobile: '+6590001111' }]);
    expectFreshKeys(posts);
    expect(await screen.findByRole('link', { name: '+6590001111' }, T)).toHaveAttribute(
      'href',
      `/voucher/get-user-vouchers?mobile=${encodeURIComponent('+6590001111')}`,
    );
    await waitFor(
      () => expect(historyEntries().at(-1)).toContain(`From ${DEMO_MEMBERS.arjun} to +6590001111`),
      T,
    );
  });

  it('Expire is for operators: confirm, POST {}; a merchant is not offered it', async () => {
    const { voided: voucher } = await seedDemo(backend);
    const code = String(voucher.code);
    await openAs('operator', `/vouchers/${voucher.id}/show`);
    fireEvent.click(await screen.findByRole('button', { name: 'Expire' }, T));
    await confirmWith(`Confirm to Expire - ${code}?`);
    expect(await screen.findByText(`Expire ${code} success`, {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/vouchers/${voucher.id}/expire`);
    expect(posts.map((p) => p.body)).toEqual([{}]);
    expectFreshKeys(posts);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull(), T);
    expect(screen.queryByRole('button', { name: 'Expire' })).toBeNull();
    await waitFor(() => expect(historyEntries().at(-1)).toMatch(/^Expired/), T);
  });

  it('a merchant sees Redeem and Donate but not Expire; a pack that is not giftable disables Donate', async () => {
    const { cakeVoucher } = await seedDemo(backend);
    await openAs('merchant', `/vouchers/${cakeVoucher.id}/show`);
    expect(await screen.findByRole('button', { name: 'Redeem' }, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Donate' })).toBeDisabled(), T);
    expect(screen.queryByRole('button', { name: 'Expire' })).toBeNull();
  });
});
