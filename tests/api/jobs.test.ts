// The job runner (server/jobs) on the database the API tests use (PGlite, or PostgreSQL with
// DATABASE_URL): running once, retrying with backoff, two instances racing, a dead instance's lease,
// periodic slots, singleton keys, the built-in cleanup, a slow job beside fast ones, stop(), and the
// JOBS switch. Every runDue gets an explicit `now`; only start()/stop() run on the clock.
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jobHandlers, PERIODIC_JOBS } from '../../server/jobs';
import { loadConfig } from '../../server/platform/config';
import { createDb } from '../../server/platform/db/client';
import { idempotencyKeys, jobs } from '../../server/platform/db/schema';
import {
  createJobRunner,
  enqueue,
  type JobHandler,
  type JobLog,
  type JobRunnerOptions,
} from '../../server/platform/jobs';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, createUser, TEST_ENV } from './helpers';

const { t } = apiSuite();

beforeEach(async () => {
  await t.db.delete(jobs);
});

/** A fixed time well after any row's default `now()`, so every enqueued job is due at it. */
const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg: string;
}

const recordingLog = (): JobLog & { lines: LogLine[] } => {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
};

const runner = (over: Partial<JobRunnerOptions> = {}) =>
  createJobRunner({ db: t.db, log: recordingLog(), handlers: {}, instanceId: 'test-a', ...over });

