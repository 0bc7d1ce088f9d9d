import { PUSH_AUDIENCES, PUSH_NOTIFICATION_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * One push notification sent (or to be sent) from a template. The sender service moves SCHEDULED
 * to COMPLETED or FAILED and counts `sentCount`; people only schedule and cancel.
 */
export const push = {
  name: 'push',
  path: '/push',
  route: '/communications/pushNotifications',
  permission: 'push',
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator', 'merchant'],
    UPDATE: ['operator', 'merchant'],
    DELETE: [],
  },
  scope: 'company',
  recordRepresentation: 'title',
  defaultSort: { field: 'createTime', direction: 'desc' },
  menu: { group: 'communications', order: 2 },
  fields: [
    {
      name: 'templateId',
      type: 'reference',
      reference: 'pushTemplates',
      required: true,
      filter: ['eq', 'in'],
    },
    {
      name: 'title',
      type: 'text',
      required: true,
      maxLength: 65,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    {
      name: 'body',
      type: 'text',
      required: true,
      maxLength: 240,
      multiline: true,
      views: ['show', 'edit', 'create'],
    },
    {
      name: 'audience',
      type: 'select',
      choices: PUSH_AUDIENCES,
      required: true,
      default: 'ALL_MEMBERS',
      filter: ['eq', 'in'],
    },
    { name: 'scheduledAt', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
    {
      name: 'state',
      type: 'select',
      choices: PUSH_NOTIFICATION_STATES,
      default: 'PENDING',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'sentAt',
      type: 'datetime',
      readOnly: true,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['list', 'show'],
    },
    {
      name: 'sentCount',
      type: 'number',
      integer: true,
      min: 0,
      default: 0,
      readOnly: true,
      sortable: true,
      views: ['list', 'show'],
    },
    { name: 'failureReason', type: 'text', maxLength: 500, readOnly: true, views: ['show'] },
  ],
  actions: [
    {
      name: 'schedule',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['PENDING'],
      to: 'SCHEDULED',
      confirm: true,
    },
    {
      name: 'cancel',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['SCHEDULED'],
      to: 'PENDING',
      bulk: true,
      confirm: true,
    },
  ],
} as const satisfies ResourceDeclaration;
