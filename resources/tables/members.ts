import { READ_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A member: a person who uses the loyalty app, known by mobile number (E.164). Members are created
 * by the operations that name one (`memberMobile`) on first use, never by a generic write. Operators
 * see every member; a merchant sees the members standing at its company (holding its cards or
 * vouchers). The list (`GET /members`, filters of contract/members.ts), its export and the profile
 * (`GET /members/{mobile}`) are hand-written (server/domains/members/members.routes.ts) over members ⋈ standing; they
 * need `member` VIEW, as does seeing a member's whole mobile anywhere (issue 25). The lookup of one
 * member's vouchers at /voucher/get-user-vouchers stays a voucher screen (`vouchers` VIEW).
 */
export const members = {
  name: 'members',
  path: '/members',
  route: '/aotg/list',
  title: 'common.screens.members',
  menu: { group: 'members', order: 1, label: 'menu.members.list' },
  permission: 'member',
  handWritten: ['list', 'export', 'get'],
  access: READ_ONLY_ACCESS,
  scope: 'none',
  recordRepresentation: 'mobile',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'mobile',
      type: 'phone',
      member: true,
      required: true,
      unique: true,
      maxLength: 20,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
      operationOnly: true,
    },
    { name: 'name', type: 'text', maxLength: 120, search: true, sortable: true },
    {
      // given at a poster join or in a members file (issue 43): a BIRTHDAY campaign's day
      name: 'birthday',
      type: 'date',
      operationOnly: true,
      views: ['show'],
    },
  ],
} as const satisfies ResourceDeclaration;
