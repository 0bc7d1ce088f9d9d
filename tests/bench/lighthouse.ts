// `npm run bench:lighthouse`: Lighthouse's mobile performance audit of /login, the product against a
// plain static server on the same files. The portal is built into a fresh temporary directory (with
// the .br and .gz copies vite.config.ts writes); the product (buildApp on an in-memory PGlite, in this
// process) and a bare node:http server (the file, its .br or .gz copy as the browser accepts, its
// Content-Type and Content-Length, nothing else; index.html for any other path) both serve it. Each
// Lighthouse run (a child process, one at a time under `flock /tmp/bench.lock` so that it never
// overlaps another benchmark on the machine) alternates product / plain in ABBA order. It prints each run's
// figures with the load average beside them, the medians of each server, and last the issue's
// target, met / NOT MET. Nothing asserts a time; `npm test` never runs this.
//
// With BENCH_LIGHTHOUSE_PAGES (say `/,/stamp-cards`) it audits those signed-in pages of the product
// instead (issue 39): the database gets the demo data set (scripts/seed-demo.ts), and before each run
// a fresh Chromium (playwright, a remote-debugging port) signs in as the demo operator the way the
// portal does (its tokens, user and device id in localStorage, written on /favicon.svg so that no
// script or style is cached), then Lighthouse attaches to it (`--port`, `--disable-storage-reset`).
// It prints each run (with Lighthouse's benchmarkIndex of the host, as TBT scales with the host's
// speed), the medians per page, and the median run's heaviest costs from Lighthouse's own
// diagnostics (bootup-time, mainthread-work-breakdown, render-blocking-resources, unused-javascript).
// A run Lighthouse could not record (its runtime error, such as NO_NAVSTART) is run again, up to
// twice, and the output says so.
//   BENCH_LIGHTHOUSE     the `lighthouse` binary (not a dependency: unset, this prints how to install it)
//   BENCH_LIGHTHOUSE_RUNS (default 5, signed-in 3) runs per server or page
//   BENCH_LIGHTHOUSE_PAGES signed-in pages to audit, comma-separated
//   BENCH_LIGHTHOUSE_KEEP  a folder to keep each run's JSON result in
//   CHROME_PATH (default /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BASE_PATHS, DEVICE_ID_HEADER, HEADERS } from '../../contract';
import { seedDemo } from '../../scripts/seed-demo';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/platform/config';
import { createDb, migrate } from '../../server/platform/db/client';
import { STORAGE_KEYS } from '../../src/providers/storage';
import { DEMO_USERS } from '../e2e/demo';
import { CHROMIUM_ARGS, DEMO_PASSWORD, FULL_CHROMIUM_PATH, freePort } from '../e2e/harness';
import { runMain } from './main';
import { stats } from './stats';

const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE;
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (PAGES.length > 0 ? 3 : 5));
const KEEP = process.env.BENCH_LIGHTHOUSE_KEEP;
const CHROME_PATH = process.env.CHROME_PATH ?? FULL_CHROMIUM_PATH;
/** the browser tests' flags, with the new headless mode Lighthouse wants */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS.filter((a) => a !== '--headless')].join(' ');
/** held by whichever benchmark of this machine runs; each Lighthouse run waits for it */
const LOCK = '/tmp/bench.lock';
const FLOCK = '/usr/bin/flock';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The product may be up to 5 % slower than the plain server and still meet the target: Lighthouse's
 * simulated throttling (Lantern) derives LCP from the observed trace, and on a loaded 2-core machine
 * its medians move by a few percent from one set of runs to the next with nothing changed.
 */
const TOLERANCE = 1.05;

interface Figures {
  lcp: number;
  fcp: number;
  tbt: number;
  /** cumulative layout shift */
  cls: number;
  score: number;
  bytes: number;
  requests: number;
  /** 1-minute load average when the run ended */
  load: number;
  /** seconds spent waiting for the lock and launching (the run's wall time minus Lighthouse's own) */
  wait: number;
  /**
   * Lighthouse's measure of the host's speed at the run (higher is faster). Its simulation multiplies
   * the tasks it observes by 4, so TBT scales with the host: figures from hosts with different
   * indexes do not compare (docs/performance.md, the fifth pass).
   */
  host: number;
}

/** The part of Lighthouse's JSON result (LHR) read here. */
interface Lhr {
  lighthouseVersion?: string;
  runtimeError?: { code?: string; message?: string };
  runWarnings?: string[];
  environment?: { hostUserAgent?: string; benchmarkIndex?: number };
  timing?: { total?: number };
  categories?: { performance?: { score?: number | null } };
  audits?: Record<
    string,
    { numericValue?: number; details?: { items?: Record<string, unknown>[] } } | undefined
  >;
}

