import { VOUCHER_HISTORY_ACTIONS } from '../../contract/enums';
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
  access: { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: [], DELETE: [] },
  ledger: true,
  scope: 'brand',
  recordRepresentation: 'id',
  defaultSort: { field: 'at', direction: 'desc' },
  fields: [
    { name: 'voucherId', type: 'reference', reference: 'vouchers', required: true, filter: ['eq', 'in'] },
    {
      name: 'action',
      type: 'select',
      choices: VOUCHER_HISTORY_ACTIONS,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'memberMobile',
      type: 'phone',
      member: true,
      maxLength: 20,
      search: true,
      filter: ['eq', 'regex'],
    },
    {
      name: 'toMemberMobile',
      type: 'phone',
      member: true,
      maxLength: 20,
      search: true,
      filter: ['eq'],
      help: 'The receiving member, when the voucher was donated',
    },
    { name: 'storeId', type: 'reference', reference: 'store', filter: ['eq', 'in'] },
    { name: 'note', type: 'text', maxLength: 500, views: ['show'] },
    { name: 'at', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
  ],
} as const satisfies ResourceDeclaration;
