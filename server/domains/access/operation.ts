// The loyalty operations' one way in (docs/operations.md): an operation is a service function with its own
// route and TypeBox schema, run as ONE transaction for a caller the declaration's roles and
// contract/access canAccess allow, honouring the `Idempotency-Key` header. The service writes its
// audit rows inside the same transaction; this module only frames it.
//
// Idempotency: the first successful answer of a (caller, key) is stored in `idempotency_keys` in the
// operation's own transaction, so it exists exactly when the change committed. A repeat changes
// nothing and answers the stored answer. The key is not looked up before the operation (a round trip
// on every call, for the rare repeat): the repeat runs, and either its insert of the same key fails
// on the answer of the first call (23505), or the operation refuses (the receipt is used, the voucher
// is REDEEMED) and the key's stored answer is read then; either way its transaction rolls back and it
// answers the stored answer. Two identical calls racing end the same way: the second's insert waits
// for the first's commit. The insert is sent with the COMMIT, without waiting for its answer: a failed
// insert aborts the transaction, and its COMMIT then rolls back. An answer older than 24 hours that
// the hourly cleanup has not removed yet makes way: it is deleted, and the call runs once more.
// A failed call stores nothing (it changed nothing): sending it again runs it again.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';
import type { PermissionResource } from '../../../contract/access';
import type { Role } from '../../../contract/claims';
import { ok } from '../../../contract/envelope';
import type { ResourceDeclaration } from '../../../resources/types';
import type { DbOrTx } from '../../platform/audit';
import { uniqueViolation } from '../../platform/db/errors';
import { prepared, preparedInsert } from '../../platform/db/prepared';
import { idempotencyKeys } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { authorize, type Grant } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { callerOf } from './caller';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a stored answer is replayed (docs/operations.md: 24 hours); the jobs' cleanup removes older. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface OperationContext<P, B, X = undefined> {
  tx: DbOrTx;
  caller: Caller;
  params: P;
  body: B;
  /** the caller's Idempotency-Key, passed on to providers that take one (Stripe) */
  idempotencyKey?: string | undefined;
  /** what `prepare` answered before the transaction opened */
  prepared: X;
}

/** What `prepare` gets: the operation's input and the database, but no transaction. */
export type PrepareContext<P, B> = Omit<OperationContext<P, B>, 'tx' | 'prepared'> & { db: DbOrTx };

export interface OperationSpec<P extends TSchema, B extends TSchema, R, X = undefined> {
  url: string;
  summary: string;
  description?: string;
  /** the declaration whose roles and permission (`permission`, `action`) guard the operation */
  resource: ResourceDeclaration;
  action: 'ADD' | 'UPDATE';
  /**
   * The permission whose `action` runs it, when not the declaration's: the counter's operations name
   * `counter` (issue 40 item 1); a list lets any one of them run it.
   */
  permission?: PermissionResource | readonly PermissionResource[];
  /**
   * Who may run it, instead of the declaration's roles for `action` (which guard the generic routes:
   * vouchers have no generic create, yet operators and merchants issue them); canAccess still decides.
   */
  roles?: readonly Role[];
  params: P;
  body: B;
  /** What it answers in the envelope's data (documented in /docs; the answer is sent as stored) */
  answer: TSchema;
  /**
   * In-store devices may call it (issuing cards, stamping, redeeming): the service then checks the
   * device's store and lifecycle with `assertActsForStore`. Every other route refuses a device.
   */
  devices?: boolean;
  /**
   * A network call the operation depends on (Stripe's PaymentIntent), made BEFORE the transaction
   * opens, so no row lock and no pooled connection (the embedded database's only one) waits on another
   * service (issue 24). Its answer reaches `run` as `prepared`, which records it; it must be
   * idempotent itself (a provider's idempotency key), as a rolled-back `run` may leave it done.
   */
  prepare?: (ctx: PrepareContext<Static<P>, Static<B>>) => Promise<X>;
  run: (ctx: OperationContext<Static<P>, Static<B>, X>) => Promise<R>;
  /**
   * Runs after a refusal (an AppError), outside the rolled-back transaction: what must be recorded
   * although the operation changed nothing (a FAILED stamping, a wrong PIN). Its own errors are
   * logged and never replace the refusal.
   */
  /**
   * The answer kept for replays of the same Idempotency-Key, when it must differ from the first (a
   * secret shown once is never stored in plain text): the replay answers this form instead.
   */
  replayAs?: (data: R) => unknown;
  onRefused?: (
    ctx: Omit<OperationContext<Static<P>, Static<B>>, 'prepared'> & { error: AppError },
  ) => Promise<void>;
}

