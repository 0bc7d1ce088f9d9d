// Portal users: who may see whom, and a user as the API shows them (registration and invitations are
// user-invitations.ts; profile, password, state and deletion user-changes.ts).
// Visibility: an operator sees everyone; a merchant sees themselves and the users of their own
// company (companyId equal and not null). Anything else answers 26231 USER_NOT_FOUND, exactly as
// an id that does not exist, so other companies' user ids cannot be probed.
import { and, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { PermissionAction } from '../../../contract/enums';
import { ORGANIZATION_LEVELS, USER_STATES, USER_TYPES } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { type UserRow, users, userTwoFactor } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { selectPageOrThrow } from '../../platform/list/query';
import type { ListSpec, ParsedList } from '../../platform/list/types';
import { authorize } from '../../resources/authorize';
import type { SignedInUser } from '../../resources/principal';
import { findUser } from '../access/caller';
import { type GroupSummary, groupsOf, groupsOfUsers, isCompanyOwner } from '../access/rbac';

export const userListSpec: ListSpec = {
  id: { column: users.id, type: 'number', filter: ['eq', 'in', 'gte', 'lte'], sort: true },
  name: { column: users.name, type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  email: { column: users.email, type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  mobile: { column: users.mobile, type: 'text', filter: ['eq', 'in', 'regex'], search: true },
  companyId: { column: users.companyId, type: 'number', filter: ['eq', 'in'] },
  organizationLevel: {
    column: users.organizationLevel,
    type: 'enum',
    values: ORGANIZATION_LEVELS,
    filter: ['eq', 'in'],
    sort: true,
  },
  state: { column: users.state, type: 'enum', values: USER_STATES, filter: ['eq', 'in'], sort: true },
  type: { column: users.type, type: 'enum', values: USER_TYPES, filter: ['eq', 'in'], sort: true },
  createTime: { column: users.createTime, type: 'datetime', filter: ['eq', 'gte', 'lte'], sort: true },
  brandId: { column: users.brandId, type: 'number' },
  storeId: { column: users.storeId, type: 'number' },
  signupState: { column: users.signupState, type: 'enum' },
  country: { column: users.country, type: 'text' },
  invitationType: { column: users.invitationType, type: 'enum' },
  invitedBy: { column: users.invitedBy, type: 'number' },
  mustResetPassword: { column: users.mustResetPassword, type: 'boolean' },
  lockedAt: { column: users.lockedAt, type: 'datetime' },
  updateTime: { column: users.updateTime, type: 'datetime' },
};

/**
 * A user as the API shows it: never the password hash; `groups` are names, as in the logged-in user;
 * `twoFactorEnabled` whether they sign in with a second factor (an administrator may reset a lost one).
 */
export type PublicUser = Omit<UserRow, 'passwordHash'> & {
  groups: string[];
  groupIds: number[];
  twoFactorEnabled: boolean;
};

export const publicUser = (
  row: UserRow,
  groups: readonly GroupSummary[],
  twoFactorEnabled: boolean,
): PublicUser => {
  const { passwordHash: _hidden, ...rest } = row;
  return { ...rest, groups: groups.map((g) => g.name), groupIds: groups.map((g) => g.id), twoFactorEnabled };
};

/** Which of `ids` have a second factor turned on (one query for a page of users). */
const withTwoFactor = async (db: DbOrTx, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, [...ids]), isNotNull(userTwoFactor.enabledAt)));
  return new Set(rows.map((r) => r.userId));
};

/** A user row as the audit log keeps it: never the password hash (audit.ts redacts it again). */
export const userSnapshot = (row: UserRow): Omit<UserRow, 'passwordHash'> => {
  const { passwordHash: _hidden, ...rest } = row;
  return rest;
};

export const withGroups = async (db: DbOrTx, row: UserRow): Promise<PublicUser> =>
  publicUser(row, await groupsOf(db, row.id), (await withTwoFactor(db, [row.id])).has(row.id));

/** Fields `GET /user` adds to its rows (list-query `computed`): as `GET /user/{id}` has them. */
export const USER_LIST_COMPUTED = ['groups', 'groupIds', 'twoFactorEnabled'] as const;

/**
 * Adds the `computed` fields the projection asked for (`groups`, `groupIds`) to a page of user rows,
 * with one query for the whole page.
 */
