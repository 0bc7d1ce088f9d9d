import type { ResourceDeclaration } from '../types';

/**
 * A member: a person who uses the loyalty app, known by mobile number (E.164). Members are created
 * by the operations that name one (`memberMobile`) on first use, never by a generic write. Operators
 * see every member; a merchant sees the members holding its vouchers (or, later, its cards): the
 * server applies that scope itself (server/resources/scopes.ts). Looking a member up is part of
 * running vouchers, so the permission is `vouchers`.
 */
export const members = {
  name: 'members',
  path: '/members',
  route: '/voucher/get-user-vouchers',
  permission: 'vouchers',
  access: { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: [], DELETE: [] },
  scope: 'none',
  recordRepresentation: 'mobile',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'mobile',
      type: 'phone',
      required: true,
      unique: true,
      maxLength: 20,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
      operationOnly: true,
    },
    { name: 'name', type: 'text', maxLength: 120, search: true, sortable: true },
  ],
} as const satisfies ResourceDeclaration;
