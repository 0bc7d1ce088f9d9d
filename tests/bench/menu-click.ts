// `npm run bench:menu`: felt speed of the lists (issue 23 item 10). Starts the product as the browser
// suite does (tests/e2e/harness.ts: a real `npm start` with the demo data, Debian's Chromium), signs in
// as the demo operator and the demo merchant and, in a fresh browser context per run (empty cache, as
// after a sign-in), clicks each link of the side menu in turn and, for the lists the menu does not
// link (voucher packs, wallet history), moves there in the page (history.pushState, as a link does).
// For each screen it prints:
//   rows ms   from the click to the first row of the list on screen (a table row with text that was
//             not there before the click, then one animation frame: the frame that paints it)
//   api ms    from the click to the start of the last API request sent before the rows appeared
//             (the list's own query; earlier ones are listed with BENCH_MENU_VERBOSE=1)
//   chunks    the JavaScript files fetched between the click and the rows
// then the median of each over the runs. Screens that show no row within 8 s (forms, help) say so.
// Nothing asserts a time; `npm test` never runs this. One run at a time under `flock /tmp/bench.lock`
// is up to the caller (`flock /tmp/bench.lock npm run bench:menu`).
//   BENCH_MENU_RUNS (default 3) runs per user   BENCH_MENU_VERBOSE=1 each run's requests
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newContext, signIn, startDemoServer } from '../e2e/harness';
import { runMain } from './main';
import { stats } from './stats';

// the prepared data folder (migrated, seeded) is kept between runs of the bench (tests/e2e/harness.ts)
process.env.E2E_TEMPLATES ??= path.join(tmpdir(), 'loyalty-bench-menu-templates');
mkdirSync(process.env.E2E_TEMPLATES, { recursive: true });

const RUNS = Number(process.env.BENCH_MENU_RUNS ?? 3);
const VERBOSE = process.env.BENCH_MENU_VERBOSE === '1';
const ROW_TIMEOUT_MS = 8_000;

const USERS = [
  {
    name: 'operator',
    email: 'operator@loyalty-demo.example',
    password: DEMO_PASSWORD,
    extra: ['/vouchers/voucherPackList', '/config/audit-log'] as string[],
  },
  {
    name: 'merchant',
    email: 'owner@harbour-kopi.example',
    password: DEMO_PASSWORD,
    extra: ['/vouchers/voucherPackList', '/finance/wallet/txn/history'],
  },
] as const;

interface Sample {
  path: string;
  /** null: no row within ROW_TIMEOUT_MS */
  rows: number | null;
  api: number | null;
  chunks: number;
  requests: string[];
}

/** What the page records for one click; set up by `arm`, read by `collect`. */
interface BenchState {
  t0: number | null;
  rows: number | null;
}
declare global {
  interface Window {
    __bench?: BenchState;
  }
}

