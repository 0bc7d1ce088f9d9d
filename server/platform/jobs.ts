// The job runner (docs/operations.md "Jobs"): a queue kept in the `jobs` table, shared by every server
// instance on one database. Each poll enqueues the current slot of the periodic jobs, claims due
// rows with `FOR UPDATE SKIP LOCKED` under a lease, as many as it has free slots of `concurrency`,
// runs them and records the outcome; a slot freed by a finished job is claimed again at once, so a
// slow job holds only its own slot. Plain SQL over our own table rather than pg-boss: pg-boss 12 now
// runs on PGlite and enqueues in our transactions, but it hangs the embedded database on an unknown
// queue inside a transaction, stores unscrubbed stacks, does not fence completions by lease, and
// either polls per job or lets a slow job hold its batch (measured: docs/architecture.md "Jobs: the
// runner and pg-boss", docs/performance.md "The job runner").

import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './audit';
import type { Db } from './db/client';
import { encoderOf, placeholdersOf, prepared } from './db/prepared';
import { idempotencyKeys, jobs, joinCodes, twoFactorChallenges } from './db/schema';
import { AppError } from './errors';
import { scrub } from './redact';

export type JobPayload = Record<string, unknown>;

/** A pino-style logger: `log.info({ ... }, msg)`. */
export interface JobLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface JobContext {
  db: Db;
  jobId: number;
  /** 1 on the first run */
  attempt: number;
  /** the job's last attempt: a handler may end its work for good there instead of failing */
  maxAttempts: number;
  log: JobLog;
  /** the time of this poll; handlers use it instead of the clock, so tests can choose it */
  now: Date;
}

/** Answers a JSON-able result (stored in `jobs.result`) or nothing; throws to fail the attempt. */
export type JobHandler = (payload: JobPayload, ctx: JobContext) => Promise<unknown>;

export interface PeriodicJob {
  name: string;
  everyMs: number;
  payload?: JobPayload;
}

export interface EnqueueOptions {
  /** not before this time (default: now) */
  runAt?: Date;
  /** at most one job per key: a second enqueue with the same key answers null */
  singletonKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a job; inside an operation's transaction it is enqueued exactly when the operation commits.
 * Answers its id, or null when a job with the same `singletonKey` already exists.
 */
export const enqueue = async (
  db: DbOrTx,
  name: string,
  payload: JobPayload = {},
  opts: EnqueueOptions = {},
): Promise<number | null> => {
  const row: Record<string, unknown> = {
    name,
    payload,
    ...(opts.runAt ? { runAt: opts.runAt } : {}),
    ...(opts.singletonKey !== undefined ? { singletonKey: opts.singletonKey } : {}),
    ...(opts.maxAttempts !== undefined ? { maxAttempts: opts.maxAttempts } : {}),
  };
  const rows = await insertJob(Object.keys(row))(db, row);
  return rows[0]?.id ?? null;
};

const jobInserts = new Map<string, (db: DbOrTx, row: Record<string, unknown>) => Promise<{ id: number }[]>>();

/**
 * The insert of a job with these columns (a singleton's does nothing when its key is taken): prepared
 * once per set of columns, as operations enqueue on every call (a member's message, a delivery).
 */
const insertJob = (keys: readonly string[]) => {
  const shape = keys.join(',');
  let insert = jobInserts.get(shape);
  if (!insert) {
    const singleton = keys.includes('singletonKey');
    const encode = encoderOf(jobs, keys);
    const statement = prepared(`jobs_insert_${keys.join('_')}`, (d) => {
      const values = d.insert(jobs).values(placeholdersOf(keys) as unknown as typeof jobs.$inferInsert);
      return (singleton ? values.onConflictDoNothing({ target: jobs.singletonKey }) : values).returning({
        id: jobs.id,
      });
    });
    insert = async (db, row) => (await statement(db, encode(row))) as { id: number }[];
    jobInserts.set(shape, insert);
  }
  return insert;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The wait before the next attempt after n failed ones: 2^n seconds, at most an hour. */
export const backoffMs = (attempts: number): number => Math.min(2 ** attempts * 1000, HOUR_MS);

/** Kept this long after they finished, for whoever looks into what ran. */
export const DONE_JOBS_KEPT_MS = 7 * DAY_MS;
/** docs/operations.md "Exactly once": an idempotency key answers for 24 hours. */
export const IDEMPOTENCY_KEYS_KEPT_MS = DAY_MS;

/** The built-in housekeeping job; failed jobs stay, for someone to look at. */
export const cleanup: JobHandler = async (_payload, { db, now }) => {
  const doneJobs = await db
    .delete(jobs)
    .where(and(eq(jobs.state, 'done'), lt(jobs.finishTime, new Date(now.getTime() - DONE_JOBS_KEPT_MS))))
    .returning({ id: jobs.id });
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createTime, new Date(now.getTime() - IDEMPOTENCY_KEYS_KEPT_MS)))
    .returning({ key: idempotencyKeys.key });
  // sign-in challenges are of no use once expired; kept a day for whoever looks into a sign-in
  const challenges = await db
    .delete(twoFactorChallenges)
    .where(lt(twoFactorChallenges.expiresAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: twoFactorChallenges.id });
  // a poster sign-up's code is dead once expired; kept a day like the challenges
  const codes = await db
    .delete(joinCodes)
    .where(lt(joinCodes.expiresAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: joinCodes.id });
  return {
    doneJobs: doneJobs.length,
    idempotencyKeys: keys.length,
    twoFactorChallenges: challenges.length,
    joinCodes: codes.length,
  };
};

