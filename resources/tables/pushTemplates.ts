import { TWO_VALUE_STATES } from '../../contract/enums';
import { DETAIL_IMAGE, DETAIL_VIEWS, PUSH_BODY, PUSH_TITLE, SHARED_ACCESS_WITH_DELETE } from '../fragments';
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
  access: SHARED_ACCESS_WITH_DELETE,
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'company',
  recordRepresentation: 'title',
  defaultSort: { field: 'updateTime', direction: 'desc' },
  fields: [
    { ...PUSH_TITLE, unique: true },
    { ...PUSH_BODY, search: true },
    { name: 'imageUrl', ...DETAIL_IMAGE },
    {
      name: 'deepLink',
      type: 'url',
      maxLength: 500,
      views: DETAIL_VIEWS,
      help: 'Where the app opens when the member taps the notification',
    },
    { name: 'state', type: 'select', choices: TWO_VALUE_STATES, default: 'ACTIVE', filter: ['eq', 'in'] },
  ],
} as const satisfies ResourceDeclaration;
