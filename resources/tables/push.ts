import { PUSH_AUDIENCES, PUSH_NOTIFICATION_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * One push notification (docs/operations.md "Push notifications"): a title and body (typed, or taken from
 * a template by the form) with `{name}`-style placeholders filled per member, an audience resolved
 * when it is sent, and a time. PENDING (a draft, edited freely) → schedule → SCHEDULED → sent by the
 * job runner (server/services/push.ts) → COMPLETED with its counts, or FAILED with `failureReason`.
 * Cancel takes a SCHEDULED push back to PENDING until sending starts. Schedule and cancel are
 * operations of their own (server/routes/push.ts); what is being sent or was sent stays as it was.
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
  audit: true,
  fields: [
    {
      name: 'templateId',
      type: 'reference',
      reference: 'pushTemplates',
      filter: ['eq', 'in'],
      help: 'Fills the title and body from a template; they can still be edited',
      // the list shows the title the template filled in; the template is on the show page
      views: ['show', 'edit', 'create'],
    },
    {
      name: 'title',
      type: 'text',
      required: true,
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
      views: ['show', 'edit', 'create'],
      placeholders: true,
    },
    {
      name: 'audience',
      type: 'select',
      choices: PUSH_AUDIENCES,
      required: true,
      default: 'ALL_MEMBERS',
      filter: ['eq', 'in'],
    },
    { name: 'audienceBrandId', type: 'reference', reference: 'brand', filter: ['eq', 'in'] },
    { name: 'audienceStoreId', type: 'reference', reference: 'store', filter: ['eq', 'in'] },
    {
      name: 'audienceMobile',
      type: 'phone',
      member: true,
      maxLength: 20,
      filter: ['eq'],
      views: ['show', 'edit', 'create'],
    },
    { name: 'scheduledAt', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
    {
      name: 'state',
      type: 'select',
      choices: PUSH_NOTIFICATION_STATES,
      default: 'PENDING',
      filter: ['eq', 'in'],
      sortable: true,
      operationOnly: true,
    },
    {
      name: 'startedAt',
      type: 'datetime',
      readOnly: true,
      views: ['show'],
      help: 'When sending began; a push being sent can no longer be cancelled',
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
    {
      name: 'failedCount',
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
  rules: [
    { kind: 'requiredWhen', field: 'audienceBrandId', when: { field: 'audience', in: ['BRAND'] } },
    { kind: 'requiredWhen', field: 'audienceStoreId', when: { field: 'audience', in: ['STORE'] } },
    { kind: 'requiredWhen', field: 'audienceMobile', when: { field: 'audience', in: ['MEMBER'] } },
  ],
  frozen: [
    'templateId',
    'title',
    'body',
    'audience',
    'audienceBrandId',
    'audienceStoreId',
    'audienceMobile',
    'scheduledAt',
  ].map((field) => ({
    field,
    while: { field: 'state', in: ['SCHEDULED', 'COMPLETED', 'FAILED'] },
    error: 'STATE_TRANSITION_NOT_ALLOWED' as const,
  })),
  actions: [
    {
      name: 'schedule',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['PENDING'],
      to: 'SCHEDULED',
      confirm: true,
      operation: true,
    },
    {
      name: 'cancel',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['SCHEDULED'],
      to: 'PENDING',
      confirm: true,
      operation: true,
    },
    // the sending job's arrows (server/services/push.ts): nobody runs them through the API
    { name: 'complete', roles: [], field: 'state', from: ['SCHEDULED'], to: 'COMPLETED', operation: true },
    { name: 'fail', roles: [], field: 'state', from: ['SCHEDULED'], to: 'FAILED', operation: true },
  ],
} as const satisfies ResourceDeclaration;