/**
 * For a device caller: 6603 unless the device is ACTIVE, 6604 unless `storeId` is its store. Users
 * pass (their store limit is checked by the services with the store itself).
 */
export const assertActsForStore = (caller: Caller, storeId: number): void => {
  if (!caller.device) return;
  if (caller.device.lifecycle !== 'ACTIVE')
    throw new AppError('EQUIPMENT_NOT_ACTIVE', [
      { field: 'device', message: `the device is ${caller.device.lifecycle}` },
    ]);
  if (caller.device.storeId !== storeId)
    throw new AppError('EQUIPMENT_STORE_MISMATCH', [
      { field: 'storeId', message: "is not the device's store" },
    ]);
};

/** Who may run the operation: its roles (default: the declaration's), devices when it takes them, API keys. */
const operationGrant = ({
  resource,
  action,
  permission,
  roles,
  devices,
}: Pick<
  OperationSpec<TSchema, TSchema, unknown>,
  'resource' | 'action' | 'permission' | 'roles' | 'devices'
>): Grant => ({
  resource: permission ?? resource.permission,
  action,
  roles: roles ?? resource.access[action],
  // API keys run every operation their permissions and roles allow (issue 27)
  kinds: devices === true ? ['user', 'device', 'apiKey'] : ['user', 'apiKey'],
});

const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' },
    ]);
  }
  return key;
};

/** What a key was first used for: the method, the path and the body, hashed. */
const fingerprintOf = (request: FastifyRequest): string =>
  `${request.method} ${request.url.split('?')[0]} ${createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')}`;

interface Stored {
  request: string;
  body: string;
}

const storedAnswer = async (db: DbOrTx, userId: number, key: string): Promise<Stored | undefined> => {
  const [row] = await db
    .select({
      request: idempotencyKeys.request,
      body: idempotencyKeys.body,
      time: idempotencyKeys.createTime,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row || Date.now() - row.time.getTime() > IDEMPOTENCY_TTL_MS) return undefined;
  return row;
};

const replay = (stored: Stored, fingerprint: string): string => {
  if (stored.request !== fingerprint) {
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'Idempotency-Key', message: 'was already used for another request' },
    ]);
  }
  return stored.body;
};

/**
 * Keeps the answer of (userId, key). A live answer of the same key (a racing call committed first)
 * fails it, as an expired one does (`dropExpiredAnswer` then makes way for a second run).
 */
const insertAnswer = preparedInsert('operation_insert_answer', idempotencyKeys, [
  'userId',
  'key',
  'request',
  'status',
  'body',
]);

/** Deletes the answer of (userId, key) if it is older than `expired`. */
const dropExpiredAnswer = prepared('operation_drop_expired_answer', (db) =>
  db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, sql.placeholder('userId')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
        lt(idempotencyKeys.createTime, sql.placeholder('expired')),
      ),
    ),
);

/** The oldest stored answer still replayed: older ones make way for a new answer of their key. */
const expiredBefore = (): string => new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString();

/** The key's primary key (the schema's name for it), which a stored answer of the same key violates. */
const KEY_CONSTRAINT = getTableConfig(idempotencyKeys).primaryKeys[0]?.getName();

/** True when `err` is the answer's insert running into a stored answer of the same key. */
const keyTaken = (err: unknown): boolean =>
  KEY_CONSTRAINT !== undefined && uniqueViolation(err) === KEY_CONSTRAINT;

