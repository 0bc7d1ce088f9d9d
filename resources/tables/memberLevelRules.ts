import { LEVEL_MEASURES } from '../../contract/enums';
import { SHARED_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A company's member level rule (issue 25, /aotg/config): what its levels measure and over how many
 * days back from today. One per company; a company without one measures STAMPS over 90 days
 * (`DEFAULT_LEVEL_RULE`, contract/members.ts). Saving it recomputes every member's level.
 */
export const memberLevelRules = {
  name: 'memberLevelRules',
  path: '/member-level-rules',
  route: '/aotg/config',
  title: 'common.screens.aotg_config',
  partOf: '/aotg',
  permission: 'memberLevel',
  access: SHARED_ACCESS,
  scope: 'company',
  recordRepresentation: 'measure',
  defaultSort: { field: 'createTime', direction: 'desc' },
  audit: true,
  fields: [
    {
      name: 'measure',
      type: 'select',
      choices: LEVEL_MEASURES,
      required: true,
      default: 'STAMPS',
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'windowDays',
      type: 'number',
      integer: true,
      required: true,
      min: 1,
      max: 730,
      default: 90,
      sortable: true,
      help: 'The rolling window: the measure counts the last this many days',
    },
  ],
  uniques: [{ name: 'member_level_rules_one_per_company', fields: ['companyId'], error: 'ALREADY_EXISTS' }],
} as const satisfies ResourceDeclaration;