/** Runs a command to its end; its output is kept, to be shown only when it fails. */
const run = (
  cmd: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; output: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });

/** One GET without compression: status, Content-Type and text. */
const getText = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .on('error', reject);
  });

const portOf = (server: http.Server): number => (server.address() as AddressInfo).port;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
};

const isFile = (file: string): Promise<boolean> =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The plain static server: what nginx with `brotli_static` / `gzip_static` and `try_files $uri
 * /index.html` does, and no more (no security or caching headers, no compression per request).
 * index.html is the product's own document (with the run-time settings the product writes into it,
 * server/domains/portal/document.ts) and /env.js its own text, so both servers load the same page.
 */
const plainServer = (dir: string, envJs: string, document: string): http.Server => {
  const send = (res: http.ServerResponse, head: boolean, body: Buffer, type: string, encoding?: string) => {
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': body.length,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    res.end(head ? undefined : body);
  };
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const head = req.method === 'HEAD';
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://plain').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const wanted = path.join(dir, pathname);
    if (pathname.split(/[/\\]/).includes('..') || !wanted.startsWith(dir + path.sep)) {
      res.writeHead(400).end();
      return;
    }
    if (pathname === '/env.js') {
      send(res, head, Buffer.from(envJs), 'application/javascript; charset=utf-8');
      return;
    }
    const file = (await isFile(wanted)) && pathname !== '/index.html' ? wanted : path.join(dir, 'index.html');
    if (file === path.join(dir, 'index.html')) {
      // as nginx would send a file of this size: gzip on the fly when the browser takes it
      const body = Buffer.from(document);
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')))
        send(res, head, gzipSync(body), TYPES['.html'] ?? 'text/html', 'gzip');
      else send(res, head, body, TYPES['.html'] ?? 'text/html');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accept) && (await isFile(`${file}.br`)))
      send(res, head, await readFile(`${file}.br`), type, 'br');
    else if (/\bgzip\b/.test(accept) && (await isFile(`${file}.gz`)))
      send(res, head, await readFile(`${file}.gz`), type, 'gzip');
    else send(res, head, await readFile(file), type);
  };
  return http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
};

const numeric = (lhr: Lhr, audit: string): number => lhr.audits?.[audit]?.numericValue ?? Number.NaN;

/** A run Lighthouse itself could not record (its runtimeError, such as NO_NAVSTART): worth another try. */
class LighthouseRuntimeError extends Error {}

/** `once()`, tried again up to twice when Lighthouse could not record the run (said on the output). */
const retried = async <T>(once: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= 3) throw error;
      console.log(`  run again: ${error.message.split('\n')[0]}`);
    }
  }
};

