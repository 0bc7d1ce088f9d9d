// The portal shell in a real browser against a real `npm start` (issue 3): who sees which menu,
// every route of spec section 2 renders, the layout rules hold, sign-out leaves the portal.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATHS, BEARER_PREFIX, type Envelope, HEADERS, isFailure } from '../../contract';
import { PORTAL_ROUTES } from '../spec-routes';
import {
  apiLogin,
  browserAvailable,
  browserSuite,
  gotoSettled,
  navigateSettled,
  type PageProblems,
  screenshot,
  signIn,
  startServerFor,
} from './harness';

const OPERATOR = { email: 'operator.e2e@example.com', password: 'Operator-e2e-Pass1' };
const APPROVED = { email: 'approved.e2e@example.com', password: 'Approved-e2e-Pass1' };
const UNAPPROVED = { email: 'pending.e2e@example.com', password: 'Pending-e2e-Pass1' };

/** Spec 1 and 6: operators see everything except finance. */
const OPERATOR_REFUSED = PORTAL_ROUTES.filter((r) => r === '/finance' || r.startsWith('/finance/'));
/** Where a signed-in user is sent instead (startup rules): entry pages and /signup go to the root. */
const OPERATOR_REDIRECTS: Record<string, string> = {
  '/splash': '/',
  '/login': '/',
  '/register': '/',
  '/forget-password': '/',
  '/signup': '/',
  // a group's route opens its first page (issue 5)
  '/approve': '/approve/merchant-signup',
  '/organization': '/organization/org-hierarchy',
  '/access': '/access/operator-access',
  // the Transaction group's route opens its one list; the product editor without an id is the
  // create form (docs/decisions.md); /aotg and its children are the members area (issue 25)
  '/transaction': '/transaction/payment-history',
  '/product/edit': '/products/create',
};

/** The routes behind the approved merchant's menu, plus their own pages (spec 6). */
const MERCHANT_ROUTES = [
  '/',
  '/user/UserSearch',
  // the members area in the User group (issue 25)
  '/aotg/list',
  '/aotg',
  '/aotg/config',
  '/aotg/user-level-config',
  '/aotg/segments',
  '/stamp-cards',
  '/stamp-cards/StampsTransaction',
  '/stamp-cards/StampsMovement',
  '/vouchers',
  '/vouchers/voucherHistory',
  '/device',
  '/finance',
  '/finance/wallet/balance',
  '/finance/wallet/txn/history',
  '/finance/wallet/top-up',
  '/finance/payment-methods',
  '/organization',
  '/organization/org-hierarchy',
  '/organization/brand',
  '/organization/store',
  '/access/merchant-access',
  '/help',
  '/help/how-to-get-lat-long',
  '/help/terms-and-conditions',
  '/settings',
  '/settings/profile',
  '/settings/change-password',
  '/merchant',
  '/todo',
] as const;

/** Operator-only routes a merchant must be refused (spec 6: Access has only Merchant Access). */
/** A group's route opens its first page for the merchant too (issue 5). */
const MERCHANT_REDIRECTS: Record<string, string> = {
  '/organization': '/organization/org-hierarchy',
  '/access': '/access/merchant-access',
};
const MERCHANT_REFUSED = [
  '/approve/merchant-signup',
  '/access/operator-access',
  '/access/user-group',
  '/operator',
  '/config/maintenanceConfig',
];

const ERROR_BOUNDARY_TEXT = 'This page could not be shown';
const NOT_ALLOWED_TEXT = 'Not allowed';

const menu = (page: Page) => page.getByTestId('side-menu');
const header = (page: Page) => page.getByTestId('app-header');

/**
 * The side menu's top-level labels, in order, once the menu shows `first` (while the user loads,
 * the menu is briefly a visitor's).
 */
const menuGroups = async (page: Page, first: string): Promise<string[]> => {
  await menu(page).getByText(first, { exact: true }).first().waitFor();
  const items = menu(page).locator('nav > ul > li');
  const labels: string[] = [];
  for (const item of await items.all()) {
    labels.push(((await item.locator('.MuiListItemText-primary').first().textContent()) ?? '').trim());
  }
  return labels;
};

