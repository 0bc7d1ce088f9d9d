// What the MSW mocks of the operations share (mocks/vouchers.ts, mocks/stamping.ts): the rows of a
// declared resource, the store an operation happens at, the checks of a body as the server's schemas
// make them, and the handler of one operation POST: the caller, access (role and permission rule),
// the Idempotency-Key (the same key from the same caller replays the first successful answer and
// changes nothing; another body under it is code 2; a failure stores nothing), then the work.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import { canAccess, type Permission } from '../contract/access';
import { type Role, roleOf } from '../contract/claims';
import type { ErrorName } from '../contract/errors';
import { store } from '../resources';
import type { ResourceDeclaration } from '../resources/types';
import type { MockDb, MockRow, MockUser } from './data';
import { type Body, fail, guard, invalid, readBody, success } from './respond';

export interface OperationMockContext {
  db: MockDb;
  /** the handlers' origin ('*' matches any) */
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
  fullPermissions: (user: MockUser) => Permission[] | null;
}

export type Params = Record<string, string | readonly string[] | undefined>;

export const DAY_MS = 24 * 60 * 60 * 1000;
export const E164 = /^\+[1-9]\d{6,14}$/;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The longest reason a void takes. */
export const REASON_MAX = 500;
const BOTH: readonly Role[] = ['operator', 'merchant'];

// ---- rows ---------------------------------------------------------------------------------------

/** The mock db's rows of `decl` (the very rows the generic list and show mocks serve). */
export const rowsOf = (db: MockDb, decl: ResourceDeclaration): MockRow[] => {
  db.resourceRows[decl.name] ??= [];
  return db.resourceRows[decl.name] as MockRow[];
};

export const isoOf = (ms: number): string => new Date(ms).toISOString();
/** The UTC day of `ms`, as the `date` columns hold it. */
export const mockDayOf = (ms: number): string => isoOf(ms).slice(0, 10);

/** An error envelope naming one field. */
export const refuse = (name: ErrorName, field: string, message: string): never =>
  fail(name, [{ field, message }]);

/** Who runs an operation, as far as the store goes: a colleague may be limited to one store. */
export interface MockCaller {
  storeId: number | null;
}

/**
 * 6701 unless `storeId` is an ACTIVE store of `brandId` (and the caller's own when limited to one);
 * `whose` names the brand in the message ("voucher's", "programme's").
 */
export const assertBrandStore = (
  db: MockDb,
  storeId: number,
  brandId: unknown,
  whose: string,
  caller?: MockCaller,
): void => {
  const where = rowsOf(db, store).find((s) => s.id === storeId);
  const callersStore = !caller || caller.storeId === null || caller.storeId === storeId;
  if (!where || where.brandId !== brandId || where.state !== 'ACTIVE' || !callersStore)
    refuse('STORE_NOT_FOUND_FOR_TXN', 'storeId', `is not an active store of the ${whose} brand`);
};

// ---- a body's fields, checked as the server's schemas check them ----------------------------------

/** The body's own fields only (additionalProperties: false). */
export const onlyFields = (body: Body, allowed: readonly string[]): void => {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) invalid(key, 'is not allowed');
};

export const idIn = (body: Body, field: string): number => {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    return invalid(field, 'must be an id');
  return value;
};

/** An optional integer from `min` to `max`. */
export const integerIn = (body: Body, field: string, min: number, max: number): number | undefined => {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return invalid(field, `must be an integer from ${min} to ${max}`);
  return value;
};

/** An optional text matching `pattern`, else `problem`. */
export const textIn = (body: Body, field: string, pattern: RegExp, problem: string): string | undefined => {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !pattern.test(value)) return invalid(field, problem);
  return value;
};

export const mobileIn = (body: Body, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string' || !E164.test(value)) return invalid(field, 'must be an E.164 mobile number');
  return value;
};

/** A void's `reason`: not blank, at most REASON_MAX characters. */
export const reasonIn = (body: Body): string => {
  const reason = body.reason;
  if (typeof reason !== 'string' || reason.trim() === '') return invalid('reason', 'must not be blank');
  if (reason.length > REASON_MAX) return invalid('reason', `must be at most ${REASON_MAX} characters`);
  return reason;
};

// ---- handlers ----------------------------------------------------------------------------------------

