// The store's stamping PIN: set or reset (argon2id hash only), its status, the check a PIN stamping
// makes, and the lockout after 5 wrong PINs within 15 minutes (6622).
import { and, desc, eq, gte } from 'drizzle-orm';
import type { PinStatus as WirePinStatus } from '../../../contract/stamping';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { pinFailures, store, storePins } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { type Caller, staffIdOf } from '../../resources/principal';
import { callerScopeOf } from '../../resources/row-scope';
import { actor, fail, storeDecl } from './stamping';

/** PIN stamping: this many wrong PINs for a store within the window lock it (6622). */
export const PIN_MAX_FAILURES = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;

/** When the store's PIN stamping is locked (5 wrong PINs in the window), else null. */
export const pinLockedUntil = async (db: DbOrTx, storeId: number, now: Date): Promise<Date | null> => {
  const recent = await db
    .select({ at: pinFailures.at })
    .from(pinFailures)
    .where(
      and(eq(pinFailures.storeId, storeId), gte(pinFailures.at, new Date(now.getTime() - PIN_WINDOW_MS))),
    )
    .orderBy(desc(pinFailures.at))
    .limit(PIN_MAX_FAILURES);
  if (recent.length < PIN_MAX_FAILURES) return null;
  const oldest = recent.at(-1);
  return oldest ? new Date(oldest.at.getTime() + PIN_WINDOW_MS) : null;
};

export const assertPin = async (tx: DbOrTx, storeId: number, pin: string, now: Date): Promise<void> => {
  const locked = await pinLockedUntil(tx, storeId, now);
  if (locked)
    throw fail(
      'TOO_MANY_PIN_TRIES',
      'pin',
      `PIN stamping at this store is locked until ${locked.toISOString()}`,
    );
  const [row] = await tx
    .select({ hash: storePins.pinHash })
    .from(storePins)
    .where(eq(storePins.storeId, storeId));
  if (!row || !(await verifyPassword(row.hash, pin)))
    throw fail('INVALID_PIN', 'pin', 'is not the store PIN');
};

const visibleStore = async (db: DbOrTx, caller: Caller, storeId: number): Promise<number> => {
  const [row] = await db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.id, storeId), callerScopeOf(storeDecl, store, caller)));
  if (!row) throw new AppError(storeDecl.errors?.notFound ?? 'NOT_FOUND');
  return row.id as number;
};

export type PinStatus = WirePinStatus<Date>;

/** Whether the store has a PIN, since when, and until when PIN stamping is locked. */
export const pinStatus = async (
  db: DbOrTx,
  caller: Caller,
  storeId: number,
  now = new Date(),
): Promise<PinStatus> => {
  const id = await visibleStore(db, caller, storeId);
  const [row] = await db.select({ setAt: storePins.setAt }).from(storePins).where(eq(storePins.storeId, id));
  return {
    storeId: id,
    pinSet: row !== undefined,
    setAt: row?.setAt ?? null,
    lockedUntil: await pinLockedUntil(db, id, now),
  };
};

/** Sets or resets the store's PIN (argon2id hash only); a new PIN clears the lockout. */
export const setStorePin = async (
  tx: DbOrTx,
  caller: Caller,
  storeId: number,
  pin: string,
  now = new Date(),
): Promise<PinStatus> => {
  const id = await visibleStore(tx, caller, storeId);
  const pinHash = await hashPassword(pin);
  const setBy = staffIdOf(caller);
  await tx
    .insert(storePins)
    .values({ storeId: id, pinHash, setBy, setAt: now })
    .onConflictDoUpdate({ target: storePins.storeId, set: { pinHash, setBy, setAt: now } });
  await tx.delete(pinFailures).where(eq(pinFailures.storeId, id));
  await recordAudit(tx, {
    actor: actor(caller),
    action: 'set-pin',
    resource: 'store',
    recordId: id,
    companyId: caller.companyId,
    after: { pinSet: true },
  });
  return { storeId: id, pinSet: true, setAt: now, lockedUntil: null };
};
