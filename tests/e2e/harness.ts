// Browser-test harness: runs a REAL `npm start` (scripts/start.ts, which builds the portal
// into ./dist when it is missing or stale) on a fresh data folder and a free port, adds users with the create-user script, and drives Debian's
// Chromium through playwright-core. Nothing here downloads a browser.

import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { BASE_PATHS, BEARER_PREFIX, type Envelope, HEADERS } from '../../contract';
import { utcDayFromToday } from '../days';
import { CHILD_NODE_ARGS } from '../node-child';

/** Debian's full browser (package chromium): Lighthouse drives this one, in the new headless mode. */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * Debian's old headless shell (package chromium-headless-shell), the same Chromium build without the
 * full browser's windowing: the browser files end about a tenth sooner on it (docs/performance.md
 * "The test run"). The tests use it when it is installed, the full browser otherwise;
 * `E2E_CHROMIUM` names another binary.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Screenshots land here (gitignored). */
export const RESULTS_DIR = path.join(ROOT, 'test-results/e2e');

/**
 * Whether the browser suite can run. Without Chromium it is skipped with a loud warning, unless
 * E2E_REQUIRED=1 (CI), where the suite fails instead: a silently skipped browser suite hides breakage.
 */
export const browserAvailable = (): boolean => {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.E2E_REQUIRED === '1') {
    throw new Error(
      `E2E_REQUIRED=1 but ${CHROMIUM_PATH} was not found: install Debian's chromium-headless-shell (or chromium)`,
    );
  }
  const line = '!'.repeat(72);
  console.warn(`\n${line}\n  BROWSER TESTS SKIPPED: ${CHROMIUM_PATH} not found\n${line}\n`);
  return false;
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

interface RunResult {
  code: number | null;
  output: string;
}

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 180_000): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(cmd)} ${args.join(' ')} timed out:\n${output}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });

export interface UserSpec {
  type: 'operator' | 'merchant';
  email: string;
  password: string;
  name?: string;
  /** `APPROVAL` makes an approved merchant; left out, a merchant starts SUBMITTED */
  signupState?: 'SUBMITTED' | 'APPROVAL';
}

export interface ServerOptions {
  adminEmail: string;
  adminPassword: string;
  users?: UserSpec[];
  env?: Record<string, string>;
  /** load the demo data set (scripts/seed-demo.ts) with this password for every demo user */
  demoPassword?: string;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** everything the server printed, for failure messages */
  output: () => string;
  stop: () => Promise<void>;
}

const serverEnv = (port: number, dataDir: string, opts: ServerOptions): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: opts.adminEmail,
    ADMIN_PASSWORD: opts.adminPassword,
    // Off: the browser must not reach the internet for the IP-to-country lookup.
    IP_COUNTRY_URL: '',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  // The browser tests always run on the embedded database and the portal `npm start` builds into
  // ./dist, whatever the caller's shell says.
  delete env.DATABASE_URL;
  delete env.DIST_DIR;
  return env;
};

const waitForHealth = async (baseUrl: string, child: ChildProcess, output: () => string): Promise<void> => {
  // npm start builds the portal first when dist/ is missing or stale, so allow for a build.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `npm start exited (${child.exitCode ?? child.signalCode}) before /healthz:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`/healthz did not answer 200 within 180 s:\n${output()}`);
};

const stopChild = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), 20_000)),
  ]);
  if (timedOut && child.pid !== undefined) {
    // end the whole group this harness started (a portal build's workers too)
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await exited;
  }
};

const launchServer = async (
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; output: () => string }> => {
  let out = '';
  // what `npm start` runs: plain Node on scripts/start.ts, which loads the server's bundle
  const child = spawn(process.execPath, [...CHILD_NODE_ARGS, 'scripts/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const output = () => out;
  await waitForHealth(`http://127.0.0.1:${port}`, child, output);
  return { child, output };
};

export const createUser = async (env: NodeJS.ProcessEnv, user: UserSpec): Promise<void> => {
  const args = [
    ...CHILD_NODE_ARGS,
    'scripts/run.ts', // as `npm run create-user` runs it
    'scripts/create-user.ts',
    '--type',
    user.type,
    '--email',
    user.email,
    '--password',
    user.password,
  ];
  if (user.name) args.push('--name', user.name);
  if (user.signupState) args.push('--signup-state', user.signupState);
  const result = await run(process.execPath, args, env, 120_000);
  if (result.code !== 0) {
    throw new Error(`create-user ${user.email} failed (exit ${result.code}):\n${result.output}`);
  }
};

/**
 * Where prepared data folders are kept, one per distinct set of users and seed, shared by the browser
 * files of one `vitest` run (tests/e2e/global-setup.ts makes the folder and removes it at the end):
 * the first file that asks for one migrates, adds the users and seeds it (three processes and a
 * restart, most of a file's set-up), the next ones copy it. Unset outside vitest: no sharing.
 */
const templatesDir = (): string | undefined => process.env.E2E_TEMPLATES;

const templateKey = (opts: ServerOptions): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        opts.adminEmail,
        opts.adminPassword,
        opts.users ?? [],
        opts.demoPassword ?? null,
        opts.env ?? {},
      ]),
    )
    .digest('hex')
    .slice(0, 16);

