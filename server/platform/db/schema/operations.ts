import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTimeColumn, timestampTz } from './columns';

/**
 * The first answer of every operation called with an `Idempotency-Key` header, per caller and key,
 * kept 24 hours (docs/operations.md "Exactly once"). The row is written in the operation's own
 * transaction, so an answer is stored exactly when its change committed; a second call with the same
 * key reads it back instead of running again. `request` (method and path) catches a key reused for
 * another call.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** the caller: a user's id, or minus a device's id for an in-store device (no foreign key) */
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    request: text('request').notNull(),
    status: smallint('status').notNull(),
    /** the envelope as sent, byte for byte (jsonb would reorder its keys) */
    body: text('body').notNull(),
    createTime: createTimeColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_time_idx').on(t.createTime)],
);

export const JOB_STATES = ['queued', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The job queue (docs/operations.md "Jobs"), shared by every server instance on one database: a worker
 * claims due rows with `FOR UPDATE SKIP LOCKED`, so each job runs once; a claim holds the row for a
 * lease (`lockedUntil`), so a job whose instance died is picked up again after it; failures come
 * back after an exponential backoff until `maxAttempts`. `singletonKey` makes enqueuing idempotent
 * (a periodic job's slot is enqueued by every instance and exists once).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    singletonKey: text('singleton_key').unique('jobs_singleton_key_unique'),
    runAt: timestampTz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestampTz('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    result: jsonb('result'),
    createTime: createTimeColumn(),
    finishTime: timestampTz('finish_time'),
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt)],
);

/**
 * The login and mail throttles' counters on PostgreSQL (rate-limiter-flexible's table layout), shared
 * by every instance on the database (server/platform/rate-limit.ts). Not used on the embedded
 * database (one process: memory) nor with REDIS_URL.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
