// Account security (issue 24 items 2-4): the LOCK after too many wrong passwords (or second-factor
// codes) in a row, unlocking, an administrator's forced password reset (26202 at the next sign-in),
// and a user's signed-in sessions. The counters and the lock are columns of `users`, so every
// instance sharing the database sees them at once; the per-IP throttle (rate-limit.ts) stays apart.
// Who may act on whom is the user admin's rule (users.ts targetUser, UPDATE on `user`).
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SignedInSession } from '../../../contract/auth';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { loginSessions, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { ACCOUNT_LOCKED_MAIL, issueEmailAction } from './email-actions';
import { revokeUserLogins } from './sessions';
import { auditActorOf, recordUserAudit } from './user-audit';

export interface LockDeps {
  db: Db;
  config: Pick<Config, 'loginMaxFailuresPerAccount'>;
}

/**
 * Counts one wrong password (or second-factor code) of an ENABLE user; the LOGIN_MAX_FAILURES-th in
 * a row moves them to LOCK (one statement, so two instances counting at once lock once), ends every
 * login of theirs, audits `lock` (by the system) and mails them a reset-password link. A user in any
 * other state is not counted (a DISABLE user never becomes LOCK). Answers whether this call locked.
 */
export const recordFailedSignIn = async ({ db, config }: LockDeps, userId: number): Promise<boolean> => {
  const max = config.loginMaxFailuresPerAccount;
  const locked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        failedSignIns: sql`${users.failedSignIns} + 1`,
        state: sql`case when ${users.failedSignIns} + 1 >= ${max} then 'LOCK' else ${users.state} end`,
        lockedAt: sql`case when ${users.failedSignIns} + 1 >= ${max} then now() else ${users.lockedAt} end`,
      })
      .where(and(eq(users.id, userId), eq(users.state, 'ENABLE')))
      .returning();
    // only an ENABLE row is updated, so LOCK here means this very call locked it
    if (row?.state !== 'LOCK') return null;
    await revokeUserLogins(tx, row.id, 'user-locked');
    await recordUserAudit(tx, null, 'lock', row, {
      before: { state: 'ENABLE' },
      after: { state: 'LOCK', lockedAt: row.lockedAt, failedSignIns: row.failedSignIns },
    });
    return row;
  });
  if (!locked) return false;
  // after the commit: the lock holds even if the mail cannot be recorded
  await issueEmailAction(db, locked.id, 'forgetPwd', ACCOUNT_LOCKED_MAIL);
  return true;
};

/** A successful sign-in starts the count again (no write when there is nothing to clear). */
export const clearFailedSignIns = async (
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'failedSignIns'>,
): Promise<void> => {
  if (user.failedSignIns === 0) return;
  await db
    .update(users)
    .set({ failedSignIns: 0 })
    .where(and(eq(users.id, user.id), eq(users.state, 'ENABLE')));
};

/** What setting a user's state (or resetting their password) clears of a lock. */
const NOT_LOCKED = { failedSignIns: 0, lockedAt: null } as const;

/** An unlock's or a password reset's clearing: the lock, the count, and (from now) the sign-in throttle. */
export const cleared = (now: Date) => ({ ...NOT_LOCKED, signInsClearedAt: now });

/**
 * Inside resetPassword's transaction: a LOCK user who sets a new password with an e-mailed link
 * (the lock mail's, a forgot-password mail's, or 26202's) is ENABLE again, audited `unlock` by
 * themself; any user's count of failed sign-ins starts again, and the sign-in throttle forgets what
 * it counted against the account. Other states stay as they are.
 */
export const unlockByPasswordReset = async (tx: DbOrTx, user: UserRow): Promise<void> => {
  const now = new Date();
  if (user.state !== 'LOCK') {
    await tx.update(users).set({ failedSignIns: 0, signInsClearedAt: now }).where(eq(users.id, user.id));
    return;
  }
  await tx
    .update(users)
    .set({ state: 'ENABLE', ...cleared(now), updateTime: now })
    .where(and(eq(users.id, user.id), eq(users.state, 'LOCK')));
  await recordUserAudit(tx, auditActorOf(user), 'unlock', user, {
    before: { state: 'LOCK', lockedAt: user.lockedAt },
    after: { state: 'ENABLE', by: 'password-reset' },
  });
};

/**
 * POST /user/{id}/unlock: LOCK → ENABLE (the count starts again, and the sign-in throttle forgets
 * what it counted against the account: the right password works at once), audited `unlock`. An ENABLE user
 * answers unchanged (no audit entry); any other state is 11 STATE_TRANSITION_NOT_ALLOWED.
 */
export const unlockUser = async (db: Db, actor: UserRow, target: UserRow): Promise<UserRow> =>
  db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
    if (!current) throw new AppError('USER_NOT_FOUND');
    if (current.state === 'ENABLE') return current;
    if (current.state !== 'LOCK') {
      throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
        { field: 'state', message: `a ${current.state} user is not locked` },
      ]);
    }
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({ state: 'ENABLE', ...cleared(now), updateTime: now })
      .where(eq(users.id, target.id))
      .returning();
    if (!row) throw new AppError('USER_NOT_FOUND');
    await recordUserAudit(tx, auditActorOf(actor), 'unlock', row, {
      before: { state: 'LOCK', lockedAt: current.lockedAt },
      after: { state: 'ENABLE' },
    });
    return row;
  });

/** States in which a forced reset means something (the user has or had a password of their own). */
const RESETTABLE: readonly string[] = ['ENABLE', 'LOCK', 'DISABLE'];

