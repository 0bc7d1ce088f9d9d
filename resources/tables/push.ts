import { PUSH_AUDIENCES, PUSH_NOTIFICATION_STATES } from '../../contract/enums';
import {
  DETAIL_VIEWS,
  filterableReference,
  MEMBER_PHONE,
  PUSH_BODY,
  PUSH_TITLE,
  READ_VIEWS,
  SHARED_ACCESS,
  stateField,
} from '../fragments';
import type { ResourceDeclaration } from '../types';

/** How many of a push's deliveries went out or failed: counted by the sender. */
const DELIVERY_COUNT = {
  type: 'number',
  integer: true,
  min: 0,
  default: 0,
  readOnly: true,
  sortable: true,
  views: READ_VIEWS,
} as const;

/**
 * One push notification (docs/operations.md "Push notifications"): a title and body (typed, or taken from
 * a template by the form) with `{name}`-style placeholders filled per member, an audience resolved
 * when it is sent, and a time. PENDING (a draft, edited freely) → schedule → SCHEDULED → sent by the
 * job runner (server/domains/push/push-sender.ts) → COMPLETED with its counts, or FAILED with `failureReason`.
 * Cancel takes a SCHEDULED push back to PENDING until sending starts. Schedule and cancel are
 * operations of their own (server/domains/push/push.routes.ts); what is being sent or was sent stays as it was.
 */
export const push = {
  name: 'push',
  path: '/push',
  route: '/communications/pushNotifications',
  title: 'common.screens.push_notifications',
  menu: { group: 'communications', order: 2, label: 'menu.communications.push' },
  when: 'pushAllowed',
  permission: 'push',
  access: { ...SHARED_ACCESS, DELETE: [] },
  scope: 'company',
  recordRepresentation: 'title',
  defaultSort: { field: 'createTime', direction: 'desc' },
  audit: true,
  fields: [
    {
      ...filterableReference('templateId', 'pushTemplates'),
      help: 'Fills the title and body from a template; they can still be edited',
      // the list shows the title the template filled in; the template is on the show page
      views: ['show', 'edit', 'create'],
    },
    PUSH_TITLE,
    { ...PUSH_BODY, views: DETAIL_VIEWS },
    {
      name: 'audience',
      type: 'select',
      choices: PUSH_AUDIENCES,
      required: true,
      default: 'ALL_MEMBERS',
      filter: ['eq', 'in'],
    },
    filterableReference('audienceBrandId', 'brand'),
    filterableReference('audienceStoreId', 'store'),
    { name: 'audienceMobile', ...MEMBER_PHONE, filter: ['eq'], views: DETAIL_VIEWS },
    {
      ...filterableReference('segmentId', 'segments'),
      help: 'The segment a SEGMENT push goes to: its members when the push is sent',
    },
    {
      name: 'segmentFilter',
      type: 'json',
      shape: 'list',
      readOnly: true,
      views: ['show'],
      help: "The segment's filter as it stood when sending began: who the deliveries went to",
    },
    { name: 'scheduledAt', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
    { ...stateField(PUSH_NOTIFICATION_STATES, 'PENDING'), operationOnly: true },
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
    { name: 'sentCount', ...DELIVERY_COUNT },
    { name: 'failedCount', ...DELIVERY_COUNT },
    { name: 'failureReason', type: 'text', maxLength: 500, readOnly: true, views: ['show'] },
  ],
  rules: [
    { kind: 'requiredWhen', field: 'audienceBrandId', when: { field: 'audience', in: ['BRAND'] } },
    { kind: 'requiredWhen', field: 'audienceStoreId', when: { field: 'audience', in: ['STORE'] } },
    { kind: 'requiredWhen', field: 'audienceMobile', when: { field: 'audience', in: ['MEMBER'] } },
    { kind: 'requiredWhen', field: 'segmentId', when: { field: 'audience', in: ['SEGMENT'] } },
  ],
  frozen: [
    'templateId',
    'title',
    'body',
    'audience',
    'audienceBrandId',
    'audienceStoreId',
    'audienceMobile',
    'segmentId',
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
    // the sending job's arrows (server/domains/push/push-sender.ts): nobody runs them through the API
    { name: 'complete', roles: [], field: 'state', from: ['SCHEDULED'], to: 'COMPLETED', operation: true },
    { name: 'fail', roles: [], field: 'state', from: ['SCHEDULED'], to: 'FAILED', operation: true },
  ],
} as const satisfies ResourceDeclaration;
