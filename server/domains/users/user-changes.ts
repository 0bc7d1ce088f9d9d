// Changes to a portal user: profile (name, mobile, country), password, deletion (soft or hard) and the
// ENABLE / DISABLE switch, each in one transaction, audited when someone else makes it.
import { and, eq, ne } from 'drizzle-orm';
import type { UserState } from '../../../contract/enums';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { sqlState } from '../../platform/db/errors';
import { loginSessions, type NewUserRow, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { SignedInUser } from '../../resources/principal';
import { cleared } from '../access/account-security';
import { revokeUserLogins } from '../access/sessions';
import { auditActorOf, recordUserAudit } from '../access/user-audit';
import { mapDuplicate, normaliseMobile, userSnapshot } from './users';

export interface InfoPatch {
  name?: string | undefined;
  mobile?: string | null | undefined;
  country?: string | undefined;
}

/** Updates name, mobile or country; a change by someone else is audited (same transaction). */
export const updateInfo = async (
  db: Db,
  actor: UserRow,
  target: UserRow,
  patch: InfoPatch,
): Promise<UserRow> => {
  const set: Partial<NewUserRow> = { updateTime: new Date() };
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.mobile !== undefined) set.mobile = normaliseMobile(patch.mobile);
  if (patch.country !== undefined) set.country = patch.country;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();
      if (!row) throw new AppError('USER_NOT_FOUND');
      if (actor.id !== target.id) {
        await recordUserAudit(tx, auditActorOf(actor), 'update', row, {
          before: userSnapshot(target),
          after: userSnapshot(row),
        });
      }
      return row;
    });
  } catch (e) {
    return mapDuplicate(e);
  }
};

/**
 * Changes a password. Changing one's own needs the current password (26203 when wrong) and ends
 * the user's other logins; an operator resetting someone else's needs none and ends all of theirs.
 */
export const changePassword = async (
  db: Db,
  actor: SignedInUser,
  target: UserRow,
  input: { oldPassword?: string | undefined; password: string },
  currentLogin: string,
): Promise<void> => {
  const self = actor.row.id === target.id;
  if (self) {
    const okOld =
      input.oldPassword !== undefined &&
      target.passwordHash !== null &&
      (await verifyPassword(target.passwordHash, input.oldPassword));
    if (!okOld) throw new AppError('OLD_PASSWORD_INCORRECT');
  } else if (actor.row.type !== 'OPERATOR') {
    throw new AppError('ACCESS_DENIED');
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustResetPassword: false, updateTime: new Date() })
      .where(eq(users.id, target.id));
    if (self) {
      await tx
        .update(loginSessions)
        .set({ revokedAt: new Date(), revokeReason: 'password-changed' })
        .where(and(eq(loginSessions.userId, target.id), ne(loginSessions.id, currentLogin)));
    } else {
      await revokeUserLogins(tx, target.id, 'password-reset');
      // no before/after: the only change is a secret
      await recordUserAudit(tx, auditActorOf(actor.row), 'resetPassword', target);
    }
  });
};

/**
 * Soft: state DELETE and every login ended (the row stays for history). Hard: the row goes.
 * Either way one transaction with its audit entry.
 */
export const deleteUser = async (db: Db, actor: UserRow, target: UserRow, soft: boolean): Promise<void> => {
  const entry = {
    actor: auditActorOf(actor),
    action: 'delete',
    resource: 'users',
    recordId: target.id,
    companyId: target.companyId,
    before: userSnapshot(target),
  };
  if (soft) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ state: 'DELETE', updateTime: new Date() })
        .where(eq(users.id, target.id))
        .returning();
      await revokeUserLogins(tx, target.id, 'user-deleted');
      await recordAudit(tx, { ...entry, after: row ? userSnapshot(row) : null });
    });
    return;
  }
  try {
    await db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, target.id));
      await recordAudit(tx, entry);
    });
  } catch (e) {
    // rows of other tables (history, devices, ...) still point at the user
    if (sqlState(e) === '23503') throw new AppError('USER_IN_USE');
    throw e;
  }
};

/** The states `PATCH /user/{id}/state` switches between, and the states each may be reached from. */
export type SwitchableState = 'ENABLE' | 'DISABLE';
const SWITCH_FROM: Record<SwitchableState, readonly UserState[]> = {
  // LOCK → ENABLE is "unlock"
  ENABLE: ['DISABLE', 'LOCK'],
  DISABLE: ['ENABLE', 'LOCK'],
};

/**
 * Enables or disables a user: one transaction with its audit entry (`enable` / `disable`, `{state}`
 * before and after); disabling ends every login of the user at once. The current state answers
 * unchanged, with no audit entry. A user still waiting for activation, or deleted, cannot be
 * switched (26201).
 */
export const setUserState = async (
  db: Db,
  actor: UserRow,
  target: UserRow,
  state: SwitchableState,
): Promise<UserRow> =>
  db.transaction(async (tx) => {
    // the row is read again under a lock, so two admins switching at once are serialised
    const [current] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
    if (!current) throw new AppError('USER_NOT_FOUND');
    if (current.state === state) return current;
    // 26201 is reserved for the caller's own state (the portal signs them out on it)
    if (!SWITCH_FROM[state].includes(current.state)) {
      throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
        { field: 'state', message: `a ${current.state} user cannot be set to ${state}` },
      ]);
    }
    const now = new Date();
    const [row] = await tx
      .update(users)
      // leaving LOCK either way: the lock, its count and what the sign-in throttle counted are over
      .set({ state, updateTime: now, ...cleared(now) })
      .where(eq(users.id, target.id))
      .returning();
    if (!row) throw new AppError('USER_NOT_FOUND');
    if (state === 'DISABLE') await revokeUserLogins(tx, target.id, 'user-disabled');
    await recordUserAudit(tx, auditActorOf(actor), state === 'DISABLE' ? 'disable' : 'enable', row, {
      before: { state: current.state },
      after: { state: row.state },
    });
    return row;
  });
