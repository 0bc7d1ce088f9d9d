// Groups and permissions of portal users. A permission is addressed as {resource, action}: the
// resources are contract/access PERMISSION_RESOURCES, so no catalogue table is needed and an
// unknown name is simply 26232. "permissions" are a user's direct ones; "full permissions" add
// those of every group the user belongs to.
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type AccessSubject,
  canAccess,
  isPermissionAction,
  isPermissionResource,
  type Permission,
} from '../../../contract/access';
import type { UserType } from '../../../contract/enums';
import { type AuditActor, type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { rowsOfResult } from '../../platform/db/raw-rows';
import type { UserRow } from '../../platform/db/schema';
import {
  type UserGroupRow,
  userGroupMembers,
  userGroupPermissions,
  userGroups,
  userPermissions,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list/types';
import { recordUserAudit } from './user-audit';

const byName = (a: Permission, b: Permission) =>
  a.resource === b.resource ? a.action.localeCompare(b.action) : a.resource.localeCompare(b.resource);

const dedupe = (list: readonly Permission[]): Permission[] => {
  const seen = new Map<string, Permission>();
  for (const p of list)
    seen.set(`${p.resource}\u0000${p.action}`, { resource: p.resource, action: p.action });
  return [...seen.values()].sort(byName);
};

/** Checks names against the catalogue of resources and actions: 26232 for the first unknown one. */
export const validatePermissions = (list: readonly { resource: string; action: string }[]): Permission[] => {
  const bad = list.findIndex((p) => !isPermissionResource(p.resource) || !isPermissionAction(p.action));
  if (bad >= 0) {
    const p = list[bad];
    throw new AppError('PERMISSION_NOT_FOUND', [
      { field: `permissions[${bad}]`, message: `unknown permission ${p?.resource}:${p?.action}` },
    ]);
  }
  return dedupe(list as Permission[]);
};

export const directPermissions = async (db: DbOrTx, userId: number): Promise<Permission[]> => {
  const rows = await db
    .select({ resource: userPermissions.resource, action: userPermissions.action })
    .from(userPermissions)
    .where(eq(userPermissions.userId, userId));
  return dedupe(rows);
};

/**
 * A user's full permissions, their own and their groups', as one json array of [resource, action]:
 * a scalar subquery for a statement in which `userId` is the user's id (a column of that statement, or
 * a value). The login lookup reads it beside the user's row (sessions.ts), so that a staff member's
 * request does not ask for them apart.
 */
export const fullPermissionsOf = (userId: SQL | AnyPgColumn): SQL<unknown> =>
  sql`(select coalesce(json_agg(json_build_array(p.resource, p.action)), '[]'::json)
    from (select ${userPermissions.resource} as resource, ${userPermissions.action} as action
            from ${userPermissions} where ${userPermissions.userId} = ${userId}
          union
          select ${userGroupPermissions.resource}, ${userGroupPermissions.action}
            from ${userGroupPermissions}
            join ${userGroupMembers} on ${userGroupMembers.groupId} = ${userGroupPermissions.groupId}
           where ${userGroupMembers.userId} = ${userId}) p)`;

/** The json array `fullPermissionsOf` answers, as a permission list (PGlite and node-postgres both parse json). */
export const readFullPermissions = (value: unknown): Permission[] => {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return dedupe(
    list.flatMap((p: unknown) =>
      Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string' && isPermissionAction(p[1])
        ? [{ resource: p[0], action: p[1] }]
        : [],
    ),
  );
};

export const fullPermissions = async (db: Db, userId: number): Promise<Permission[]> => {
  const [row] = rowsOfResult<{ permissions: unknown }>(
    await db.execute(sql`select ${fullPermissionsOf(sql`${userId}::int`)} as permissions`),
  );
  return readFullPermissions(row?.permissions);
};

export interface GroupSummary {
  id: number;
  name: string;
  type: UserType;
}

export const groupsOf = async (db: DbOrTx, userId: number): Promise<GroupSummary[]> =>
  db
    .select({ id: userGroups.id, name: userGroups.name, type: userGroups.type })
    .from(userGroups)
    .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id))
    .where(eq(userGroupMembers.userId, userId))
    .orderBy(asc(userGroups.id));

