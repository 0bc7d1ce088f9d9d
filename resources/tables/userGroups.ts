import { SHARED_ACCESS, USER_TYPE } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Named bundles of permissions. Served by the hand-written user_groups table and routes: an operator
 * group has no company, a merchant group belongs to one; names are unique within that scope.
 */
export const userGroups = {
  name: 'userGroups',
  path: '/user-group',
  route: '/access/user-group',
  title: 'common.screens.user_group',
  // merchants manage their colleagues' groups from Merchant Access; the list is the operators'
  menu: { group: 'access', order: 3, label: 'menu.access.user_group' },
  routeRoles: ['operator'],
  permission: 'userGroup',
  storage: 'existing',
  access: SHARED_ACCESS,
  scope: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 100,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
    },
    USER_TYPE,
    { name: 'description', type: 'text', maxLength: 500, multiline: true, search: true },
  ],
} as const satisfies ResourceDeclaration;
