import { TWO_VALUE_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * A reusable push notification text with `{name}`-style placeholders (contract/push.ts); a push's form
 * fills its title and body from one.
 */
export const pushTemplates = {
  name: 'pushTemplates',
  path: '/push-templates',
  route: '/communications/pushNotificationTemplates',
  title: 'common.screens.push_templates',
  menu: { group: 'communications', order: 1, label: 'menu.communications.templates' },
  when: 'pushAllowed',
  permission: 'pushTemplates',
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator', 'merchant'],
    UPDATE: ['operator', 'merchant'],
    DELETE: ['operator', 'merchant'],
  },
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'company',
  recordRepresentation: 'title',
  defaultSort: { field: 'updateTime', direction: 'desc' },
  fields: [
    {
      name: 'title',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 65,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
      placeholders: true,
    },
    {
      name: 'body',
      type: 'text',
      required: true,
      maxLength: 240,
      multiline: true,
      search: true,
      placeholders: true,
    },
    { name: 'imageUrl', type: 'image', maxLength: 500, views: ['show', 'edit', 'create'] },
    {
      name: 'deepLink',
      type: 'url',
      maxLength: 500,
      views: ['show', 'edit', 'create'],
      help: 'Where the app opens when the member taps the notification',
    },
    { name: 'state', type: 'select', choices: TWO_VALUE_STATES, default: 'ACTIVE', filter: ['eq', 'in'] },
  ],
} as const satisfies ResourceDeclaration;
