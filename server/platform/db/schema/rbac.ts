import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PERMISSION_ACTIONS, type PermissionAction, USER_TYPES, type UserType } from '../../../../contract';
import { timestamps } from './columns';
import { users } from './users';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

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
    check('user_groups_type_ck', sql`${t.type} in (${inList(USER_TYPES)})`),
  ],
);

/** A permission is addressed as {resource, action}; resources are contract/access PERMISSION_RESOURCES. */
export const userGroupPermissions = pgTable(
  'user_group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').$type<PermissionAction>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.resource, t.action] }),
    check('user_group_permissions_action_ck', sql`${t.action} in (${inList(PERMISSION_ACTIONS)})`),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('user_group_members_group_idx').on(t.groupId),
  ],
);

/** Permissions granted to one user directly (the spec's "permissions"; with groups: "full permissions"). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').$type<PermissionAction>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resource, t.action] }),
    check('user_permissions_action_ck', sql`${t.action} in (${inList(PERMISSION_ACTIONS)})`),
  ],
);

export type UserGroupRow = typeof userGroups.$inferSelect;