export const CLEANUP_JOB: PeriodicJob = { name: 'cleanup', everyMs: HOUR_MS };

/** The message of an error, short and without credentials in URLs; never its stack. */
/** An error as a job's log keeps it: a catalogue error with its code and name (a partner's family), and its first detail. */
const described = (err: unknown): string => {
  if (err instanceof AppError) {
    const first = Array.isArray(err.data)
      ? (err.data[0] as { message?: unknown } | undefined)?.message
      : undefined;
    return `${err.code} ${err.errorName}: ${typeof first === 'string' ? first : err.message}`;
  }
  return err instanceof Error ? err.message : String(err);
};

export const errorText = (err: unknown): string =>
  scrub(described(err))
    .replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, '//***@')
    .slice(0, 1000);

export interface JobRunnerOptions {
  db: Db;
  log: JobLog;
  handlers: Record<string, JobHandler>;
  periodic?: PeriodicJob[];
  pollMs?: number;
  /** how long a claim holds a job; after it another instance may run the job again */
  leaseMs?: number;
  /** jobs running at once: a poll claims as many as there are free slots (runDue claims this many) */
  concurrency?: number;
  /** names this instance in `jobs.locked_by` */
  instanceId?: string;
}

export interface JobRunner {
  start(): void;
  /** stops polling and waits for every running job */
  stop(): Promise<void>;
  /** one poll: enqueues the periodic slots, runs up to `concurrency` due jobs to their end, answers how many */
  runDue(now?: Date): Promise<number>;
}

type JobRow = typeof jobs.$inferSelect;

/**
 * Keeps up to `concurrency` tasks running. `claim(free)` answers at most `free` new tasks; after a
 * full answer it is called again as soon as a task ends (more are probably due), after a short one
 * or an error when `pollMs` have passed. A slow task holds only its own slot.
 */
const slotLoop = ({
  concurrency,
  pollMs,
  claim,
  onError,
}: {
  concurrency: number;
  pollMs: number;
  claim: (free: number) => Promise<(() => Promise<void>)[]>;
  onError: (err: unknown) => void;
}) => {
  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  const running = new Set<Promise<void>>();
  /** ends the loop's current wait early: a freed slot (when waiting for one), stop() */
  let wake: (() => void) | undefined;
  let waitingForSlot = false;

  const wait = (ms?: number) =>
    new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      if (ms !== undefined) timer = setTimeout(done, ms);
      waitingForSlot = ms === undefined;
      wake = done;
    });

  const launch = (task: () => Promise<void>) => {
    const done: Promise<void> = task()
      .catch(onError)
      .finally(() => {
        running.delete(done);
        if (waitingForSlot) wake?.();
      });
    running.add(done);
  };

  const poll = async () => {
    while (!stopped) {
      const free = concurrency - running.size;
      if (free <= 0) {
        await wait();
        continue;
      }
      let full = false;
      try {
        const tasks = await claim(free);
        for (const task of tasks) launch(task);
        full = tasks.length === free;
      } catch (err) {
        onError(err);
      }
      if (!stopped && !full) await wait(pollMs);
    }
  };

  return {
    /** answers false when it was running already */
    start(): boolean {
      if (!stopped) return false;
      stopped = false;
      loop = poll();
      return true;
    },
    /** stops claiming and waits for every running task */
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await loop;
      await Promise.all(running);
    },
  };
};

