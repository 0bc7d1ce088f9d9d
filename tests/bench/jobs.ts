// `npm run bench:jobs` (issue 39 item 5): the job runner (server/platform/jobs.ts) against pg-boss on
// the same work, on PostgreSQL (docs/performance.md "The job runner"). On a scratch database of its
// own (created on DATABASE_URL's server, dropped at the end) each contestant gets
//   drain  N trivial jobs enqueued (10 callers), then worked off from a standing start: jobs/s
//   mixed  the workers idle, then 1 slow job (2 s) and 200 fast ones enqueued one after another, the
//          slow one first: when the last was enqueued and when the last fast job finished (both
//          after the slow one's enqueue), and the fast jobs' latency p50/p95
//          (enqueue → done, both read from the database: created and finished times)
// with 10 jobs at once, a pool of 10 connections and a poll of 500 ms (pg-boss's shortest) for all.
// Contestants:
//   runner             createJobRunner(...).start(): a freed slot is claimed again at once
//   runner, batches    the runner's previous loop (runDue, awaited whole, then the next poll)
//   pg-boss 10×1       10 workers of one job each (localConcurrency 10, batchSize 1)
//   pg-boss 10×1, notify  the same on a queue with `notify`: a send wakes idle workers (LISTEN/NOTIFY)
//   pg-boss 1×10       one worker of batches of 10 (batchSize 10, burstWhenBatchFull)
// Every job is of one queue for pg-boss (jobs of one pool of 10, as the runner has): pg-boss's
// workers are per queue, so a slow job of another queue never holds these, at the price of a worker
// set (and connections) per queue. Nothing asserts a time; `npm test` never runs this.
//
//   BENCH_JOBS_N (default 2000)   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_PGBOSS   pg-boss's package folder (not a dependency: unset, the pg-boss side is skipped):
//                    npm install --prefix /tmp/pgboss pg-boss@latest
//                    BENCH_PGBOSS=/tmp/pgboss/node_modules/pg-boss npm run bench:jobs
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, migrate } from '../../server/platform/db/client';
import { createJobRunner, enqueue, type JobLog } from '../../server/platform/jobs';
import { runMain } from './main';
import { admin, dbUrl } from './pg-admin';
import { stats, throughput } from './stats';

const N = Number(process.env.BENCH_JOBS_N ?? 2000);
const FAST = 200;
const SLOW_MS = 2000;
const CONCURRENCY = 10;
const POLL_MS = 500;
const PGBOSS = process.env.BENCH_PGBOSS;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Kind = 'trivial' | 'fast' | 'slow';

/** One finished job as the database recorded it: its number and epoch milliseconds. */
interface Done {
  i: number;
  created: number;
  done: number;
}

/** A queue under test: enqueues, works with `work(kind)` as its handler, reads back what it did. */
interface Contestant {
  label: string;
  /** a fresh queue for the next case */
  reset: () => Promise<void>;
  enqueue: (kind: Kind, i: number) => Promise<void>;
  start: (work: (kind: Kind) => Promise<void>) => Promise<void>;
  /** stops taking jobs and waits for the running ones to be recorded */
  stop: () => Promise<void>;
  done: (kind: Kind) => Promise<Done[]>;
  close: () => Promise<void>;
}

const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: console.error };

/** The runner; `batches` runs it as it was before issue 39: one claim awaited whole, then the next. */
const ourRunner = async (url: string, batches: boolean): Promise<Contestant> => {
  const handle = await createDb({ databaseUrl: url });
  const { db } = handle;
  let stopRunner: () => Promise<void> = async () => undefined;
  return {
    label: batches ? 'runner, batches (before)' : 'runner',
    reset: async () => {
      await db.execute(sql`delete from jobs`);
    },
    enqueue: async (kind, i) => {
      await enqueue(db, kind, { i });
    },
    start: async (work) => {
      const runner = createJobRunner({
        db,
        log: quiet,
        handlers: {
          trivial: () => work('trivial'),
          fast: () => work('fast'),
          slow: () => work('slow'),
        },
        pollMs: POLL_MS,
        concurrency: CONCURRENCY,
        instanceId: 'bench',
      });
      if (!batches) {
        runner.start();
        stopRunner = () => runner.stop();
        return;
      }
      let stopped = false;
      const loop = (async () => {
        while (!stopped) {
          const ran = await runner.runDue();
          if (ran < CONCURRENCY && !stopped) await sleep(POLL_MS);
        }
      })();
      stopRunner = async () => {
        stopped = true;
        await loop;
      };
    },
    stop: () => stopRunner(),
    done: async (kind) => {
      const result = await db.execute(sql`
        select (payload->>'i')::int as i,
               extract(epoch from create_time) * 1000 as created,
               extract(epoch from finish_time) * 1000 as done
        from jobs where name = ${kind} and state = 'done'`);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
        i: Number(r.i),
        created: Number(r.created),
        done: Number(r.done),
      }));
    },
    close: () => handle.close(),
  };
};

