// The one access gate of the server: every route and service asks `authorize` whether the caller may
// do an action on a resource, and it answers 26237 ACCESS_DENIED or nothing. What it checks, in order:
// the kind of principal (users unless the route takes devices), what the product variant hides, the
// roles the route or declaration names, and contract/access canAccess (the portal hides by the same
// rule). Which rows (a merchant's own company's) is the services' job: scope.ts, callerScopeOf.
import { canAccess, hiddenInBrand, type PermissionResource } from '../../contract/access';
import type { Role } from '../../contract/claims';
import type { PermissionAction } from '../../contract/enums';
import type { ResourceDeclaration } from '../../resources/types';
import { AppError } from '../platform/errors';
import type { Caller, CallerKind } from './principal';

export interface Grant {
  /**
   * the permission resource (a declaration's `permission`, or one of the product's other entities);
   * a list: any one of them (voiding a stamping: `stampsTransaction`, or the counter's right)
   */
  resource: PermissionResource | readonly PermissionResource[];
  action: PermissionAction;
  /** the roles that may; absent: every role, canAccess alone decides */
  roles?: readonly Role[];
  /** the kinds of principal that may; absent: users only (devices run only the operations that take them) */
  kinds?: readonly CallerKind[];
}

const USERS: readonly CallerKind[] = ['user'];
/** Who reads: users, and API keys through the routes that take them (`config.forApiKeys`). */
const READERS: readonly CallerKind[] = ['user', 'apiKey'];

/** The caller's kind (a caller built without one, as the demo seed does, is a user). */
export const kindOf = (caller: Caller): CallerKind => caller.kind ?? 'user';

/** Throws 26237 unless the caller may do `grant.action` on `grant.resource`. */
export const authorize = (caller: Caller, grant: Grant): void => {
  const { resource, action, roles, kinds = USERS } = grant;
  if (!kinds.includes(kindOf(caller))) throw new AppError('ACCESS_DENIED');
  if (roles && !roles.includes(caller.role)) throw new AppError('ACCESS_DENIED');
  const resources: readonly PermissionResource[] = typeof resource === 'string' ? [resource] : resource;
  const open = (one: PermissionResource) =>
    !(caller.brand && hiddenInBrand(caller.brand, caller.type, one)) &&
    canAccess(caller.subject, { action, resource: one });
  if (!resources.some(open)) throw new AppError('ACCESS_DENIED');
};

/** Whether `authorize` would let the caller through (for a route that reads what it may and skips the rest). */
export const allows = (caller: Caller, grant: Grant): boolean => {
  try {
    authorize(caller, grant);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
};

/** What the generic routes of a declared table do, and the permission action each needs. */
export type Operation = 'list' | 'get' | 'export' | 'create' | 'update' | 'delete' | 'action';

const PERMISSION_OF: Record<Operation, PermissionAction> = {
  list: 'VIEW',
  get: 'VIEW',
  export: 'VIEW',
  create: 'ADD',
  update: 'UPDATE',
  delete: 'UPDATE',
  action: 'UPDATE',
};

/**
 * The grant a generic operation on `decl` needs: its permission, the roles the declaration gives the
 * action (DELETE's own when declared). A ledger is append-only for everybody: its rows are written by
 * the operations alone, so a generic write to one is granted to no role.
 */
export const declaredGrant = (decl: ResourceDeclaration, op: Operation): Grant => {
  const action = PERMISSION_OF[op];
  const roles = op === 'delete' && decl.access.DELETE ? decl.access.DELETE : decl.access[action];
  return {
    resource: decl.permission,
    action,
    roles: decl.ledger && action !== 'VIEW' ? [] : roles,
    // generic writes are the portal's: a key changes rows only through the operations
    kinds: action === 'VIEW' ? READERS : USERS,
  };
};