const jobById = async (id: number | null) => {
  if (id === null) throw new Error('no job id');
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} not found`);
  return row;
};

describe('enqueue', () => {
  it('answers the new id, and null for a singletonKey that exists already', async () => {
    const first = await enqueue(t.db, 'report', { month: '2030-01' }, { singletonKey: 'report:2030-01' });
    expect(first).toEqual(expect.any(Number));
    expect(await enqueue(t.db, 'report', { month: 'other' }, { singletonKey: 'report:2030-01' })).toBeNull();
    const rows = await t.db.select().from(jobs).where(eq(jobs.name, 'report'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first, payload: { month: '2030-01' }, state: 'queued', attempts: 0 });
    // without a key, every call adds a job
    expect(await enqueue(t.db, 'report')).not.toBe(await enqueue(t.db, 'report'));
  });

  it('inside a transaction, exists only when the transaction commits', async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueue(tx, 'rolled-back');
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await t.db.select().from(jobs).where(eq(jobs.name, 'rolled-back'))).toHaveLength(0);
  });
});

describe('runDue', () => {
  it('runs a due job once and records it done with its result', async () => {
    const calls: unknown[] = [];
    const r = runner({
      handlers: {
        greet: async (payload, ctx) => {
          calls.push({ payload, jobId: ctx.jobId, attempt: ctx.attempt, now: ctx.now });
          return { greeted: payload.who };
        },
        quiet: async () => undefined,
      },
    });
    const id = await enqueue(t.db, 'greet', { who: 'Ada' });
    const quiet = await enqueue(t.db, 'quiet');
    const later = await enqueue(t.db, 'greet', { who: 'later' }, { runAt: at(DAY) });

    await r.runDue(T0);
    await r.runDue(at(SECOND));

    expect(calls).toEqual([{ payload: { who: 'Ada' }, jobId: id, attempt: 1, now: T0 }]);
    expect(await jobById(id)).toMatchObject({
      state: 'done',
      result: { greeted: 'Ada' },
      attempts: 1,
      finishTime: T0,
      lockedUntil: null,
      lastError: null,
    });
    expect(await jobById(quiet)).toMatchObject({ state: 'done', result: null });
    // not due yet
    expect(await jobById(later)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('retries a failing job with exponential backoff and fails it after maxAttempts', async () => {
    const log = recordingLog();
    let calls = 0;
    const r = runner({
      log,
      handlers: {
        boom: async () => {
          calls += 1;
          throw new Error(`cannot reach postgres://app:s3cret@db.example/app (call ${calls})`);
        },
      },
    });
    const id = await enqueue(t.db, 'boom', {}, { maxAttempts: 3 });

    await r.runDue(T0);
    const first = await jobById(id);
    expect(first).toMatchObject({ state: 'queued', attempts: 1, lockedUntil: null, runAt: at(2 * SECOND) });
    expect(first.lastError).toBe('cannot reach postgres://***@db.example/app (call 1)');

    // not due again before its backoff
    await r.runDue(at(SECOND));
    expect(calls).toBe(1);

    await r.runDue(at(2 * SECOND));
    expect(await jobById(id)).toMatchObject({ state: 'queued', attempts: 2, runAt: at(6 * SECOND) });

    await r.runDue(at(6 * SECOND));
    const last = await jobById(id);
    expect(last).toMatchObject({
      state: 'failed',
      attempts: 3,
      finishTime: at(6 * SECOND),
      lockedUntil: null,
    });
    expect(last.lastError).toBe('cannot reach postgres://***@db.example/app (call 3)');

    await r.runDue(at(DAY));
    expect(calls).toBe(3);
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
      'job failed; will retry',
      'job failed; will retry',
    ]);
    expect(log.lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['job failed for good']);
    expect(JSON.stringify(log.lines)).not.toContain('s3cret');
  });

  it('caps the backoff at an hour', async () => {
    const r = runner({ handlers: { boom: async () => Promise.reject(new Error('no')) } });
    const id = await enqueue(t.db, 'boom', {}, { maxAttempts: 50 });
    await t.db
      .update(jobs)
      .set({ attempts: 20 })
      .where(eq(jobs.id, id ?? 0));
    await r.runDue(T0);
    expect(await jobById(id)).toMatchObject({ state: 'queued', attempts: 21, runAt: at(60 * 60 * SECOND) });
  });

  it("fails a job whose name has no handler with 'no handler'", async () => {
    const r = runner();
    const id = await enqueue(t.db, 'nobody-handles-this', {}, { maxAttempts: 1 });
    await r.runDue(T0);
    expect(await jobById(id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'no handler' });
  });

  it('fails the attempt of a handler that throws synchronously or answers what JSON cannot hold', async () => {
    const sync = (() => {
      throw new Error('sync');
    }) as unknown as JobHandler;
    const r = runner({ handlers: { sync, big: async () => 1n } });
    const a = await enqueue(t.db, 'sync', {}, { maxAttempts: 1 });
    const b = await enqueue(t.db, 'big', {}, { maxAttempts: 1 });
    await expect(r.runDue(T0)).resolves.toBeGreaterThanOrEqual(2);
    expect(await jobById(a)).toMatchObject({ state: 'failed', lastError: 'sync' });
    expect(await jobById(b)).toMatchObject({ state: 'failed' });
  });

  it('picks up again a job claimed by a dead instance once its lease ran out, not before', async () => {
    const runs: number[] = [];
    const r = runner({
      handlers: {
        work: async (_p, ctx) => {
          runs.push(ctx.jobId);
        },
      },
    });
    const dead = await enqueue(t.db, 'work');
    const alive = await enqueue(t.db, 'work');
    await t.db
      .update(jobs)
      .set({ attempts: 1, lockedBy: 'dead-instance', lockedUntil: at(-SECOND) })
      .where(eq(jobs.id, dead ?? 0));
    await t.db
      .update(jobs)
      .set({ attempts: 1, lockedBy: 'busy-instance', lockedUntil: at(30 * SECOND) })
      .where(eq(jobs.id, alive ?? 0));

    await r.runDue(T0);
    expect(runs).toEqual([dead]);
    expect(await jobById(dead)).toMatchObject({ state: 'done', attempts: 2, lockedBy: 'test-a' });
    expect(await jobById(alive)).toMatchObject({ state: 'queued', lockedBy: 'busy-instance' });

    await r.runDue(at(31 * SECOND));
    expect(runs).toEqual([dead, alive]);
  });

  it('does not record the outcome of a job whose lease another instance took over', async () => {
    const log = recordingLog();
    let id: number | null = null;
    const r = runner({
      log,
      handlers: {
        slow: async () => {
          // meanwhile the lease ran out and another instance claimed the job
          await t.db
            .update(jobs)
            .set({ lockedBy: 'test-b', attempts: 2 })
            .where(eq(jobs.id, id ?? 0));
          return 'stale';
        },
      },
    });
    id = await enqueue(t.db, 'slow');
    await r.runDue(T0);
    expect(await jobById(id)).toMatchObject({ state: 'queued', lockedBy: 'test-b', result: null });
    expect(log.lines.map((l) => l.msg)).toContain('job lease lost; outcome not recorded');
  });
});