/** The part of pg-boss's API used here (it is not a dependency, so not its types either). */
interface BossJob {
  data: { kind: Kind; i: number };
}
interface Boss {
  on(event: 'error', listener: (err: Error) => void): unknown;
  start(): Promise<unknown>;
  stop(options?: { graceful?: boolean; close?: boolean; timeout?: number }): Promise<void>;
  createQueue(name: string, options?: { notify?: boolean }): Promise<void>;
  send(name: string, data: object): Promise<string | null>;
  work(
    name: string,
    options: Record<string, unknown>,
    handler: (jobs: BossJob[]) => Promise<unknown>,
  ): Promise<string>;
  offWork(name: string, options?: { wait?: boolean }): Promise<void>;
}
type BossConstructor = new (options: Record<string, unknown>) => Boss;

const loadPgBoss = async (dir: string): Promise<{ PgBoss: BossConstructor; version: string }> => {
  const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
    main?: string;
  };
  const mod = (await import(pathToFileURL(path.join(dir, pkg.main ?? 'dist/index.js')).href)) as {
    PgBoss: BossConstructor;
  };
  return { PgBoss: mod.PgBoss, version: pkg.version };
};

/** pg-boss on the same database (its own schema `pgboss`), one queue per case. */
const pgBoss = async (
  PgBoss: BossConstructor,
  url: string,
  shape: { localConcurrency: number; batchSize: number },
  notify = false,
): Promise<Contestant> => {
  const boss = new PgBoss({ connectionString: url, max: CONCURRENCY, schedule: false });
  boss.on('error', (err) => console.error('pg-boss:', err.message));
  await boss.start();
  const reader = new pg.Pool({ connectionString: url, max: 1 });
  let queue = '';
  let round = 0;
  return {
    label: `pg-boss ${shape.localConcurrency}×${shape.batchSize}${notify ? ', notify' : ''}`,
    enqueue: async (kind, i) => {
      await boss.send(queue, { kind, i });
    },
    reset: async () => {
      round += 1;
      queue = `bench_${shape.localConcurrency}x${shape.batchSize}${notify ? 'n' : ''}_${round}`;
      await boss.createQueue(queue, { notify });
    },
    start: async (work) => {
      await boss.work(
        queue,
        {
          ...shape,
          pollingIntervalSeconds: POLL_MS / 1000,
          ...(shape.batchSize > 1 ? { burstWhenBatchFull: true } : {}),
        },
        (jobs) => Promise.all(jobs.map((job) => work(job.data.kind))),
      );
    },
    stop: () => boss.offWork(queue, { wait: true }),
    done: async (kind) => {
      const { rows } = await reader.query<{ i: number; created: number; done: number }>(
        `select (data->>'i')::int as i,
                extract(epoch from created_on) * 1000 as created,
                extract(epoch from completed_on) * 1000 as done
         from pgboss.job where name = $1 and data->>'kind' = $2 and state = 'completed'`,
        [queue, kind],
      );
      return rows.map((r) => ({ i: Number(r.i), created: Number(r.created), done: Number(r.done) }));
    },
    close: async () => {
      await reader.end();
      await boss.stop({ graceful: true, close: true });
    },
  };
};

/** Counts finished handlers and answers when `want` of them have finished. */
const counter = () => {
  let count = 0;
  let want = Number.POSITIVE_INFINITY;
  let reached: () => void = () => undefined;
  return {
    work: async (kind: Kind) => {
      if (kind === 'slow') await sleep(SLOW_MS);
      count += 1;
      if (count >= want) reached();
    },
    until: (n: number) =>
      new Promise<void>((resolve) => {
        want = n;
        reached = resolve;
        if (count >= n) resolve();
      }),
  };
};

const row = (cells: (string | number)[]): string =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(26) : String(c).padStart(12))).join(' ');