export const withListGroups = async (
  db: DbOrTx,
  rows: Record<string, unknown>[],
  computed: readonly string[],
): Promise<Record<string, unknown>[]> => {
  if (computed.length === 0 || rows.length === 0) return rows;
  const ids = rows.map((r) => Number(r.id));
  const byUser =
    computed.includes('groups') || computed.includes('groupIds') ? await groupsOfUsers(db, ids) : new Map();
  const secondFactor = computed.includes('twoFactorEnabled') ? await withTwoFactor(db, ids) : new Set();
  return rows.map((row) => {
    const groups: GroupSummary[] = byUser.get(Number(row.id)) ?? [];
    return {
      ...row,
      ...(computed.includes('groups') ? { groups: groups.map((g) => g.name) } : {}),
      ...(computed.includes('groupIds') ? { groupIds: groups.map((g) => g.id) } : {}),
      ...(computed.includes('twoFactorEnabled')
        ? { twoFactorEnabled: secondFactor.has(Number(row.id)) }
        : {}),
    };
  });
};

const sameCompany = (a: UserRow, b: UserRow) => a.companyId !== null && a.companyId === b.companyId;

export const canSee = (caller: UserRow, target: UserRow): boolean =>
  caller.type === 'OPERATOR' ||
  caller.id === target.id ||
  (target.type === 'MERCHANT' && sameCompany(caller, target));

/** SQL limiting a list to the users the caller may see. */
export const visibleScope = (caller: UserRow): SQL | undefined => {
  if (caller.type === 'OPERATOR') return undefined;
  if (caller.companyId === null) return eq(users.id, caller.id);
  return and(eq(users.companyId, caller.companyId), eq(users.type, 'MERCHANT'));
};

/**
 * A page of the users `caller` may see (`GET /user`), with the `computed` fields the list asked for.
 * Soft-deleted users are left out unless `includeDeleted` (the list filters on state itself).
 */
export const visibleUsersPage = async (
  db: Db,
  caller: UserRow,
  list: ParsedList,
  options: { noCount: boolean; includeDeleted: boolean },
) => {
  const scope: (SQL | undefined)[] = [visibleScope(caller)];
  if (!options.includeDeleted) scope.push(ne(users.state, 'DELETE'));
  const { data, page } = await selectPageOrThrow(db, users, list, options.noCount, and(...scope));
  // groups and groupIds as GET /user/{id} has them: one query for the whole page
  return { data: await withListGroups(db, data, list.computed), page };
};

/**
 * The target user if the actor may do `action` on them: 26231 when the actor may not see them,
 * 26237 when they may see them but their permissions on `user` do not allow the action.
 * `selfAllowed`: acting on oneself needs no permission (read and update one's own profile).
 */
export const targetUser = async (
  db: Db,
  actor: SignedInUser,
  id: number,
  action: PermissionAction,
  selfAllowed = false,
): Promise<UserRow> => {
  const target = id === actor.row.id ? actor.row : await findUser(db, id);
  if (!target || !canSee(actor.row, target)) throw new AppError('USER_NOT_FOUND');
  if (!(selfAllowed && target.id === actor.row.id)) authorize(actor, { resource: 'user', action });
  // a colleague with limited permissions never changes the company's owners (the merchants who
  // signed the company up or whom an operator invited: they hold everything)
  if (
    action !== 'VIEW' &&
    target.id !== actor.row.id &&
    actor.subject.permissions !== undefined &&
    isCompanyOwner(target)
  ) {
    throw new AppError('ACCESS_DENIED');
  }
  return target;
};

// ---- what every write of a user row shares (user-invitations.ts, user-changes.ts)

export const normaliseMobile = (mobile: string | null | undefined) => {
  const m = mobile?.trim();
  return m ? m : null;
};

/** Maps the users table's unique indexes to the catalogue (race-safe: the index decides). */
export const mapDuplicate = (e: unknown): never => {
  const constraint = uniqueViolation(e);
  if (constraint?.includes('email')) throw new AppError('EMAIL_ALREADY_IN_USE');
  if (constraint?.includes('mobile')) throw new AppError('MOBILE_ALREADY_IN_USE');
  throw e;
};
