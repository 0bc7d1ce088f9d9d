import { CAMPAIGN_KINDS, CAMPAIGN_REWARD_STATES } from '../../contract/enums';
import {
  filterableReference,
  LEDGER_AT,
  MOVEMENT_LEDGER,
  REQUIRED_MEMBER_MOBILE,
  stateField,
} from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * What a campaign gave one member, once (issue 43): the stamps a MULTIPLIER or BONUS added to a
 * stamping (the stamping's transaction named), or a voucher. Written by the operations that give it
 * (server/domains/campaigns/), in their transaction; voiding the stamping marks its row VOIDED and gives
 * the stamps back to the campaign's budget. A ledger: the generic routes only read.
 */
export const campaignRewards = {
  name: 'campaignRewards',
  path: '/campaign-rewards',
  route: '/campaigns/rewards',
  menu: { group: 'campaigns', order: 2, label: 'menu.campaigns.rewards' },
  permission: 'campaign',
  ...MOVEMENT_LEDGER,
  scope: 'company',
  recordRepresentation: 'id',
  fields: [
    filterableReference('campaignId', 'campaigns'),
    {
      name: 'kind',
      type: 'select',
      choices: CAMPAIGN_KINDS,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    REQUIRED_MEMBER_MOBILE,
    { name: 'stamps', type: 'number', integer: true, min: 0, max: 100, default: 0, filter: ['gte', 'lte'] },
    {
      ...filterableReference('transactionId', 'stampsTransaction'),
      help: 'The stamping it added stamps to',
    },
    { ...filterableReference('voucherId', 'vouchers'), help: 'The voucher it gave' },
    {
      name: 'amount',
      type: 'money',
      min: 0,
      default: 0,
      views: ['list', 'show'],
      help: "The voucher's value",
    },
    stateField(CAMPAIGN_REWARD_STATES, 'GIVEN'),
    {
      name: 'period',
      type: 'text',
      maxLength: 40,
      filter: ['eq'],
      views: ['show'],
      help: 'The period it was given for: once per member (WELCOME), a year (BIRTHDAY), a window (WIN_BACK)',
    },
    { name: 'reason', type: 'text', maxLength: 500, views: ['show'], help: 'Why it could not be given' },
    LEDGER_AT,
  ],
  uniques: [
    {
      // a voucher campaign gives once per member and period, however often its job runs (a stamping's
      // share has no period: NULLs are distinct)
      name: 'campaign_rewards_once_per_period',
      fields: ['campaignId', 'memberMobile', 'period'],
      error: 'ALREADY_EXISTS',
    },
  ],
} as const satisfies ResourceDeclaration;
