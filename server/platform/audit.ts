// The audit log: who did what, when, to which row, with the row before and after. Every approval
// decision, invitation, permission or group change and organisation change writes one entry, in the
// same transaction as the change itself, so a change is never recorded without happening or the
// other way round. Operators read the log through the declared resource `auditLog`.
import type { DbOrTx } from './db/client';
import { preparedInsert } from './db/prepared';
import { auditLog } from './db/schema';

// where they are written: the database or the caller's transaction (server/platform/db/client.ts)
export type { DbOrTx, Tx } from './db/client';

export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditEntry {
  /** null for the system itself (the first operator, scripts) */
  actor: AuditActor | null;
  /** what happened: create, update, delete, approve, reject, invite, permissions, groups, ... */
  action: string;
  /** the resource (declaration name, or `users`, `userGroups`) */
  resource: string;
  recordId?: number | string | null;
  /** the company the row belongs to, when it belongs to one */
  companyId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Keys never copied into the log, whatever the row: secrets stay where they are. */
const SECRET_KEY = /password|token|secret|hash/i;

/** A JSON-safe copy of a row without its secrets; undefined stays undefined (stored as null). */
export const redact = (value: unknown): unknown => {
  if (value === undefined || value === null) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!SECRET_KEY.test(k)) out[k] = redact(v);
    }
    return out;
  }
  return value;
};

/** The audit row's insert: prepared once, as every operation writes one. */
const insertAudit = preparedInsert('audit_log_insert', auditLog, [
  'actorId',
  'actorEmail',
  'action',
  'resource',
  'recordId',
  'companyId',
  'before',
  'after',
]);

export const recordAudit = async (db: DbOrTx, entry: AuditEntry): Promise<void> => {
  await insertAudit(db, {
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    companyId: entry.companyId ?? null,
    before: (redact(entry.before) ?? null) as Record<string, unknown> | null,
    after: (redact(entry.after) ?? null) as Record<string, unknown> | null,
  });
};
