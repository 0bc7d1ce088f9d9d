// `npm run bench`: the API at a million rows, on PostgreSQL. Every case is measured three ways,
// interleaved call by call: the SQL floor (the same statement through node-postgres), a minimal
// Fastify + pg peer server, and the app (buildApp on that database, listening on a real port, in
// processes of their own), both called over HTTP. It prints p50/p95 with the load average beside
// each figure, requests per second against the peer, and last the targets of issue 14, each with
// its measured ratio and met / not met. Nothing asserts a time; `npm test` never runs this.
//   BENCH_ROWS (default 1,000,000)  BENCH_CALLS (default 200)  DATABASE_URL (a PostgreSQL server)
//   BENCH_RESULT (a file: the figures as JSON, for tests/bench/guard.ts)
//   BENCH_PROFILE (a folder for the app server's CPU profile, written when it exits)
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BASE_PATHS } from '../../contract';
import { verifyPassword } from '../../server/platform/passwords';
import { type BenchData, EMAILS, ensureBenchData, PASSWORD } from './generate';
import { type Answer, request, signIn } from './http';
import { runMain } from './main';
import { FIRST_PAGE_SQL, receiptOf } from './sql';
import { interleaved, load, ms, type Stats, throughput } from './stats';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 30);
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** a Directus 10 serving a copy of the table (see docs/performance.md), measured beside the app when set */
const DIRECTUS_URL = process.env.BENCH_DIRECTUS_URL;
const DIRECTUS_TOKEN = process.env.BENCH_DIRECTUS_TOKEN ?? '';
const CPU_PROFILE = process.env.BENCH_PROFILE;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const LIST = `${BASE_PATHS.main}/stamps-transactions`;