export interface OperationAccess {
  decl: ResourceDeclaration;
  /** the permission rule's action on the declaration's permission (UPDATE unless said) */
  action?: 'ADD' | 'UPDATE';
  /** the roles that run it at all (operators and merchants unless said) */
  roles?: readonly Role[];
}

export type OperationRun = (args: { user: MockUser; params: Params; body: Body }) => unknown;

/** The handler makers of one family of operations; each family keeps its own Idempotency-Key answers. */
export const createOperationMocks = ({ db, origin, authenticate, fullPermissions }: OperationMockContext) => {
  const main = `${origin}${BASE_PATHS.main}`;
  // (caller id, key) → the first successful answer and what it answered (path and body)
  const answers = new Map<string, { request: string; data: unknown }>();

  const subjectOf = (user: MockUser) => {
    const permissions = fullPermissions(user);
    return permissions === null ? { type: user.type } : { type: user.type, permissions };
  };

  /**
   * 26237 unless the caller's role is among `roles` and the permission rule allows `action` on the
   * declaration's permission; as for every other write of theirs, a merchant waiting for approval
   * changes nothing (26204).
   */
  const allow = (
    user: MockUser,
    decl: ResourceDeclaration,
    action: 'VIEW' | 'ADD' | 'UPDATE',
    roles: readonly Role[],
  ): void => {
    if (
      !roles.includes(roleOf(user.type)) ||
      !canAccess(subjectOf(user), { action, resource: decl.permission })
    )
      fail('ACCESS_DENIED');
    if (action !== 'VIEW' && user.type === 'MERCHANT' && user.signupState !== 'APPROVAL')
      fail('MERCHANT_NOT_APPROVED');
  };

  /** Operators see every row; anyone else their company's. */
  const visible = (user: MockUser) => (row: MockRow) =>
    user.type === 'OPERATOR' || (user.companyId !== null && row.companyId === user.companyId);

  /**
   * The row of `decl` whose id is the path's, as the caller sees it (a deleted one reads as missing),
   * else `missing()` (5 unless said).
   */
  const find = (
    decl: ResourceDeclaration,
    user: MockUser,
    params: Params,
    missing: () => never = () => fail('NOT_FOUND'),
  ): MockRow => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return invalid('id', 'must be a positive integer');
    const row = rowsOf(db, decl).find((r) => r.id === id && r.state !== 'DELETE');
    if (!row || !visible(user)(row)) return missing();
    return row;
  };

  /** GET `path` for those who may VIEW `decl`: `run`'s answer. */
  const read = (
    path: string,
    decl: ResourceDeclaration,
    run: (args: { user: MockUser; params: Params }) => unknown,
  ) =>
    http.get(
      `${main}${path}`,
      guard(async ({ request, params }) => {
        const { user } = authenticate(request);
        allow(user, decl, 'VIEW', decl.access.VIEW);
        return success(run({ user, params }));
      }),
    );

  /**
   * POST `path` as an operation: the caller, access, the Idempotency-Key, the body, then `run`, whose
   * answer is stored under the key (when sent) only once it succeeded, as a copy of the wire form
   * (made by `replayAs`: what a replay may show again).
   */
  const operation = (
    path: string,
    access: OperationAccess,
    run: OperationRun,
    replayAs: (data: unknown) => unknown = (data) => data,
  ) =>
    http.post(
      `${main}${path}`,
      guard(async ({ request, params }) => {
        const { user } = authenticate(request);
        allow(user, access.decl, access.action ?? 'UPDATE', access.roles ?? BOTH);
        const key = request.headers.get('Idempotency-Key');
        if (key !== null && !KEY_PATTERN.test(key))
          return invalid('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
        const body = await readBody(request);
        const fingerprint = `${new URL(request.url).pathname} ${JSON.stringify(body)}`;
        const slot = key === null ? null : `${user.id}:${key}`;
        const stored = slot === null ? undefined : answers.get(slot);
        if (stored) {
          if (stored.request !== fingerprint)
            return invalid('Idempotency-Key', 'was already used for another request');
          return success(stored.data);
        }
        const data: unknown = JSON.parse(JSON.stringify(await run({ user, params, body })));
        if (slot !== null) answers.set(slot, { request: fingerprint, data: replayAs(data) });
        return success(data);
      }),
    );

  return { allow, visible, find, read, operation };
};
