import { REFERRAL_STATES } from '../../contract/enums';
import {
  filterableReference,
  LEDGER_AT,
  MEMBER_PHONE,
  MOVEMENT_LEDGER,
  READ_VIEWS,
  REQUIRED_MEMBER_MOBILE,
  stateField,
} from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A friend who joined a company through a member's referral link (issue 43, a REFERRAL campaign): who
 * referred them (`referrerMobile`, their card), the friend (`memberMobile`, the card the join gave) and
 * the campaign running then. PENDING until the friend's first stamping, which makes it QUALIFIED and
 * gives both their reward (campaign_rewards). A friend is referred once per company. Written by the
 * join and the stamping (server/domains/campaigns/referrals.ts); the generic routes only read.
 */
export const referrals = {
  name: 'referrals',
  path: '/referrals',
  route: '/campaigns/referrals',
  menu: { group: 'campaigns', order: 3, label: 'menu.campaigns.referrals' },
  permission: 'campaign',
  ...MOVEMENT_LEDGER,
  scope: 'company',
  recordRepresentation: 'id',
  fields: [
    filterableReference('campaignId', 'campaigns'),
    {
      name: 'referrerMobile',
      ...MEMBER_PHONE,
      required: true,
      search: true,
      filter: ['eq', 'in'],
      words: 'Referred by',
      help: 'The member whose link the friend followed',
    },
    { ...REQUIRED_MEMBER_MOBILE, words: 'Friend', help: 'The friend who joined' },
    { ...filterableReference('referrerCardId', 'memberCards'), words: "Referrer's card", views: ['show'] },
    {
      ...filterableReference('memberCardId', 'memberCards'),
      words: "Friend's card",
      help: 'The card the friend joined with',
    },
    stateField(REFERRAL_STATES, 'PENDING'),
    {
      name: 'qualifiedAt',
      type: 'datetime',
      words: 'Qualified at',
      views: READ_VIEWS,
      help: "The friend's first stamping: both rewards are given then",
    },
    { ...LEDGER_AT, words: 'Joined at' },
  ],
  uniques: [
    // a friend is referred once per company, whichever link they followed first
    { name: 'referrals_once_per_member', fields: ['companyId', 'memberMobile'], error: 'ALREADY_EXISTS' },
  ],
} as const satisfies ResourceDeclaration;
