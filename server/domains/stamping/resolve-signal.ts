// Resolving a fraud signal: OPEN → RESOLVED with the resolver's note, audited
// (the route is signals.routes.ts, `POST /signals/{id}/resolve`).
import { fieldViolation } from '../../../contract/validation';
import { signals as signalsDecl } from '../../../resources/tables/signals';
import type { DbOrTx } from '../../platform/audit';
import { signals } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { allowedMove, lockInScope, moveLocked } from '../../resources/transition';

export const NOTE_MAX = 500;

/**
 * OPEN → RESOLVED with the resolver's note (1 to 500 characters, else 2): the caller's own company's
 * signal (another's is 5), once (a RESOLVED one is 11), audited with the row before and after.
 */
export const resolveSignal = async (tx: DbOrTx, caller: Caller, id: number, note: string) => {
  const text = note.trim();
  if (text === '' || text.length > NOTE_MAX)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      text === ''
        ? fieldViolation('note', 'required')
        : fieldViolation('note', 'max_length', { max: NOTE_MAX }),
    ]);
  const before = await lockInScope<{ id: number; companyId: number | null; state: string }>(
    tx,
    caller,
    { decl: signalsDecl, table: signals },
    id,
  );
  allowedMove(signalsDecl, 'resolve', before, 'signal');
  const now = new Date();
  return moveLocked(tx, caller, { decl: signalsDecl, table: signals }, before, 'resolve', {
    state: 'RESOLVED',
    note: text,
    resolvedBy: caller.id,
    resolvedAt: now,
    updateTime: now,
  });
};
