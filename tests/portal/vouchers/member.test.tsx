// /voucher/get-user-vouchers on the real server: one search box (Enter or the button), the member's
// vouchers grouped by state in tabs with their counts, each voucher's history a click away, an unknown
// member's empty state, and a mobile that is not one refused before anything is sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateRange } from '../../../contract/format';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { DEMO_MEMBERS, seedDemo, T } from './demo';

const search = (text: string, how: 'enter' | 'button') => {
  const box = screen.getByRole('searchbox', { name: 'Member mobile' });
  fireEvent.change(box, { target: { value: text } });
  if (how === 'enter') fireEvent.submit(box.closest('form') as HTMLFormElement);
  else fireEvent.click(screen.getByRole('button', { name: 'Search' }));
};

describe('member voucher lookup', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('finds the member by mobile and shows their vouchers by state, each with its history', async () => {
    const { voided, redeemed, cakeVoucher, donated } = await seedDemo(backend);
    await openAs('merchant', '/voucher/get-user-vouchers');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Vouchers' }, T)).toBeInTheDocument();
    expect(screen.getByText('Enter a member’s mobile number to see their vouchers.')).toBeInTheDocument();

    // the local number, in the current country (sg)
    // the path is the same before and after the search: wait for the mobile in the address (on a
    // loaded machine the page may still re-render as the country settles and drop the first entry:
    // enter it again until the address has it)
    const mobileInAddress = () => new URLSearchParams(window.location.search).get('mobile');
    await waitFor(() => {
      if (mobileInAddress() !== DEMO_MEMBERS.tan) search('9123 4567', 'enter');
      expect(mobileInAddress()).toBe(DEMO_MEMBERS.tan);
    }, T);
    const member = await screen.findByRole('region', { name: 'Member' }, T);
    expect(member).toHaveTextContent('Tan Wei Ming');
    expect(member).toHaveTextContent(DEMO_MEMBERS.tan);
    expect(
      await backend.sent('GET', `/members/${encodeURIComponent(DEMO_MEMBERS.tan)}/vouchers`),
    ).toHaveLength(1);

    const tabs = screen.getByRole('tablist', { name: 'Vouchers by state' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Available (2)', 'Redeemed (1)', 'Expired (0)']);
    // Available: the voided one and the cake; the donated one is Arjun's now
    const panel = screen.getByRole('tabpanel');
    const cards = within(panel).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label')).sort()).toEqual(
      [String(voided.code), String(cakeVoucher.code)].sort(),
    );
    expect(within(panel).queryByText(String(donated.code))).toBeNull();
    const card = within(panel).getByRole('article', { name: String(voided.code) });
    expect(card).toHaveTextContent('Free Kopi');
    expect(card).toHaveTextContent(/4\.50/);
    // the validity as a range of days, written the product's one way ('26 Nov 2026 – 25 Dec 2026')
    expect(card).toHaveTextContent(`Valid ${formatDateRange(voided.validFrom, voided.validUntil)}`);
    expect(within(card).getByRole('link', { name: String(voided.code) })).toHaveAttribute(
      'href',
      `/vouchers/${voided.id}/show`,
    );

    // its history, oldest first
    fireEvent.click(within(card).getByRole('button', { name: 'History (3)' }));
    const history = await within(card).findByRole('list', { name: `History of ${String(voided.code)}` }, T);
    const entries = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(entries.map((e) => e.split(/\d/)[0])).toEqual(['Issued', 'Redeemed', 'Voided']);
    expect(entries[2]).toContain('Redeemed by mistake at the till');
    expect(entries[1]).toContain(`Member ${DEMO_MEMBERS.tan}`);
    await waitFor(
      () => expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent('At Acme Coffee Raffles'),
      T,
    );

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Redeemed (1)' }));
    const redeemedPanel = screen.getByRole('tabpanel');
    expect(within(redeemedPanel).getByRole('article', { name: String(redeemed.code) })).toHaveTextContent(
      /redeemed/,
    );
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Expired (0)' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No expired vouchers.');
  });

  it('an unknown member: "No member with this mobile"', async () => {
    await seedDemo(backend);
    await openAs('operator', '/voucher/get-user-vouchers');
    await screen.findByRole('searchbox', { name: 'Member mobile' }, T);
    search('+65 9000 0000', 'button');
    expect(await screen.findByText('No member with this mobile', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('+6590000000');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('a mobile that is not one is refused in the box; nothing is looked up', async () => {
    await seedDemo(backend);
    await openAs('operator', '/voucher/get-user-vouchers');
    await screen.findByRole('searchbox', { name: 'Member mobile' }, T);
    search('12', 'enter');
    expect(
      await screen.findByText('Enter a valid mobile number, e.g. +6591234567', {}, T),
    ).toBeInTheDocument();
    const lookups = (await backend.sent('GET')).filter((r) => r.path.startsWith('/members/'));
    expect(lookups).toHaveLength(0);
  });

  it('opens on the member named in the address (a voucher page links here)', async () => {
    await seedDemo(backend);
    await openAs('operator', `/voucher/get-user-vouchers?mobile=${encodeURIComponent(DEMO_MEMBERS.arjun)}`);
    const member = await screen.findByRole('region', { name: 'Member' }, T);
    expect(member).toHaveTextContent('Arjun Nair');
    expect(screen.getByRole('searchbox', { name: 'Member mobile' })).toHaveValue(DEMO_MEMBERS.arjun);
    expect(screen.getByRole('tab', { name: 'Available (1)' })).toHaveAttribute('aria-selected', 'true');
  });
});
