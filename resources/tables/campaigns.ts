import {
  MAX_BONUS_STAMPS,
  MAX_CAMPAIGN_MULTIPLIER,
  STAMPING_CAMPAIGN_KINDS,
  VOUCHER_CAMPAIGN_KINDS,
} from '../../contract/campaigns';
import {
  BONUS_CONDITIONS,
  CAMPAIGN_END_REASONS,
  CAMPAIGN_KINDS,
  CAMPAIGN_STATES,
} from '../../contract/enums';
import { DESCRIPTION, DETAIL_VIEWS, filterableReference, READ_VIEWS, stateField } from '../fragments';
import type { ResourceDeclaration } from '../types';

/** A campaign's hour of the company's day, 0 … 24 (its window is `hourFrom` ≤ hour < `hourTo`). */
const HOUR = { type: 'number', integer: true, min: 0, max: 24, views: DETAIL_VIEWS } as const;

/** What a campaign has given so far: moved only by the operations that give it. */
const SPENT = { readOnly: true, operationOnly: true, default: 0, sortable: true, views: READ_VIEWS } as const;

/**
 * A campaign (issue 43, docs/decisions.md "Campaigns"): a company's promotion or automation of one
 * `kind` (contract/campaigns.ts). MULTIPLIER and BONUS add stamps to the stampings of their programme
 * inside the stamping (server/domains/campaigns/); the others give a voucher from their pack. A campaign
 * is made and edited as a DRAFT, then activated; it pauses and resumes, and ends for good by hand, at
 * its budget (`budgetRewards`: stamps added or vouchers given; `budgetMoney`: the vouchers' value) or
 * after `endAt`. Its brand is its programme's or its pack's; `storeIds` narrows it to some stores.
 */
