// The audit log: who did what, when, to which row, with the row before and after. Every approval
// decision, invitation, permission or group change and organisation change writes one entry, in the
// same transaction as the change itself, so a change is never recorded without happening or the
// other way round. Operators read the log through the declared resource `auditLog`.
import type { Db } from './db/client';
import { auditLog } from './db/schema';

/** A transaction on the database, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A database or a transaction on it: audit entries are written inside the caller's transaction. */
export type DbOrTx = Db | Tx;

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

export const recordAudit = async (db: DbOrTx, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values({
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
