import { OPERATORS_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Maintenance windows: from `startAt` to `endAt` the member app shows `message` and holds back
 * (it reads the current window from the public `GET /maintenance`, server/domains/config/maintenance.routes.ts),
 * and operators see a banner in the portal while one is on. `country` empty: every country.
 */
export const maintenanceConfig = {
  name: 'maintenanceConfig',
  path: '/maintenance-config',
  route: '/config/maintenanceConfig',
  title: 'common.screens.maintenance_config',
  menu: { group: 'config', order: 2, label: 'menu.config.maintenance' },
  permission: 'maintenanceConfig',
  access: OPERATORS_ONLY_ACCESS,
  scope: 'none',
  recordRepresentation: 'message',
  defaultSort: { field: 'startAt', direction: 'desc' },
  audit: true,
  fields: [
    {
      name: 'startAt',
      type: 'datetime',
      required: true,
      filter: ['gte', 'lte'],
      sortable: true,
    },
    {
      name: 'endAt',
      type: 'datetime',
      required: true,
      filter: ['gte', 'lte'],
      sortable: true,
    },
    {
      name: 'message',
      type: 'text',
      required: true,
      maxLength: 500,
      multiline: true,
      search: true,
      help: 'What members read in the app while the window is on',
    },
    {
      name: 'country',
      type: 'text',
      minLength: 2,
      maxLength: 2,
      filter: ['eq'],
      sortable: true,
      help: 'Two-letter country code, e.g. sg; empty for every country',
    },
    {
      name: 'enabled',
      type: 'boolean',
      default: true,
      filter: ['eq'],
      help: 'Off keeps the window without showing it',
    },
  ],
  rules: [{ kind: 'order', first: 'startAt', last: 'endAt', error: 'PARAMETER_VALIDATION_FAILED' }],
} as const satisfies ResourceDeclaration;
