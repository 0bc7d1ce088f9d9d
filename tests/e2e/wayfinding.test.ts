// Wayfinding in Chromium against a real `npm start` with the demo data (issue 23, items 5 and 7): a
// deep link survives sign-in (through the splash page, which the spec sends a visitor to), a link to
// another site never does; the Voucher List's pack tab; the denied page for the demo's front-counter
// colleague on /finance without a finance request. Screenshots at 390 and 1440 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract';
import { FINANCE_PATHS } from '../../contract/finance';
import { DEMO_USERS, demoSuite } from './demo';
import { browserAvailable, gotoSettled, screenshot, signIn } from './harness';

const OWNER = DEMO_USERS.owner;
/** the demo's colleague: vouchers and stamp cards VIEW only */
const COLLEAGUE = DEMO_USERS.counter;

const WIDTHS = [390, 1440] as const;

const fillLogin = async (page: Page, user: { email: string; password: string }) => {
  await page.getByLabel(/^E-mail/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

describe.skipIf(!browserAvailable())('wayfinding in Chromium', () => {
  const suite = demoSuite(['visitor', 'stranger', 'owner', 'colleague']);
  const { visitor, stranger, owner, colleague } = suite.page;

  it('a deep link survives sign-in: splash, Sign in, and back on the page asked for', async () => {
    await visitor.goto('/vouchers/voucherPackList?x=1');
    await visitor.waitForURL((url) => url.pathname === '/splash');
    expect(new URL(visitor.url()).searchParams.get('next')).toBe('/vouchers/voucherPackList?x=1');
    // both Sign in links (the header's and the splash page's own) pass the page on
    for (const link of await visitor.getByRole('link', { name: 'Sign in' }).all()) {
      const href = new URL((await link.getAttribute('href')) ?? '', suite.server.baseUrl);
      expect(href.pathname).toBe('/login');
      expect(href.searchParams.get('next')).toBe('/vouchers/voucherPackList?x=1');
    }
    await visitor.getByTestId('page-frame').getByRole('link', { name: 'Sign in' }).click();
    await visitor.waitForURL((url) => url.pathname === '/login');
    expect(new URL(visitor.url()).searchParams.get('next')).toBe('/vouchers/voucherPackList?x=1');
    await fillLogin(visitor, OWNER);
    await visitor.waitForURL((url) => url.pathname === '/vouchers/voucherPackList', { timeout: 20_000 });
    expect(new URL(visitor.url()).search).toBe('?x=1');
    await visitor.getByRole('heading', { level: 1, name: 'Voucher Pack List' }).waitFor();
    expect(suite.problems.visitor.pageErrors).toEqual([]);
  }, 120_000);

  it('a next naming another site is ignored: signing in lands home', async () => {
    await stranger.goto('/login?next=//evil.example/steal');
    await fillLogin(stranger, OWNER);
    await stranger.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
    const url = new URL(stranger.url());
    expect(url.origin).toBe(suite.server.baseUrl);
    expect(url.pathname).toBe('/');
  }, 120_000);

  it('the Voucher List has its Voucher Pack List tab', async () => {
    await signIn(owner, OWNER);
    for (const width of WIDTHS) {
      await owner.setViewportSize({ width, height: 900 });
      await gotoSettled(owner, '/vouchers');
      await owner.getByRole('heading', { level: 1, name: 'Voucher List' }).waitFor();
      const tab = owner.getByRole('tab', { name: 'Voucher Pack List' });
      await expect(tab.isVisible()).resolves.toBe(true);
      await screenshot(owner, `wayfinding-voucher-list-${width}`);
    }
    await owner.getByRole('tab', { name: 'Voucher Pack List' }).click();
    await owner.waitForURL((url) => url.pathname === '/vouchers/voucherPackList');
    await owner.getByRole('heading', { level: 1, name: 'Voucher Pack List' }).waitFor();
  }, 120_000);

  it('the front-counter colleague gets the denied page on /finance, and no finance request', async () => {
    await signIn(colleague, COLLEAGUE);
    const finance: string[] = [];
    colleague.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith(`${BASE_PATHS.payment}${FINANCE_PATHS.wallet}`))
        finance.push(r.url());
    });
    for (const width of WIDTHS) {
      await colleague.setViewportSize({ width, height: 900 });
      await gotoSettled(colleague, '/finance');
      await colleague.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
      expect(new URL(colleague.url()).pathname).toBe('/finance');
      await screenshot(colleague, `wayfinding-denied-${width}`);
    }
    expect(finance).toEqual([]);
    expect(suite.problems.colleague.consoleErrors).toEqual([]);
  }, 120_000);
});
