// Two-factor sign-in (issue 24 item 1; docs/api.md "Two-factor sign-in", docs/decisions.md
// "Two-factor sign-in"): TOTP (RFC 6238, the otpauth library) enrolled from Settings > Profile, ten
// single-use recovery codes, and the sign-in challenge that get-token hands out instead of tokens to
// a user who has a second factor. Everything lives in the database (sealed secret, hashed codes,
// hashed challenges), so any instance completes what another began.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  BLOCKED_USER_STATES,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  TWO_FACTOR_CHALLENGE_TTL_S,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_RECOVERY_CODE_COUNT,
  type TwoFactorChallengeData,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '../../../contract';
import { TWO_FACTOR_SETTING_OF } from '../../../contract/system-config';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import {
  loginSessions,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  type UserRow,
  users,
  userTwoFactor,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/tokens';
import { createEmailActionToken } from '../access/email-actions';
import { revokeUserLogins } from '../access/sessions';
import { auditActorOf, recordUserAudit } from '../access/user-audit';
import { systemSettingIsOn } from '../config/system-config';

type SealConfig = Pick<Config, 'jwtSecret'>;

// ---- the secret at rest: AES-256-GCM under a key derived from the JWT secret (kept outside the DB) ----

const sealKey = (config: SealConfig): Buffer =>
  Buffer.from(hkdfSync('sha256', config.jwtSecret, Buffer.alloc(0), 'two-factor-secret', 32));

const sealSecret = (config: SealConfig, base32: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(config), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
};

const unsealSecret = (config: SealConfig, sealed: string): string => {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(config), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};

const totpOf = (base32: string, label: string): TOTP =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(base32),
  });

// ---- recovery codes: 16 characters of an alphabet without look-alikes (80 bits), shown in groups ----

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const newRecoveryCode = (): string => {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
};

/** A typed recovery code as stored: lower case, spaces and dashes dropped, then grouped again. */
const normaliseRecoveryCode = (typed: string): string | null => {
  const bare = typed.toLowerCase().replace(/[\s-]/g, '');
  if (!/^[a-z0-9]{16}$/.test(bare)) return null;
  return [0, 4, 8, 12].map((i) => bare.slice(i, i + 4)).join('-');
};

/** Six digits (spaces forgiven) or null. */
const totpDigits = (typed: string): string | null => {
  const bare = typed.replace(/\s/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(bare) ? bare : null;
};

// ---- status and policy ----

/** Whether the product requires a second factor of this user (System Config, per user type). */
export const twoFactorRequiredFor = (db: Db, user: Pick<UserRow, 'type'>): Promise<boolean> =>
  systemSettingIsOn(db, TWO_FACTOR_SETTING_OF[user.type]);

/** The user's second factor, confirmed or not; undefined when none was started. */
const factorOf = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
};

/** True when the user has a confirmed second factor: get-token then asks for a code. */
export const hasTwoFactor = async (db: Db, userId: number): Promise<boolean> =>
  (await factorOf(db, userId))?.enabledAt != null;

export const twoFactorStatus = async (db: Db, user: UserRow): Promise<TwoFactorStatus> => {
  const [enabled, required] = await Promise.all([hasTwoFactor(db, user.id), twoFactorRequiredFor(db, user)]);
  return { twoFactorEnabled: enabled, twoFactorRequired: required };
};

/** Marks (or clears) every live login of a user as usable only for enrolling a second factor. */
const setPending = async (db: DbOrTx, userId: number, pending: boolean): Promise<void> => {
  await db
    .update(loginSessions)
    .set({ twoFactorPending: pending })
    .where(and(eq(loginSessions.userId, userId), isNull(loginSessions.revokedAt)));
};

/**
 * On refresh/token: a login made before the product began requiring a second factor (or before this
 * user turned theirs off) becomes enrolment-only from then on. Returns whether it is.
 */
export const reviewPendingLogin = async (
  db: Db,
  user: UserRow,
  session: { id: string; twoFactorPending: boolean },
): Promise<boolean> => {
  if (session.twoFactorPending) return true;
  if (!(await twoFactorRequiredFor(db, user)) || (await hasTwoFactor(db, user.id))) return false;
  await db.update(loginSessions).set({ twoFactorPending: true }).where(eq(loginSessions.id, session.id));
  return true;
};

// ---- checking a code ----

/**
 * Accepts a TOTP code of the user's confirmed (or, with `pending`, unconfirmed) secret, each time step
 * once, or (unless `totpOnly`) an unused recovery code, which it spends. False for anything else.
 */
