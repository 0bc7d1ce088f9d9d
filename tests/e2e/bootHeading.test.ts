// index.html's static page heading (issue 39) in a real browser against a real `npm start` with the
// demo data: with every script blocked (the first paint) the signed-in operator's home page and a list
// show their heading at the place, size, font, colour and text of the h1 the app then renders, on a
// phone and on a desktop, light and dark; once the app is in, the static one is gone and the heading
// has not moved (no layout shift of it). Signed out, and on a row's page, no heading is painted. Screenshots:
// test-results/e2e/boot-heading/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOOT_HEADING_ID, THEME_COOKIE_NAME } from '../../contract';
import { STORAGE_KEYS } from '../../src/providers/storage';
import { DEMO_USERS } from './demo';
import { apiLogin, browserAvailable, browserSuite, PHONE, RESULTS_DIR, startDemoServer } from './harness';

const SHOTS = path.join(RESULTS_DIR, 'boot-heading');
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  font: string;
  color: string;
}

/** The element's text, place and look, or null when it is absent or not shown. */
const measure = (page: Page, selector: string): Promise<Box | null> =>
  page.evaluate((s) => {
    const e = document.querySelector(s);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return null;
    const c = getComputedStyle(e);
    return {
      text: e.textContent ?? '',
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      font: `${c.fontStyle} ${c.fontWeight} ${c.fontSize}/${c.lineHeight} ${c.fontFamily} ${c.letterSpacing}`,
      color: c.color,
    };
  }, selector);

describe.runIf(browserAvailable())('the page heading painted before any script', () => {
  const suite = browserSuite(startDemoServer, []);

  /** A browser context signed in as `who` (the session the portal's login leaves in localStorage). */
  const signedIn = async (
    device: BrowserContextOptions,
    theme: 'light' | 'dark',
    who: { email: string; password: string } | null,
  ): Promise<Page> => {
    const base = suite.server.baseUrl;
    const context = await suite.browser.newContext({ baseURL: base, ...device });
    await context.addCookies([{ name: THEME_COOKIE_NAME, value: theme, url: base }]);
    const page = await context.newPage();
    if (who) {
      const login = await apiLogin(base, who.email, who.password);
      await page.goto('/favicon.svg');
      await page.evaluate(
        (items) => {
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        },
        {
          [STORAGE_KEYS.accessToken]: login.accessToken ?? '',
          [STORAGE_KEYS.refreshToken]: login.refreshToken ?? '',
          [STORAGE_KEYS.refreshTokenRenewedAt]: String(Date.now()),
          [STORAGE_KEYS.user]: JSON.stringify(login.body.data),
        },
      );
    }
    return page;
  };

  /** The document at `path` as it paints before any script runs. */
  const firstPaint = async (page: Page, pagePath: string): Promise<Box | null> => {
    await page.route('**/*.js', (r) => r.abort());
    await page.goto(pagePath);
    const box = await measure(page, `#${BOOT_HEADING_ID}`);
    await page.unroute('**/*.js');
    return box;
  };

  const cases = [
    { device: PHONE, name: 'phone', theme: 'dark' },
    { device: DESKTOP, name: 'desktop', theme: 'light' },
  ] as const;
  for (const { device, name, theme } of cases) {
    for (const [pagePath, shot] of [
      ['/', 'home'],
      ['/stamp-cards', 'stamp-cards'],
    ] as const) {
      it(`${pagePath} on a ${name} (${theme}): the static heading is the app's h1, in its place`, async () => {
        const page = await signedIn(device, theme, DEMO_USERS.operator);
        try {
          mkdirSync(SHOTS, { recursive: true });
          const painted = await firstPaint(page, pagePath);
          await page.screenshot({ path: path.join(SHOTS, `${shot}-${name}-${theme}-first-paint.png`) });
          expect(painted, 'the heading before any script').not.toBeNull();

          // the app, from a fresh load, with a record of what each layout shift moved
          await page.addInitScript(() => {
            const moved: string[] = [];
            (window as unknown as { moved: string[] }).moved = moved;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) {
                const sources = (entry as unknown as { sources?: { node?: Node | null }[] }).sources ?? [];
                for (const { node } of sources) {
                  const el = node instanceof Element ? node : node?.parentElement;
                  moved.push(el ? `${el.tagName.toLowerCase()}#${el.id}.${el.className}` : '?');
                }
              }
            }).observe({ type: 'layout-shift', buffered: true });
          });
          await page.goto(pagePath);
          const h1 = page.getByRole('heading', { level: 1 });
          await h1.waitFor({ timeout: 30_000 });
          await page.screenshot({ path: path.join(SHOTS, `${shot}-${name}-${theme}-app.png`) });
          expect(await measure(page, 'h1')).toEqual(painted);
          expect(await page.locator(`#${BOOT_HEADING_ID}`).count()).toBe(0);
          // the heading never moved: neither the static one nor the app's (other parts of the page may
          // still settle as their data comes, as they did before the static heading)
          const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
          expect(moved.filter((m) => /^h1|boot-/.test(m))).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
    }
  }

  it('paints no heading signed out, nor on a row’s page', async () => {
    const visitor = await signedIn(PHONE, 'dark', null);
    try {
      expect(await firstPaint(visitor, '/stamp-cards')).toBeNull();
      expect(await firstPaint(visitor, '/')).toBeNull();
    } finally {
      await visitor.context().close();
    }
    const operator = await signedIn(PHONE, 'dark', DEMO_USERS.operator);
    try {
      for (const row of ['/stamp-cards/1', '/stampCard/1/show', '/stampCard/1']) {
        expect(await firstPaint(operator, row), row).toBeNull();
      }
      // the same session does get one on the list
      expect((await firstPaint(operator, '/stamp-cards'))?.text).toBe('Stamp Card List');
    } finally {
      await operator.context().close();
    }
  });
});
