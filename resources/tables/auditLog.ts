import { READ_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Who did what, when, with the row before and after: every approval decision, invitation,
 * permission or group change, organisation change, operation and declared table's change
 * (docs/api.md). Written only by the server (server/platform/audit.ts), never edited. Operators read
 * every entry; a merchant (the company's owner, or a colleague granted VIEW on auditLog) reads the
 * entries of their own company only (server/resources/visibility.ts), never another's.
 */
export const auditLog = {
  name: 'auditLog',
  path: '/audit-logs',
  route: '/config/audit-log',
  title: 'common.screens.audit_log',
  permission: 'auditLog',
  access: READ_ONLY_ACCESS,
  scope: 'none',
  recordRepresentation: 'action',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    // plain numbers, not references: the log outlives the users and companies it names
    { name: 'actorId', type: 'number', integer: true, readOnly: true, filter: ['eq', 'in'] },
    {
      name: 'actorEmail',
      type: 'email',
      maxLength: 254,
      readOnly: true,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    {
      name: 'action',
      type: 'text',
      maxLength: 64,
      readOnly: true,
      search: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'resource',
      type: 'text',
      maxLength: 64,
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    { name: 'recordId', type: 'text', maxLength: 64, readOnly: true, filter: ['eq', 'in'] },
    { name: 'companyId', type: 'number', integer: true, readOnly: true, filter: ['eq', 'in'] },
    { name: 'before', type: 'json', shape: 'object', readOnly: true, views: ['show'] },
    { name: 'after', type: 'json', shape: 'object', readOnly: true, views: ['show'] },
  ],
} as const satisfies ResourceDeclaration;
