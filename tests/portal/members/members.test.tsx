// The members area on the real server (issue 25): the list at /aotg/list asks GET /members with the
// contract's parameters and the filter JSON, a row opens the member's profile at /aotg/member, and a
// colleague who may not view members is refused the list and sees members' mobiles masked elsewhere.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { maskMobile } from '../../../contract/members';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { DEMO_MEMBERS, restrictColleague, seedDemo, T } from '../vouchers/demo';
import { WORLD } from '../world';

describe('members list and profile', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('lists the members with the filter JSON the page asks for; a row opens the profile', async () => {
    await seedDemo(backend);
    await openAs(
      'merchant',
      `/aotg/list?filter=${encodeURIComponent(JSON.stringify({ hasAvailableVoucher: true }))}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' }, T)).toBeInTheDocument();
    const tan = await screen.findByText(DEMO_MEMBERS.tan, {}, T);
    expect(screen.getByText(DEMO_MEMBERS.arjun)).toBeInTheDocument();
    // Siti's only voucher expired: not in the list
    expect(screen.queryByText(DEMO_MEMBERS.siti)).toBeNull();
    const lists = await backend.sent('GET', '/members');
    const query = Object.fromEntries(new URLSearchParams(lists.at(-1)?.search).entries());
    expect(query).toEqual({
      page: '0',
      size: expect.any(String),
      sort: 'measureValue,desc',
      filter: JSON.stringify([{ field: 'hasAvailableVoucher', op: 'eq', value: true }]),
    });

    fireEvent.click(tan);
    await waitFor(() => expect(window.location.pathname).toBe('/aotg/member'), T);
    expect(new URLSearchParams(window.location.search).get('mobile')).toBe(DEMO_MEMBERS.tan);
    const header = await screen.findByRole('region', { name: 'Member' }, T);
    expect(header).toHaveTextContent(DEMO_MEMBERS.tan);
    expect(header).toHaveTextContent('Tan Wei Ming');
    expect(within(header).getByRole('button', { name: 'Issue vouchers' })).toBeInTheDocument();
    const vouchers = screen.getByRole('region', { name: 'Vouchers' });
    expect(within(vouchers).getByRole('region', { name: 'Available (2)' })).toBeInTheDocument();
    expect(within(vouchers).getByRole('region', { name: 'Redeemed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pushes received' })).toHaveTextContent(
      'No push has reached this member.',
    );
    expect(await backend.sent('GET', `/members/${encodeURIComponent(DEMO_MEMBERS.tan)}`)).toHaveLength(1);
  });

  it('tells an operator why the activity columns are empty until a company is picked', async () => {
    await seedDemo(backend);
    await openAs('operator', '/aotg/list');
    const hint =
      "Level, stamps, visits and last visit are a company's: pick a company to see them and sort by them.";
    expect(await screen.findByRole('note', {}, T)).toHaveTextContent(hint);
    cleanup();
    await openAs(
      'operator',
      `/aotg/list?filter=${encodeURIComponent(JSON.stringify({ companyId: WORLD.acme.companyId }))}`,
    );
    await screen.findByText(DEMO_MEMBERS.tan, {}, T);
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('asks for the members not seen for a number of days, relative to now', async () => {
    await seedDemo(backend);
    await openAs(
      'merchant',
      `/aotg/list?filter=${encodeURIComponent(JSON.stringify({ daysSinceLastVisit_gte: 30 }))}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' }, T)).toBeInTheDocument();
    await waitFor(async () => {
      const lists = await backend.sent('GET', '/members');
      const query = Object.fromEntries(new URLSearchParams(lists.at(-1)?.search).entries());
      expect(query.filter).toBe(JSON.stringify([{ field: 'daysSinceLastVisit', op: 'gte', value: 30 }]));
    }, T);
    expect(screen.getByLabelText('Not visited for at least (days)')).toHaveValue(30);
  });

  it('a colleague who may not view members sees their mobiles masked on the voucher list', async () => {
    await seedDemo(backend);
    await restrictColleague(backend.t.db, [{ resource: 'vouchers', action: 'VIEW' }]);
    await openAs('restricted', '/vouchers');
    expect(await screen.findAllByText(maskMobile(DEMO_MEMBERS.tan), {}, T)).not.toHaveLength(0);
    expect(screen.queryByText(DEMO_MEMBERS.tan)).toBeNull();
  });

  it('a colleague who may not view members gets the denied page at /aotg/list', async () => {
    await seedDemo(backend);
    await restrictColleague(backend.t.db, [{ resource: 'vouchers', action: 'VIEW' }]);
    await openAs('restricted', '/aotg/list');
    expect(await screen.findByRole('heading', { name: 'Not allowed' }, T)).toBeInTheDocument();
    expect(await backend.sent('GET', '/members')).toHaveLength(0);
  });
});