export const createJobRunner = ({
  db,
  log,
  handlers: ownHandlers,
  periodic: ownPeriodic = [],
  pollMs = 1000,
  leaseMs = 60_000,
  concurrency = 10,
  instanceId = `${hostname()}:${process.pid}`,
}: JobRunnerOptions): JobRunner => {
  const handlers: Record<string, JobHandler> = { cleanup, ...ownHandlers };
  const periodic = ownPeriodic.some((p) => p.name === CLEANUP_JOB.name)
    ? ownPeriodic
    : [...ownPeriodic, CLEANUP_JOB];
  // the slot each periodic job was last enqueued for: one insert per slot, not one per poll
  const enqueuedSlot = new Map<string, number>();

  const enqueuePeriodic = async (now: Date) => {
    for (const p of periodic) {
      const slot = Math.floor(now.getTime() / p.everyMs);
      if (enqueuedSlot.get(p.name) === slot) continue;
      await enqueue(db, p.name, p.payload ?? {}, {
        singletonKey: `${p.name}:${slot}`,
        runAt: new Date(slot * p.everyMs),
      });
      enqueuedSlot.set(p.name, slot);
    }
  };

  const claim = (now: Date, limit: number): Promise<JobRow[]> => {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'queued'),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        lockedUntil: new Date(now.getTime() + leaseMs),
        lockedBy: instanceId,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  };

  /** Records an outcome, unless the lease ran out and another instance claimed the job since. */
  const finish = async (job: JobRow, set: Partial<JobRow>): Promise<boolean> => {
    const ours = and(eq(jobs.id, job.id), eq(jobs.lockedBy, instanceId), eq(jobs.attempts, job.attempts));
    const rows = await db.update(jobs).set(set).where(ours).returning({ id: jobs.id });
    if (rows.length > 0) return true;
    log.warn({ jobId: job.id, name: job.name }, 'job lease lost; outcome not recorded');
    return false;
  };

  const run = async (job: JobRow, now: Date, explicitNow: boolean) => {
    const at = () => (explicitNow ? now : new Date());
    const fields = { jobId: job.id, name: job.name, attempt: job.attempts };
    try {
      const handler = handlers[job.name];
      if (!handler) throw new Error('no handler');
      const answer = await handler(job.payload as JobPayload, {
        db,
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        log,
        now,
      });
      // through JSON now, so an answer that cannot be stored fails the attempt like any error
      const result: unknown = JSON.parse(JSON.stringify(answer ?? null));
      const recorded = await finish(job, {
        state: 'done',
        finishTime: at(),
        result,
        lockedUntil: null,
        lastError: null,
      });
      if (recorded) log.info(fields, 'job done');
    } catch (err) {
      const lastError = errorText(err);
      try {
        if (job.attempts < job.maxAttempts) {
          const runAt = new Date(at().getTime() + backoffMs(job.attempts));
          if (await finish(job, { runAt, lockedUntil: null, lastError }))
            log.warn({ ...fields, error: lastError, runAt }, 'job failed; will retry');
        } else {
          if (await finish(job, { state: 'failed', finishTime: at(), lockedUntil: null, lastError }))
            log.error({ ...fields, error: lastError }, 'job failed for good');
        }
      } catch (recordErr) {
        // the lease brings the job back
        log.error({ ...fields, error: errorText(recordErr) }, 'job outcome not recorded');
      }
    }
  };

  const runDue = async (given?: Date): Promise<number> => {
    const now = given ?? new Date();
    await enqueuePeriodic(now);
    const claimed = await claim(now, concurrency);
    // all at once: each job runs well within the lease that started at the claim
    await Promise.all(claimed.map((job) => run(job, now, given !== undefined)));
    return claimed.length;
  };

  const loop = slotLoop({
    concurrency,
    pollMs,
    claim: async (free) => {
      const now = new Date();
      await enqueuePeriodic(now);
      const claimed = await claim(now, free);
      return claimed.map((job) => () => run(job, now, false));
    },
    onError: (err) => log.error({ error: errorText(err) }, 'job poll failed'),
  });

  return {
    start() {
      if (loop.start()) log.info({ instanceId, pollMs, concurrency }, 'job runner started');
    },
    stop: () => loop.stop(),
    runDue,
  };
};
