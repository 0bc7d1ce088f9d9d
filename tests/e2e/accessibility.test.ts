// Accessibility (issue 23, item 2): axe-core (WCAG 2.0/2.1 A and AA rules) finds no critical or
// serious violation on any route of spec section 2, for each role, in both themes, with the demo data
// (lists with rows: an empty list hides its row checkboxes). One signed-in context per role; a page
// that several routes lead to (a visitor's /login, the one denied page) is analysed once per role
// and theme.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_COOKIE_NAME, type ThemeMode } from '../../contract';
import { SPEC_ROUTES } from '../spec-routes';
import {
  browserAvailable,
  browserSuite,
  DEMO_PASSWORD,
  gotoSettled,
  signIn,
  startDemoServer,
} from './harness';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['critical', 'serious']);

/** The demo seed's users (scripts/seed-demo/data.ts), one per role; the visitor signs in as no one. */
const ROLES = {
  operator: { email: 'operator@loyalty-demo.example', password: DEMO_PASSWORD },
  merchant: { email: 'owner@harbour-kopi.example', password: DEMO_PASSWORD },
  /** group "Front counter": View on vouchers and stamp cards only */
  colleague: { email: 'counter@harbour-kopi.example', password: DEMO_PASSWORD },
  /** Sunrise Bakery's owner, signup SUBMITTED (not yet approved) */
  pending: { email: 'owner@sunrise-bakery.example', password: DEMO_PASSWORD },
  visitor: null,
} as const;
type Role = keyof typeof ROLES;
const ROLE_NAMES = Object.keys(ROLES) as Role[];

interface Finding {
  rule: string;
  impact: string;
  route: string;
  role: Role;
  theme: ThemeMode;
  targets: string[];
}

/** Loads `route` and waits until it has settled: no request in flight, no spinner, some content. */
const settle = async (page: Page, route: string): Promise<void> => {
  await gotoSettled(page, route);
  await page
    .waitForFunction(
      () => {
        const root = document.getElementById('root');
        if (!root || document.querySelector('[role="progressbar"], .MuiSkeleton-root')) return false;
        return (root.textContent?.trim().length ?? 0) > 0;
      },
      null,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
};

/** What a route ended on: its own page, or the one page several routes share (a redirect, the denied page). */
const landing = async (page: Page): Promise<string> => {
  const denied = await page.getByRole('heading', { level: 1, name: 'Not allowed', exact: true }).count();
  return denied > 0 ? 'not-allowed' : new URL(page.url()).pathname;
};

const themeOf = (page: Page): Promise<ThemeMode> =>
  page.evaluate(() => (document.documentElement.dataset.theme === 'light' ? 'light' : 'dark'));

/**
 * Switches the page to the other theme the way a user does (the app bar's toggle, no reload); a page
 * without the app bar (the entry pages) gets the cookie and a reload.
 */
const switchTheme = async (page: Page, baseUrl: string, route: string): Promise<ThemeMode> => {
  const next: ThemeMode = (await themeOf(page)) === 'light' ? 'dark' : 'light';
  const toggle = page.getByRole('button', { name: 'Toggle light/dark mode' });
  if ((await toggle.count()) > 0) {
    await toggle.first().click();
  } else {
    await page.context().addCookies([{ name: THEME_COOKIE_NAME, value: next, url: baseUrl }]);
    await settle(page, route);
  }
  await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, next);
  // the re-render in the new colours, and the toggle's tooltip gone
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return next;
};

const violations = async (page: Page, role: Role, route: string, where: string): Promise<Finding[]> => {
  const theme = await themeOf(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact && FAILING_IMPACTS.has(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      route: where === route ? route : `${route} -> ${where}`,
      role,
      theme,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
};

/** Every critical and serious violation of every spec route for `role`, in both themes. */
const auditRole = async (
  page: Page,
  baseUrl: string,
  role: Role,
): Promise<{ findings: Finding[]; analysed: number }> => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const route of SPEC_ROUTES) {
    await settle(page, route);
    const where = await landing(page);
    if (seen.has(where)) continue;
    seen.add(where);
    findings.push(...(await violations(page, role, route, where)));
    await switchTheme(page, baseUrl, route);
    findings.push(...(await violations(page, role, route, where)));
  }
  return { findings, analysed: seen.size };
};

const describeFinding = (f: Finding): string =>
  `${f.rule} (${f.impact}) on ${f.route} [${f.role}, ${f.theme}]: ${f.targets.slice(0, 5).join(' | ')}${
    f.targets.length > 5 ? ` (+${f.targets.length - 5} more)` : ''
  }`;

// NOT YET IN `npm test` (issue 23 item 2 is open): the first whole run (27 Nov) still found image-alt,
// color-contrast (profile helper text, product create) and aria-prohibited-attr (org hierarchy), and
// took about 25 minutes on a loaded 2-core machine. It runs with `npm run test:a11y` until it passes
// and fits the CI budget; then this gate goes.
const A11Y_RUN = process.env.A11Y === '1';
describe.skipIf(!A11Y_RUN || !browserAvailable())('accessibility of every spec route (axe-core)', () => {
  const suite = browserSuite(startDemoServer, ROLE_NAMES);

  it.each(ROLE_NAMES)(
    'no critical or serious violation for the %s, in the light and the dark theme',
    async (role) => {
      const page = suite.page[role];
      await page.setViewportSize({ width: 1440, height: 900 });
      const user = ROLES[role];
      if (user) await signIn(page, user);
      const started = Date.now();
      const { findings, analysed } = await auditRole(page, suite.server.baseUrl, role);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.info(`${role}: ${analysed} pages, each in both themes, analysed in ${seconds} s`);
      for (const f of findings) console.info(describeFinding(f));
      expect(findings.map(describeFinding)).toEqual([]);
    },
    600_000,
  );
});
