import { STAMP_CARD_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * Stamps movement: every change to one member card's stamps (+n for a stamping, −n for a void), with
 * the stamps after it. Written by the stamping and void operations only (a ledger).
 */
export const stampingHistory = {
  name: 'stampingHistory',
  path: '/stamping-history',
  route: '/stamp-cards/StampsMovement',
  title: 'common.screens.stamps_movement',
  menu: { group: 'stampCards', order: 3, label: 'menu.stamp_cards.movement' },
  permission: 'stampingHistory',
  access: { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: [], DELETE: [] },
  ledger: true,
  scope: 'brand',
  recordRepresentation: 'id',
  defaultSort: { field: 'at', direction: 'desc' },
  fields: [
    { name: 'stampCardId', type: 'reference', reference: 'stampCard', required: true, filter: ['eq', 'in'] },
    { name: 'memberCardId', type: 'reference', reference: 'memberCards', filter: ['eq', 'in'] },
    {
      name: 'transactionId',
      type: 'reference',
      reference: 'stampsTransaction',
      filter: ['eq', 'in'],
    },
    {
      name: 'memberMobile',
      type: 'phone',
      member: true,
      required: true,
      maxLength: 20,
      search: true,
      filter: ['eq', 'in', 'regex'],
      // the member card's link in the list names the member already
      views: ['show'],
    },
    {
      name: 'stampsDelta',
      type: 'number',
      required: true,
      integer: true,
      min: -100,
      max: 100,
      filter: ['gte', 'lte'],
      sortable: true,
      help: 'Stamps added (positive) or taken back (negative)',
    },
    { name: 'stampsAfter', type: 'number', required: true, integer: true, min: 0, max: 100, sortable: true },
    {
      name: 'memberCardState',
      type: 'select',
      choices: STAMP_CARD_STATES,
      numeric: true,
      default: 'AVAILABLE',
      filter: ['eq', 'in'],
      help: "The member's card after the movement",
    },
    { name: 'storeId', type: 'reference', reference: 'store', filter: ['eq', 'in'] },
    { name: 'deviceId', type: 'reference', reference: 'devices', filter: ['eq', 'in'] },
    { name: 'at', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
  ],
} as const satisfies ResourceDeclaration;