/** One Lighthouse run of `url`, after waiting for the machine's benchmark lock. */
const lighthouse = async (
  bin: string,
  url: string,
  out: string,
  /** a running Chromium's debugging port, signed in already: Lighthouse attaches, keeping its storage */
  port?: number,
): Promise<{ figures: Figures; lhr: Lhr }> => {
  const args = [
    url,
    ...(port === undefined
      ? [`--chrome-flags=${CHROME_FLAGS}`]
      : [`--port=${port}`, '--disable-storage-reset']),
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ];
  const locked = existsSync(FLOCK);
  const t0 = performance.now();
  const result = await run(locked ? FLOCK : bin, locked ? [LOCK, bin, ...args] : args, {
    env: { ...process.env, CHROME_PATH },
  });
  const seconds = (performance.now() - t0) / 1000;
  if (result.code !== 0) {
    const message = `lighthouse ${url} exited with ${result.code}:\n${result.output}`;
    throw /Runtime error encountered/.test(result.output)
      ? new LighthouseRuntimeError(message)
      : new Error(message);
  }
  const lhr = JSON.parse(await readFile(out, 'utf8')) as Lhr;
  if (KEEP) {
    await mkdir(KEEP, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    await copyFile(out, path.join(KEEP, name));
  }
  await rm(out, { force: true });
  if (lhr.runtimeError?.code)
    throw new LighthouseRuntimeError(
      `lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message ?? ''}`,
    );
  return {
    lhr,
    figures: {
      lcp: numeric(lhr, 'largest-contentful-paint'),
      fcp: numeric(lhr, 'first-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      score: lhr.categories?.performance?.score ?? Number.NaN,
      bytes: numeric(lhr, 'total-byte-weight'),
      requests: lhr.audits?.['network-requests']?.details?.items?.length ?? Number.NaN,
      load: loadavg()[0] ?? 0,
      wait: Math.max(0, seconds - (lhr.timing?.total ?? 0) / 1000),
      host: lhr.environment?.benchmarkIndex ?? Number.NaN,
    },
  };
};

const SERVERS = ['product', 'plain'] as const;
type Server = (typeof SERVERS)[number];

const row = (cells: (string | number)[]): string =>
  cells.map((c, i) => (i < 2 ? String(c).padEnd(i === 0 ? 4 : 8) : String(c).padStart(9))).join(' ');

/** The heading of runRow's lines; `what` names its second column (a page, a server). */
const runHeader = (what: string): string =>
  row([
    'run',
    what,
    'LCP ms',
    'FCP ms',
    'TBT ms',
    'CLS',
    'score',
    'bytes',
    'requests',
    'load',
    'wait s',
    'host idx',
  ]);

/** One run's line: its number, what was audited and the figures. */
const runRow = (n: number, what: string, f: Figures): string =>
  row([
    n,
    what,
    f.lcp.toFixed(0),
    f.fcp.toFixed(0),
    f.tbt.toFixed(0),
    f.cls.toFixed(3),
    f.score.toFixed(2),
    f.bytes.toFixed(0),
    f.requests,
    f.load.toFixed(2),
    f.wait.toFixed(0),
    f.host.toFixed(0),
  ]);

/** The demo operator's session, as the portal's login leaves it in localStorage (src/providers/storage.ts). */
const signIn = async (base: string): Promise<Record<string, string>> => {
  const deviceId = randomUUID();
  const { email, password } = DEMO_USERS.operator;
  const res = await fetch(`${base}${BASE_PATHS.main}/auth/get-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADERS.country]: 'sg', [DEVICE_ID_HEADER]: deviceId },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { code: number; data: unknown };
  const access = res.headers.get(HEADERS.accessToken);
  const refresh = res.headers.get(HEADERS.refreshToken);
  if (body.code !== 0 || !access || !refresh) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return {
    [STORAGE_KEYS.accessToken]: access,
    [STORAGE_KEYS.refreshToken]: refresh,
    [STORAGE_KEYS.refreshTokenRenewedAt]: String(Date.now()),
    [STORAGE_KEYS.user]: JSON.stringify(body.data),
    [STORAGE_KEYS.deviceId]: deviceId,
    [STORAGE_KEYS.country]: 'sg',
  };
};

/**
 * One Lighthouse run of a signed-in page: a fresh Chromium (its own profile, so nothing is cached)
 * with the session in localStorage, written on a page that loads no script, then Lighthouse attached.
 */
const signedInRun = async (bin: string, base: string, page: string, work: string) => {
  const session = await signIn(base);
  const port = await freePort();
  const profile = await mkdtemp(path.join(work, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS.filter((a) => a !== '--headless'), `--remote-debugging-port=${port}`],
  });
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    await tab.goto(`${base}/favicon.svg`);
    await tab.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, session);
    await tab.goto('about:blank');
    return await lighthouse(bin, `${base}${page}`, path.join(work, 'lhr.json'), port);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
};

type Item = Record<string, unknown>;
const items = (lhr: Lhr, audit: string): Item[] => lhr.audits?.[audit]?.details?.items ?? [];
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const short = (url: unknown): string => String(url).replace(/^https?:\/\/[^/]+/, '');

/** The heaviest costs Lighthouse names for one run. */
const diagnostics = (lhr: Lhr): string[] => {
  const top = (audit: string, key: string, n = 5) =>
    [...items(lhr, audit)].sort((a, b) => num(b[key]) - num(a[key])).slice(0, n);
  return [
    `  bootup-time (ms total/scripting/parse): ${top('bootup-time', 'total')
      .map(
        (i) =>
          `${short(i.url)} ${num(i.total).toFixed(0)}/${num(i.scripting).toFixed(0)}/${num(i.scriptParseCompile).toFixed(0)}`,
      )
      .join(', ')}`,
    `  main thread (ms): ${top('mainthread-work-breakdown', 'duration', 8)
      .map((i) => `${String(i.groupLabel ?? i.group)} ${num(i.duration).toFixed(0)}`)
      .join(', ')}`,
    `  render-blocking: ${
      items(lhr, 'render-blocking-resources')
        .map((i) => `${short(i.url)} ${num(i.wastedMs).toFixed(0)} ms`)
        .join(', ') || 'none'
    }`,
    `  unused-javascript (kB wasted/total): ${top('unused-javascript', 'wastedBytes')
      .map(
        (i) =>
          `${short(i.url)} ${(num(i.wastedBytes) / 1024).toFixed(0)}/${(num(i.totalBytes) / 1024).toFixed(0)}`,
      )
      .join(', ')}`,
  ];
};

/** BENCH_LIGHTHOUSE_PAGES: the signed-in pages of the product, RUNS each, interleaved. */
const signedInPages = async (bin: string, base: string, work: string): Promise<void> => {
  console.log(
    `lighthouse ${bin}, Chrome ${CHROME_PATH}; signed in as ${DEMO_USERS.operator.email}; ${RUNS} runs of each page, interleaved` +
      (existsSync(FLOCK) ? `, each under flock ${LOCK}` : '') +
      '\n',
  );
  console.log(runHeader('page'));
  const results = new Map<string, { figures: Figures; lhr: Lhr }[]>(PAGES.map((p) => [p, []]));
  let versions = '';
  for (let i = 0; i < RUNS; i++)
    for (const page of i % 2 === 0 ? PAGES : [...PAGES].reverse()) {
      const result = await retried(() => signedInRun(bin, base, page, work));
      const { figures: f, lhr } = result;
      versions ||= `Lighthouse ${lhr.lighthouseVersion ?? '?'}, ${lhr.environment?.hostUserAgent ?? '?'}`;
      for (const warning of lhr.runWarnings ?? []) console.log(`  warning: ${warning}`);
      results.get(page)?.push(result);
      console.log(runRow(i + 1, page, f));
    }
  console.log(`(${versions})\n`);
  console.log(row(['', 'median', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'score', 'bytes', 'requests', 'load']));
  for (const [page, runs] of results) {
    const median = (key: keyof Figures): number => stats(runs.map((r) => r.figures[key])).p50;
    console.log(
      row([
        '',
        page,
        median('lcp').toFixed(0),
        median('fcp').toFixed(0),
        median('tbt').toFixed(0),
        median('cls').toFixed(3),
        median('score').toFixed(2),
        median('bytes').toFixed(0),
        median('requests'),
        median('load').toFixed(2),
      ]),
    );
  }
  console.log('\ntargets:');
  for (const [page, runs] of results) {
    const score = stats(runs.map((r) => r.figures.score)).p50;
    console.log(
      `  ${score >= 0.8 ? 'met    ' : 'NOT MET'}  Lighthouse mobile performance on ${page} (signed in) at least 80: median ${(score * 100).toFixed(0)}`,
    );
  }
  for (const [page, runs] of results) {
    // the run with the median score
    const sorted = [...runs].sort((a, b) => a.figures.score - b.figures.score);
    const mid = sorted[Math.floor(sorted.length / 2)];
    if (!mid) continue;
    console.log(`\n${page}, the median run's costs:`);
    for (const line of diagnostics(mid.lhr)) console.log(line);
  }
};

const main = async (): Promise<void> => {
  if (!LIGHTHOUSE) {
    console.log(
      'Lighthouse is not a dependency of the project; install it apart and name its binary:\n' +
        '  npm install --prefix /tmp/lh lighthouse@12\n' +
        '  BENCH_LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse npm run bench:lighthouse',
    );
    return;
  }
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_LIGHTHOUSE_RUNS must be >= 1, got ${RUNS}`);
  const cpu = cpus();
  console.log(
    PAGES.length > 0
      ? `# Lighthouse mobile on ${PAGES.join(', ')}, signed in, on the product: ${new Date().toISOString()}`
      : `# Lighthouse mobile on /login, product vs plain static server: ${new Date().toISOString()}`,
  );
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; ` +
      `load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  const dist = await mkdtemp(path.join(tmpdir(), 'loyalty-lh-dist-'));
  const work = await mkdtemp(path.join(tmpdir(), 'loyalty-lh-'));
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const t0 = performance.now();
    const build = await run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: ROOT });
    if (build.code !== 0) throw new Error(`vite build exited with ${build.code}:\n${build.output}`);
    const files = await readdir(dist, { recursive: true });
    console.log(
      `build: ${files.filter((f) => f.endsWith('.br')).length} files with .br/.gz copies, ${files.length} in all, ` +
        `in ${((performance.now() - t0) / 1000).toFixed(1)} s (${dist})`,
    );

    // the product, as `npm start` runs it on the embedded database (serve.ts), on the fresh build
    const handle = await createDb({ dataDir: 'memory://bench-lighthouse' });
    closers.push(() => handle.close());
    await migrate(handle.db);
    const config = loadConfig({
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: work,
      DIST_DIR: dist,
      LOG_LEVEL: 'error',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    closers.unshift(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const productBase = `http://127.0.0.1:${portOf(app.server)}`;

    if (PAGES.length > 0) {
      const t1 = performance.now();
      await seedDemo(handle.db, { password: DEMO_PASSWORD });
      console.log(
        `demo data seeded in ${((performance.now() - t1) / 1000).toFixed(1)} s; product ${productBase}`,
      );
      await signedInPages(LIGHTHOUSE, productBase, work);
      return;
    }

    const env = await getText(`${productBase}/env.js`);
    if (env.status !== 200) throw new Error(`product /env.js answered ${env.status}`);
    const productDocument = await getText(`${productBase}/login`, { accept: 'text/html' });
    const plain = plainServer(dist, env.text, productDocument.text);
    closers.unshift(
      () =>
        new Promise<void>((resolve) => {
          plain.closeAllConnections();
          plain.close(() => resolve());
        }),
    );
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainBase = `http://127.0.0.1:${portOf(plain)}`;

    // both must hand out the same page, or the comparison says nothing
    const pages = await Promise.all(
      [productBase, plainBase].map((base) => getText(`${base}/login`, { accept: 'text/html' })),
    );
    if (pages.some((p) => p.status !== 200) || pages[0]?.text !== pages[1]?.text)
      throw new Error(
        `/login differs: ${pages.map((p) => `${p.status} ${p.text.length} chars`).join(' vs ')}`,
      );

    const urls: Record<Server, string> = { product: `${productBase}/login`, plain: `${plainBase}/login` };
    console.log(`product ${urls.product}   plain ${urls.plain}`);
    console.log(
      `lighthouse ${LIGHTHOUSE}, Chrome ${CHROME_PATH}; ${RUNS} runs each, alternating` +
        (existsSync(FLOCK) ? `, each under flock ${LOCK} (waits while another benchmark holds it)` : '') +
        '\n',
    );

    console.log(runHeader('server'));
    const results: Record<Server, Figures[]> = { product: [], plain: [] };
    let versions = '';
    for (let i = 0; i < RUNS; i++)
      // product, plain, then plain, product ...: neither always goes first
      for (const server of i % 2 === 0 ? SERVERS : [...SERVERS].reverse()) {
        const { figures: f, lhr } = await retried(() =>
          lighthouse(LIGHTHOUSE, urls[server], path.join(work, 'lhr.json')),
        );
        versions ||= `Lighthouse ${lhr.lighthouseVersion ?? '?'}, ${lhr.environment?.hostUserAgent ?? '?'}`;
        for (const warning of lhr.runWarnings ?? []) console.log(`  warning: ${warning}`);
        results[server].push(f);
        console.log(runRow(i + 1, server, f));
      }
    console.log(`(${versions})\n`);

    // medians (stats' p50: the middle run, the upper middle one for an even count)
    const median = (server: Server, key: keyof Figures): number =>
      stats(results[server].map((f) => f[key])).p50;
    console.log(
      row(['', 'median', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'score', 'bytes', 'requests', 'load']),
    );
    for (const server of SERVERS)
      console.log(
        row([
          '',
          server,
          median(server, 'lcp').toFixed(0),
          median(server, 'fcp').toFixed(0),
          median(server, 'tbt').toFixed(0),
          median(server, 'cls').toFixed(3),
          median(server, 'score').toFixed(2),
          median(server, 'bytes').toFixed(0),
          median(server, 'requests'),
          median(server, 'load').toFixed(2),
        ]),
      );

    const product = median('product', 'lcp');
    const base = median('plain', 'lcp');
    const ratio = product / base;
    const met = ratio <= TOLERANCE;
    console.log('\ntargets:');
    console.log(
      `  ${met ? 'met    ' : 'NOT MET'}  Lighthouse mobile LCP on /login no worse than a plain static server with brotli: ` +
        `median ${product.toFixed(0)} ms vs ${base.toFixed(0)} ms (${ratio.toFixed(2)}×)`,
    );
  } finally {
    for (const close of closers) await close().catch((err: unknown) => console.error(err));
    await rm(dist, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
};

runMain(main);