const acceptCode = async (
  tx: DbOrTx,
  config: SealConfig,
  user: Pick<UserRow, 'id' | 'email'>,
  code: string,
  { pending = false, totpOnly = false }: { pending?: boolean; totpOnly?: boolean } = {},
): Promise<boolean> => {
  const factor = await factorOf(tx, user.id);
  if (!factor || (factor.enabledAt === null) !== pending) return false;
  const digits = totpDigits(code);
  if (digits) {
    const now = Date.now();
    const delta = totpOf(unsealSecret(config, factor.secretSealed), user.email).validate({
      token: digits,
      timestamp: now,
      window: TOTP_WINDOW,
    });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
    // a code is spent with its time step: the same (or an older) step never passes again
    const spent = await tx
      .update(userTwoFactor)
      .set({ lastStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, user.id),
          or(isNull(userTwoFactor.lastStep), lt(userTwoFactor.lastStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return spent.length === 1;
  }
  if (totpOnly) return false;
  const recovery = normaliseRecoveryCode(code);
  if (!recovery) return false;
  const used = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, user.id),
        eq(twoFactorRecoveryCodes.codeHash, sha256(recovery)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length === 1;
};

// ---- enrolment (Settings > Profile) ----

export interface TwoFactorDeps {
  db: Db;
  config: SealConfig;
}

/**
 * `POST /user/me/two-factor`: a new secret and ten recovery codes, kept pending until a code confirms
 * them. Starting again replaces a pending enrolment; a confirmed one must be turned off first (26216).
 */
export const startEnrolment = async (
  { db, config }: TwoFactorDeps,
  user: UserRow,
): Promise<TwoFactorEnrolment> => {
  const secret = new Secret({ size: 20 }).base32;
  const recoveryCodes = Array.from({ length: TWO_FACTOR_RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const existing = await factorOf(tx, user.id);
    if (existing?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    const row = { secretSealed: sealSecret(config, secret), enabledAt: null, lastStep: null };
    await tx
      .insert(userTwoFactor)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: userTwoFactor.userId, set: { ...row, createTime: new Date() } });
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(recoveryCodes.map((code) => ({ userId: user.id, codeHash: sha256(code) })));
  });
  return { secret, otpauthUrl: totpOf(secret, user.email).toString(), recoveryCodes };
};

/** `POST /user/me/two-factor/confirm`: a code of the app turns the pending second factor on. */
export const confirmEnrolment = async (
  { db, config }: TwoFactorDeps,
  user: UserRow,
  code: string,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const factor = await factorOf(tx, user.id);
    if (!factor) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    if (factor.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    if (!(await acceptCode(tx, config, user, code, { pending: true, totpOnly: true })))
      throw new AppError('TWO_FACTOR_CODE_INVALID');
    await tx.update(userTwoFactor).set({ enabledAt: new Date() }).where(eq(userTwoFactor.userId, user.id));
    await setPending(tx, user.id, false);
    await recordUserAudit(tx, auditActorOf(user), 'two-factor-enable', user, {
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
  });
};

/**
 * `DELETE /user/me/two-factor`: a code of the app or a recovery code turns the second factor off. When
 * the product requires one, the user's logins become enrolment-only at once (26215 elsewhere).
 */
export const disableTwoFactor = async (
  { db, config }: TwoFactorDeps,
  user: UserRow,
  code: string,
): Promise<void> => {
  const required = await twoFactorRequiredFor(db, user);
  await db.transaction(async (tx) => {
    const factor = await factorOf(tx, user.id);
    if (!factor?.enabledAt) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    if (!(await acceptCode(tx, config, user, code))) throw new AppError('TWO_FACTOR_CODE_INVALID');
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    if (required) await setPending(tx, user.id, true);
    await recordUserAudit(tx, auditActorOf(user), 'two-factor-disable', user, {
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
  });
};

/**
 * `DELETE /user/{id}/two-factor`: an operator (or a company's owner, for a colleague) resets the
 * second factor of someone who lost both their phone and their recovery codes. The factor and its
 * codes go, every login of theirs ends, and their next sign-in is the password alone (when the
 * product requires a second factor, that login only enrols a new one). 26217 when they have none.
 */
export const resetTwoFactor = async (
  db: Db,
  actor: Pick<UserRow, 'id' | 'email'>,
  target: UserRow,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const factor = await factorOf(tx, target.id);
    if (!factor?.enabledAt) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, target.id));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, target.id));
    await revokeUserLogins(tx, target.id, 'two-factor-reset');
    await recordUserAudit(tx, auditActorOf(actor), 'two-factor-reset', target, {
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
  });
};

// ---- the sign-in challenge ----

/**
 * What get-token answers, instead of tokens, to a user with a second factor who gave the right
 * password: 26212 with a fresh challenge (stored as its hash; single use, TWO_FACTOR_CHALLENGE_TTL_S).
 */
/** What a challenge remembers of the user's password: a password changed or reset since kills it. */
const passwordStampOf = (user: Pick<UserRow, 'passwordHash'>): string =>
  sha256(`pw:${user.passwordHash ?? ''}`);

export const twoFactorChallenge = async (
  db: Db,
  user: Pick<UserRow, 'id' | 'passwordHash'>,
  deviceId: string,
): Promise<AppError> => {
  const challenge = randomToken();
  await db.insert(twoFactorChallenges).values({
    tokenHash: sha256(challenge),
    userId: user.id,
    passwordStamp: passwordStampOf(user),
    deviceId,
    expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_TTL_S * 1000),
  });
  const data: TwoFactorChallengeData = { challenge, expiresInSeconds: TWO_FACTOR_CHALLENGE_TTL_S };
  return new AppError('TWO_FACTOR_REQUIRED', data);
};

