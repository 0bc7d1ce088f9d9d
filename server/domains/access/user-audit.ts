// The audit rows about user accounts (resource `users`): who did what to whose account.
import { type AuditActor, type DbOrTx, recordAudit } from '../../platform/audit';
import type { UserRow } from '../../platform/db/schema';

/** A user as the audit log names who acted. */
export const auditActorOf = (row: Pick<UserRow, 'id' | 'email'>): AuditActor => ({
  id: row.id,
  email: row.email,
});

/**
 * Records `action` on `user`'s account by `actor` (null for the system itself), with what changed
 * (`before`, `after`; left out when nothing worth keeping did, as for a secret).
 */
export const recordUserAudit = (
  tx: DbOrTx,
  actor: AuditActor | null,
  action: string,
  user: Pick<UserRow, 'id' | 'companyId'>,
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> =>
  recordAudit(tx, {
    actor,
    action,
    resource: 'users',
    recordId: user.id,
    companyId: user.companyId,
    ...change,
  });