/** Opens a menu group and returns its links' labels. */
const groupLinks = async (page: Page, group: string): Promise<string[]> => {
  const button = menu(page).getByRole('button', { name: group, exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const list = menu(page).getByRole('list', { name: group, exact: true });
  await list.waitFor();
  return (await list.getByRole('link').allTextContents()).map((t) => t.trim());
};

interface Visit {
  path: string;
  finalPath: string;
  text: string;
  problems: string[];
}

/**
 * Opens `path` and reports what a user would call broken: a console error, an uncaught exception, the
 * error boundary, or a blank page. `text` is the page's own content (the page frame, or the whole page
 * where the layout has none, e.g. /login). `load` loads the page afresh (the session survives in local
 * storage); `navigate` moves inside the loaded portal, as its links do (the History API and the
 * router's popstate), which the walks over every route use: a full load of the bundle per route was
 * most of this file's time. The portal's first load of a route is covered by the `load` visits here,
 * by the accessibility walk's first page of each role, and by the server's tests (every client route
 * gets the same document).
 */
const visit = async (
  page: Page,
  problems: PageProblems,
  path: string,
  expectedPath = path,
  how: 'load' | 'navigate' = 'load',
): Promise<Visit> => {
  problems.consoleErrors.length = 0;
  problems.pageErrors.length = 0;
  if (how === 'navigate' && page.url().startsWith('http')) await navigateSettled(page, path);
  else await gotoSettled(page, path);
  if (expectedPath !== path) {
    // A redirect happens once the user is loaded; if it never comes, the caller's assertion says so.
    await page.waitForURL((url) => url.pathname === expectedPath, { timeout: 15_000 }).catch(() => undefined);
  }
  // Settled: no loader left, and the page itself (not only the header) shows something.
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root || document.querySelector('[role="progressbar"]')) return false;
      const frame = document.querySelector('[data-testid="page-frame"]') ?? root;
      return (frame.textContent?.trim().length ?? 0) > 0;
    },
    null,
    { timeout: 15_000 },
  );
  const frame = page.getByTestId('page-frame');
  const content = (await frame.count()) > 0 ? frame : page.locator('#root');
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a user sees
  const text = await content.innerText();
  return {
    path,
    finalPath: new URL(page.url()).pathname,
    text,
    problems: [...problems.consoleErrors, ...problems.pageErrors],
  };
};

