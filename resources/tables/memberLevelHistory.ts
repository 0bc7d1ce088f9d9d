import { LEVEL_MOVE_REASONS } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * Every move of a member's level at a company (issue 25), with why and the measure that moved it.
 * Written by the level service only (a ledger); read on the member's profile and the /aotg figures.
 */
export const memberLevelHistory = {
  name: 'memberLevelHistory',
  path: '/member-level-history',
  permission: 'member',
  access: { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: [], DELETE: [] },
  ledger: true,
  scope: 'company',
  recordRepresentation: 'id',
  defaultSort: { field: 'at', direction: 'desc' },
  fields: [
    {
      name: 'memberMobile',
      type: 'phone',
      member: true,
      required: true,
      maxLength: 20,
      filter: ['eq'],
      sortable: true,
    },
    { name: 'fromLevelId', type: 'reference', reference: 'memberLevels', filter: ['eq', 'in'] },
    { name: 'toLevelId', type: 'reference', reference: 'memberLevels', filter: ['eq', 'in'] },
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
    { name: 'at', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
  ],
} as const satisfies ResourceDeclaration;