/** Every operation's route pattern, e.g. `/portal-main-service/api/v1/vouchers/:id/redeem` (tests walk it). */
export const OPERATION_URLS = new Set<string>();

/** Registers `POST url` as an operation. */
export const operation = <P extends TSchema, B extends TSchema, R, X = undefined>(
  app: App,
  spec: OperationSpec<P, B, R, X>,
): void => {
  const { db } = app;
  OPERATION_URLS.add(spec.url);
  app.post(
    spec.url,
    {
      config: { forDevices: spec.devices === true, forApiKeys: true },
      // access before the body: a refused caller learns nothing about the body's rules
      preValidation: async (request) => {
        authorize(await callerOf(db, request), operationGrant(spec));
      },
      schema: {
        tags: [spec.resource.name, 'operations'],
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        params: spec.params,
        body: spec.body,
        response: answers(spec.answer),
        headers: Type.Object({
          [IDEMPOTENCY_HEADER]: Type.Optional(
            Type.String({ description: 'Same key, same caller, within 24 h: the first answer again' }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(db, request);
      const key = idempotencyKeyOf(request);
      const fingerprint = key ? fingerprintOf(request) : '';
      const input = {
        caller,
        params: request.params as Static<P>,
        body: request.body as Static<B>,
        idempotencyKey: key,
      };
      /** The operation in its transaction, answering the envelope as sent (and kept under the key). */
      const attempt = async (prepared: X): Promise<string> => {
        let storing: Promise<void> | undefined;
        try {
          const answer = await db.transaction(async (tx) => {
            const data = await spec.run({ ...input, tx, prepared });
            // the wire form, so the first answer and every replay are byte for byte the same
            const body = JSON.stringify(ok(data));
            if (key) {
              const kept = spec.replayAs ? JSON.stringify(ok(spec.replayAs(data))) : body;
              // sent with the COMMIT, not awaited: if it fails, the transaction is aborted and the
              // COMMIT rolls it back (on the embedded database the COMMIT then throws as well)
              storing = insertAnswer(tx, {
                userId: caller.id,
                key,
                request: fingerprint,
                status: 200,
                body: kept,
              });
              storing.catch(() => undefined);
            }
            return body;
          });
          await storing;
          return answer;
        } catch (thrown) {
          // the stored answer's failure is the call's, whatever the COMMIT said after it
          throw storing
            ? await storing.then(
                () => thrown,
                (failed: unknown) => failed,
              )
            : thrown;
        }
      };
      try {
        // no `prepare`: `prepared` is undefined, which is what X defaults to
        const prepared = (spec.prepare ? await spec.prepare({ ...input, db }) : undefined) as X;
        let answer: string;
        try {
          answer = await attempt(prepared);
        } catch (err) {
          if (!key || !keyTaken(err)) throw err;
          // a repeat of a committed call: its answer
          const stored = await storedAnswer(db, caller.id, key);
          if (stored) return reply.type('application/json; charset=utf-8').send(replay(stored, fingerprint));
          // the key's answer is older than 24 hours: it makes way, and the call runs again
          await dropExpiredAnswer(db, { userId: caller.id, key, expired: expiredBefore() });
          answer = await attempt(prepared);
        }
        return reply.type('application/json; charset=utf-8').send(answer);
      } catch (err) {
        // a repeat of a committed call: its answer, whatever this run ran into
        if (key && (err instanceof AppError || uniqueViolation(err) !== undefined)) {
          const stored = await storedAnswer(db, caller.id, key);
          if (stored) return reply.type('application/json; charset=utf-8').send(replay(stored, fingerprint));
        }
        if (err instanceof AppError && spec.onRefused) {
          try {
            await spec.onRefused({
              tx: db,
              caller,
              params: request.params as Static<P>,
              body: request.body as Static<B>,
              error: err,
            });
          } catch (recordErr) {
            request.log.error({ err: recordErr }, 'recording a refused operation failed');
          }
        }
        throw err;
      }
    },
  );
};