/** Starts tests/bench/serve.ts in a process of its own; resolves with its port. */
const serve = (kind: 'app' | 'peer', url: string): Promise<{ port: number; child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const profile = kind === 'app' && CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE}`] : [];
    const child = spawn(
      process.execPath,
      [...profile, '--import', 'tsx', path.join(HERE, 'serve.ts'), kind, url],
      {
        // the IPC channel: the app answers `count` with the statements its driver has sent
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      },
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });

/** How many statements the app's driver has sent so far (tests/bench/serve.ts counts them). */
const statementsSent = (child: ChildProcess): Promise<number> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not answer its statement count')), 5000);
    child.once('message', (m: { count?: number }) => {
      clearTimeout(timer);
      resolve(Number(m.count));
    });
    child.send('count');
  });

/** First pages asked one after the other to count their statements (the login's and the page's). */
const COUNTED_PAGES = 50;

const json = (res: Answer, what: string): Record<string, unknown> => {
  if (res.status !== 200 || res.body.code !== 0)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

interface Row {
  name: string;
  figures: Partial<Record<'floor' | 'peer' | 'app' | 'directus' | 'argon2', Stats>>;
}

const main = async (): Promise<void> => {
  const started = new Date();
  const cpu = cpus();
  const floorPool = new pg.Pool({ connectionString: PG_BASE, max: 2 });
  const version = (await floorPool.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '?';
  await floorPool.end();
  console.log(`# The API at a million rows: ${started.toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  );
  console.log(
    `database: ${version.split(',')[0]}; load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const data: BenchData = await ensureBenchData(PG_BASE, ROWS);
  console.log(
    `data: ${data.rows.toLocaleString('en')} stamps transactions in ${new URL(data.url).pathname.slice(1)} ` +
      `(${data.reused ? 'reused' : 'generated'} in ${data.seconds.toFixed(1)} s); ${CALLS} calls per case\n`,
  );

  const app = await serve('app', data.url);
  const peer = await serve('peer', data.url);
  const db = new pg.Pool({ connectionString: data.url, max: 10 });
  const appUrl = `http://127.0.0.1:${app.port}`;
  const peerUrl = `http://127.0.0.1:${peer.port}`;
  try {
    const login = (email: string): Promise<string> => signIn(appUrl, email, PASSWORD);
    const tokens = {
      operator: await login(EMAILS.operator),
      merchant: await login(EMAILS.merchant),
      newMerchant: await login(EMAILS.newMerchant),
    };
    const appList = async (who: keyof typeof tokens, query = ''): Promise<Record<string, unknown>> =>
      json(
        await request(`${appUrl}${LIST}${query}`, { headers: { authorization: `Bearer ${tokens[who]}` } }),
        `list ${who} ${query}`,
      );
    const peerPage = async (company?: number) =>
      json(await request(`${peerUrl}/first-page${company ? `?company=${company}` : ''}`), 'peer');
    // Directus 10 on a copy of the table, when one runs (tests/bench/README: it is not installed here)
    const directus = DIRECTUS_URL
      ? async (company?: number) => {
          const filter = company ? `&filter[company_id][_eq]=${company}` : '';
          const res = await request(
            `${DIRECTUS_URL}/items/stamps_transaction?sort=-at,id&limit=20&meta=filter_count${filter}`,
            { headers: { authorization: `Bearer ${DIRECTUS_TOKEN}` } },
          );
          if (res.status !== 200 || !Array.isArray(res.body.data))
            throw new Error(`directus: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          return res.body;
        }
      : undefined;

    // what the answers say, once: the sizes the cases work on
    const merchantPage = await appList('merchant');
    const operatorPage = await appList('operator');
    console.log(
      `operator page: ${JSON.stringify(operatorPage.page)}\nmerchant page: ${JSON.stringify({ ...(merchantPage.page as object), cursor: '…' })}\n`,
    );

    // cursors at random depths: a row's (at, id), as a page ending on it hands out
    const picks = (
      await db.query<{ at: Date; id: number }>(
        'select at, id from stamps_transaction tablesample system (1) limit $1',
        [CALLS + 20],
      )
    ).rows;
    const cursorOf = (r: { at: Date; id: number }) =>
      Buffer.from(JSON.stringify([r.at.toISOString(), r.id])).toString('base64url');

    const rows: Row[] = [];
    const tenantPage = (company: number) => () => db.query(FIRST_PAGE_SQL.tenant, [company]);
    rows.push({
      name: 'operator first page',
      figures: await interleaved(CALLS, {
        floor: () => db.query(FIRST_PAGE_SQL.operator),
        peer: () => peerPage(),
        app: () => appList('operator'),
        directus: directus && (() => directus()),
      }),
    });
    rows.push({
      name: `merchant first page (${Math.floor(data.rows / 1000)} rows)`,
      figures: await interleaved(CALLS, {
        floor: tenantPage(data.merchantCompany),
        peer: () => peerPage(data.merchantCompany),
        app: () => appList('merchant'),
        directus: directus && (() => directus(data.merchantCompany)),
      }),
    });
    rows.push({
      name: 'new merchant first page (5 rows)',
      figures: await interleaved(CALLS, {
        floor: tenantPage(data.newCompany),
        peer: () => peerPage(data.newCompany),
        app: () => appList('newMerchant'),
      }),
    });
    rows.push({
      name: 'deep page by cursor (random depth)',
      figures: await interleaved(CALLS, {
        floor: (i) => {
          const r = picks[i % picks.length];
          return db.query(FIRST_PAGE_SQL.afterCursor, [r?.at, r?.id]);
        },
        app: (i) => {
          const r = picks[i % picks.length];
          return r ? appList('operator', `?cursor=${cursorOf(r)}`) : Promise.resolve();
        },
      }),
    });
    rows.push({
      name: 'search receiptNo (trigram)',
      figures: await interleaved(CALLS, {
        floor: (i) => db.query(FIRST_PAGE_SQL.search, [`%${receiptOf(i)}%`]),
        app: (i) =>
          appList('operator', `?search=${encodeURIComponent(JSON.stringify({ receiptNo: receiptOf(i) }))}`),
      }),
    });
    rows.push({
      name: 'tenant count (page of 1 + count)',
      figures: await interleaved(CALLS, {
        floor: () => db.query(FIRST_PAGE_SQL.tenantCount, [data.merchantCompany]),
        app: () => appList('merchant', '?size=1'),
      }),
    });
    rows.push({
      name: 'login',
      figures: await interleaved(
        LOGINS,
        {
          argon2: () => verifyPassword(data.passwordHash, PASSWORD),
          app: () => login(EMAILS.merchant),
        },
        3,
      ),
    });

    // throughput: 8 callers at a time, app and peer alternating in rounds
    const rps = { app: 0, peer: 0, directus: 0 };
    const ROUNDS = 3;
    const PER_ROUND = Math.max(100, CALLS * 2);
    for (let r = 0; r < ROUNDS; r++) {
      rps.peer += (await throughput(PER_ROUND, 8, () => peerPage(data.merchantCompany))) / ROUNDS;
      rps.app += (await throughput(PER_ROUND, 8, () => appList('merchant'))) / ROUNDS;
      if (directus)
        rps.directus += (await throughput(PER_ROUND, 8, () => directus(data.merchantCompany))) / ROUNDS;
    }
    const rpsLoad = load();
    // the statements of one first page, each caller's: a count, which no machine moves
    const statements: Record<string, number> = {};
    for (const [name, who] of [
      ['merchant first page', 'merchant'],
      ['operator first page', 'operator'],
    ] as const) {
      const before = await statementsSent(app.child);
      for (let i = 0; i < COUNTED_PAGES; i++) await appList(who);
      statements[name] = ((await statementsSent(app.child)) - before) / COUNTED_PAGES;
    }
    const loginsPerSecond = await throughput(Math.max(20, LOGINS), 4, () => login(EMAILS.merchant));
    const loginLoad = load();

    console.log(
      `${'case'.padEnd(38)} ${'who'.padEnd(7)} ${'n'.padStart(4)} ${'mean ms'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}  load`,
    );
    for (const row of rows)
      for (const [who, s] of Object.entries(row.figures))
        console.log(
          `${row.name.padEnd(38)} ${who.padEnd(7)} ${String(s.n).padStart(4)} ${ms(s.mean)} ${ms(s.p50)} ${ms(s.p95)}  ${s.load.toFixed(2)}`,
        );
    console.log(
      `\nthroughput, merchant first page, 8 callers: app ${rps.app.toFixed(0)} req/s, peer ${rps.peer.toFixed(0)} req/s (load ${rpsLoad})`,
    );
    console.log(
      `statements per first page (the app's, the login's included): ${Object.entries(statements)
        .map(([name, n]) => `${name} ${n.toFixed(2)}`)
        .join(', ')}`,
    );
    console.log(`logins, 4 callers: ${loginsPerSecond.toFixed(1)} /s (load ${loginLoad})`);
    console.log(
      directus
        ? `throughput, Directus: ${rps.directus.toFixed(0)} req/s\n`
        : 'Directus: not measured (set BENCH_DIRECTUS_URL and BENCH_DIRECTUS_TOKEN, docs/performance.md)\n',
    );

    const fig = (name: string) => rows.find((r) => r.name.startsWith(name))?.figures ?? {};
    const targets: { what: string; measured: string; met: boolean }[] = [];
    for (const name of ['merchant first page', 'new merchant first page', 'operator first page']) {
      const f = fig(name);
      const p95 = f.app?.p95 ?? Number.NaN;
      const ratio = p95 / (f.floor?.p95 ?? Number.NaN);
      targets.push({
        what: `${name}: p95 ≤ 20 ms and ≤ 1.5× the SQL floor`,
        measured: `p95 ${p95.toFixed(2)} ms, ${ratio.toFixed(1)}× floor (${f.floor?.p95.toFixed(2)} ms; the minimal peer: ${((f.peer?.p95 ?? Number.NaN) / (f.floor?.p95 ?? Number.NaN)).toFixed(1)}×)`,
        met: p95 <= 20 && ratio <= 1.5,
      });
    }
    const count = fig('tenant count').app?.p95 ?? Number.NaN;
    targets.push({
      what: "a tenant's count ≤ 5 ms",
      measured: `p95 ${count.toFixed(2)} ms`,
      met: count <= 5,
    });
    const cursor = fig('deep page').app?.p95 ?? Number.NaN;
    targets.push({
      what: 'a cursor page ≤ 5 ms at any depth',
      measured: `p95 ${cursor.toFixed(2)} ms`,
      met: cursor <= 5,
    });
    const search = fig('search').app?.p95 ?? Number.NaN;
    targets.push({
      what: 'search on an indexed text ≤ 50 ms',
      measured: `p95 ${search.toFixed(2)} ms`,
      met: search <= 50,
    });
    const tp = rps.app / rps.peer;
    targets.push({
      what: 'first-page throughput ≥ 0.8× the minimal peer',
      measured: `${tp.toFixed(2)}× (${rps.app.toFixed(0)} vs ${rps.peer.toFixed(0)} req/s)`,
      met: tp >= 0.8,
    });
    const vsDirectus = rps.app / rps.directus;
    targets.push({
      what: 'first-page throughput ≥ 3× Directus',
      measured: directus
        ? `${vsDirectus.toFixed(2)}× (${rps.app.toFixed(0)} vs ${rps.directus.toFixed(0)} req/s)`
        : 'Directus not running (BENCH_DIRECTUS_URL unset)',
      met: directus !== undefined && vsDirectus >= 3,
    });
    targets.push({
      what: 'logins ≥ 20/s',
      measured: `${loginsPerSecond.toFixed(1)}/s`,
      met: loginsPerSecond >= 20,
    });
    const l = fig('login');
    console.log(
      `login vs one bare argon2 verify: ${((l.app?.mean ?? 0) / (l.argon2?.mean ?? 1)).toFixed(2)}× (means ${l.app?.mean.toFixed(1)} / ${l.argon2?.mean.toFixed(1)} ms)\n`,
    );
    console.log('targets:');
    for (const t of targets) console.log(`  ${t.met ? 'met    ' : 'NOT MET'}  ${t.what}: ${t.measured}`);
    if (process.env.BENCH_RESULT)
      writeFileSync(process.env.BENCH_RESULT, JSON.stringify({ rows, rps, statements }));
  } finally {
    await db.end();
    app.child.kill('SIGTERM');
    peer.child.kill('SIGTERM');
  }
};

runMain(main);
