import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PERMISSION_ACTIONS, type PermissionAction, USER_TYPES, type UserType } from '../../../../contract';
import { oneOfCheck, requiredRef, timestamps } from './columns';
import { users } from './users';

/**
 * User groups: named bundles of permissions. An operator group has no company; a merchant group
 * belongs to one company. Names are unique per scope (type + company), case-insensitively.
 */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<UserType>().notNull(),
    companyId: integer('company_id'),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_groups_scope_name_uq').on(
      t.type,
      sql`coalesce(${t.companyId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('user_groups_company_idx').on(t.companyId),
    oneOfCheck('user_groups_type_ck', t.type, USER_TYPES),
  ],
);

/** The {resource, action} columns of a permission granted to a group or directly to one user. */
const grantColumns = () => ({
  resource: text('resource').notNull(),
  action: text('action').$type<PermissionAction>().notNull(),
});

/** A grant table's key (who holds it, resource, action) and the check that its action is one we know. */
const grantConstraints = (
  table: string,
  holder: AnyPgColumn,
  grant: { resource: AnyPgColumn; action: AnyPgColumn },
) => [
  primaryKey({ columns: [holder, grant.resource, grant.action] }),
  oneOfCheck(`${table}_action_ck`, grant.action, PERMISSION_ACTIONS),
];

/** A permission is addressed as {resource, action}; resources are contract/access PERMISSION_RESOURCES. */
export const userGroupPermissions = pgTable(
  'user_group_permissions',
  { groupId: requiredRef('group_id', () => userGroups.id, 'cascade'), ...grantColumns() },
  (t) => grantConstraints('user_group_permissions', t.groupId, t),
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    groupId: requiredRef('group_id', () => userGroups.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('user_group_members_group_idx').on(t.groupId),
  ],
);

/** Permissions granted to one user directly (the spec's "permissions"; with groups: "full permissions"). */
export const userPermissions = pgTable(
  'user_permissions',
  { userId: requiredRef('user_id', () => users.id, 'cascade'), ...grantColumns() },
  (t) => grantConstraints('user_permissions', t.userId, t),
);

export type UserGroupRow = typeof userGroups.$inferSelect;