export interface SpentChallenge {
  user: UserRow;
  /** the X-Device-Id of the get-token call that began the sign-in */
  deviceId: string;
}

/**
 * `POST /auth/two-factor`: spends a live challenge with a right code (TOTP or an unused recovery code)
 * and names the user to sign in. A wrong code counts against the challenge (26213, `data.attemptsLeft`);
 * at TWO_FACTOR_MAX_ATTEMPTS, or once used or expired, the challenge answers 26214. `throttle` is the
 * login throttle: a blocked account+IP or IP is refused first (429), and each wrong code counts.
 *
 * One transaction judges the code: it locks the challenge, so calls racing on one challenge are judged
 * one after the other, each seeing the attempts counted before it, and a wrong code's count commits
 * with its judgement (issue 41 F10: 24 codes at once were judged 13 times). The user is read again in
 * it: a state that blocks sign-in, a forced reset or a password changed since the challenge was given
 * ends it (issue 41 F9).
 */
export const spendChallenge = async (
  { db, config }: TwoFactorDeps,
  challenge: string,
  code: string,
  throttle: { check(user: UserRow): Promise<void>; fail(user: UserRow): Promise<void> },
): Promise<SpentChallenge> => {
  const tokenHash = sha256(challenge);
  const [found] = await db
    .select({ challenge: twoFactorChallenges, user: users })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
    .limit(1);
  if (!found) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
  await throttle.check(found.user);
  const judged = await db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.id, found.challenge.id))
      .for('update');
    const now = new Date();
    if (
      !live ||
      live.usedAt !== null ||
      live.expiresAt.getTime() <= now.getTime() ||
      live.attempts >= TWO_FACTOR_MAX_ATTEMPTS
    )
      throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
    // the user as they are now, not as when the password was checked
    const [user] = await tx.select().from(users).where(eq(users.id, live.userId));
    if (!user || live.passwordStamp !== passwordStampOf(user)) {
      await tx.update(twoFactorChallenges).set({ usedAt: now }).where(eq(twoFactorChallenges.id, live.id));
      return { kind: 'dead' as const };
    }
    if ((BLOCKED_USER_STATES as readonly string[]).includes(user.state))
      return { kind: 'blocked' as const, user };
    if (user.mustResetPassword) return { kind: 'reset' as const, user };
    if (await acceptCode(tx, config, user, code)) {
      await tx.update(twoFactorChallenges).set({ usedAt: now }).where(eq(twoFactorChallenges.id, live.id));
      return { kind: 'ok' as const, user, deviceId: live.deviceId };
    }
    const [counted] = await tx
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(eq(twoFactorChallenges.id, live.id))
      .returning({ attempts: twoFactorChallenges.attempts });
    return { kind: 'wrong' as const, user, attempts: counted?.attempts ?? TWO_FACTOR_MAX_ATTEMPTS };
  });
  switch (judged.kind) {
    case 'ok':
      return { user: judged.user, deviceId: judged.deviceId };
    case 'dead':
      // the password changed (or was reset) since: sign in again with the new one
      throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
    case 'blocked':
      throw new AppError('INVALID_USER_STATE', { state: judged.user.state });
    case 'reset':
      // as get-token answers a forced reset: the way to set a new password, no tokens
      throw new AppError('USER_SHOULD_RESET_PASSWORD', {
        resetPasswordToken: await createEmailActionToken(db, judged.user.id, 'forgetPwd'),
      });
    case 'wrong': {
      await throttle.fail(judged.user);
      throw new AppError('TWO_FACTOR_CODE_INVALID', {
        attemptsLeft: Math.max(0, TWO_FACTOR_MAX_ATTEMPTS - judged.attempts),
      });
    }
  }
};