describe('two instances', () => {
  it(
    'racing on 50 jobs run each exactly once',
    async () => {
      // on PostgreSQL, the second instance gets its own pool, as another process would
      const other = t.config.databaseUrl ? await createDb({ databaseUrl: t.config.databaseUrl }) : undefined;
      try {
        const calls = new Map<number, string[]>();
        const count =
          (instance: string): JobHandler =>
          async (_p, ctx) => {
            calls.set(ctx.jobId, [...(calls.get(ctx.jobId) ?? []), instance]);
            // give the other instance a chance to interleave
            await new Promise((resolve) => setImmediate(resolve));
          };
        const ids: number[] = [];
        for (let i = 0; i < 50; i++) {
          const id = await enqueue(t.db, 'count', { i });
          if (id !== null) ids.push(id);
        }
        const a = runner({ handlers: { count: count('a') }, instanceId: 'a' });
        const b = createJobRunner({
          db: other?.db ?? t.db,
          log: recordingLog(),
          handlers: { count: count('b') },
          instanceId: 'b',
        });
        for (let round = 0; round < 20; round++) {
          const [ranA, ranB] = await Promise.all([a.runDue(T0), b.runDue(T0)]);
          if (ranA === 0 && ranB === 0) break;
        }
        expect([...calls.keys()].sort((x, y) => x - y)).toEqual(ids);
        for (const [id, by] of calls) expect(by, `job ${id}`).toHaveLength(1);
        // both claimed from the first round on (each claims 10 of the 50)
        expect(new Set([...calls.values()].flat())).toEqual(new Set(['a', 'b']));
        const rows = await t.db.select().from(jobs).where(eq(jobs.name, 'count'));
        for (const row of rows) {
          expect(row).toMatchObject({ state: 'done', attempts: 1, lockedBy: calls.get(row.id)?.[0] });
        }
      } finally {
        await other?.close();
      }
    },
    APP_TIMEOUT,
  );

  it('enqueue a periodic job once per slot', async () => {
    const runs: string[] = [];
    const periodic = [{ name: 'tick', everyMs: 60 * SECOND, payload: { from: 'periodic' } }];
    const handlers = {
      tick: async (payload: Record<string, unknown>, ctx: { now: Date }) => {
        runs.push(`${String(payload.from)}@${ctx.now.toISOString()}`);
      },
    };
    const a = runner({ handlers, periodic, instanceId: 'a' });
    const b = runner({ handlers, periodic, instanceId: 'b' });
    await Promise.all([a.runDue(T0), b.runDue(T0)]);
    await Promise.all([a.runDue(at(10 * SECOND)), b.runDue(at(59 * SECOND))]);
    const slot = Math.floor(T0.getTime() / (60 * SECOND));
    let rows = await t.db.select().from(jobs).where(eq(jobs.name, 'tick'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      singletonKey: `tick:${slot}`,
      state: 'done',
      payload: { from: 'periodic' },
    });
    expect(runs).toHaveLength(1);

    await Promise.all([a.runDue(at(60 * SECOND)), b.runDue(at(61 * SECOND))]);
    rows = await t.db.select().from(jobs).where(eq(jobs.name, 'tick'));
    expect(rows.map((r) => r.singletonKey).sort()).toEqual([`tick:${slot}`, `tick:${slot + 1}`]);
    expect(runs).toHaveLength(2);
  });
});

