import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { brand, store, users } from '../../server/platform/db/schema';
import { findRoute } from '../../src/routes';
import { menuGroups, openAs, renderApp, signIn } from './renderApp';
import { portalServer } from './server';
import { testEnv } from './setup';
import { restrictColleague, SEED_ACCOUNTS, WORLD } from './world';

const backend = portalServer();

// the first render of a lazily loaded screen is slow on a busy machine (the portal project's other files wait 30 s too)
const HOME_TIMEOUT = { timeout: 30_000 };

const openMenuAt = async (path: string, welcome: RegExp | string) => {
  renderApp(path);
  await screen.findByText(welcome, {}, HOME_TIMEOUT);
  // Wait until the session's menu (not the visitor's Help-only one) is drawn.
  return screen.findByRole('navigation', { name: 'Main menu' });
};

const linksOf = (nav: HTMLElement, group: string): string[] => {
  fireEvent.click(within(nav).getByRole('button', { name: group }));
  const list = within(nav).getByRole('list', { name: group });
  return within(list)
    .getAllByRole('link')
    .map((a) => `${a.textContent} ${a.getAttribute('href')}`);
};

describe('side menu per role and brand (spec sections 2 and 6)', { timeout: 60_000 }, () => {
  it('operator in cvi: every group except Finance, Config with Force Update Config', async () => {
    await signIn('operator');
    const nav = await openMenuAt('/', 'Welcome, Olivia Operator');
    // the spec's groups with the spec's links; the features it does not name in groups of their own
    expect(menuGroups()).toEqual([
      'User',
      'Members',
      'Stamp Cards',
      'Vouchers',
      'Communications',
      'Campaigns',
      'Transaction',
      'Risk',
      'Device',
      'Config',
      'Analytics',
      'Organization',
      'Approve List',
      'Access',
      'Integrations',
      'Help',
    ]);
    expect(linksOf(nav, 'User')).toEqual(['User Search /user/UserSearch']);
    expect(linksOf(nav, 'Transaction')).toEqual(['Payment History /transaction/payment-history']);
    expect(linksOf(nav, 'Config')).toEqual([
      'Banner Config /config/bannerConfig',
      'Maintenance Config /config/maintenanceConfig',
      'Country Config /config/countryConfig',
      'Force Update Config /config/forceUpdateConfig',
      'System Config /config/systemConfig',
    ]);
    expect(linksOf(nav, 'Access')).toEqual([
      'Operator Access /access/operator-access',
      'Merchant Access /access/merchant-access',
      'User Group /access/user-group',
    ]);
    expect(linksOf(nav, 'Integrations')).toEqual([
      'API Keys /access/api-keys',
      'Webhooks /webhooks',
      'Scheduled Exports /config/scheduledExports',
    ]);
    expect(linksOf(nav, 'Stamp Cards')).toEqual([
      'Stamp Card List /stamp-cards',
      'Stamps Transaction /stamp-cards/StampsTransaction',
      'Stamps Movement /stamp-cards/StampsMovement',
    ]);
    expect(within(nav).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  });

  it('operator in jcr: no Force Update Config', async () => {
    window.__PORTAL_ENV__ = testEnv({ brand: 'jcr' });
    await signIn('operator');
    const nav = await openMenuAt('/', 'Welcome, Olivia Operator');
    expect(linksOf(nav, 'Config')).toEqual([
      'Banner Config /config/bannerConfig',
      'Maintenance Config /config/maintenanceConfig',
      'Country Config /config/countryConfig',
      'System Config /config/systemConfig',
    ]);
  });

  it('merchant allowed push notifications, with company and brand', async () => {
    await signIn('merchant');
    const nav = await openMenuAt('/', 'Welcome, Mark Merchant');
    await within(nav).findByRole('button', { name: 'Communications' });
    // spec 6: no Config outside jcr; issue 27's features in Integrations
    expect(menuGroups()).toEqual([
      'User',
      'Members',
      'Stamp Cards',
      'Vouchers',
      'Communications',
      'Campaigns',
      'Device',
      'Finance',
      'Organization',
      'Access',
      'Integrations',
      'Help',
    ]);
    expect(linksOf(nav, 'Integrations')).toEqual([
      'API Keys /access/api-keys',
      'Webhooks /webhooks',
      'Scheduled Exports /config/scheduledExports',
    ]);
    expect(linksOf(nav, 'Organization')).toEqual(['Brand /organization/brand', 'Store /organization/store']);
    // spec 6: Access with only Merchant Access (their audit trail and fraud signals are reached from
    // Merchant Access and "Waiting for you", not from new menu links)
    expect(linksOf(nav, 'Access')).toEqual(['Merchant Access /access/merchant-access']);
    expect(linksOf(nav, 'Finance')).toEqual(['Wallet Balance /finance/wallet/balance']);
  });

  it("asks the push permission check once for the menu and the push screens' registration", async () => {
    const asked: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/pns/is-allow')) asked.push(request.method);
    };
    server.events.on('request:start', listener);
    try {
      await openAs('merchant', '/communications/pushNotifications');
      // the push list is a registered table: its screen, not "not allowed" (the title is also in
      // the breadcrumb and the menu, so the heading is what is awaited)
      expect(
        await screen.findByRole('heading', { name: 'Push Notifications' }, HOME_TIMEOUT),
      ).toBeInTheDocument();
      const nav = await screen.findByRole('navigation', { name: 'Main menu' });
      await within(nav).findByRole('button', { name: 'Communications' });
      expect(screen.queryByText('Not allowed')).not.toBeInTheDocument();
      expect(asked).toEqual(['POST']);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('pointing at a menu entry loads its page before the click (System Config, a chunk of its own)', async () => {
    const systemConfig = findRoute('/config/systemConfig')?.prefetch;
    // another file of this worker may have visited the page: start from a cold cache
    systemConfig?.forget();
    expect(systemConfig?.loaded()).toBeUndefined();
    await signIn('operator');
    const nav = await openMenuAt('/', 'Welcome, Olivia Operator');
    fireEvent.click(within(nav).getByRole('button', { name: 'Config' }));
    fireEvent.mouseEnter(within(nav).getByRole('link', { name: 'System Config' }));
    await waitFor(() => expect(systemConfig?.loaded()).toBeDefined());
  });

  it('merchant not allowed push notifications: no Communications', async () => {
    await signIn('restricted');
    await openMenuAt('/', 'Welcome, Rita Restricted');
    // no permission on brands, stores or the organisation: no Organization group either
    expect(menuGroups()).toEqual([
      'User',
      'Stamp Cards',
      'Vouchers',
      'Device',
      'Finance',
      'Access',
      'Integrations',
      'Help',
    ]);
  });

  it('a colleague granted View on vouchers and stamp cards only sees those two lists', async () => {
    await restrictColleague(backend.t.db, [
      { resource: 'vouchers', action: 'VIEW' },
      { resource: 'stampCard', action: 'VIEW' },
    ]);
    await signIn('restricted');
    const nav = await openMenuAt('/', 'Welcome, Rita Restricted');
    // everyone's own scheduled exports stay (Integrations)
    expect(menuGroups()).toEqual(['Stamp Cards', 'Vouchers', 'Integrations', 'Help']);
    expect(linksOf(nav, 'Stamp Cards')).toEqual(['Stamp Card List /stamp-cards']);
    expect(linksOf(nav, 'Vouchers')).toEqual(['Voucher List /vouchers']);
  });

  it('a merchant whose company has no brand yet keeps the hierarchy Settings link', async () => {
    const { db } = backend.t;
    await db.update(users).set({ brandId: null }).where(eq(users.email, SEED_ACCOUNTS.merchant.email));
    await db.delete(store).where(eq(store.companyId, WORLD.acme.companyId));
    await db.delete(brand).where(eq(brand.companyId, WORLD.acme.companyId));
    await signIn('merchant');
    const nav = await openMenuAt('/', 'Welcome, Mark Merchant');
    expect(linksOf(nav, 'Organization')).toEqual([
      'Settings /organization/org-hierarchy',
      'Brand /organization/brand',
      'Store /organization/store',
    ]);
  });

  it('merchant in jcr: Config with Banner Config only', async () => {
    window.__PORTAL_ENV__ = testEnv({ brand: 'jcr' });
    await signIn('merchant');
    const nav = await openMenuAt('/', 'Welcome, Mark Merchant');
    expect(linksOf(nav, 'Config')).toEqual(['Banner Config /config/bannerConfig']);
  });

  it('a visitor sees Help only', async () => {
    renderApp('/help');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, HOME_TIMEOUT);
    expect(menuGroups()).toEqual(['Help']);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/help']);
  });
});

describe('menu state', { timeout: 60_000 }, () => {
  it("the current page's group is open and its link selected", async () => {
    await openAs('operator', '/transaction/payment-history');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, HOME_TIMEOUT);
    const link = await within(nav).findByRole('link', { name: 'Payment History' }, HOME_TIMEOUT);
    expect(link).toHaveClass('Mui-selected');
    expect(within(nav).getByRole('button', { name: 'Transaction' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: 'Config' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a link navigates inside the app', async () => {
    await signIn('operator');
    const nav = await openMenuAt('/', 'Welcome, Olivia Operator');
    fireEvent.click(within(nav).getByRole('button', { name: 'Device' }));
    fireEvent.click(within(nav).getByRole('link', { name: 'List' }));
    expect(await screen.findByRole('heading', { name: 'Device List' }, HOME_TIMEOUT)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/device');
  });
});

describe('who may see a route', { timeout: 60_000 }, () => {
  it('an operator opening a finance page gets "not allowed"', async () => {
    await openAs('operator', '/finance/wallet/balance');
    expect(await screen.findByRole('heading', { name: 'Not allowed' }, HOME_TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Wallet Balance' })).not.toBeInTheDocument();
  });

  it('a merchant gets the wallet balance, titled as the menu names it, inside the layout', async () => {
    await openAs('merchant', '/finance/wallet/balance');
    expect(await screen.findByRole('heading', { name: 'Wallet Balance' }, HOME_TIMEOUT)).toBeInTheDocument();
    const balance = await screen.findByRole('region', { name: 'Wallet balance' }, HOME_TIMEOUT);
    expect(within(balance).getByText('SGD 0.00')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('a merchant without push permission may not open push notifications', async () => {
    await openAs('restricted', '/communications/pushNotifications');
    expect(await screen.findByRole('heading', { name: 'Not allowed' }, HOME_TIMEOUT)).toBeInTheDocument();
  });

  it('an unknown path shows "page not found"', async () => {
    await openAs('operator', '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, HOME_TIMEOUT)).toBeInTheDocument();
  });
});
