import { filterableReference, SHARED_ACCESS_WITH_DELETE } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A member level (tier, issue 25): a company's ordered levels, each reached when the member's measure
 * over the company's rolling window (`memberLevelRules`) is at least `threshold`. A member stands at the
 * highest-ranked level whose threshold they meet; reaching a level with a reward pack issues one voucher
 * of it, once per member and level, charged like any issue (server/domains/members/levels.ts).
 */
export const memberLevels = {
  name: 'memberLevels',
  path: '/member-levels',
  route: '/aotg/user-level-config',
  title: 'common.screens.aotg_user_level_config',
  partOf: '/aotg',
  permission: 'memberLevel',
  access: SHARED_ACCESS_WITH_DELETE,
  scope: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'rank', direction: 'asc' },
  audit: true,
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      maxLength: 60,
      unique: true,
      search: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'rank',
      type: 'number',
      integer: true,
      required: true,
      min: 1,
      max: 20,
      unique: true,
      filter: ['eq', 'in', 'gte', 'lte'],
      sortable: true,
      help: '1 is the first level; a higher rank is a higher level',
    },
    {
      name: 'threshold',
      type: 'number',
      integer: true,
      required: true,
      min: 0,
      max: 100000,
      filter: ['gte', 'lte'],
      sortable: true,
      help: 'The measure over the window (Members > Config) a member needs to reach this level',
    },
    {
      ...filterableReference('rewardVoucherPackId', 'voucherPacks'),
      help: 'One voucher of this pack is issued to a member the first time they reach the level',
    },
  ],
} as const satisfies ResourceDeclaration;
