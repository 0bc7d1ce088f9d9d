// The signed-in caller as services need them (row, role, organisation and effective permissions),
// loaded fresh from the database once per request and shared by the request's hooks and handler.
import type { FastifyRequest } from 'fastify';
import { roleOf } from '../../contract/claims';
import type { Db } from '../db/client';
import { requireUser } from '../plugins/auth';
import { actorOf } from '../services/users';
import type { Caller } from './service';

const loadCaller = async (db: Db, request: FastifyRequest): Promise<Caller> => {
  const { row, subject } = await actorOf(db, requireUser(request).id);
  return {
    id: row.id,
    email: row.email,
    type: row.type,
    role: roleOf(row.type),
    companyId: row.companyId,
    brandId: row.brandId,
    storeId: row.storeId,
    subject,
  };
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