/** Migrates `dataDir` through a first `npm start`, then adds the users and the demo data while it is down. */
const prepareDataDir = async (port: number, env: NodeJS.ProcessEnv, opts: ServerOptions): Promise<void> => {
  const first = await launchServer(port, env);
  await stopChild(first.child);
  for (const user of opts.users ?? []) await createUser(env, user);
  if (opts.demoPassword) {
    const seeded = await run(
      process.execPath,
      [...CHILD_NODE_ARGS, 'scripts/run.ts', 'scripts/seed-demo.ts', '--password', opts.demoPassword],
      env,
      180_000,
    );
    if (seeded.code !== 0) throw new Error(`seed:demo failed (exit ${seeded.code}):\n${seeded.output}`);
  }
};

/**
 * Starts `npm start` on a fresh DATA_DIR holding the first operator, `users` and, when asked, the demo
 * data. Users are added while the server is down, after a first start has migrated the database and
 * created the first operator: the embedded database belongs to one process at a time. The prepared
 * folder is kept as a template for the next file of this run that asks for the same.
 */
export const startServer = async (opts: ServerOptions): Promise<RunningServer> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-data-'));
  const env = serverEnv(port, dataDir, opts);
  const shared = templatesDir();
  const template = shared ? path.join(shared, templateKey(opts)) : undefined;
  if (template && (await templateReady(template))) {
    cpSync(template, dataDir, { recursive: true });
  } else {
    await prepareDataDir(port, env, opts);
    if (template) {
      // copied under another name first, so a file running beside this one never sees half a folder
      const partial = `${template}.${process.pid}`;
      cpSync(dataDir, partial, { recursive: true });
      try {
        renameSync(partial, template);
      } catch (error) {
        // a waiter that gave up (templateReady) prepared one too: the first one stays
        if (!existsSync(template)) throw error;
        rmSync(partial, { recursive: true, force: true });
      }
    }
  }
  const server = await launchServer(port, env);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => server.output(),
    stop: async () => {
      await stopChild(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * Whether `template` is there to copy. The browser files run two at a time, and two of them may ask
 * for the same folder at once: the first to make `<template>.lock` prepares it (false here), the
 * other waits for it and copies it (true). A lock whose preparer died leaves no template; after
 * TEMPLATE_WAIT_MS the waiter prepares a folder of its own, unshared.
 */
const templateReady = async (template: string): Promise<boolean> => {
  const lock = `${template}.lock`;
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  for (;;) {
    if (existsSync(template)) return true;
    try {
      mkdirSync(lock);
      return false;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** How long a browser file waits for another to prepare the data folder they share. */
const TEMPLATE_WAIT_MS = 240_000;

/** `npm start` whose first operator is `operator`, with `users` added (see startServer). */
export const startServerFor = (
  operator: { email: string; password: string },
  users: UserSpec[] = [],
): Promise<RunningServer> =>
  startServer({ adminEmail: operator.email, adminPassword: operator.password, users });

/** Every demo user's password in the browser suites: one value, so they all share one prepared folder. */
export const DEMO_PASSWORD = 'Demo-e2e-Pass1';

/** `npm start` with the demo data set (scripts/seed-demo.ts), every demo user on DEMO_PASSWORD. */
export const startDemoServer = (): Promise<RunningServer> =>
  startServer({
    adminEmail: 'first.operator@example.com',
    adminPassword: 'First-operator-Pass1',
    demoPassword: DEMO_PASSWORD,
  });

export interface ApiLogin {
  status: number;
  body: Envelope<unknown>;
  accessToken: string | null;
  refreshToken: string | null;
}

/** Signs in through the API exactly as the portal does. */
export const apiLogin = async (baseUrl: string, email: string, password: string): Promise<ApiLogin> => {
  const res = await fetch(`${baseUrl}${BASE_PATHS.main}/auth/get-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADERS.country]: 'sg' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Envelope<unknown>,
    accessToken: res.headers.get(HEADERS.accessToken),
    refreshToken: res.headers.get(HEADERS.refreshToken),
  };
};

/**
 * Calls the main API as the holder of `token` (a JSON body, from Singapore) and answers the envelope's
 * `data`; an answer whose code is not 0 throws, naming the call.
 */
export const callMainApi = async <T>(
  baseUrl: string,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> => {
  const res = await fetch(`${baseUrl}${BASE_PATHS.main}${apiPath}`, {
    method,
    headers: {
      'content-type': 'application/json',
      [HEADERS.country]: 'sg',
      [HEADERS.authorization]: `${BEARER_PREFIX}${token}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 0) throw new Error(`${method} ${apiPath}: ${JSON.stringify(json)}`);
  return json.data;
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

/** Everything a page reported that a user would call broken. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
}

export const watchPage = (page: Page): PageProblems => {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.consoleErrors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => {
    problems.pageErrors.push(`${page.url()}: ${err.message}`);
  });
  return problems;
};

/** The requests of each page: those in flight, and how many it has started in all. */
interface Traffic {
  open: Set<Request>;
  started: number;
}
const traffic = new WeakMap<Page, Traffic>();
const trackRequests = (page: Page): Traffic => {
  let seen = traffic.get(page);
  if (!seen) {
    const t: Traffic = { open: new Set(), started: 0 };
    page.on('request', (r) => {
      t.open.add(r);
      t.started += 1;
    });
    page.on('requestfinished', (r) => t.open.delete(r));
    page.on('requestfailed', (r) => t.open.delete(r));
    traffic.set(page, t);
    seen = t;
  }
  return seen;
};

/**
 * Loads `path` and waits until it has settled: no request in flight for `quietMs`, then the page's
 * main thread idle, with no request started meanwhile (a route's code arriving and running before it
 * asks for its data is a gap without a request). What Playwright's `networkidle` waits for, without
 * its fixed 500 ms of silence on every load, where most of the browser suite's time went.
 */
export const gotoSettled = (page: Page, path: string, quietMs = 150): Promise<void> =>
  settleAfter(page, () => page.goto(path, { waitUntil: 'load' }), quietMs);

/**
 * Moves the portal to `path` without loading the page again, as a link inside it does (the History
 * API and the `popstate` the router listens to), and waits as gotoSettled does. The bundle, the
 * session and the theme stay; only the route's own code and data load.
 */
export const navigateSettled = (page: Page, path: string, quietMs = 150): Promise<void> =>
  settleAfter(
    page,
    () =>
      page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, path),
    quietMs,
  );

const settleAfter = async (page: Page, action: () => Promise<unknown>, quietMs: number): Promise<void> => {
  const seen = trackRequests(page);
  await action();
  const deadline = Date.now() + SETTLE_DEADLINE_MS;
  for (;;) {
    await networkQuiet(page, seen, quietMs, deadline);
    const before = seen.started;
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })),
    );
    if (seen.open.size === 0 && seen.started === before) return;
  }
};

/**
 * How long a page may take to settle. Generous: CI runs the accessibility walk beside the PostgreSQL
 * API run on two cores, where one slow answer once took longer than 15 s.
 */
const SETTLE_DEADLINE_MS = 30_000;

/** Waits until the page has had no request in flight for `quietMs`, until `deadline` at the latest. */
const networkQuiet = async (page: Page, seen: Traffic, quietMs: number, deadline: number): Promise<void> => {
  let quietSince = seen.open.size === 0 ? Date.now() : Number.POSITIVE_INFINITY;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    if (seen.open.size > 0) quietSince = Number.POSITIVE_INFINITY;
    else if (quietSince === Number.POSITIVE_INFINITY) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
  const open = [...seen.open].map((r) => r.url());
  throw new Error(
    `${page.url()}: requests still in flight after ${SETTLE_DEADLINE_MS / 1000} s: ${open.join(', ')}`,
  );
};

export const newContext = (
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> =>
  browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, ...options });

