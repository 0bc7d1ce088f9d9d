import { THREE_VALUE_STATES } from '../../contract/enums';
import {
  DESCRIPTION,
  DETAIL_IMAGE,
  disableEnableActions,
  filterableReference,
  ISSUED_COUNT,
  NAMING_TEXT,
  SHARED_ACCESS,
  SOFT_DELETE_STATE,
  stateField,
} from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A stamp card programme of a brand (docs/operations.md "Stamp cards"): a member collects `stampsRequired`
 * stamps on a member card (resources/tables/memberCards.ts) and gets a voucher of the reward pack.
 * Its state (ACTIVE / DISABLED / DELETE) and `issuedCount` move only through the operations.
 */
export const stampCard = {
  name: 'stampCard',
  path: '/stamp-cards',
  route: '/stamp-cards',
  title: 'common.screens.stamp_card_list',
  menu: { group: 'stampCards', order: 1, label: 'menu.stamp_cards.list' },
  permission: 'stampCard',
  access: SHARED_ACCESS,
  scope: 'brand',
  recordRepresentation: 'title',
  defaultSort: { field: 'startDate', direction: 'desc' },
  fields: [
    { name: 'title', ...NAMING_TEXT },
    DESCRIPTION,
    { name: 'image', ...DETAIL_IMAGE },
    {
      name: 'stampsRequired',
      type: 'number',
      integer: true,
      min: 1,
      max: 50,
      default: 10,
      filter: ['eq', 'gte', 'lte'],
      sortable: true,
    },
    {
      name: 'maxStampsPerTransaction',
      type: 'number',
      integer: true,
      min: 1,
      max: 50,
      default: 1,
      views: ['show', 'edit', 'create'],
      help: 'The most stamps one stamping may give',
    },
    // stamping limits (issue 24): empty is no limit; a stamping past one is refused with 6630
    {
      name: 'maxStampsPerMemberPerDay',
      type: 'number',
      integer: true,
      min: 1,
      max: 1000,
      views: ['show', 'edit', 'create'],
      help: "The most stamps one member may collect on this programme in a day (the country's calendar); empty: no limit",
    },
    {
      name: 'minMinutesBetweenStamps',
      type: 'number',
      integer: true,
      min: 1,
      max: 10080,
      views: ['show', 'edit', 'create'],
      help: 'The least time between two stampings of one card, in minutes; empty: no limit',
    },
    {
      name: 'price',
      type: 'money',
      min: 0,
      max: 100_000,
      default: 0,
      filter: ['gte', 'lte'],
      sortable: true,
      error: 'ILLEGAL_STAMP_PRICE',
      help: 'What a member pays for the card; 0 for a free card',
    },
    {
      name: 'quantity',
      type: 'number',
      integer: true,
      min: 1,
      max: 10_000_000,
      filter: ['gte', 'lte'],
      sortable: true,
      error: 'STAMP_CARD_SOLD_OUT',
      help: 'How many member cards may be issued; empty for no limit',
    },
    { ...ISSUED_COUNT, help: 'Member cards issued so far; moved only by issuing' },
    {
      ...filterableReference('rewardVoucherPackId', 'voucherPacks'),
      help: 'The voucher pack a completed card issues from',
    },
    { name: 'startDate', type: 'date', required: true, filter: ['eq', 'gte', 'lte'], sortable: true },
    { name: 'endDate', type: 'date', required: true, filter: ['eq', 'gte', 'lte'], sortable: true },
    { ...stateField(THREE_VALUE_STATES, 'ACTIVE'), operationOnly: true },
  ],
  softDelete: SOFT_DELETE_STATE,
  rules: [
    { kind: 'order', first: 'startDate', last: 'endDate', error: 'PROGRAM_DATE_ILLEGAL' },
    // a programme cannot shrink below the cards it already issued
    { kind: 'order', first: 'issuedCount', last: 'quantity', error: 'STAMP_CARD_SOLD_OUT' },
  ],
  audit: true,
  actions: disableEnableActions(['operator', 'merchant'], { bulk: true, confirm: true }),
} as const satisfies ResourceDeclaration;
