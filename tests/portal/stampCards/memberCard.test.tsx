// A member card's page on the real server: the stamps as "9 / 10", "Stamp" (stamps, store, receipt,
// optional PIN; 'Confirm to Stamp - {mobile}?'; POST /member-cards/{id}/stamps with expectedStamps =
// the stamps shown and an Idempotency-Key), completion with its reward voucher link, the card's
// transactions newest first with "Void" on the last SUCCESS one only (a reason, asked once), and
// a refusal (6627, the card moved meanwhile) shown to the user.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberCards } from '../../../server/platform/db/schema';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import {
  cardRow,
  confirmWith,
  expectFreshKeys,
  STAMP_DEMO_MEMBERS,
  seedStamping,
  stampElsewhere,
  T,
  transactionsOf,
  voucherRow,
} from './demo';

const transactionRows = () =>
  within(screen.getByRole('table', { name: 'Stamps transactions', hidden: true }))
    .getAllByRole('row', { hidden: true })
    .slice(1);

const stampsShown = () => screen.getByRole('group', { name: 'Stamps', hidden: true });

describe('member card page', { timeout: 60_000 }, () => {
  const backend = portalServer();

  /**
   * The card's page as the merchant once it shows `shown` stamps, with its Stamp dialog open and the
   * store filled in; answers the dialog.
   */
  const openStampDialog = async (cardId: number, shown: string) => {
    await openAs('merchant', `/memberCards/${cardId}/show`);
    await waitFor(() => expect(stampsShown()).toHaveTextContent(shown), T);
    fireEvent.click(await screen.findByRole('button', { name: 'Stamp' }, T));
    const dialog = await screen.findByRole('dialog', { name: /^Stamp the card of/ }, T);
    await waitFor(
      () =>
        expect(within(dialog).getByRole('combobox', { name: /^Store/ })).toHaveValue('Acme Coffee Raffles'),
      T,
    );
    return dialog;
  };

  it('shows the card and its transactions; Void is offered on the last SUCCESS one only', async () => {
    const { tan } = await seedStamping(backend);
    await openAs('merchant', `/memberCards/${tan.id}/show`);

    expect(await screen.findByRole('heading', { name: STAMP_DEMO_MEMBERS.tan }, T)).toBeInTheDocument();
    expect(await screen.findByText('Acme Coffee Card', { selector: 'h6, p' }, T)).toBeInTheDocument();
    await waitFor(() => expect(stampsShown()).toHaveTextContent('9 / 10'), T);
    expect(screen.getByText('Available')).toBeInTheDocument();
    await waitFor(() => expect(transactionRows()).toHaveLength(7), T);
    const [query] = await backend.sent('GET', '/stamps-transactions');
    expect(Object.fromEntries(new URLSearchParams(query?.search))).toMatchObject({
      filter: JSON.stringify([{ field: 'memberCardId', op: 'eq', value: tan.id }]),
      sort: 'at,desc',
    });
    // newest first: the last stamping, the refused one, the voided one, then the older ones
    const texts = transactionRows().map((r) => r.textContent ?? '');
    expect(texts[0]).toContain('Success');
    expect(texts[0]).toContain('R-10300');
    expect(texts[1]).toContain('Failed');
    expect(texts[1]).toContain('6627');
    expect(texts[2]).toContain('Voided');
    expect(texts[2]).toContain('Stamped twice for one order');
    const voids = screen.getAllByRole('button', { name: 'Void' });
    expect(voids).toHaveLength(1);
    expect(transactionRows()[0]).toContainElement(voids[0] ?? null);
  });

  it('Stamp: posts stamps, store, receipt and expectedStamps; completion shows the reward voucher', async () => {
    const { tan } = await seedStamping(backend);
    await openAs('merchant', `/memberCards/${tan.id}/show`);
    await waitFor(() => expect(stampsShown()).toHaveTextContent('9 / 10'), T);

    fireEvent.click(await screen.findByRole('button', { name: 'Stamp' }, T));
    const dialog = await screen.findByRole(
      'dialog',
      { name: `Stamp the card of ${STAMP_DEMO_MEMBERS.tan}` },
      T,
    );
    expect(within(dialog).getByLabelText(/^Stamps/)).toHaveValue(1);
    // one stamp left on the card: 2 is refused before anything is sent
    fireEvent.change(within(dialog).getByLabelText(/^Stamps/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stamp' }));
    expect(await within(dialog).findByText(/Must be 1 or less/, {}, T)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Stamps/), { target: { value: '1' } });
    // the card's store is picked already
    await waitFor(
      () =>
        expect(within(dialog).getByRole('combobox', { name: /^Store/ })).toHaveValue('Acme Coffee Raffles'),
      T,
    );
    fireEvent.change(within(dialog).getByLabelText(/^Receipt number/), { target: { value: ' R-777 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stamp' }));
    await confirmWith(`Confirm to Stamp - ${STAMP_DEMO_MEMBERS.tan}?`);

    expect(await screen.findByText(`Stamp ${STAMP_DEMO_MEMBERS.tan} success`, {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/member-cards/${tan.id}/stamps`);
    expect(posts.map((p) => p.body)).toEqual([
      { stamps: 1, storeId: 1, expectedStamps: 9, receiptNo: 'R-777' },
    ]);
    expectFreshKeys(posts);

    const done = await screen.findByRole('status', {}, T);
    expect(done).toHaveTextContent('Card completed — reward voucher issued');
    const { rewardVoucherId } = await cardRow(backend, tan.id);
    if (rewardVoucherId === null) throw new Error('the completed card names no reward voucher');
    const reward = await voucherRow(backend, rewardVoucherId);
    expect(reward).toMatchObject({ memberMobile: STAMP_DEMO_MEMBERS.tan, state: 'AVAILABLE' });
    expect(within(done).getByRole('link', { name: 'Open the reward voucher' })).toHaveAttribute(
      'href',
      `/vouchers/${reward?.id}/show`,
    );
    await waitFor(() => expect(stampsShown()).toHaveTextContent('10 / 10'), T);
    // the state chip
    expect(await screen.findByText('Completed', { selector: '.MuiChip-label' }, T)).toBeInTheDocument();
    // the reward voucher's code in the details, linking to it
    const code = await screen.findByText(String(reward?.code), {}, T);
    expect(code.closest('a')).toHaveAttribute('href', `/vouchers/${reward?.id}/show`);
    expect(screen.queryByRole('button', { name: 'Stamp' })).toBeNull();
    await waitFor(() => expect(transactionRows()).toHaveLength(8), T);
  });

  it('Void: a reason, then POST {reason} with no second question; the stamps are taken back', async () => {
    const { tan } = await seedStamping(backend);
    const last = (await transactionsOf(backend, tan.id)).find((t) => t.receiptNo === 'R-10300');
    await openAs('merchant', `/memberCards/${tan.id}/show`);
    await waitFor(() => expect(transactionRows()).toHaveLength(7), T);

    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void stamping of receipt R-10300' }, T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('Required', {}, T)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Wrong card' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    // asked once: the reason dialog was the question, no 'Confirm to Void' follows (issue 23)
    expect(await screen.findByText('Void stamping of receipt R-10300 success', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Confirm to Void - stamping of receipt R-10300?')).toBeNull();
    const posts = await backend.sent('POST', `/stamps-transactions/${last?.id}/void`);
    expect(posts.map((p) => p.body)).toEqual([{ reason: 'Wrong card' }]);
    expectFreshKeys(posts);
    expect((await transactionsOf(backend, tan.id)).find((t) => t.id === last?.id)?.result).toBe('VOIDED');
    await waitFor(() => expect(stampsShown()).toHaveTextContent('8 / 10'), T);
    await waitFor(() => expect(transactionRows()[0]).toHaveTextContent('Voided'), T);
    expect(transactionRows()[0]).toHaveTextContent('Wrong card');
    // the card's last SUCCESS is now the one before: it gets the Void button
    const voids = screen.getAllByRole('button', { name: 'Void' });
    expect(voids).toHaveLength(1);
    const rowsNow = transactionRows();
    const target = rowsNow.find((r) => r.textContent?.includes('R-10230'));
    expect(target).toContainElement(voids[0] ?? null);
  });

  it("Stamp refused (6630): the card's daily limit is reached; the dialog says so in plain words", async () => {
    const { arjun } = await seedStamping(backend);
    // the limit the card was issued under (issue 40 item 2: the card keeps its programme's terms)
    await backend.t.db
      .update(memberCards)
      .set({ maxStampsPerMemberPerDay: 1 })
      .where(eq(memberCards.id, arjun.id));
    await stampElsewhere(backend, arjun.id, { stamps: 1, storeId: 1 });
    const dialog = await openStampDialog(arjun.id, '3 / 10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stamp' }));
    await confirmWith(`Confirm to Stamp - ${STAMP_DEMO_MEMBERS.arjun}?`);
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert).toHaveTextContent(
      'a member collects at most 1 stamp a day on this programme; 1 given today, so 0 more are possible',
    );
    expect((await cardRow(backend, arjun.id)).stamps).toBe(3);
  });

  it('Stamp refused (6627): the card moved meanwhile; the error is shown and the card reloads', async () => {
    const { arjun } = await seedStamping(backend);
    const dialog = await openStampDialog(arjun.id, '2 / 10');
    // another till stamps the card while this dialog is open
    await stampElsewhere(backend, arjun.id, { stamps: 1, storeId: 1 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stamp' }));
    await confirmWith(`Confirm to Stamp - ${STAMP_DEMO_MEMBERS.arjun}?`);

    expect(await screen.findByText(`Stamp ${STAMP_DEMO_MEMBERS.arjun} failed`, {}, T)).toBeInTheDocument();
    // the red notice: the code and the request id's first characters
    expect(screen.getByText(/^6627 · [0-9a-f]{4}$/)).toBeInTheDocument();
    expect(screen.getByText('STAMP_NUMBER_MISMATCH')).toBeInTheDocument();
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert).toHaveTextContent('Stamp number mismatch');
    expect(alert).toHaveTextContent('Stamps on the card: the card has 3 stamps');
    const posts = await backend.sent('POST', `/member-cards/${arjun.id}/stamps`);
    expect(posts.map((p) => p.body)).toEqual([{ stamps: 1, storeId: 1, expectedStamps: 2 }]);
    // the page shows the card as it is now, with the refusal recorded
    await waitFor(() => expect(stampsShown()).toHaveTextContent('3 / 10'), T);
    expect((await cardRow(backend, arjun.id)).stamps).toBe(3);
    const failed = (await transactionsOf(backend, arjun.id)).filter((t) => t.result === 'FAILED');
    expect(failed.map((t) => t.failureCode)).toEqual([6627]);

    // stamping again sends the stamps now shown
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stamp' }));
    await confirmWith(`Confirm to Stamp - ${STAMP_DEMO_MEMBERS.arjun}?`);
    expect(await screen.findByText(`Stamp ${STAMP_DEMO_MEMBERS.arjun} success`, {}, T)).toBeInTheDocument();
    const again = await backend.sent('POST', `/member-cards/${arjun.id}/stamps`);
    expect(again[1]?.body).toEqual({ stamps: 1, storeId: 1, expectedStamps: 3 });
    expect((await cardRow(backend, arjun.id)).stamps).toBe(4);
  });
});