const drain = async (c: Contestant) => {
  await c.reset();
  const enqueueRate = await throughput(N, CONCURRENCY, (i) => c.enqueue('trivial', i));
  const { work, until } = counter();
  const t0 = Date.now();
  await c.start(work);
  await until(N);
  await c.stop();
  const done = await c.done('trivial');
  if (done.length !== N) throw new Error(`${c.label}: ${done.length} of ${N} jobs done`);
  const seconds = (Math.max(...done.map((d) => d.done)) - t0) / 1000;
  console.log(
    row([
      c.label,
      enqueueRate.toFixed(0),
      (N / seconds).toFixed(0),
      seconds.toFixed(2),
      loadavg()[0]?.toFixed(2) ?? '',
    ]),
  );
};

const mixed = async (c: Contestant) => {
  await c.reset();
  const { work, until } = counter();
  await c.start(work);
  await sleep(POLL_MS * 1.5); // the workers idle, as a server's do between jobs
  await c.enqueue('slow', 0);
  for (let i = 1; i <= FAST; i++) await c.enqueue('fast', i);
  await until(FAST + 1);
  await c.stop();
  const [slow] = await c.done('slow');
  const fast = await c.done('fast');
  if (!slow || fast.length !== FAST) throw new Error(`${c.label}: ${fast.length} of ${FAST} fast jobs done`);
  const latency = stats(fast.map((d) => d.done - d.created));
  const lastFast = Math.max(...fast.map((d) => d.done)) - slow.created;
  const enqueued = Math.max(...fast.map((d) => d.created)) - slow.created;
  console.log(
    row([
      c.label,
      enqueued.toFixed(0),
      lastFast.toFixed(0),
      latency.p50.toFixed(0),
      latency.p95.toFixed(0),
      (slow.done - slow.created).toFixed(0),
      loadavg()[0]?.toFixed(2) ?? '',
    ]),
  );
};

const main = async (): Promise<void> => {
  if (!Number.isInteger(N) || N < 1) throw new Error(`BENCH_JOBS_N must be >= 1, got ${N}`);
  const cpu = cpus();
  console.log(`# Job runner vs pg-boss on PostgreSQL: ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, Node ${process.version}; load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const boss = PGBOSS ? await loadPgBoss(PGBOSS) : undefined;
  if (!boss)
    console.log(
      'pg-boss is not a dependency of the project; its side is skipped. Install it apart and name its folder:\n' +
        '  npm install --prefix /tmp/pgboss pg-boss@latest\n' +
        '  BENCH_PGBOSS=/tmp/pgboss/node_modules/pg-boss npm run bench:jobs',
    );
  else console.log(`pg-boss ${boss.version} from ${PGBOSS}`);
  console.log(
    `${CONCURRENCY} jobs at once, pools of ${CONCURRENCY} connections, poll ${POLL_MS} ms; drain ${N} jobs, mixed 1 × ${SLOW_MS} ms + ${FAST} fast\n`,
  );

  // the name is made here from hex digits only, never from input
  const name = `bench_jobs_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = dbUrl(name);
  const contestants: Contestant[] = [];
  try {
    const schema = await createDb({ databaseUrl: url });
    await migrate(schema.db);
    await schema.close();
    contestants.push(await ourRunner(url, false), await ourRunner(url, true));
    if (boss)
      contestants.push(
        await pgBoss(boss.PgBoss, url, { localConcurrency: CONCURRENCY, batchSize: 1 }),
        await pgBoss(boss.PgBoss, url, { localConcurrency: CONCURRENCY, batchSize: 1 }, true),
        await pgBoss(boss.PgBoss, url, { localConcurrency: 1, batchSize: CONCURRENCY }),
      );

    console.log('drain: enqueue with 10 callers, then work them all off');
    console.log(row(['', 'enqueue /s', 'run jobs/s', 'run s', 'load']));
    for (const c of contestants) await drain(c);

    console.log(`\nmixed: 1 slow job (${SLOW_MS} ms) enqueued first, then ${FAST} fast ones`);
    console.log(row(['', 'enqueued ms', 'last fast ms', 'fast p50 ms', 'fast p95 ms', 'slow ms', 'load']));
    for (const c of contestants) await mixed(c);
  } finally {
    for (const c of contestants) await c.close().catch((err: unknown) => console.error(err));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
};

runMain(main);
