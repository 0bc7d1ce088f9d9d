// The signed-in caller as services need them (row, role, organisation and effective permissions),
// loaded fresh from the database once per request and shared by the request's hooks and handler.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AccessSubject, COUNTER, type Permission } from '../../../contract/access';
import { roleOf } from '../../../contract/claims';
import type { Brand } from '../../../contract/enums';
import type { Db } from '../../platform/db/client';
import { type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller, SignedInUser, UserCaller } from '../../resources/principal';
import { requireUser } from './guard';
import { accessSubjectFor } from './rbac';

/**
 * What an in-store device may do (contract/access canAccess): issue member cards and stamp
 * (`stampCard`: memberCards share its permission) and redeem vouchers, and see what it acts on.
 * Its store and lifecycle are checked by the operations (`assertActsForStore`).
 */
export const DEVICE_SUBJECT: AccessSubject = {
  type: 'MERCHANT',
  // a device is a counter (issue 40 item 1): it looks up, issues cards, stamps and redeems, and reads
  // the cards and vouchers it works on; it never changes a programme or a voucher
  permissions: [
    { resource: COUNTER, action: 'VIEW' },
    { resource: COUNTER, action: 'UPDATE' },
    { resource: COUNTER, action: 'ADD' },
    { resource: 'stampCard', action: 'VIEW' },
    { resource: 'vouchers', action: 'VIEW' },
  ],
};

/** A portal user's row by id (deleted ones too), or undefined. */
export const findUser = async (db: Db, id: number): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
};

/** The caller's own row (the auth gate has already checked that it exists and may sign in). */
const callerRow = async (db: Db, id: number): Promise<UserRow> => {
  const row = await findUser(db, id);
  if (!row) throw new AppError('TOKEN_ALREADY_LOGGED_OUT');
  return row;
};

const loadCaller = async (db: Db, request: FastifyRequest): Promise<Caller> => {
  const user = requireUser(request);
  const brand = request.server.config.brand;
  // a device or an API key acts as a merchant of its company (and store, or brand)
  const merchant = {
    id: user.id,
    email: user.email,
    type: 'MERCHANT',
    role: 'merchant',
    companyId: user.companyId,
    brandId: user.brandId,
    storeId: user.storeId,
  } as const;
  // a device: the auth gate loaded it fresh for this request (server/domains/access/guard.ts)
  if (user.device)
    return {
      kind: 'device',
      ...merchant,
      subject: DEVICE_SUBJECT,
      brand,
      device: { ...user.device },
    };
  // an API key: the auth gate checked it for this request; it holds exactly its permissions
  if (user.apiKey)
    return {
      kind: 'apiKey',
      ...merchant,
      subject: { type: 'MERCHANT', permissions: user.apiKey.permissions },
      brand,
      apiKey: { id: user.apiKey.id, prefix: user.apiKey.prefix, name: user.apiKey.name },
    };
  // the row the auth gate loaded (no second lookup); the permissions read once for the request
  return userCaller(
    db,
    user.row ?? (await callerRow(db, user.id)),
    brand,
    user.row ? user.permissions : undefined,
  );
};

/**
 * A portal user's caller from their row as it is now: their role, organisation and permissions read
 * fresh (a request's, or a scheduled export's creator when it runs). `permissions`: theirs as read
 * with the row in the same statement (the auth gate's login lookup); else they are read here.
 */
export const userCaller = async (
  db: Db,
  row: UserRow,
  brand: Brand | undefined,
  permissions?: readonly Permission[],
): Promise<UserCaller> => ({
  kind: 'user',
  id: row.id,
  email: row.email,
  type: row.type,
  role: roleOf(row.type),
  companyId: row.companyId,
  brandId: row.brandId,
  storeId: row.storeId,
  subject: await accessSubjectFor(db, row, permissions),
  ...(brand ? { brand } : {}),
  row,
});

const callers = new WeakMap<FastifyRequest, Promise<Caller>>();

/** The request's caller, loaded on first use and remembered for the rest of the request. */
export const callerOf = (db: Db, request: FastifyRequest): Promise<Caller> => {
  let caller = callers.get(request);
  if (!caller) {
    caller = loadCaller(db, request);
    callers.set(request, caller);
  }
  return caller;
};

/**
 * The request's caller when a portal user signed in (the routes about users and organisations read
 * their row). A device never gets here (the auth gate refuses it outside its operations): 26237.
 */
export const signedInUserOf = async (db: Db, request: FastifyRequest): Promise<SignedInUser> => {
  const caller = await callerOf(db, request);
  if (caller.kind !== 'user' || !caller.row) throw new AppError('ACCESS_DENIED');
  return { ...caller, kind: 'user', row: caller.row };
};