/** Marks the rows on screen as old and starts watching for the first new one. */
const arm = (page: Page, byClick: boolean) =>
  page.evaluate((byClick) => {
    performance.setResourceTimingBufferSize(100_000);
    for (const tr of document.querySelectorAll('tbody tr')) tr.setAttribute('data-bench-old', '');
    const state: BenchState = { t0: byClick ? null : performance.now(), rows: null };
    window.__bench = state;
    if (byClick)
      document.addEventListener(
        'click',
        (e) => {
          state.t0 = e.timeStamp;
        },
        { capture: true, once: true },
      );
    const hasRow = () =>
      [...document.querySelectorAll('tbody tr:not([data-bench-old])')].some(
        (tr) => (tr.textContent ?? '').trim() !== '',
      );
    const observer = new MutationObserver(() => {
      if (state.t0 === null || !hasRow()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        state.rows = performance.now();
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, byClick);

const collect = async (page: Page, path: string): Promise<Sample> => {
  const seen = await page
    .waitForFunction(() => window.__bench?.rows != null, null, { timeout: ROW_TIMEOUT_MS, polling: 50 })
    .then(
      () => true,
      () => false,
    );
  return page.evaluate(
    ({ path, seen }) => {
      const state = window.__bench as BenchState;
      const t0 = state.t0 ?? 0;
      const end = seen && state.rows !== null ? state.rows : performance.now();
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => e.startTime >= t0 && e.startTime <= end,
      );
      const api = entries.filter((e) => /\/api\/v1\//.test(e.name));
      const chunks = entries.filter((e) => /\.js(\?|$)/.test(new URL(e.name).pathname));
      const last = api.at(-1);
      return {
        path,
        rows: seen && state.rows !== null ? state.rows - t0 : null,
        api: last ? last.startTime - t0 : null,
        chunks: chunks.length,
        requests: api.map((e) => `${(e.startTime - t0).toFixed(0)} ${new URL(e.name).pathname}`),
      };
    },
    { path, seen },
  );
};

/** Clicks the side menu's link to `path` (menuLinks opened every group). */
const clickMenu = (page: Page, path: string): Promise<void> =>
  page.getByTestId('side-menu').locator(`a[href="${path}"]`).click();

/** The side menu's list links, in order; each group opened once so that its links exist. */
const menuLinks = async (page: Page): Promise<string[]> => {
  const menu = page.getByTestId('side-menu');
  // the groups come once the session has loaded (Help alone before)
  await menu.locator('[aria-expanded]').first().waitFor();
  const closed = menu.locator('[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  await page.waitForTimeout(400);
  const hrefs = await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => h !== '' && h !== '/help');
};

const median = (xs: (number | null)[]): string => {
  const values = xs.filter((x): x is number => x !== null);
  return values.length === 0 ? '-' : stats(values).p50.toFixed(0);
};

const main = async (): Promise<void> => {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_MENU_RUNS must be >= 1, got ${RUNS}`);
  const cpu = cpus();
  console.log(`# menu click to rows: ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, Node ${process.version}; load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const t0 = performance.now();
  const server = await startDemoServer();
  console.log(
    `product (npm start, demo data) up in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${server.baseUrl}`,
  );
  const browser = await launchBrowser();
  try {
    for (const user of USERS) {
      const samples = new Map<string, Sample[]>();
      for (let run = 1; run <= RUNS; run++) {
        const context = await newContext(browser, server.baseUrl);
        // tsx names the functions it compiles with a helper the page has not got
        await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
        const page = await context.newPage();
        await signIn(page, user);
        const links = await menuLinks(page);
        await page.waitForLoadState('networkidle');
        for (const path of [...links, ...user.extra]) {
          const byClick = links.includes(path);
          await arm(page, byClick);
          if (byClick) await clickMenu(page, path);
          else
            await page.evaluate((p) => {
              history.pushState({}, '', p);
              dispatchEvent(new PopStateEvent('popstate'));
            }, path);
          const sample = await collect(page, path);
          samples.set(path, [...(samples.get(path) ?? []), sample]);
          if (VERBOSE)
            console.log(
              `${user.name} run ${run} ${path}: rows ${sample.rows?.toFixed(0) ?? '-'} ms, ${sample.chunks} chunks; ${sample.requests.join(', ')}`,
            );
          // let the page finish whatever it still does (counts, later pages) before the next click
          await page.waitForLoadState('networkidle');
        }
        await context.close();
      }
      console.log(`\n${user.name} (${RUNS} runs, medians; * = reached without a menu link)`);
      console.log(
        `${'screen'.padEnd(44)} ${'rows ms'.padStart(8)} ${'api ms'.padStart(8)} ${'chunks'.padStart(7)} ${'n'.padStart(3)}`,
      );
      for (const [path, list] of samples) {
        const mark = user.extra.includes(path as never) ? '*' : ' ';
        console.log(
          `${(mark + path).padEnd(44)} ${median(list.map((s) => s.rows)).padStart(8)} ${median(list.map((s) => s.api)).padStart(8)} ${median(list.map((s) => s.chunks)).padStart(7)} ${String(list.length).padStart(3)}`,
        );
      }
    }
    console.log(
      `\nload average at end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
};

runMain(main);
