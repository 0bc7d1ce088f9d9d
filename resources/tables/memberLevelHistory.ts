import { LEVEL_MOVE_REASONS } from '../../contract/enums';
import { filterableReference, LEDGER_AT, MEMBER_PHONE, MOVEMENT_LEDGER } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Every move of a member's level at a company (issue 25), with why and the measure that moved it.
 * Written by the level service only (a ledger); read on the member's profile and the /aotg figures.
 */
export const memberLevelHistory = {
  name: 'memberLevelHistory',
  path: '/member-level-history',
  permission: 'member',
  ...MOVEMENT_LEDGER,
  scope: 'company',
  recordRepresentation: 'id',
  fields: [
    { name: 'memberMobile', ...MEMBER_PHONE, required: true, filter: ['eq'], sortable: true },
    filterableReference('fromLevelId', 'memberLevels'),
    filterableReference('toLevelId', 'memberLevels'),
    {
      name: 'reason',
      type: 'select',
      choices: LEVEL_MOVE_REASONS,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'measureValue',
      type: 'number',
      integer: true,
      required: true,
      min: 0,
      help: 'The measure over the window when the level moved',
    },
    LEDGER_AT,
  ],
} as const satisfies ResourceDeclaration;
