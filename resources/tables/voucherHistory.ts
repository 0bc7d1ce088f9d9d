import { VOUCHER_HISTORY_ACTIONS } from '../../contract/enums';
import { filterableReference, LEDGER_AT, MEMBER_PHONE, MOVEMENT_LEDGER } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * What happened to a voucher, one row per event. Written by the voucher services, never edited:
 * nobody may add, change or delete a row through the generic routes.
 */
export const voucherHistory = {
  name: 'voucherHistory',
  path: '/voucher-history',
  route: '/vouchers/voucherHistory',
  title: 'common.screens.voucher_history',
  menu: { group: 'vouchers', order: 2, label: 'menu.vouchers.history' },
  permission: 'voucherHistory',
  ...MOVEMENT_LEDGER,
  scope: 'brand',
  recordRepresentation: 'id',
  fields: [
    { ...filterableReference('voucherId', 'vouchers'), required: true },
    {
      name: 'action',
      type: 'select',
      choices: VOUCHER_HISTORY_ACTIONS,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    { name: 'memberMobile', ...MEMBER_PHONE, search: true, filter: ['eq', 'regex'] },
    {
      name: 'toMemberMobile',
      ...MEMBER_PHONE,
      search: true,
      filter: ['eq'],
      help: 'The receiving member, when the voucher was donated',
    },
    filterableReference('storeId', 'store'),
    { name: 'note', type: 'text', maxLength: 500, views: ['show'] },
    LEDGER_AT,
  ],
} as const satisfies ResourceDeclaration;