describe('cleanup', () => {
  it('deletes done jobs older than 7 days and idempotency keys older than 24 hours, nothing fresher', async () => {
    const user = await createUser(t.db, { email: 'jobs-cleanup@example.com' });
    const key = (name: string, createTime: Date) => ({
      userId: user.id,
      key: name,
      request: 'POST /x',
      status: 200,
      body: '{}',
      createTime,
    });
    await t.db
      .insert(idempotencyKeys)
      .values([key('old', at(-25 * 60 * 60 * SECOND)), key('fresh', at(-DAY + SECOND))]);
    const job = (name: string, state: 'done' | 'failed', finishTime: Date) => ({ name, state, finishTime });
    await t.db
      .insert(jobs)
      .values([
        job('old-done', 'done', at(-8 * DAY)),
        job('fresh-done', 'done', at(-6 * DAY)),
        job('old-failed', 'failed', at(-30 * DAY)),
      ]);

    await runner().runDue(T0);

    const left = await t.db.select({ name: jobs.name, state: jobs.state, result: jobs.result }).from(jobs);
    expect(left.map((j) => j.name).sort()).toEqual(['cleanup', 'fresh-done', 'old-failed']);
    expect(left.find((j) => j.name === 'cleanup')).toEqual({
      name: 'cleanup',
      state: 'done',
      result: { doneJobs: 1, idempotencyKeys: 1, twoFactorChallenges: 0, joinCodes: 0 },
    });
    const keys = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(keys).toEqual([{ key: 'fresh' }]);
  });
});

describe('the server jobs', () => {
  it('expire-vouchers runs every minute through the handlers map', async () => {
    const r = runner({ handlers: jobHandlers({ config: t.config }), periodic: PERIODIC_JOBS });
    await r.runDue(T0);
    const [row] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'expire-vouchers'), eq(jobs.state, 'done')));
    expect(row).toMatchObject({ singletonKey: `expire-vouchers:${Math.floor(T0.getTime() / 60_000)}` });
    expect(row?.result).toEqual({ expired: expect.any(Number) });
  });
});

describe('start and stop', () => {
  it('stop() waits for the running job', async () => {
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const r = runner({
      handlers: {
        block: async () => {
          started();
          await gate;
          return 'finished';
        },
      },
    });
    const id = await enqueue(t.db, 'block', {}, { runAt: new Date(0) });
    r.start();
    await isStarted;
    let stopped = false;
    const stopping = r.stop().then(() => {
      stopped = true;
    });
    await t.db.select().from(jobs); // a round trip to the database: stop() must still be waiting
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await jobById(id)).toMatchObject({ state: 'done', result: 'finished' });
  });

  it(
    'a slow job holds only its own slot: the fast jobs queued behind it finish while it runs',
    async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let active = 0;
      let most = 0;
      const r = runner({
        concurrency: 3,
        pollMs: 20,
        handlers: {
          slow: async () => {
            await gate;
            return 'slow';
          },
          fast: async () => {
            active += 1;
            most = Math.max(most, active);
            await new Promise((resolve) => setImmediate(resolve));
            active -= 1;
            return 'fast';
          },
        },
      });
      // the slow one first in line, then four batches' worth of fast ones
      const slow = await enqueue(t.db, 'slow', {}, { runAt: new Date(0) });
      for (let i = 0; i < 12; i++) await enqueue(t.db, 'fast', { i }, { runAt: new Date(1000) });
      r.start();
      try {
        await vi.waitFor(
          async () => {
            const fast = await t.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.name, 'fast'));
            expect(fast.map((j) => j.state)).toEqual(Array(12).fill('done'));
          },
          { timeout: 10_000, interval: 50 },
        );
        expect(await jobById(slow)).toMatchObject({ state: 'queued', attempts: 1, lockedBy: 'test-a' });
        // never more at once than the concurrency, the slow one's slot included
        expect(most).toBeLessThanOrEqual(2);
      } finally {
        release();
        await r.stop();
      }
      expect(await jobById(slow)).toMatchObject({ state: 'done', result: 'slow' });
    },
    APP_TIMEOUT,
  );
});

describe('JOBS', () => {
  it('is on by default, off with JOBS=off, and refuses anything else', () => {
    expect(loadConfig(TEST_ENV).jobsEnabled).toBe(true);
    expect(loadConfig({ ...TEST_ENV, JOBS: 'on' }).jobsEnabled).toBe(true);
    expect(loadConfig({ ...TEST_ENV, JOBS: 'off' }).jobsEnabled).toBe(false);
    expect(() => loadConfig({ ...TEST_ENV, JOBS: 'no' })).toThrow('JOBS must be on or off');
  });
});
