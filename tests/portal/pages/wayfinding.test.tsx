// Wayfinding and the denied page on the real server (issue 23, items 5 and 7): the voucher packs are
// one click from the Voucher List; saving a generated edit form lands on the table's spec route with
// its heading (System Config with its tabs); a caller who may not open a route gets the denied page
// at that address, decided before the page asks the server anything.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { systemConfig } from '../../../resources';
import { apiAs } from '../api';
import { currentPath, openAs, waitForPath } from '../renderApp';
import { portalServer, type RealBackend } from '../server';
import { settled } from '../settle';
import { restrictColleague, WORLD } from '../world';

// generous: the machine is shared, and a slow answer is not what these tests are about
const T = { timeout: 30_000 };

/** The requests the page sent to one of `paths` (after the service base), any method. */
const sentTo = async (backend: RealBackend, paths: readonly string[]) =>
  (await backend.sent()).filter((r) => paths.some((p) => r.path === p || r.path.startsWith(`${p}/`)));

const FINANCE_CALLS = ['/wallet', '/wallet/transactions', '/payment-history', '/stripe/connect'];
const HIERARCHY_CALLS = ['/organization/hierarchy'];

/** The denied page, at the address asked for, with its way back. */
const expectDenied = async (path: string) => {
  expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, T)).toBeInTheDocument();
  expect(screen.getByText('You are not allowed to see this page.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  expect(currentPath()).toBe(path);
};

describe('wayfinding and the denied page', { timeout: 120_000 }, () => {
  const backend = portalServer();

  it('the Voucher List has a Voucher Pack List tab: the packs one click away, and back', async () => {
    await openAs('merchant', '/vouchers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voucher List' }, T)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Voucher List', selected: true })).toHaveAttribute(
      'href',
      '/vouchers',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Voucher Pack List', selected: false }));
    await waitForPath('/vouchers/voucherPackList');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Voucher Pack List' }, T),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Voucher Pack List', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Voucher List', selected: false })).toHaveAttribute(
      'href',
      '/vouchers',
    );
  });

  it('a colleague who may not view voucher packs gets no tabs on the Voucher List', async () => {
    await restrictColleague(backend.t.db, [{ resource: 'vouchers', action: 'VIEW' }]);
    await openAs('restricted', '/vouchers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voucher List' }, T)).toBeInTheDocument();
    await settled();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it("saving a store's edit form lands on Organization > Store with its heading", async () => {
    await openAs('merchant', `/store/${WORLD.acme.storeId}`);
    const address = await screen.findByLabelText(/^Address/, {}, T);
    await waitFor(() => expect(address).not.toHaveValue(''), T);
    fireEvent.change(address, { target: { value: '1 New Street' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitForPath('/organization/store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Store' }, T)).toBeInTheDocument();
    // the address alone went out (a retry on a slow answer would repeat the same body)
    const puts = await backend.sent('PUT', `/stores/${WORLD.acme.storeId}`);
    expect(puts.length).toBeGreaterThan(0);
    for (const put of puts) expect(put.body).toEqual({ address: '1 New Street' });
  });

  it('saving a System Config setting lands on System Config with its tabs', async () => {
    const operator = await apiAs(backend, 'operator');
    const row = await operator<{ id: number }>('POST', systemConfig.path, {
      key: 'supportEmail',
      value: 'help@loyalty.example',
    });
    await openAs('operator', `/systemConfig/${row.id}`);
    const value = await screen.findByLabelText(/^Value/, {}, T);
    await waitFor(() => expect(value).toHaveValue('help@loyalty.example'), T);
    fireEvent.change(value, { target: { value: 'desk@loyalty.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitForPath('/config/systemConfig');
    expect(await screen.findByRole('heading', { level: 1, name: 'System Config' }, T)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Countries' })).toBeInTheDocument();
    expect(await screen.findByText('desk@loyalty.example', {}, T)).toBeInTheDocument();
  });

  it('a colleague without finance gets it on /finance, and the wallet is never asked for', async () => {
    await restrictColleague(backend.t.db, [
      { resource: 'vouchers', action: 'VIEW' },
      { resource: 'stampCard', action: 'VIEW' },
    ]);
    await openAs('restricted', '/finance');
    await expectDenied('/finance');
    await settled();
    expect(await sentTo(backend, FINANCE_CALLS)).toEqual([]);
  });

  it('a colleague without the company gets it on the org hierarchy, which is never asked for', async () => {
    // the Organization permission alone: the hierarchy is the company's (the server checks company VIEW)
    await restrictColleague(backend.t.db, [{ resource: 'organization', action: 'VIEW' }]);
    await openAs('restricted', '/organization/org-hierarchy');
    await expectDenied('/organization/org-hierarchy');
    await settled();
    expect(await sentTo(backend, HIERARCHY_CALLS)).toEqual([]);
  });

  it('a colleague who may view stores but not change them gets it on a store edit form, at its address', async () => {
    await restrictColleague(backend.t.db, [{ resource: 'store', action: 'VIEW' }]);
    await openAs('restricted', `/store/${WORLD.acme.storeId}`);
    await expectDenied(`/store/${WORLD.acme.storeId}`);
    await settled();
    expect(await backend.sent('GET', `/stores/${WORLD.acme.storeId}`)).toEqual([]);
  });

  it('an operator gets it on /finance without a finance request', async () => {
    await openAs('operator', '/finance');
    await expectDenied('/finance');
    await settled();
    expect(await sentTo(backend, FINANCE_CALLS)).toEqual([]);
  });

  it('a merchant whose signup is pending is sent to their signup, not to finance', async () => {
    await openAs('newMerchant', '/finance');
    await waitForPath('/signup');
    await settled();
    expect(await sentTo(backend, FINANCE_CALLS)).toEqual([]);
  });
});