/**
 * POST /user/{id}/require-password-reset: sets mustResetPassword (the next right password answers
 * 26202 with a reset token) and ends every login of the user at once, audited
 * `require-password-reset`. Already required: ends their logins again, no new audit entry. A user
 * still invited or deleted: 11.
 */
export const requirePasswordReset = async (db: Db, actor: UserRow, target: UserRow): Promise<UserRow> =>
  db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
    if (!current) throw new AppError('USER_NOT_FOUND');
    if (!RESETTABLE.includes(current.state)) {
      throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
        { field: 'state', message: `a ${current.state} user has no password to reset` },
      ]);
    }
    await revokeUserLogins(tx, current.id, 'password-reset-required');
    if (current.mustResetPassword) return current;
    const [row] = await tx
      .update(users)
      .set({ mustResetPassword: true, updateTime: new Date() })
      .where(eq(users.id, current.id))
      .returning();
    if (!row) throw new AppError('USER_NOT_FOUND');
    await recordUserAudit(tx, auditActorOf(actor), 'require-password-reset', row, {
      // (a key naming a password would be redacted by recordAudit)
      before: { resetRequired: false },
      after: { resetRequired: true },
    });
    return row;
  });

// ---- sessions ----

/** contract/auth.ts SignedInSession, its times as Dates (the serializer writes them). */
export type SessionView = Omit<SignedInSession, 'createTime' | 'lastUsedAt' | 'expiresAt'> & {
  createTime: Date;
  lastUsedAt: Date;
  expiresAt: Date;
};

/** "Chrome 131 on Windows" from a User-Agent; the header is the client's word, shown as a hint only. */
export const browserOf = (userAgent: string | null | undefined): string => {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : undefined;
  const system = os.name;
  if (name && system) return `${name} on ${system}`;
  return name ?? (system ? `Browser on ${system}` : userAgent.slice(0, 60));
};

/** The User-Agent as a login stores it. */
export const userAgentOf = (header: string | string[] | undefined): string | null =>
  typeof header === 'string' && header.trim() !== '' ? header.trim().slice(0, 512) : null;

/** The user's logins that still work, most recently used first. */
export const listSessions = async (db: Db, userId: number, currentTid: string): Promise<SessionView[]> => {
  const rows = await db
    .select()
    .from(loginSessions)
    .where(
      and(
        eq(loginSessions.userId, userId),
        isNull(loginSessions.revokedAt),
        gt(loginSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(loginSessions.lastUsedAt), desc(loginSessions.createTime));
  return rows.map((r) => ({
    id: r.id,
    browser: browserOf(r.userAgent),
    userAgent: r.userAgent,
    ip: r.ip,
    createTime: r.createTime,
    lastUsedAt: r.lastUsedAt,
    expiresAt: r.expiresAt,
    current: r.id === currentTid,
  }));
};

/**
 * DELETE /user/me/sessions/{id}: ends one login of the caller's own (the current one too: that is
 * a logout). Another user's login, an ended one or an unknown id: 5 NOT_FOUND, alike.
 */
export const signOutOwnSession = async (db: Db, userId: number, sessionId: string): Promise<void> => {
  const ended = await db
    .update(loginSessions)
    .set({ revokedAt: new Date(), revokeReason: 'signed-out-by-user' })
    .where(
      and(eq(loginSessions.id, sessionId), eq(loginSessions.userId, userId), isNull(loginSessions.revokedAt)),
    )
    .returning({ id: loginSessions.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND');
};

/**
 * DELETE /user/me/sessions: ends every other login of the caller, keeping the one that asks (after
 * turning two-factor on, the logins made with the password alone: issue 41). Answers how many ended.
 */
export const signOutOtherSessions = async (
  db: Db,
  userId: number,
  currentSessionId: string,
): Promise<number> => {
  const ended = await db
    .update(loginSessions)
    .set({ revokedAt: new Date(), revokeReason: 'signed-out-others-by-user' })
    .where(
      and(
        eq(loginSessions.userId, userId),
        isNull(loginSessions.revokedAt),
        ne(loginSessions.id, currentSessionId),
      ),
    )
    .returning({ id: loginSessions.id });
  return ended.length;
};

/** DELETE /user/{id}/sessions: ends every login of the user, audited `sign-out-everywhere`. */
export const signOutEverywhere = async (db: Db, actor: UserRow, target: UserRow): Promise<number> =>
  db.transaction(async (tx) => {
    const ended = await tx
      .update(loginSessions)
      .set({ revokedAt: new Date(), revokeReason: 'signed-out-by-admin' })
      .where(and(eq(loginSessions.userId, target.id), isNull(loginSessions.revokedAt)))
      .returning({ id: loginSessions.id });
    await recordUserAudit(tx, auditActorOf(actor), 'sign-out-everywhere', target, {
      after: { sessionsEnded: ended.length },
    });
    return ended.length;
  });

/**
 * A refresh marks its login used (and from where), at most once a minute per login: the cost is one
 * indexed UPDATE that mostly matches nothing.
 */
export const touchSession = async (db: Db, sessionId: string, ip: string | undefined): Promise<void> => {
  await db
    .update(loginSessions)
    .set({ lastUsedAt: new Date(), ...(ip ? { ip } : {}) })
    .where(
      and(eq(loginSessions.id, sessionId), sql`${loginSessions.lastUsedAt} < now() - interval '1 minute'`),
    );
};
