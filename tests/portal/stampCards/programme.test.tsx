// A stamp card programme's page on the real server: its figures from GET /stamp-cards/{id}/summary as
// tiles, its member cards (each linking to the card's page), and "Issue card": a member's mobile and
// a store of the programme's brand, 'Confirm to Issue - Member card?', POST /stamp-cards/{id}/member-cards
// with an Idempotency-Key, then the new card's page. A refusal (6623) is shown with its field.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, openAs, waitForPath } from '../renderApp';
import { portalServer } from '../server';
import { settled } from '../settle';
import {
  cardsOf,
  confirmWith,
  expectFreshKeys,
  programmeRow,
  STAMP_DEMO_MEMBERS,
  seedStamping,
  T,
  tile,
} from './demo';

const openIssueDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Issue card' }, T));
  return screen.findByRole('dialog', { name: 'Issue a card of Acme Coffee Card' }, T);
};

const fillIssue = async (dialog: HTMLElement, national: string) => {
  fireEvent.change(within(dialog).getByLabelText(/^Member mobile/), { target: { value: national } });
  const user = userEvent.setup({ delay: null });
  await user.type(within(dialog).getByLabelText(/^Store/), 'Acme');
  await settled(); // the typed search's answer, before an option is picked
  fireEvent.click(await screen.findByRole('option', { name: 'Acme Coffee Raffles' }, T));
  // only the programme brand's ACTIVE stores are offered
  expect(screen.queryByRole('option', { name: 'Acme Coffee Orchard' })).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
};

describe('stamp card programme page', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('shows the programme, its figures and its member cards', async () => {
    const { programme, tan } = await seedStamping(backend);
    await openAs('merchant', `/stampCard/${programme.id}/show`);

    expect(await screen.findByRole('heading', { name: 'Acme Coffee Card' }, T)).toBeInTheDocument();
    await waitFor(() => expect(tile('Cards issued')).toHaveTextContent('4 / 200'), T);
    expect(tile('Cards issued')).toHaveTextContent('196 left to issue');
    expect(tile('Available')).toHaveTextContent('3');
    expect(tile('Completed')).toHaveTextContent('1');
    expect(tile('Completed')).toHaveTextContent('25% of issued');
    expect(tile('Expired')).toHaveTextContent('0');
    // Tan's 2 + 1 (the voided one does not count) and Arjun's 2 in the last 7 days
    expect(tile('Stamps this week')).toHaveTextContent('5');
    expect(tile('Stamps this week')).toHaveTextContent('in 3 stampings');
    const [summary] = await backend.sent('GET', `/stamp-cards/${programme.id}/summary`);
    expect(summary).toBeDefined();

    const list = screen.getByRole('region', { name: 'Member cards of this programme' });
    const link = await within(list).findByRole('link', { name: STAMP_DEMO_MEMBERS.tan }, T);
    expect(link).toHaveAttribute('href', `/memberCards/${tan.id}/show`);
    expect(within(list).getByText('9 / 10')).toBeInTheDocument();
    const [listQuery] = await backend.sent('GET', '/member-cards');
    expect(Object.fromEntries(new URLSearchParams(listQuery?.search))).toMatchObject({
      filter: JSON.stringify([{ field: 'stampCardId', op: 'eq', value: programme.id }]),
      sort: 'createTime,desc',
    });
  });

  it('Issue card: posts the mobile and store once confirmed, then opens the new card', async () => {
    const { programme } = await seedStamping(backend);
    await openAs('merchant', `/stampCard/${programme.id}/show`);
    await waitFor(() => expect(tile('Cards issued')).toHaveTextContent('4 / 200'), T);

    const dialog = await openIssueDialog();
    // what the card takes from the wallet is said before it is confirmed (issue 40 item 6)
    // (the programme's price, SGD 2.00, and the balance the demo's top-up and four cards left)
    expect(
      await within(dialog).findByText(/^Costs SGD 2\.00 from the wallet, leaving SGD \d+\.\d{2}\.$/, {}, T),
    ).toBeInTheDocument();
    await fillIssue(dialog, '9111 2233');
    await confirmWith('Costs SGD 2.00 from the wallet, leaving SGD');

    expect(await screen.findByText('Issue Member card success', {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/stamp-cards/${programme.id}/member-cards`);
    expect(posts.map((p) => p.body)).toEqual([{ memberMobile: '+6591112233', storeId: 1 }]);
    expectFreshKeys(posts);
    const [card] = await cardsOf(backend, '+6591112233');
    expect(card).toMatchObject({ stampCardId: programme.id, stamps: 0, state: 0, storeId: 1 });
    await waitForPath(`/memberCards/${card?.id}/show`);
    expect(await screen.findByRole('heading', { name: '+6591112233' }, T)).toBeInTheDocument();
    expect(await screen.findByText('0 / 10', {}, T)).toBeInTheDocument();
    expect((await programmeRow(backend, programme.id)).issuedCount).toBe(5);
  });

  it('Issue card refused (6623): the member already holds an open card; the error names the field', async () => {
    const { programme } = await seedStamping(backend);
    await openAs('operator', `/stampCard/${programme.id}/show`);
    await waitFor(() => expect(tile('Cards issued')).toHaveTextContent('4 / 200'), T);

    const dialog = await openIssueDialog();
    await fillIssue(dialog, '9123 4567');
    await confirmWith('Confirm to Issue - Member card?');

    expect(await screen.findByText('Issue Member card failed', {}, T)).toBeInTheDocument();
    expect(screen.getByText(/^6623/)).toBeInTheDocument();
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert).toHaveTextContent('The member already has an uncompleted card');
    expect(alert).toHaveTextContent('Member mobile: the member holds card');
    expect((await programmeRow(backend, programme.id)).issuedCount).toBe(4);
    expect(currentPath()).toBe(`/stampCard/${programme.id}/show`);
  });
});
