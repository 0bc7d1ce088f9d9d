// Lists that fit (issue 12): with the demo data, at 1,440 px, no list page (nor the analytics and
// to-do screens) scrolls sideways for an operator, who sees the most columns (each row's company
// too), or for a merchant.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ROUTES } from '../../src/pages/resources/ResourcePages';
import {
  browserAvailable,
  launchBrowser,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './harness';

const PASSWORD = 'Demo-lists-Pass1';
const OPERATOR = { email: 'operator@loyalty-demo.example', password: PASSWORD };
const MERCHANT = { email: 'owner@harbour-kopi.example', password: PASSWORD };
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
];
const OPERATOR_LISTS = [
  ...Object.keys(RESOURCE_ROUTES).filter((r) => !r.startsWith('/finance')),
  '/operator',
  '/merchant',
  '/analytics',
  '/todo',
];

/** How far the page is wider than the window once the list has loaded (0: it fits). */
const overflow = async (page: Page, path: string): Promise<number> => {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page
    .waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, { timeout: 15_000 })
    .catch(() => undefined);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
};

describe.skipIf(!browserAvailable())('lists at 1,440 px in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer({
      adminEmail: 'first.operator@example.com',
      adminPassword: 'First-operator-Pass1',
      demoPassword: PASSWORD,
    });
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it.each([
    ['an operator', OPERATOR, OPERATOR_LISTS],
    ['a merchant', MERCHANT, MERCHANT_LISTS],
  ] as const)(
    'no list scrolls sideways for %s',
    async (_, user, routes) => {
      await context?.close();
      context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signIn(page, user);
      const wide: string[] = [];
      for (const path of routes) {
        const by = await overflow(page, path);
        if (by > 0) wide.push(`${path} (+${by}px)`);
      }
      await page.goto('/vouchers', { waitUntil: 'networkidle' });
      await screenshot(page, `lists-1440-${user === OPERATOR ? 'operator' : 'merchant'}-vouchers`);
      expect(wide).toEqual([]);
      // some 30 pages one after another: minutes on a loaded 2-core machine
    },
    300_000,
  );
});
