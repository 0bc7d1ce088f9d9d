import { STAMP_CARD_STATES, TRANSACTION_RESULTS, TRANSACTION_TYPES } from '../../contract/enums';
import { filterableReference, LEDGER_AT, MOVEMENT_LEDGER, REQUIRED_MEMBER_MOBILE } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * One stamping of a member card at a store (docs/operations.md "Stamp cards"): SUCCESS, FAILED (a refused
 * stamping, with the code that refused it) or VOIDED (taken back). Written by the stamping and void
 * operations only (a ledger); the generic routes only read.
 */
export const stampsTransaction = {
  name: 'stampsTransaction',
  path: '/stamps-transactions',
  route: '/stamp-cards/StampsTransaction',
  title: 'common.screens.stamps_transaction',
  menu: { group: 'stampCards', order: 2, label: 'menu.stamp_cards.transaction' },
  permission: 'stampsTransaction',
  ...MOVEMENT_LEDGER,
  scope: 'brand',
  recordRepresentation: 'receiptNo',
  fields: [
    filterableReference('stampCardId', 'stampCard'),
    filterableReference('memberCardId', 'memberCards'),
    // the member card's link in the list names the member already
    { ...REQUIRED_MEMBER_MOBILE, views: ['show'] },
    {
      name: 'type',
      type: 'select',
      choices: TRANSACTION_TYPES,
      required: true,
      default: 'STAMP_CARD_TXN',
      filter: ['eq', 'in'],
      sortable: true,
      views: ['show'],
    },
    {
      name: 'result',
      type: 'select',
      choices: TRANSACTION_RESULTS,
      required: true,
      default: 'SUCCESS',
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'stamps',
      type: 'number',
      integer: true,
      min: 0,
      max: 100,
      default: 0,
      filter: ['eq', 'gte', 'lte'],
      sortable: true,
    },
    {
      name: 'stampsAfter',
      type: 'number',
      integer: true,
      min: 0,
      max: 100,
      views: ['list', 'show'],
      help: "The card's stamps after this transaction",
    },
    {
      name: 'memberCardState',
      type: 'select',
      choices: STAMP_CARD_STATES,
      numeric: true,
      views: ['show'],
      help: "The member's card after this transaction",
    },
    {
      name: 'rewardVoucherId',
      type: 'reference',
      reference: 'vouchers',
      views: ['show'],
      help: 'The reward voucher this stamping issued',
    },
    {
      name: 'campaignId',
      type: 'reference',
      reference: 'campaigns',
      views: ['show'],
      help: 'The campaign that added stamps to it (the multiplier when several did)',
    },
    {
      name: 'campaignStamps',
      type: 'number',
      integer: true,
      min: 0,
      max: 100,
      default: 0,
      views: ['show'],
      help: 'Of its stamps, those campaigns added',
    },
    {
      name: 'amount',
      type: 'money',
      min: 0,
      default: 0,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['show'],
    },
    {
      name: 'receiptNo',
      type: 'text',
      maxLength: 64,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    filterableReference('storeId', 'store'),
    filterableReference('deviceId', 'devices'),
    {
      // who stamped (a portal user; the device above when an in-store device did): the fraud signals
      // weigh one staff account's voids against the stampings it made
      name: 'staffId',
      type: 'reference',
      reference: 'users',
      views: ['show'],
      help: 'The staff account that stamped',
    },
    { name: 'failureCode', type: 'number', integer: true, views: ['show'], help: 'The code that refused it' },
    { name: 'failureReason', type: 'text', maxLength: 500, views: ['show'] },
    { name: 'voidReason', type: 'text', maxLength: 500, views: ['show'] },
    // the fraud signals read the voids of a window (server/domains/stamping/detect-signals.ts)
    { name: 'voidedAt', type: 'datetime', filter: ['gte', 'lte'], views: ['show'] },
    {
      name: 'voidedBy',
      type: 'reference',
      reference: 'users',
      views: ['show'],
      help: 'The staff account that voided it',
    },
    {
      name: 'voidDeviceId',
      type: 'reference',
      reference: 'devices',
      views: ['show'],
      help: 'The in-store device that voided it',
    },
    LEDGER_AT,
  ],
  uniques: [
    {
      // a receipt stamps once per store (26630); a refused attempt does not hold its number
      name: 'stamps_transaction_receipt_per_store',
      fields: ['storeId', 'receiptNo'],
      where: { field: 'result', in: ['SUCCESS', 'VOIDED'] },
      error: 'DUPLICATE_RECEIPT_NUMBER',
    },
  ],
} as const satisfies ResourceDeclaration;
