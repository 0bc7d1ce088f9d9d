import { SYSTEM_SETTING_KEYS } from '../../contract/system-config';
import { OPERATORS_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * System Config: one row per setting the product reads (contract/system-config.ts lists the keys and
 * who reads them: the Help page's support contact today). Operators only; every change is audited.
 * Shown on the System Config page's Settings tab (src/pages/config/SystemConfigPage.tsx).
 */
export const systemConfig = {
  name: 'systemConfig',
  path: '/system-config',
  route: '/config/systemConfig',
  title: 'common.screens.system_config',
  menu: { group: 'config', order: 5, label: 'menu.config.system' },
  permission: 'systemConfig',
  access: OPERATORS_ONLY_ACCESS,
  scope: 'none',
  recordRepresentation: 'key',
  defaultSort: { field: 'key', direction: 'asc' },
  audit: true,
  fields: [
    {
      name: 'key',
      type: 'select',
      choices: SYSTEM_SETTING_KEYS,
      required: true,
      unique: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'value',
      type: 'text',
      required: true,
      maxLength: 500,
      search: true,
      help: 'What the product shows or uses for this setting',
    },
    { name: 'description', type: 'text', maxLength: 200, help: 'A note for other operators' },
  ],
} as const satisfies ResourceDeclaration;
