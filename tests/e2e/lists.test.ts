// Lists that fit (issue 12): with the demo data, at 1,440 px and on a 390 px phone (a card per row
// there), no list page (nor the analytics and to-do screens) scrolls sideways for an operator, who
// sees the most columns (each row's company too), or for a merchant. And a colleague whose group may
// only view vouchers and stamp cards is offered those and nothing else, with no refused request.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes';
import { DEMO_USERS, demoSuite } from './demo';
import { browserAvailable, navigateSettled, screenshot, signIn } from './harness';

const OPERATOR = DEMO_USERS.operator;
const MERCHANT = DEMO_USERS.owner;
/** the demo's counter colleague: group "Front counter" (the counter's rights, View on what it runs) */
const COLLEAGUE = DEMO_USERS.counter;
const MERCHANT_LISTS = [
  '/user/UserSearch',
  '/stamp-cards',
  '/stamp-cards/StampsTransaction',
  '/stamp-cards/StampsMovement',
  '/vouchers',
  '/vouchers/voucherHistory',
  '/vouchers/voucherPackList',
  '/device',
  '/finance/wallet/txn/history',
  '/organization/brand',
  '/organization/store',
  '/merchant',
  // a table of signed-in sessions (its hidden header once made the page 2,689 px wide at 1,440)
  '/settings/profile',
];
const OPERATOR_LISTS = [
  ...ROUTES.flatMap((r) => (r.table && !r.path.startsWith('/finance') ? [r.path] : [])),
  '/operator',
  '/merchant',
  '/analytics',
  '/todo',
  '/settings/profile',
];

/**
 * How far the page is wider than the window once the list has loaded (0: it fits). The portal moves
 * to each list as its menu links do, without loading the page again: some 30 lists at two widths for
 * two users, where a reload each (bundle, session, theme) was most of the suite's minutes.
 */
const overflow = async (page: Page, path: string): Promise<number> => {
  await navigateSettled(page, path);
  await page
    .waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, { timeout: 15_000 })
    .catch(() => undefined);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
};

describe.skipIf(!browserAvailable())('lists at 1,440 px in Chromium', () => {
  // a page (its own context, so its own session) per user and window width
  const suite = demoSuite(['operatorWide', 'merchantWide', 'operatorPhone', 'merchantPhone', 'colleague']);

  it.each([
    ['an operator', 1440, OPERATOR, OPERATOR_LISTS, 'operatorWide'],
    ['a merchant', 1440, MERCHANT, MERCHANT_LISTS, 'merchantWide'],
    ['an operator', 390, OPERATOR, OPERATOR_LISTS, 'operatorPhone'],
    ['a merchant', 390, MERCHANT, MERCHANT_LISTS, 'merchantPhone'],
  ] as const)(
    'no list scrolls sideways for %s at %i px',
    async (_, width, user, routes, name) => {
      const page = suite.page[name];
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, user);
      const wide: string[] = [];
      for (const path of routes) {
        const by = await overflow(page, path);
        if (by > 0) wide.push(`${path} (+${by}px)`);
      }
      await page.goto('/vouchers');
      if (width < 600) {
        // a phone gets a card per row: no table, the rows' codes as titles
        await page.locator('ul li a[href*="/vouchers/"]').first().waitFor();
        expect(await page.locator('table').count()).toBe(0);
      } else {
        await page.locator('table tbody tr').first().waitFor();
      }
      await screenshot(page, `lists-${width}-${user === OPERATOR ? 'operator' : 'merchant'}-vouchers`);
      expect(wide).toEqual([]);
      // some 30 pages one after another: minutes on a loaded 2-core machine
    },
    300_000,
  );

  it('the front-counter colleague sees only what the counter runs, and no request is refused', async () => {
    const page = suite.page.colleague;
    await page.setViewportSize({ width: 1440, height: 900 });
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401 || r.status() === 403) refused.push(`${r.status()} ${r.url()}`);
    });
    await signIn(page, COLLEAGUE);
    const menu = page.getByTestId('side-menu');
    await menu.getByText('Stamp Cards', { exact: true }).first().waitFor();
    const groups: string[] = [];
    for (const item of await menu.locator('nav > ul > li').all()) {
      groups.push(((await item.locator('.MuiListItemText-primary').first().textContent()) ?? '').trim());
    }
    // Integrations holds only their own scheduled exports (issue 27): they may export what they see
    expect(groups).toEqual(['Stamp Cards', 'Vouchers', 'Integrations', 'Help']);
    const linksOf = async (group: string) => {
      const button = menu.getByRole('button', { name: group, exact: true });
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      const list = menu.getByRole('list', { name: group, exact: true });
      await list.waitFor();
      return (await list.getByRole('link').allTextContents()).map((t) => t.trim());
    };
    expect(await linksOf('Stamp Cards')).toEqual(['Stamp Card List', 'Stamps Transaction']);
    expect(await linksOf('Vouchers')).toEqual(['Voucher List']);
    expect(await linksOf('Integrations')).toEqual(['Scheduled Exports']);
    // the dashboard shows no request the colleague may not follow
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByText('Welcome, Nur Aisyah').waitFor();
    expect(await page.getByText('Brand requests').count()).toBe(0);
    // a screen outside the group: the one denied page, with its way back, and no refused list call
    for (const path of ['/device', '/organization/store', '/organization/brand', '/user/UserSearch']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByText('Not allowed', { exact: true }).first().waitFor();
      expect(
        await page
          .getByRole('button', { name: 'Back to home' })
          .or(page.getByRole('link', { name: 'Back to home' }))
          .count(),
      ).toBeGreaterThan(0);
    }
    await page.goto('/vouchers', { waitUntil: 'networkidle' });
    await page.locator('table tbody tr').first().waitFor();
    await screenshot(page, 'lists-colleague-vouchers');
    expect(refused).toEqual([]);
  }, 120_000);
});