/** Signs `user` in through the login page, as a person does, and waits to leave it. */
export const signIn = async (page: Page, user: { email: string; password: string }): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel(/^E-mail/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
};

export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
};

// ---- one browser suite's set-up ---------------------------------------------------------------------

/**
 * `target()` behind a stand-in object: a suite names its pages where it is declared, before the
 * `beforeAll` that makes them has run; each use reaches the real object, methods bound to it.
 */
const lazy = <T extends object>(what: string, target: () => T | undefined): T =>
  new Proxy({} as T, {
    get: (_, prop) => {
      const real = target();
      if (!real) throw new Error(`${what} is used before the suite's beforeAll made it`);
      const value: unknown = Reflect.get(real, prop, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });

export interface BrowserSuite<N extends string> {
  server: RunningServer;
  browser: Browser;
  /** one signed-out page per name, each in a browser context of its own (its own storage) */
  page: Record<N, Page>;
  /** what each page reported that a user would call broken (watchPage) */
  problems: Record<N, PageProblems>;
}

/**
 * Called inside a `describe`: before its tests, `start()` a server, launch Chromium and open one
 * page per name; after them, close everything. The answers are usable at once in the tests' code.
 * `device` overrides the desktop viewport of every context (a phone: viewport, isMobile, hasTouch).
 */
export const browserSuite = <N extends string>(
  start: () => Promise<RunningServer>,
  names: readonly N[],
  timeoutMs = 600_000,
  device: BrowserContextOptions = {},
): BrowserSuite<N> => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pages = new Map<N, Page>();
  const problems = new Map<N, PageProblems>();
  beforeAll(async () => {
    server = await start();
    browser = await launchBrowser();
    for (const name of names) {
      const context = await newContext(browser, server.baseUrl, device);
      contexts.push(context);
      const page = await context.newPage();
      pages.set(name, page);
      problems.set(name, watchPage(page));
    }
  }, timeoutMs);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });
  const each = <T extends object>(what: string, of: Map<N, T>) =>
    Object.fromEntries(names.map((n) => [n, lazy(`${what} ${n}`, () => of.get(n))])) as Record<N, T>;
  return {
    server: lazy('the server', () => server),
    browser: lazy('the browser', () => browser),
    page: each('the page', pages),
    problems: each('the problems of', problems),
  };
};

