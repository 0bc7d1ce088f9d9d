// /VoucherManagement on the real server (issue 42): the week's issued, redeemed and expired vouchers
// (each the total of a one-row history list since Monday, `project` ["id"]), every pack on sale or
// paused with what is left, its limit and its actions (Issue leads to the issue screen with the pack
// chosen; a paused pack offers none), and a colleague who may not issue sees no Issue.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { restrictColleague, seedDemo, T } from './demo';

const figure = (name: string) =>
  within(screen.getByRole('region', { name: 'This week' })).getByText(name).parentElement as HTMLElement;

describe('voucher management', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("shows the week's movements, the packs with what is left, and the actions", async () => {
    const { kopi } = await seedDemo(backend);
    await openAs('merchant', '/VoucherManagement');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Voucher Management' }, T),
    ).toBeInTheDocument();
    // seedDemo issued 5 vouchers, redeemed 2 (one voided afterwards) and expired 1
    await waitFor(() => expect(figure('Issued')).toHaveTextContent('5'), T);
    expect(figure('Redeemed')).toHaveTextContent('2');
    expect(figure('Expired')).toHaveTextContent('1');
    const history = (await backend.sent('GET', '/voucher-history')).map((r) => new URLSearchParams(r.search));
    expect(history).toHaveLength(3);
    for (const q of history) {
      expect(q.get('size')).toBe('1');
      expect(q.get('project')).toBe('["id"]');
      expect(q.get('filter')).toContain('"field":"at","op":"gte"');
    }

    const table = await screen.findByRole('table', { name: 'Packs on sale' }, T);
    const row = (title: string) =>
      within(table).getByRole('rowheader', { name: title }).closest('tr') as HTMLElement;
    expect(within(row('Free Kopi')).getByText('496 of 500 left')).toBeInTheDocument();
    expect(within(row('Free Kopi')).getByText('At most 5 per member')).toBeInTheDocument();
    expect(within(row('Birthday Cake Slice')).getByText('2 of 3 left')).toBeInTheDocument();
    expect(within(row('Free Kopi')).getByRole('link', { name: 'Issue' })).toHaveAttribute(
      'href',
      `/vouchers/create?voucherPackId=${kopi.id}`,
    );
    // the paused pack is listed, with nothing to issue from it
    expect(within(row('Lunar New Year Ang Bao')).getByText('888 of 888 left')).toBeInTheDocument();
    expect(within(row('Lunar New Year Ang Bao')).queryByRole('link', { name: 'Issue' })).toBeNull();
    const [packs] = (await backend.sent('GET', '/voucher-packs')).map((r) => new URLSearchParams(r.search));
    expect(JSON.parse(packs?.get('project') ?? '[]')).toContain('issuedCount');
    expect(screen.getByRole('link', { name: 'Issue vouchers' })).toHaveAttribute('href', '/vouchers/create');
    expect(screen.getByRole('link', { name: 'New pack' })).toBeInTheDocument();
  });

  it('offers a colleague who may only look no Issue and no New pack', async () => {
    await seedDemo(backend);
    await restrictColleague(backend.t.db, [
      { resource: 'voucherPacks', action: 'VIEW' },
      { resource: 'voucherHistory', action: 'VIEW' },
    ]);
    await openAs('restricted', '/VoucherManagement');
    const table = await screen.findByRole('table', { name: 'Packs on sale' }, T);
    expect(within(table).getAllByRole('link', { name: 'Open' }).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('link', { name: 'Issue' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Issue vouchers' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New pack' })).toBeNull();
  });
});
