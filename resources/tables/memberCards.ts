import { STAMP_CARD_STATES } from '../../contract/enums';
import { READ_ONLY_ACCESS, REQUIRED_MEMBER_MOBILE, stateField } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A member card: one member's card of a stamp card programme (docs/operations.md "Stamp cards"). It is
 * issued, stamped, voided and expired by the operations only; its state is the spec's numeric stamp
 * card state (0 AVAILABLE, 1 COMPLETED, 2 EXPIRED). No list of its own in the menu: a programme's
 * page lists its cards and a card's page is react-admin's /memberCards/<id>/show.
 */
export const memberCards = {
  name: 'memberCards',
  path: '/member-cards',
  permission: 'stampCard',
  access: READ_ONLY_ACCESS,
  scope: 'brand',
  recordRepresentation: 'memberMobile',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      // what the card's QR carries (issue 26): staff scan it or type it, devices look the card up by it
      // (GET /member-cards/by-code/{code}); made by issuing (server/domains/stamping/issue-card.ts), never moved
      name: 'code',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 32,
      search: true,
      filter: ['eq'],
      views: ['show'],
      operationOnly: true,
    },
    {
      name: 'stampCardId',
      type: 'reference',
      reference: 'stampCard',
      required: true,
      filter: ['eq', 'in'],
      operationOnly: true,
    },
    { ...REQUIRED_MEMBER_MOBILE, sortable: true, operationOnly: true },
    {
      name: 'stamps',
      type: 'number',
      integer: true,
      min: 0,
      max: 50,
      default: 0,
      filter: ['eq', 'gte', 'lte'],
      sortable: true,
      operationOnly: true,
    },
    { ...stateField(STAMP_CARD_STATES, 'AVAILABLE'), numeric: true, operationOnly: true },
    {
      name: 'storeId',
      type: 'reference',
      reference: 'store',
      filter: ['eq', 'in'],
      operationOnly: true,
      help: 'The store that issued the card',
    },
    {
      name: 'price',
      type: 'money',
      min: 0,
      default: 0,
      views: ['show'],
      operationOnly: true,
      help: "The programme's price when the card was issued",
    },
    // The terms the card was issued under (issue 40 item 2): copied from its programme at issue and
    // never moved, so editing a live programme changes the cards issued afterwards only.
    {
      name: 'stampsRequired',
      type: 'number',
      integer: true,
      required: true,
      min: 1,
      max: 50,
      views: ['show'],
      operationOnly: true,
    },
    {
      name: 'maxStampsPerTransaction',
      type: 'number',
      integer: true,
      required: true,
      min: 1,
      max: 50,
      views: ['show'],
      operationOnly: true,
    },
    {
      name: 'maxStampsPerMemberPerDay',
      type: 'number',
      integer: true,
      min: 1,
      max: 1000,
      views: ['show'],
      operationOnly: true,
    },
    {
      name: 'minMinutesBetweenStamps',
      type: 'number',
      integer: true,
      min: 1,
      max: 10080,
      views: ['show'],
      operationOnly: true,
    },
    {
      name: 'rewardVoucherPackId',
      type: 'reference',
      reference: 'voucherPacks',
      views: ['show'],
      operationOnly: true,
    },
    {
      name: 'rewardVoucherId',
      type: 'reference',
      reference: 'vouchers',
      views: ['show'],
      operationOnly: true,
      help: 'The voucher the completed card issued',
    },
    {
      name: 'completedAt',
      type: 'datetime',
      filter: ['gte', 'lte'],
      sortable: true,
      operationOnly: true,
    },
  ],
  uniques: [
    {
      // docs/operations.md: a member holds at most one AVAILABLE card of a programme (6623)
      name: 'member_cards_one_available',
      fields: ['stampCardId', 'memberMobile'],
      where: { field: 'state', in: ['AVAILABLE'] },
      error: 'UNCOMPLETED_CARD_EXISTS',
    },
  ],
  // The card's states (the operations of server/domains/stamping/ move them; issuing makes a card AVAILABLE).
  // Only stamping is a route of its own; the other arrows follow from a stamping, its void, or the job.
  actions: [
    {
      name: 'stamp',
      roles: ['operator', 'merchant'],
      // the counter's work, not a change to the programme (issue 40 item 1)
      permission: 'counter',
      field: 'state',
      from: ['AVAILABLE'],
      to: 'AVAILABLE',
      path: 'stamps',
      refuse: [{ from: ['COMPLETED', 'EXPIRED'], error: 'UNKNOWN_CARD_OR_ORDER' }],
      operation: true,
    },
    // the stamping that reaches the programme's stampsRequired (it also issues the reward voucher)
    { name: 'complete', roles: [], field: 'state', from: ['AVAILABLE'], to: 'COMPLETED', operation: true },
    // voiding the stamping that completed it (its reward voucher is withdrawn)
    { name: 'reopen', roles: [], field: 'state', from: ['COMPLETED'], to: 'AVAILABLE', operation: true },
    // the nightly job: the programme ended
    { name: 'expireDue', roles: [], field: 'state', from: ['AVAILABLE'], to: 'EXPIRED', operation: true },
  ],
} as const satisfies ResourceDeclaration;
