import { TRANSACTION_RESULTS, TRANSACTION_TYPES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * A purchase or top-up recorded at a store's device. Stamping and voiding carry ledger effects, so
 * they are services with routes of their own; the generic routes only read.
 */
export const stampsTransaction = {
  name: 'stampsTransaction',
  path: '/stamps-transactions',
  route: '/stamp-cards/StampsTransaction',
  permission: 'stampsTransaction',
  access: { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: [], DELETE: [] },
  scope: 'brand',
  recordRepresentation: 'receiptNo',
  defaultSort: { field: 'at', direction: 'desc' },
  menu: { group: 'stampCards', order: 2 },
  fields: [
    { name: 'stampCardId', type: 'reference', reference: 'stampCard', filter: ['eq', 'in'] },
    {
      name: 'memberMobile',
      type: 'phone',
      required: true,
      maxLength: 20,
      search: true,
      filter: ['eq', 'in', 'regex'],
    },
    {
      name: 'type',
      type: 'select',
      choices: TRANSACTION_TYPES,
      required: true,
      default: 'STAMP_CARD_TXN',
      filter: ['eq', 'in'],
      sortable: true,
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
    { name: 'amount', type: 'money', required: true, min: 0, filter: ['gte', 'lte'], sortable: true },
    {
      name: 'receiptNo',
      type: 'text',
      maxLength: 64,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    { name: 'storeId', type: 'reference', reference: 'store', filter: ['eq', 'in'] },
    { name: 'deviceId', type: 'reference', reference: 'devices', filter: ['eq', 'in'] },
    { name: 'voidReason', type: 'text', maxLength: 500, views: ['show'] },
    { name: 'at', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
  ],
} as const satisfies ResourceDeclaration;
