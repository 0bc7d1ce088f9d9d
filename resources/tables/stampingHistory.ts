import { STAMP_CARD_STATES } from '../../contract/enums';
import { filterableReference, LEDGER_AT, MOVEMENT_LEDGER, REQUIRED_MEMBER_MOBILE } from '../fragments';
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
  ...MOVEMENT_LEDGER,
  scope: 'brand',
  recordRepresentation: 'id',
  fields: [
    { ...filterableReference('stampCardId', 'stampCard'), required: true },
    filterableReference('memberCardId', 'memberCards'),
    filterableReference('transactionId', 'stampsTransaction'),
    // the member card's link in the list names the member already
    { ...REQUIRED_MEMBER_MOBILE, views: ['show'] },
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
    filterableReference('storeId', 'store'),
    filterableReference('deviceId', 'devices'),
    {
      name: 'campaignId',
      type: 'reference',
      reference: 'campaigns',
      views: ['show'],
      help: 'The campaign that added stamps to the stamping (the multiplier when several did)',
    },
    LEDGER_AT,
  ],
} as const satisfies ResourceDeclaration;
