import { TWO_VALUE_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * Industries a brand can belong to (F&B, retail ...): product-wide settings; merchants read them.
 * Operators keep them on the System Config page's Industries tab (src/pages/config/SystemConfigPage.tsx).
 */
export const industryConfig = {
  name: 'industryConfig',
  path: '/industry-config',
  permission: 'industryConfig',
  access: { VIEW: ['operator', 'merchant'], ADD: ['operator'], UPDATE: ['operator'], DELETE: ['operator'] },
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
    { name: 'icon', type: 'image', maxLength: 500, views: ['show', 'edit', 'create'] },
    { name: 'sortOrder', type: 'number', integer: true, min: 0, max: 10_000, default: 0, sortable: true },
    {
      name: 'state',
      type: 'select',
      choices: TWO_VALUE_STATES,
      default: 'ACTIVE',
      filter: ['eq', 'in'],
      sortable: true,
    },
  ],
} as const satisfies ResourceDeclaration;