/** The groups of many users in one query (a list page), by user id; users without any are absent. */
export const groupsOfUsers = async (
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, GroupSummary[]>> => {
  const out = new Map<number, GroupSummary[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: userGroupMembers.userId,
      id: userGroups.id,
      name: userGroups.name,
      type: userGroups.type,
    })
    .from(userGroups)
    .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id))
    .where(inArray(userGroupMembers.userId, [...new Set(userIds)]))
    .orderBy(asc(userGroupMembers.userId), asc(userGroups.id));
  for (const { userId, ...group } of rows) {
    const list = out.get(userId);
    if (list) list.push(group);
    else out.set(userId, [group]);
  }
  return out;
};

/** The target of a permission or group change, as the audit entry names it. */
export interface AuditedUser {
  id: number;
  companyId: number | null;
}

/** Replaces a user's direct permissions; one transaction with its audit entry (before/after lists). */
export const setDirectPermissions = async (
  db: Db,
  actor: AuditActor,
  user: AuditedUser,
  list: readonly Permission[],
): Promise<Permission[]> =>
  db.transaction(async (tx) => {
    const before = await directPermissions(tx, user.id);
    await tx.delete(userPermissions).where(eq(userPermissions.userId, user.id));
    if (list.length > 0)
      await tx.insert(userPermissions).values(list.map((p) => ({ userId: user.id, ...p })));
    const after = await directPermissions(tx, user.id);
    await recordUserAudit(tx, actor, 'permissions', user, {
      before: { permissions: before },
      after: { permissions: after },
    });
    return after;
  });

/** The scope a user's groups must come from: same type and, for merchants, the same company. */
const groupScope = (user: Pick<UserRow, 'type' | 'companyId'>): SQL =>
  user.type === 'OPERATOR'
    ? eq(userGroups.type, 'OPERATOR')
    : (and(
        eq(userGroups.type, 'MERCHANT'),
        sql`${userGroups.companyId} is not distinct from ${user.companyId}`,
      ) ?? sql`false`);

/**
 * Resolves groups named by id or by name (names are unique within a scope) in the user's scope;
 * 26233 when one does not exist there.
 */
export const resolveGroups = async (
  db: Db,
  user: Pick<UserRow, 'type' | 'companyId'>,
  ref: { groupIds?: readonly number[] | undefined; groups?: readonly string[] | undefined },
): Promise<number[]> => {
  const ids = [...new Set(ref.groupIds ?? [])];
  const names = [...new Set((ref.groups ?? []).map((n) => n.trim().toLowerCase()))];
  const conditions: SQL[] = [];
  if (ids.length > 0) conditions.push(inArray(userGroups.id, ids));
  if (names.length > 0) conditions.push(inArray(sql`lower(${userGroups.name})`, names));
  if (conditions.length === 0) return [];
  const found = await db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(groupScope(user), or(...conditions)));
  const missing = [
    ...ids.filter((id) => !found.some((g) => g.id === id)),
    ...names.filter((n) => !found.some((g) => g.name.toLowerCase() === n)),
  ];
  if (missing.length > 0) {
    throw new AppError('USER_GROUP_NOT_FOUND', [
      { field: 'groupIds', message: `unknown group ${missing.join(', ')}` },
    ]);
  }
  return [...new Set(found.map((g) => g.id))];
};

/** The permissions the given groups carry (to check that a merchant grants only what they hold). */
export const permissionsOfGroups = async (db: Db, groupIds: readonly number[]): Promise<Permission[]> =>
  groupIds.length === 0
    ? []
    : dedupe(
        await db
          .select({ resource: userGroupPermissions.resource, action: userGroupPermissions.action })
          .from(userGroupPermissions)
          .where(inArray(userGroupPermissions.groupId, [...groupIds])),
      );

const groupsSnapshot = (groups: readonly GroupSummary[]) => ({
  groupIds: groups.map((g) => g.id),
  groups: groups.map((g) => g.name),
});