describe.skipIf(!browserAvailable())('portal shell in Chromium', () => {
  const suite = browserSuite(
    () =>
      startServerFor(OPERATOR, [
        { type: 'merchant', ...APPROVED, name: 'Approved Merchant', signupState: 'APPROVAL' },
        { type: 'merchant', ...UNAPPROVED, name: 'Pending Merchant' },
      ]),
    ['visitor', 'operator', 'approved', 'unapproved'],
  );
  const { server } = suite;

  it('answers /healthz and signs the three users in through the API', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);

    const op = await apiLogin(server.baseUrl, OPERATOR.email, OPERATOR.password);
    expect(op.status).toBe(200);
    expect(op.body).toMatchObject({ type: 'CR', code: 0, data: { email: OPERATOR.email, type: 'OPERATOR' } });
    expect(op.accessToken).toBeTruthy();
    expect(op.refreshToken).toBeTruthy();

    const approved = await apiLogin(server.baseUrl, APPROVED.email, APPROVED.password);
    expect(approved.body).toMatchObject({
      code: 0,
      data: { email: APPROVED.email, type: 'MERCHANT', signupState: 'APPROVAL' },
    });
    const pending = await apiLogin(server.baseUrl, UNAPPROVED.email, UNAPPROVED.password);
    expect(pending.body).toMatchObject({
      code: 0,
      data: { email: UNAPPROVED.email, type: 'MERCHANT', signupState: 'SUBMITTED' },
    });

    const wrong = await apiLogin(server.baseUrl, OPERATOR.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 26200, name: 'BAD_CREDENTIALS', data: null });
  });

  describe('a visitor', () => {
    const page = suite.page.visitor;
    const problems = suite.problems.visitor;

    it('is sent from the root to the splash page, which has no side menu', async () => {
      const v = await visit(page, problems, '/', '/splash');
      expect(v.finalPath).toBe('/splash');
      // innerText applies CSS text-transform: buttons read in capitals
      expect(v.text.toLowerCase()).toContain('sign in');
      await expect(menu(page).count()).resolves.toBe(0);
      expect(v.problems).toEqual([]);
      await screenshot(page, 'visitor-splash');
    });

    it('sees /login with neither header nor side menu', async () => {
      const v = await visit(page, problems, '/login');
      expect(v.finalPath).toBe('/login');
      await expect(page.getByLabel(/^E-mail/).isVisible()).resolves.toBe(true);
      await expect(header(page).count()).resolves.toBe(0);
      await expect(menu(page).count()).resolves.toBe(0);
      expect(v.problems).toEqual([]);
      await screenshot(page, 'visitor-login');
    });

    it('sees Help only in the side menu of the help page', async () => {
      const v = await visit(page, problems, '/help');
      expect(v.finalPath).toBe('/help');
      expect(await menuGroups(page, 'Help')).toEqual(['Help']);
      expect(v.problems).toEqual([]);
    });

    it('sees a wrong password refused on the login page', async () => {
      await page.goto('/login');
      await page.getByLabel(/^E-mail/).fill(OPERATOR.email);
      await page.getByLabel(/^Password/).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Bad credentials', { exact: false }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  describe('the operator', () => {
    const page = suite.page.operator;
    const problems = suite.problems.operator;

    beforeAll(async () => {
      await signIn(page, OPERATOR);
    });

    it('lands on the root with the header and the operator menu: Approve List, no Finance', async () => {
      expect(new URL(page.url()).pathname).toBe('/');
      await header(page).waitFor();
      expect(await menuGroups(page, 'User')).toEqual([
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
      expect(await groupLinks(page, 'Access')).toEqual(['Operator Access', 'Merchant Access', 'User Group']);
      expect(await groupLinks(page, 'Config')).toEqual([
        'Banner Config',
        'Maintenance Config',
        'Country Config',
        'Force Update Config',
        'System Config',
      ]);
      expect(await groupLinks(page, 'Integrations')).toEqual(['API Keys', 'Webhooks', 'Scheduled Exports']);
      expect(await groupLinks(page, 'Approve List')).toEqual(['Approve Merchant Signup']);
      await screenshot(page, 'operator-home');
    });

    it('shows the whole portal title in the header', async () => {
      await gotoSettled(page, '/');
      const title = header(page).getByText('Loyalty Portal', { exact: true });
      const clipped = await title.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(clipped, 'the portal title is cut off (ellipsis) in the app bar').toBe(false);
    });

    it.each(PORTAL_ROUTES)('renders %s', async (path) => {
      const v = await visit(page, problems, path, OPERATOR_REDIRECTS[path] ?? path, 'navigate');
      expect(v.problems).toEqual([]);
      expect(v.text).not.toContain(ERROR_BOUNDARY_TEXT);
      expect(v.text.trim().length).toBeGreaterThan(0);
      expect(v.finalPath).toBe(OPERATOR_REDIRECTS[path] ?? path);
      if ((OPERATOR_REFUSED as readonly string[]).includes(path)) {
        expect(v.text).toContain(NOT_ALLOWED_TEXT);
      } else {
        expect(v.text).not.toContain(NOT_ALLOWED_TEXT);
      }
      if (path === '/transaction/payment-history') await screenshot(page, 'operator-payment-history');
      if (path === '/finance') await screenshot(page, 'operator-finance-refused');
    });

    it('signs out from the user menu and is sent to the splash or login page', async () => {
      await gotoSettled(page, '/');
      // the user button is named by the name it shows (WCAG 2.5.3)
      await header(page)
        .getByRole('button', { name: /, account menu$/ })
        .click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/splash' || url.pathname === '/login');
      await screenshot(page, 'operator-signed-out');
      const v = await visit(page, problems, '/user/UserSearch', '/splash');
      expect(v.finalPath).toBe('/splash');
    });
  });

  describe('an approved merchant', () => {
    const page = suite.page.approved;
    const problems = suite.problems.approved;
    let pnsAllowed: boolean;

    beforeAll(async () => {
      // The Communications group depends on the server's answer: ask it the way the portal does.
      const login = await apiLogin(server.baseUrl, APPROVED.email, APPROVED.password);
      const id = (login.body.data as { id: number }).id;
      const res = await fetch(`${server.baseUrl}${BASE_PATHS.main}/user/${id}/pns/is-allow`, {
        method: 'POST',
        headers: {
          [HEADERS.authorization]: `${BEARER_PREFIX}${login.accessToken}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      const body = (await res.json()) as Envelope<{ allowed: boolean }>;
      expect(body.code).toBe(0);
      pnsAllowed = !isFailure(body) && body.data.allowed;
      await signIn(page, APPROVED);
    });

    it('lands on the root with the merchant menu: Finance, no Approve List, Access with Merchant Access only', async () => {
      expect(new URL(page.url()).pathname).toBe('/');
      const expected = [
        'User',
        'Members',
        'Stamp Cards',
        'Vouchers',
        ...(pnsAllowed ? ['Communications'] : []),
        // issue 43: campaigns in a group of their own after Communications
        'Campaigns',
        'Device',
        'Finance',
        'Organization',
        'Access',
        // issue 27's features in a group of their own (spec 6: no Config outside jcr)
        'Integrations',
        'Help',
      ];
      expect(await menuGroups(page, 'User')).toEqual(expected);
      expect(await groupLinks(page, 'Integrations')).toEqual(['API Keys', 'Webhooks', 'Scheduled Exports']);
      expect(await groupLinks(page, 'Access')).toEqual(['Merchant Access']);
      expect(await groupLinks(page, 'Finance')).toEqual(['Wallet Balance']);
      await screenshot(page, 'merchant-home');
    });

    it.each(MERCHANT_ROUTES)('renders %s', async (path) => {
      const expected = MERCHANT_REDIRECTS[path] ?? path;
      const v = await visit(page, problems, path, expected, 'navigate');
      expect(v.problems).toEqual([]);
      expect(v.text).not.toContain(ERROR_BOUNDARY_TEXT);
      expect(v.text.trim().length).toBeGreaterThan(0);
      expect(v.finalPath).toBe(expected);
      expect(v.text).not.toContain(NOT_ALLOWED_TEXT);
      if (path === '/finance/wallet/balance') await screenshot(page, 'merchant-wallet-balance');
    });

    it.each(MERCHANT_REFUSED)('is refused %s', async (path) => {
      const v = await visit(page, problems, path, path, 'navigate');
      expect(v.problems).toEqual([]);
      expect(v.text).toContain(NOT_ALLOWED_TEXT);
    });
  });

  describe('an unapproved merchant', () => {
    const page = suite.page.unapproved;
    const problems = suite.problems.unapproved;

    beforeAll(async () => {
      await signIn(page, UNAPPROVED);
    });

    it('is sent to /signup, which has a header and no side menu', async () => {
      await page.waitForURL((url) => url.pathname === '/signup');
      // no application filed yet: the signup form (issue 5)
      await page.getByRole('heading', { name: 'Register your business' }).waitFor();
      await expect(header(page).count()).resolves.toBe(1);
      await expect(menu(page).count()).resolves.toBe(0);
      await screenshot(page, 'unapproved-signup');
    });

    it('is sent back to /signup from the root and from a menu page', async () => {
      for (const path of ['/', '/stamp-cards']) {
        const v = await visit(page, problems, path, '/signup');
        expect(v.finalPath).toBe('/signup');
        expect(v.problems).toEqual([]);
      }
    });
  });
});
