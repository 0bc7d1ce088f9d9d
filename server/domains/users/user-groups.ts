// The user groups a caller may see (user-groups.routes.ts): an operator every group, a merchant their
// own company's merchant groups; one group (26233 when out of sight) and a page of the list. Writing
// a group and its permissions is server/domains/access/rbac.ts's.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type UserGroupRow, type UserRow, userGroups } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { selectPageOrThrow } from '../../platform/list/query';
import type { ParsedList } from '../../platform/list/types';

/** SQL limiting the groups to those a user of `row`'s type and company may see. */
const groupScope = (row: { type: string; companyId: number | null }): SQL | undefined =>
  row.type === 'OPERATOR'
    ? undefined
    : and(
        eq(userGroups.type, 'MERCHANT'),
        sql`${userGroups.companyId} is not distinct from ${row.companyId}`,
      );

/** The group `id` if `me` may see it; 26233 otherwise. */
export const visibleGroup = async (db: Db, me: UserRow, id: number): Promise<UserGroupRow> => {
  const [group] = await db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.id, id), groupScope(me)));
  if (!group) throw new AppError('USER_GROUP_NOT_FOUND');
  return group;
};

/** A page of the groups `me` may see (`GET /user-group`). */
export const visibleGroupsPage = (db: Db, me: UserRow, list: ParsedList, noCount: boolean) =>
  selectPageOrThrow(db, userGroups, list, noCount, groupScope(me));