/** Replaces a user's groups with already-resolved ids; one transaction with its audit entry. */
export const setUserGroups = async (
  db: Db,
  actor: AuditActor,
  user: AuditedUser,
  groupIds: readonly number[],
): Promise<GroupSummary[]> =>
  db.transaction(async (tx) => {
    const before = await groupsOf(tx, user.id);
    await tx.delete(userGroupMembers).where(eq(userGroupMembers.userId, user.id));
    if (groupIds.length > 0)
      await tx.insert(userGroupMembers).values(groupIds.map((groupId) => ({ userId: user.id, groupId })));
    const after = await groupsOf(tx, user.id);
    await recordUserAudit(tx, actor, 'groups', user, {
      before: groupsSnapshot(before),
      after: groupsSnapshot(after),
    });
    return after;
  });

/**
 * The subject canAccess judges. A merchant who joined by another merchant's invitation is bound by
 * their full permissions (possibly none); every other merchant is a company owner, with no list.
 */
/**
 * A company's owner: a merchant who signed the company up or whom an operator invited. Their access
 * is not narrowed by permissions; colleagues a merchant invites get only what they are granted.
 */
export const isCompanyOwner = (user: Pick<UserRow, 'type' | 'invitationType'>): boolean =>
  user.type === 'MERCHANT' && user.invitationType !== 'MERCHANT_INVITE_MERCHANT';

/**
 * What `user` may do: an operator and a company's owner everything of theirs, a merchant's staff
 * member their full permissions (`known`: those already read with the user's row, e.g. by the login
 * lookup in the same statement; else they are read here).
 */
export const accessSubjectFor = async (
  db: Db,
  user: Pick<UserRow, 'id' | 'type' | 'invitationType'>,
  known?: readonly Permission[],
): Promise<AccessSubject> => {
  if (user.type === 'OPERATOR') return { type: 'OPERATOR' };
  if (isCompanyOwner(user)) return { type: 'MERCHANT' };
  return { type: 'MERCHANT', permissions: known ? [...known] : await fullPermissions(db, user.id) };
};

/** What `next` holds beyond `current`. */
const newlyGranted = (next: readonly Permission[], current: readonly Permission[]): Permission[] =>
  next.filter((p) => !current.some((c) => c.resource === p.resource && c.action === p.action));

/**
 * What a change from `current` to `next` adds or takes away. Only that is checked against the
 * granter's own permissions: a merchant changes only what they hold themselves, and leaves in place
 * what someone with more gave.
 */
export const changedPermissions = (
  next: readonly Permission[],
  current: readonly Permission[],
): Permission[] => [...newlyGranted(next, current), ...newlyGranted(current, next)];

/** Throws 26238 when a merchant grants or takes away a permission they do not hold themselves. */
export const assertCanGrant = (granter: AccessSubject, list: readonly Permission[]): void => {
  if (granter.type === 'OPERATOR') return;
  const exceeding = list.find((p) => !canAccess(granter, p));
  if (exceeding) {
    throw new AppError('GRANT_EXCEEDS_OWN', [
      { field: 'permissions', message: `${exceeding.resource}:${exceeding.action}` },
    ]);
  }
};

// ---- groups ----------------------------------------------------------------------------------------

