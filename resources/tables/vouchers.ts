import { VOUCHER_STATES } from '../../contract/enums';
import { filterableReference, stateField } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A voucher held by a member. Vouchers are issued from a voucher pack (`POST
 * /voucher-packs/{id}/vouchers`) and move only through their operations (redeem, void, donate,
 * expire: server/domains/vouchers/vouchers.ts), each writing its voucher history row. A generic write may
 * only move the validity dates (a support fix), never the state, the holder or the value.
 */
export const vouchers = {
  name: 'vouchers',
  path: '/vouchers',
  route: '/vouchers',
  title: 'common.screens.voucher_list',
  menu: { group: 'vouchers', order: 1, label: 'menu.vouchers.list' },
  permission: 'vouchers',
  access: { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: ['operator', 'merchant'], DELETE: [] },
  // issuing from a pack is the counter's ADD (issue 40 item 1), not a right to change vouchers
  createWith: { roles: ['operator', 'merchant'], label: 'voucherPages.issue.open', permission: 'counter' },
  scope: 'brand',
  recordRepresentation: 'code',
  defaultSort: { field: 'createTime', direction: 'desc' },
  audit: true,
  fields: [
    {
      name: 'code',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 32,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
      operationOnly: true,
    },
    {
      name: 'title',
      type: 'text',
      required: true,
      maxLength: 120,
      search: true,
      sortable: true,
      operationOnly: true,
      // the list names the voucher pack, which carries the same title
      views: ['show', 'edit', 'create'],
    },
    { ...filterableReference('voucherPackId', 'voucherPacks'), operationOnly: true },
    {
      name: 'memberMobile',
      type: 'phone',
      member: true,
      search: true,
      filter: ['eq'],
      views: ['list', 'show'],
      operationOnly: true,
    },
    {
      name: 'issuedToMobile',
      type: 'phone',
      member: true,
      filter: ['eq'],
      views: ['show'],
      operationOnly: true,
      help: 'The member the voucher was issued to (the per-member limit counts these)',
    },
    {
      name: 'value',
      type: 'money',
      required: true,
      min: 0,
      filter: ['gte', 'lte'],
      sortable: true,
      operationOnly: true,
    },
    { ...stateField(VOUCHER_STATES, 'AVAILABLE'), operationOnly: true },
    {
      name: 'validFrom',
      type: 'date',
      required: true,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['show', 'edit', 'create'],
    },
    { name: 'validUntil', type: 'date', required: true, filter: ['gte', 'lte'], sortable: true },
    {
      // whether it may be given to another member: its pack's when it was issued (issue 40 item 2)
      name: 'giftable',
      type: 'boolean',
      default: false,
      views: ['show'],
      operationOnly: true,
    },
    {
      name: 'redeemedStoreId',
      type: 'reference',
      reference: 'store',
      readOnly: true,
      operationOnly: true,
      views: ['show'],
    },
    {
      name: 'redeemedAt',
      type: 'datetime',
      readOnly: true,
      operationOnly: true,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['list', 'show'],
    },
  ],
  rules: [{ kind: 'order', first: 'validFrom', last: 'validUntil', error: 'VOUCHER_DATE_ILLEGAL' }],
  // The states, one operation per arrow (server/domains/vouchers/vouchers.routes.ts), in the order the voucher page shows
  // its buttons; issuing makes a voucher AVAILABLE. Redeeming and donating also need the day inside the
  // voucher's validity (6805, checked by the service).
  actions: [
    {
      name: 'redeem',
      roles: ['operator', 'merchant'],
      // the counter's work (issue 40 item 1); void, donate and expire stay with the vouchers' UPDATE
      permission: 'counter',
      field: 'state',
      from: ['AVAILABLE'],
      to: 'REDEEMED',
      refuse: [{ from: ['REDEEMED', 'EXPIRED'], error: 'VOUCHER_NOT_AVAILABLE' }],
      operation: true,
    },
    {
      name: 'void',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['REDEEMED'],
      to: 'AVAILABLE',
      operation: true,
    },
    // to another member: the state stays
    {
      name: 'donate',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['AVAILABLE'],
      to: 'AVAILABLE',
      refuse: [{ from: ['REDEEMED', 'EXPIRED'], error: 'VOUCHER_NOT_AVAILABLE' }],
      operation: true,
    },
    {
      name: 'expire',
      roles: ['operator'],
      field: 'state',
      from: ['AVAILABLE'],
      to: 'EXPIRED',
      confirm: true,
      operation: true,
    },
    // a reward voucher whose completing stamping is voided (server/domains/stamping/void.ts voidStamping):
    // vouchers have no VOIDED state, its history says VOIDED; one already EXPIRED stays as it is
    {
      name: 'withdraw',
      roles: [],
      field: 'state',
      from: ['AVAILABLE'],
      to: 'EXPIRED',
      refuse: [{ from: ['REDEEMED'], error: 'VOUCHER_NOT_AVAILABLE' }],
      operation: true,
    },
    // the nightly job's arrow (server/domains/vouchers/vouchers.ts expireDueVouchers): past its validUntil
    { name: 'expireDue', roles: [], field: 'state', from: ['AVAILABLE'], to: 'EXPIRED', operation: true },
  ],
} as const satisfies ResourceDeclaration;
