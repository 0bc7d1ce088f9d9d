import { TWO_VALUE_STATES } from '../../contract/enums';
import { DETAIL_IMAGE, OPERATORS_KEEP_ACCESS, SORT_ORDER, stateField } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Industries a brand can belong to (F&B, retail ...): product-wide settings; merchants read them.
 * Operators keep them on the System Config page's Industries tab (src/pages/config/SystemConfigPage.tsx).
 */
export const industryConfig = {
  name: 'industryConfig',
  path: '/industry-config',
  permission: 'industryConfig',
  access: OPERATORS_KEEP_ACCESS,
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'none',
  recordRepresentation: 'name',
  defaultSort: { field: 'sortOrder', direction: 'asc' },
  fields: [
    {
      name: 'code',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 32,
      filter: ['eq', 'in'],
      sortable: true,
      help: 'Stable key used by the apps, e.g. FNB',
    },
    {
      name: 'name',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 120,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    { name: 'icon', ...DETAIL_IMAGE },
    SORT_ORDER,
    stateField(TWO_VALUE_STATES, 'ACTIVE'),
  ],
} as const satisfies ResourceDeclaration;