/**
 * Types `at` into the date picker labelled `label` (MUI X: one spin button per section), as a person
 * does: the day, the month's first letters, the year and, with `time`, the hours and minutes, each
 * section moving on to the next once it is whole. The date is `at`'s in this process's zone.
 */
export const typeDate = async (page: Page, label: RegExp, at: Date, time = false): Promise<void> => {
  const field = page.locator('.MuiPickersTextField-root', { has: page.locator('label', { hasText: label }) });
  await field.getByRole('spinbutton', { name: 'Day' }).first().click();
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = new Intl.DateTimeFormat('en-SG', { month: 'short' }).format(at).slice(0, 3);
  await page.keyboard.type(pad(at.getDate()));
  await page.keyboard.type(month);
  await page.keyboard.type(String(at.getFullYear()));
  if (time) {
    await page.keyboard.type(pad(at.getHours()));
    await page.keyboard.type(pad(at.getMinutes()));
  }
  await page.keyboard.press('Tab');
};

/**
 * On a voucher pack's page: issues `quantity` vouchers to the member on `mobile` (as typed, local
 * digits) through the Issue vouchers dialog, and confirms at the spec's "Confirm to Issue - Vouchers?".
 */
export const issueVouchers = async (page: Page, mobile: string, quantity: number): Promise<void> => {
  await page
    .getByRole('button', { name: /Issue vouchers/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Member mobile/).fill(mobile);
  await dialog.getByLabel(/^Quantity/).fill(String(quantity));
  await dialog.getByRole('button', { name: /^Issue$/ }).click();
  await page.getByText('Confirm to Issue - Vouchers?').waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Confirm$/ }).click();
};

/** The voucher pack form's own fields, as the browser suites fill them in. */
export interface PackFields {
  title: string;
  price: string;
  voucherValue: string;
  quantity: string;
}

/**
 * On the voucher pack form, its company and brand picked: fills in `pack`, 5 per member, valid from
 * yesterday for 60 days, saves, and waits to leave the create page.
 */
export const fillPackAndSave = async (page: Page, pack: PackFields): Promise<void> => {
  await page.getByLabel(/^Title/).fill(pack.title);
  await page.getByLabel(/^Price/).fill(pack.price);
  await page.getByLabel(/^Voucher value/).fill(pack.voucherValue);
  await page.getByLabel(/^Quantity/).fill(pack.quantity);
  await page.getByLabel(/^Limit per member/).fill('5');
  await typeDate(page, /^Valid from/, new Date(`${utcDayFromToday(-1)}T12:00:00`));
  await typeDate(page, /^Valid until/, new Date(`${utcDayFromToday(60)}T12:00:00`));
  await page.getByRole('button', { name: /^Save$/ }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/create'), { timeout: 20_000 });
};

/** The wallet balance /finance shows (its "SGD …" text). */
export const walletBalance = (page: Page): Locator =>
  page
    .getByRole('region', { name: 'Wallet balance' })
    .getByText(/^SGD\s/)
    .first();

/** Yesterday at 10:00 (this process's zone): a time already past, so the job runner sends at once. */
export const yesterdayAtTen = (): Date => {
  const d = new Date(Date.now() - 86_400_000);
  d.setHours(10, 0, 0, 0);
  return d;
};

/** The WCAG levels the browser suites hold pages to (2.0 and 2.1, A and AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's critical and serious WCAG A/AA violations of the page as it is, one line each. */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** The phone every browser suite checks at: 390 px wide, touch, as Playwright's phone contexts. */
export const PHONE_WIDTH = 390;
export const PHONE = {
  viewport: { width: PHONE_WIDTH, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
};