export const groupListSpec: ListSpec = {
  id: { column: userGroups.id, type: 'number', filter: ['eq', 'in'], sort: true },
  name: { column: userGroups.name, type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  type: {
    column: userGroups.type,
    type: 'enum',
    values: ['OPERATOR', 'MERCHANT'],
    filter: ['eq', 'in'],
    sort: true,
  },
  companyId: { column: userGroups.companyId, type: 'number', filter: ['eq', 'in'] },
  description: { column: userGroups.description, type: 'text', search: true },
  createTime: { column: userGroups.createTime, type: 'datetime', filter: ['gte', 'lte'], sort: true },
  updateTime: { column: userGroups.updateTime, type: 'datetime' },
};

export type GroupWithPermissions = UserGroupRow & { permissions: Permission[] };

export interface NewGroup {
  name: string;
  type: UserType;
  companyId: number | null;
  description?: string | undefined;
  permissions?: readonly Permission[];
}

/** The name index decides (race-safe): 26235 for a name already used in the group's scope. */
const mapGroupDuplicate = (e: unknown): never => {
  if (uniqueViolation(e) !== undefined) throw new AppError('USER_GROUP_NAME_DUPLICATE');
  throw e;
};

export const groupPermissions = async (db: DbOrTx, groupId: number): Promise<Permission[]> =>
  dedupe(
    await db
      .select({ resource: userGroupPermissions.resource, action: userGroupPermissions.action })
      .from(userGroupPermissions)
      .where(eq(userGroupPermissions.groupId, groupId)),
  );

/** Creates a group with its permissions; one transaction with its audit entry. */
export const createGroup = async (
  db: Db,
  actor: AuditActor,
  input: NewGroup,
): Promise<GroupWithPermissions> => {
  const permissions = validatePermissions(input.permissions ?? []);
  try {
    return await db.transaction(async (tx) => {
      const [group] = await tx
        .insert(userGroups)
        .values({
          name: input.name.trim(),
          type: input.type,
          companyId: input.type === 'OPERATOR' ? null : input.companyId,
          description: input.description ?? '',
        })
        .returning();
      if (!group) throw new Error('group insert returned nothing');
      if (permissions.length > 0) {
        await tx.insert(userGroupPermissions).values(permissions.map((p) => ({ groupId: group.id, ...p })));
      }
      const created = { ...group, permissions };
      await recordAudit(tx, {
        actor,
        action: 'create',
        resource: 'userGroups',
        recordId: group.id,
        companyId: group.companyId,
        after: created,
      });
      return created;
    });
  } catch (e) {
    return mapGroupDuplicate(e);
  }
};

export interface GroupPatch {
  name?: string | undefined;
  description?: string | undefined;
  /** replaces the group's permissions when given */
  permissions?: readonly Permission[] | undefined;
}

/** Updates an already-found group; one transaction with its audit entry. */
export const updateGroup = async (
  db: Db,
  actor: AuditActor,
  group: UserGroupRow,
  patch: GroupPatch,
): Promise<GroupWithPermissions> => {
  const permissions = patch.permissions === undefined ? undefined : validatePermissions(patch.permissions);
  try {
    return await db.transaction(async (tx) => {
      const before = { ...group, permissions: await groupPermissions(tx, group.id) };
      const set: Partial<UserGroupRow> = { updateTime: new Date() };
      if (patch.name !== undefined) set.name = patch.name.trim();
      if (patch.description !== undefined) set.description = patch.description;
      const [row] = await tx.update(userGroups).set(set).where(eq(userGroups.id, group.id)).returning();
      if (!row) throw new AppError('USER_GROUP_NOT_FOUND');
      if (permissions !== undefined) {
        await tx.delete(userGroupPermissions).where(eq(userGroupPermissions.groupId, group.id));
        if (permissions.length > 0) {
          await tx.insert(userGroupPermissions).values(permissions.map((p) => ({ groupId: group.id, ...p })));
        }
      }
      const after = { ...row, permissions: await groupPermissions(tx, group.id) };
      await recordAudit(tx, {
        actor,
        action: 'update',
        resource: 'userGroups',
        recordId: group.id,
        companyId: row.companyId,
        before,
        after,
      });
      return after;
    });
  } catch (e) {
    return mapGroupDuplicate(e);
  }
};

/** Deletes a group (its permissions and memberships go with it); one transaction with its audit entry. */
export const deleteGroup = async (db: Db, actor: AuditActor, group: UserGroupRow): Promise<void> =>
  db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: userGroupMembers.userId })
      .from(userGroupMembers)
      .where(eq(userGroupMembers.groupId, group.id));
    const before = {
      ...group,
      permissions: await groupPermissions(tx, group.id),
      memberIds: members.map((m) => m.userId).sort((a, b) => a - b),
    };
    const deleted = await tx
      .delete(userGroups)
      .where(eq(userGroups.id, group.id))
      .returning({ id: userGroups.id });
    if (deleted.length === 0) throw new AppError('USER_GROUP_NOT_FOUND');
    await recordAudit(tx, {
      actor,
      action: 'delete',
      resource: 'userGroups',
      recordId: group.id,
      companyId: group.companyId,
      before,
    });
  });
