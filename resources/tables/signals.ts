import { SIGNAL_KINDS, SIGNAL_STATES } from '../../contract/enums';
import { filterableReference, MEMBER_PHONE, READ_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A fraud signal (issue 24): what the signals job (server/domains/stamping/signals.ts) saw in the stamping
 * ledger, in plain words, with the numbers and the transactions it saw it in. Raised OPEN by the job
 * only, once per subject and window (`subjectKey`); read by operators and by the company's own people;
 * `resolve` (an operation of its own, with a note, audited) closes it. Thresholds: docs/decisions.md
 * "Fraud signals".
 */
export const signals = {
  name: 'signals',
  path: '/signals',
  route: '/transaction/signals',
  title: 'common.screens.signals',
  // merchants reach their own company's signals from "Waiting for you" (spec 6: no Transaction group)
  menu: { group: 'risk', order: 1, label: 'menu.risk.signals', roles: ['operator'] },
  permission: 'signal',
  // raised by the job, never written through the generic routes; resolved by POST /signals/{id}/resolve
  access: READ_ONLY_ACCESS,
  scope: 'company',
  recordRepresentation: 'summary',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'kind',
      type: 'select',
      choices: SIGNAL_KINDS,
      required: true,
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'state',
      type: 'select',
      choices: SIGNAL_STATES,
      default: 'OPEN',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'summary',
      type: 'text',
      required: true,
      maxLength: 500,
      readOnly: true,
      search: true,
      help: 'What the job saw, in plain words',
    },
    { ...filterableReference('storeId', 'store'), readOnly: true },
    { ...filterableReference('deviceId', 'devices'), readOnly: true, views: ['show'] },
    { ...filterableReference('staffId', 'users'), readOnly: true, views: ['show'] },
    { name: 'memberMobile', ...MEMBER_PHONE, readOnly: true, filter: ['eq'], views: ['show'] },
    {
      name: 'windowStart',
      type: 'datetime',
      required: true,
      readOnly: true,
      filter: ['gte', 'lte'],
      sortable: true,
    },
    { name: 'windowEnd', type: 'datetime', required: true, readOnly: true, views: ['show'] },
    {
      name: 'figures',
      type: 'json',
      shape: 'object',
      readOnly: true,
      views: ['show'],
      help: 'The numbers behind the signal',
    },
    {
      name: 'transactionIds',
      type: 'json',
      shape: 'list',
      readOnly: true,
      views: ['show'],
      help: 'The stamps transactions it saw',
    },
    {
      name: 'subjectKey',
      type: 'text',
      required: true,
      maxLength: 200,
      readOnly: true,
      views: ['show'],
      help: 'What and when: one signal per subject and window',
    },
    { name: 'note', type: 'text', maxLength: 500, multiline: true, readOnly: true, views: ['show'] },
    { name: 'resolvedBy', type: 'reference', reference: 'users', readOnly: true, views: ['show'] },
    { name: 'resolvedAt', type: 'datetime', readOnly: true, views: ['list', 'show'], sortable: true },
  ],
  uniques: [
    // re-running the job raises nothing new for a subject and window it already raised
    { name: 'signals_subject_key', fields: ['subjectKey'], error: 'ALREADY_EXISTS' },
  ],
  actions: [
    {
      name: 'resolve',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['OPEN'],
      to: 'RESOLVED',
      stampField: 'resolvedAt',
      operation: true,
    },
  ],
} as const satisfies ResourceDeclaration;
