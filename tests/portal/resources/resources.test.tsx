// The generated screens on the real server (tests/portal/server.ts): columns and filters from the declaration, the exact
// list query on sort/search/filter, a PUT with only the writable fields, buttons only where allowed,
// the server's CSV export with the current filter, and the /DataTableEditView table switch. The create
// and edit forms themselves (scope pickers, operation-only fields, rules) are in forms.test.tsx.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { company, users, vouchers } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { openAs, renderApp, signIn, waitForPath } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';
import { merchantPack, queriesOf, seedVouchers } from './handlers';

const T = { timeout: 30_000 };

const columnHeaders = () =>
  screen
    .getAllByRole('columnheader')
    .map((th) => (th.textContent ?? '').trim())
    .filter((text) => text !== '');

describe('generated screens on the real server', () => {
  const backend = portalServer();

  describe('generated vouchers list', { timeout: 60_000 }, () => {
    beforeEach(() => seedVouchers(backend));
    const queries = () => queriesOf(backend, '/vouchers');

    it('shows the declared list columns, rows and filters', async () => {
      await openAs('operator', '/vouchers');
      expect(await screen.findByText('SPRING-001', {}, T)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Voucher List' })).toBeInTheDocument();
      // operators read every company's vouchers: the company comes right after the id (the row's
      // brand is a filter and on its pages; a store-scoped table shows its store as a column)
      expect(columnHeaders()).toEqual([
        'ID',
        'Company',
        'Code',
        'Voucher pack',
        'Member mobile',
        'Value',
        'State',
        'Valid until',
        'Redeemed',
      ]);
      // translated choice; an operator reads every company's vouchers, each amount in its own company's
      // currency (the row's `currency`), never the portal's country's currency put on another's money
      expect(screen.getByText('SPRING-002').closest('tr')).toHaveTextContent('Redeemed');
      const row = screen.getByText('SPRING-001').closest('tr');
      expect(row).toHaveTextContent('SGD 5.00');
      // always-on filters: the search box and the state multi-select
      expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
      expect(screen.getByLabelText('State')).toBeInTheDocument();
      // the other declared filters are offered by "Add filter"
      fireEvent.click(screen.getByRole('button', { name: /add filter/i }));
      const menu = await screen.findByRole('menu', {}, T);
      // react-admin's filter menu items are checkboxes (shown / hidden filters)
      const offered = within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((m) => (m.textContent ?? '').trim());
      expect(offered).toEqual(
        expect.arrayContaining([
          'Brand',
          'Code',
          'Code matches',
          'Value from',
          'Value to',
          'Valid from from',
          'Valid until to',
          'Redeemed from',
        ]),
      );
      // not filterable: title has no operators
      expect(offered).not.toContain('Title');
    });

    it('shows the pagination with the rows it counts, never under an empty list that they then push down', async () => {
      // each element the page adds, in the order it is added: the pagination must not come first
      const added: ('row' | 'pagination')[] = [];
      const observer = new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue;
            if (node.textContent?.includes('SPRING-001')) added.push('row');
            if (node.matches('.MuiTablePagination-root') || node.querySelector('.MuiTablePagination-root'))
              added.push('pagination');
          }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      try {
        await openAs('operator', '/vouchers');
        expect(await screen.findByText('SPRING-001', {}, T)).toBeInTheDocument();
        // "1-2 of 2", under the rows
        await screen.findByText(/^1-\d+ of \d+$/, {}, T);
      } finally {
        observer.disconnect();
      }
      expect(added).toContain('pagination');
      expect(added.indexOf('row')).toBeGreaterThanOrEqual(0);
      expect(added.indexOf('row')).toBeLessThan(added.indexOf('pagination'));
    });

    it('on a phone keeps the search box open and the other filters behind "Add filter", one with a value shown', async () => {
      // a 390 px screen: MUI's sm breakpoint and the min-width queries answer as a phone would
      const desktop = window.matchMedia;
      const width = 390;
      window.matchMedia = (query: string) => {
        const min = /min-width:\s*([\d.]+)px/.exec(query);
        const max = /max-width:\s*([\d.]+)px/.exec(query);
        return {
          ...desktop(query),
          matches: min ? Number(min[1]) <= width : max ? Number(max[1]) >= width : false,
        };
      };
      try {
        await openAs('operator', '/vouchers');
        // a card per row
        expect(await screen.findByText('SPRING-001', {}, T)).toBeInTheDocument();
        expect(screen.queryByRole('table')).not.toBeInTheDocument();
        expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
        expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
        expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: /add filter/i }));
        const menu = await screen.findByRole('menu', {}, T);
        const offered = within(menu)
          .getAllByRole('menuitemcheckbox')
          .map((m) => (m.textContent ?? '').trim());
        expect(offered).toEqual(expect.arrayContaining(['Company', 'State', 'Brand']));
        fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'State' }));
        expect(await screen.findByLabelText('State', {}, T)).toBeInTheDocument();
        cleanup();
        // a filter that holds a value shows, as on a desktop
        renderApp(`/vouchers?filter=${encodeURIComponent(JSON.stringify({ state: ['REDEEMED'] }))}`);
        expect(await screen.findByText('SPRING-002', {}, T)).toBeInTheDocument();
        expect(screen.getByLabelText('State')).toBeInTheDocument();
        expect(screen.queryByText('SPRING-001')).not.toBeInTheDocument();
        expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
      } finally {
        window.matchMedia = desktop;
      }
    });

    it('offers the brand filter to a merchant of the whole company, not to one limited to a brand', async () => {
      const offeredFilters = async (): Promise<string[]> => {
        await screen.findByText('SPRING-001', {}, T);
        await waitFor(() => expect(screen.queryByRole('menu')).toBeNull(), T);
        fireEvent.click(screen.getByRole('button', { name: /add filter/i }));
        const menu = await screen.findByRole('menu', {}, T);
        const offered = within(menu)
          .getAllByRole('menuitemcheckbox')
          .map((m) => (m.textContent ?? '').trim());
        fireEvent.keyDown(menu, { key: 'Escape' });
        return offered;
      };
      // the seeded merchant is limited to Acme Coffee: every row is that brand's
      await signIn('merchant');
      const limited = renderApp('/vouchers');
      expect(await offeredFilters()).not.toContain('Brand');
      expect(columnHeaders()).not.toContain('Brand');
      limited.unmount();
      await backend.t.db.update(users).set({ brandId: null }).where(eq(users.id, WORLD.users.merchant));
      await openAs('merchant', '/vouchers');
      await waitFor(async () => expect(await offeredFilters()).toContain('Brand'), T);
      expect(columnHeaders()).not.toContain('Brand');
    });

    it('sends the exact list query on sort, search and filter', async () => {
      await openAs('operator', '/vouchers');
      await screen.findByText('SPRING-001', {}, T);
      expect((await queries())[0]).toEqual({ page: '0', size: '10', sort: 'createTime,desc' });

      // Code is declared sortable: a click sorts by it; "Voucher pack" is not sortable (no button).
      const codeHeader = screen.getAllByRole('columnheader').find((th) => th.textContent === 'Code');
      fireEvent.click(within(codeHeader as HTMLElement).getByRole('button'));
      await waitFor(async () => expect((await queries()).at(-1)?.sort).toBe('code,asc'), T);
      const packHeader = screen.getAllByRole('columnheader').find((th) => th.textContent === 'Voucher pack');
      expect(within(packHeader as HTMLElement).queryByRole('button')).toBeNull();

      fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'cake' } });
      await waitFor(
        async () =>
          expect((await queries()).at(-1)).toEqual({
            page: '0',
            size: '10',
            sort: 'code,asc',
            search: JSON.stringify({ code: 'cake', title: 'cake', memberMobile: 'cake' }),
          }),
        T,
      );
      expect(await screen.findByText('SPRING-002', {}, T)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('SPRING-001')).toBeNull(), T);
    });

    it('a state filter is an `in` filter on the wire', async () => {
      await openAs(
        'operator',
        `/vouchers?filter=${encodeURIComponent(JSON.stringify({ state: ['REDEEMED'] }))}&sort=value&order=DESC`,
      );
      expect(await screen.findByText('SPRING-002', {}, T)).toBeInTheDocument();
      await waitFor(
        async () =>
          expect((await queries()).at(-1)).toEqual({
            page: '0',
            size: '10',
            sort: 'value,desc',
            filter: JSON.stringify([{ field: 'state', op: 'in', value: ['REDEEMED'] }]),
          }),
        T,
      );
      expect(screen.queryByText('SPRING-001')).toBeNull();
    });

    it('edit sends PUT with only the writable fields the user changed', async () => {
      await openAs('operator', '/vouchers/1');
      // the day picker's input shows the day as people read it, and takes it typed so
      const until = (await screen.findByLabelText(
        /^Valid until/,
        { selector: 'input' },
        T,
      )) as HTMLInputElement;
      await waitFor(() => expect(until.value.replace(/\u200e/g, '')).toBe('31 Dec 2026'), T);
      // the code, title, value and state move only through the voucher operations: shown, not inputs
      expect(screen.queryByLabelText(/^Title/)).toBeNull();
      expect(screen.getByText('Free coffee')).toBeInTheDocument();
      fireEvent.change(until, { target: { value: '31 Jan 2027' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await backend.sent('PUT', '/vouchers/1')).toHaveLength(1), T);
      const [put] = await backend.sent('PUT', '/vouchers/1');
      // the changed writable field only: no id, times, scope columns, read-only or untouched fields
      expect(put?.body).toEqual({ validUntil: '2027-01-31' });
      // … and the server stored it
      await waitFor(async () => {
        const [row] = await backend.t.db.select().from(vouchers).where(eq(vouchers.id, 1));
        expect(row).toMatchObject({ validUntil: '2027-01-31', state: 'AVAILABLE' });
      }, T);
    });

    it('export asks the server for the CSV of the current filter, with the token and country', async () => {
      const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
      const revokeObjectURL = vi.fn();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      await openAs(
        'operator',
        `/vouchers?filter=${encodeURIComponent(JSON.stringify({ state: ['AVAILABLE'], q: 'coffee' }))}`,
      );
      await screen.findByText('SPRING-001', {}, T);
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(async () => expect(await backend.sent('GET', '/vouchers/export')).toHaveLength(1), T);
      const [request] = await backend.sent('GET', '/vouchers/export');
      const query = Object.fromEntries(new URLSearchParams(request?.search).entries());
      expect(query).toEqual({
        sort: 'createTime,desc',
        search: JSON.stringify({ code: 'coffee', title: 'coffee', memberMobile: 'coffee' }),
        filter: JSON.stringify([{ field: 'state', op: 'in', value: ['AVAILABLE'] }]),
      });
      expect(request?.headers.get('Authorization')).toMatch(/^Bearer .+/);
      expect(request?.headers.get('X-Country')).toBe('sg');
      await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1), T);
      // the file saved is the server's CSV of that filter: the available coffee voucher only
      const [saved] = createObjectURL.mock.calls[0] ?? [];
      const csv = await (saved as Blob).text();
      expect(csv).toContain('SPRING-001');
      expect(csv).not.toContain('SPRING-002');
    });
  });

  describe('buttons follow the declaration and the permissions', { timeout: 60_000 }, () => {
    beforeEach(() => seedVouchers(backend));

    it('an operator may create voucher packs but not stamps transactions (declared ADD: none)', async () => {
      await merchantPack(backend, { quantity: 10 });
      await openAs('operator', '/vouchers/voucherPackList');
      await screen.findByText('Free Kopi', {}, T);
      expect(screen.getByRole('link', { name: 'Create' })).toBeInTheDocument();
      cleanup();

      renderApp('/stamp-cards/StampsTransaction');
      await screen.findByRole('heading', { level: 1, name: 'Stamps Transaction' }, T);
      await waitFor(
        () => expect(screen.getAllByRole('button', { name: 'Export' }).length).toBeGreaterThan(0),
        T,
      );
      expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    });

    it('a merchant sees Redeem but not the operator-only Expire on an available voucher', async () => {
      await openAs('merchant', '/vouchers/1/show');
      expect(await screen.findByText('SPRING-001', {}, T)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Redeem' }, T)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Expire' })).toBeNull();
    });

    it('a declared transition asks to confirm with the shared wording, then posts the action', async () => {
      // the world's Acme Coffee Pte Ltd, ACTIVE
      await openAs('operator', `/company/${WORLD.acme.companyId}/show`);
      fireEvent.click(await screen.findByRole('button', { name: 'Disable' }, T));
      expect(await screen.findByText('Confirm to Disable - Acme Coffee Pte Ltd?', {}, T)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Disable Acme Coffee Pte Ltd success', {}, T)).toBeInTheDocument();
      expect(await backend.sent('POST', '/companies/1/disable')).toHaveLength(1);
      // the state moved on: Disable is no longer offered, Activate is
      expect(await screen.findByRole('button', { name: 'Activate' }, T)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
      const [row] = await backend.t.db.select().from(company).where(eq(company.id, WORLD.acme.companyId));
      expect(row).toMatchObject({ state: 'DISABLED' });
    });

    it("a programme's transitions follow its state: Disable when ACTIVE, Enable when DISABLED", async () => {
      // two programmes of Acme Coffee made by the merchant, the second disabled through its action
      const merchant = await apiAs(backend, 'merchant');
      const programme = (title: string, startDate: string) =>
        merchant<{ id: number }>('POST', '/stamp-cards', {
          brandId: WORLD.acme.brandId,
          title,
          stampsRequired: 10,
          price: 0,
          startDate,
          endDate: '2027-12-31',
        });
      const kopi = await programme('Kopi card', '2026-01-01');
      const old = await programme('Old card', '2025-01-01');
      await merchant('POST', `/stamp-cards/${old.id}/disable`, {});
      await openAs('operator', `/stampCard/${kopi.id}/show`);
      expect(await screen.findByRole('button', { name: 'Disable' }, T)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
      cleanup();
      renderApp(`/stampCard/${old.id}/show`);
      expect(await screen.findByRole('button', { name: 'Enable' }, T)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    });
  });

  describe('/DataTableEditView', { timeout: 60_000 }, () => {
    it('switches tables through the picker and keeps the table in the URL', async () => {
      await seedVouchers(backend);
      await openAs('operator', '/DataTableEditView?table=vouchers');
      expect(await screen.findByText('SPRING-001', {}, T)).toBeInTheDocument();

      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Table' }));
      const options = await screen.findByRole('listbox', {}, T);
      expect(within(options).getByRole('option', { name: 'Vouchers' })).toBeInTheDocument();
      fireEvent.click(within(options).getByRole('option', { name: 'Brands' }));
      // the world's brands
      expect(await screen.findByText('Acme Tea House', {}, T)).toBeInTheDocument();
      await waitForPath('/DataTableEditView');
      expect(new URLSearchParams(window.location.search).get('table')).toBe('brand');
      expect(screen.queryByText('SPRING-001')).toBeNull();
    });
  });
});