export const campaigns = {
  name: 'campaigns',
  path: '/campaigns',
  route: '/campaigns',
  menu: { group: 'campaigns', order: 1, label: 'menu.campaigns.list' },
  permission: 'campaign',
  access: { VIEW: ['operator', 'merchant'], ADD: ['operator', 'merchant'], UPDATE: ['operator', 'merchant'] },
  scope: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createTime', direction: 'desc' },
  audit: true,
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      maxLength: 80,
      unique: true,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
    },
    {
      name: 'kind',
      type: 'select',
      choices: CAMPAIGN_KINDS,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    { ...stateField(CAMPAIGN_STATES, 'DRAFT'), operationOnly: true },
    DESCRIPTION,
    // what it works with is on its page and in its summary; the list stays narrow enough for a laptop
    {
      ...filterableReference('stampCardId', 'stampCard'),
      views: DETAIL_VIEWS,
      help: 'The programme whose stampings it adds stamps to (Multiplier, Bonus)',
    },
    {
      ...filterableReference('voucherPackId', 'voucherPacks'),
      views: DETAIL_VIEWS,
      help: 'The pack its vouchers are issued from (Welcome, Win back, Birthday, Referral)',
    },
    {
      name: 'multiplier',
      type: 'number',
      integer: true,
      min: 2,
      max: MAX_CAMPAIGN_MULTIPLIER,
      views: DETAIL_VIEWS,
      help: 'Each stamping gives this many times its stamps',
    },
    {
      name: 'bonusCondition',
      type: 'select',
      choices: BONUS_CONDITIONS,
      views: DETAIL_VIEWS,
      help: "When a bonus is added: the member's first stamping of the day, or a receipt of at least the amount",
    },
    {
      name: 'bonusStamps',
      type: 'number',
      integer: true,
      min: 1,
      max: MAX_BONUS_STAMPS,
      views: DETAIL_VIEWS,
      help: 'Stamps added on top when the condition holds',
    },
    {
      name: 'minAmount',
      type: 'money',
      min: 0,
      max: 1_000_000,
      views: DETAIL_VIEWS,
      help: 'The least receipt',
    },
    {
      ...filterableReference('segmentId', 'segments'),
      views: DETAIL_VIEWS,
      help: 'Who it is for (Win back): e.g. the members not seen for 30 days',
    },
    {
      name: 'periodDays',
      type: 'number',
      integer: true,
      min: 1,
      max: 366,
      default: 30,
      views: DETAIL_VIEWS,
      help: 'Win back: a member gets it at most once in this many days',
    },
    {
      name: 'message',
      type: 'text',
      maxLength: 240,
      multiline: true,
      views: DETAIL_VIEWS,
      help: "Sent to the member with the reward (Welcome, Win back, Birthday, Referral); empty: only the voucher's own link",
    },
    { name: 'startAt', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
    {
      name: 'endAt',
      type: 'datetime',
      filter: ['gte', 'lte'],
      sortable: true,
      help: 'It ends by itself after this; empty: until it is ended',
    },
    {
      name: 'daysOfWeek',
      type: 'json',
      shape: 'list',
      views: DETAIL_VIEWS,
      help: 'The days it runs, e.g. ["MON","TUE"]; empty: every day',
    },
    { name: 'hourFrom', ...HOUR, help: "From this hour of the company's day (0-23); empty: from midnight" },
    { name: 'hourTo', ...HOUR, help: 'Until this hour (1-24, not included); empty: until midnight' },
    {
      name: 'storeIds',
      type: 'json',
      shape: 'list',
      views: DETAIL_VIEWS,
      help: 'The stores it runs at, by id, e.g. [3, 4]; empty: every store',
    },
    {
      name: 'budgetRewards',
      type: 'number',
      integer: true,
      min: 1,
      max: 10_000_000,
      views: DETAIL_VIEWS,
      help: 'The most it gives: stamps added, or vouchers; it ends when they are given. Empty: no limit',
    },
    {
      name: 'budgetMoney',
      type: 'money',
      min: 0,
      max: 10_000_000,
      views: DETAIL_VIEWS,
      help: "The most its vouchers' value may come to; empty: no limit",
    },
    {
      name: 'perMemberLimit',
      type: 'number',
      integer: true,
      min: 1,
      max: 10_000,
      views: DETAIL_VIEWS,
      help: 'How many times one member may benefit; empty: no limit',
    },
    {
      name: 'holdoutPercent',
      type: 'number',
      integer: true,
      min: 0,
      max: 50,
      default: 0,
      views: DETAIL_VIEWS,
      help: 'The share of its audience kept out, to compare against',
    },
    { name: 'rewardsGiven', type: 'number', integer: true, min: 0, ...SPENT },
    { name: 'moneySpent', type: 'money', min: 0, ...SPENT },
    {
      name: 'endReason',
      type: 'select',
      choices: CAMPAIGN_END_REASONS,
      readOnly: true,
      operationOnly: true,
      views: ['show'],
    },
  ],
  rules: [
    { kind: 'order', first: 'startAt', last: 'endAt', error: 'PARAMETER_VALIDATION_FAILED' },
    { kind: 'requiredWhen', field: 'stampCardId', when: { field: 'kind', in: STAMPING_CAMPAIGN_KINDS } },
    { kind: 'requiredWhen', field: 'multiplier', when: { field: 'kind', in: ['MULTIPLIER'] } },
    { kind: 'requiredWhen', field: 'bonusStamps', when: { field: 'kind', in: ['BONUS'] } },
    { kind: 'requiredWhen', field: 'bonusCondition', when: { field: 'kind', in: ['BONUS'] } },
    { kind: 'requiredWhen', field: 'minAmount', when: { field: 'bonusCondition', in: ['RECEIPT_OVER'] } },
    { kind: 'requiredWhen', field: 'voucherPackId', when: { field: 'kind', in: VOUCHER_CAMPAIGN_KINDS } },
    { kind: 'requiredWhen', field: 'segmentId', when: { field: 'kind', in: ['WIN_BACK'] } },
  ],
  frozen: [
    // what it is stays what it was made as: a running campaign's ledger reads it
    ...['kind', 'stampCardId', 'voucherPackId'].map((field) => ({
      field,
      while: { field: 'state', in: ['ACTIVE', 'PAUSED', 'ENDED'] },
      error: 'STATE_TRANSITION_NOT_ALLOWED' as const,
    })),
  ],
  actions: [
    {
      name: 'activate',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['DRAFT', 'PAUSED'],
      to: 'ACTIVE',
      confirm: true,
    },
    {
      name: 'pause',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['ACTIVE'],
      to: 'PAUSED',
      confirm: true,
    },
    {
      name: 'end',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['DRAFT', 'ACTIVE', 'PAUSED'],
      to: 'ENDED',
      confirm: true,
      set: { endReason: 'ENDED_BY_USER' },
    },
  ],
  demo: {
    rows: [
      {
        name: 'Double stamps on quiet afternoons',
        kind: 'MULTIPLIER',
        multiplier: 2,
        hourFrom: 14,
        hourTo: 17,
        daysOfWeek: ['MON', 'TUE', 'WED', 'THU'],
        // paused: a running multiplier would change what the demo's stampings give by the time of day
        state: 'PAUSED',
      },
      {
        name: 'First visit of the day bonus',
        kind: 'BONUS',
        bonusCondition: 'FIRST_VISIT_OF_DAY',
        bonusStamps: 1,
        state: 'DRAFT',
      },
    ],
  },
} as const satisfies ResourceDeclaration;
