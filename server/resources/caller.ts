// The signed-in caller as services need them (row, role, organisation and effective permissions),
// loaded fresh from the database once per request and shared by the request's hooks and handler.
import type { FastifyRequest } from 'fastify';
import type { AccessSubject } from '../../contract/access';
import { roleOf } from '../../contract/claims';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { requireUser } from '../plugins/auth';
import { accessSubjectFor } from '../services/rbac';
import { type Actor, actorOf } from '../services/users';
import type { Caller } from './principal';

/**
 * What an in-store device may do (contract/access canAccess): issue member cards and stamp
 * (`stampCard`: memberCards share its permission) and redeem vouchers, and see what it acts on.
 * Its store and lifecycle are checked by the operations (`assertActsForStore`).
 */
export const DEVICE_SUBJECT: AccessSubject = {
  type: 'MERCHANT',
  permissions: [
    { resource: 'stampCard', action: 'ADD' },
    { resource: 'stampCard', action: 'UPDATE' },
    { resource: 'stampCard', action: 'VIEW' },
    { resource: 'vouchers', action: 'UPDATE' },
    { resource: 'vouchers', action: 'VIEW' },
  ],
};

const loadCaller = async (db: Db, request: FastifyRequest): Promise<Caller> => {
  const user = requireUser(request);
  // a device: the auth gate loaded it fresh for this request (server/plugins/auth.ts)
  if (user.device)
    return {
      id: user.id,
      email: user.email,
      type: 'MERCHANT',
      role: 'merchant',
      companyId: user.companyId,
      brandId: user.brandId,
      storeId: user.storeId,
      subject: DEVICE_SUBJECT,
      brand: request.server.config.brand,
      device: { ...user.device },
    };
  const { row, subject } = await actorFor(db, request);
  return {
    id: row.id,
    email: row.email,
    type: row.type,
    role: roleOf(row.type),
    companyId: row.companyId,
    brandId: row.brandId,
    storeId: row.storeId,
    subject,
    brand: request.server.config.brand,
  };
};

const actors = new WeakMap<FastifyRequest, Promise<Actor>>();

/**
 * The signed-in user's row and permissions for this request: the row the auth gate loaded (no second
 * lookup), the permissions read once and remembered for the rest of the request.
 */
export const actorFor = (db: Db, request: FastifyRequest): Promise<Actor> => {
  let actor = actors.get(request);
  if (!actor) {
    const user = requireUser(request);
    actor = user.row
      ? accessSubjectFor(db, user.row).then((subject) => ({ row: user.row as UserRow, subject }))
      : actorOf(db, user.id);
    actors.set(request, actor);
  }
  return actor;
};

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
