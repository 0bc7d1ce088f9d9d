import { APP_PLATFORMS } from '../../contract/enums';
import { OPERATORS_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/** The lowest member-app version each platform still accepts, and the newest one to suggest. */
export const forceUpdateConfig = {
  name: 'forceUpdateConfig',
  path: '/force-update-config',
  route: '/config/forceUpdateConfig',
  title: 'common.screens.force_update_config',
  menu: { group: 'config', order: 4, label: 'menu.config.force_update' },
  permission: 'forceUpdateConfig',
  access: OPERATORS_ONLY_ACCESS,
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'none',
  recordRepresentation: 'platform',
  defaultSort: { field: 'platform', direction: 'asc' },
  fields: [
    {
      name: 'platform',
      type: 'select',
      choices: APP_PLATFORMS,
      required: true,
      unique: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'minVersion',
      type: 'text',
      required: true,
      maxLength: 20,
      filter: ['eq'],
      help: 'Older apps must update before they can be used, e.g. 3.2.0',
    },
    { name: 'latestVersion', type: 'text', required: true, maxLength: 20, filter: ['eq'] },
    { name: 'storeUrl', type: 'url', maxLength: 500, views: ['show', 'edit', 'create'] },
    { name: 'message', type: 'text', maxLength: 300, multiline: true },
    {
      name: 'force',
      type: 'boolean',
      default: false,
      filter: ['eq'],
      help: 'Block the app until it is updated',
    },
  ],
} as const satisfies ResourceDeclaration;
