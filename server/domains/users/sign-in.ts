import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  BLOCKED_USER_STATES,
  DEVICE_ID_PATTERN,
  roleOf,
  SIGN_IN_ATTEMPTS_LEFT_HEADER,
  type UserState,
} from '../../../contract';
import type { LoggedInUser } from '../../../contract/auth';
import { fieldViolation } from '../../../contract/validation';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { type LoginSessionRow, store, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../platform/passwords';
import type { LoginThrottle } from '../../platform/rate-limit';
import {
  clearFailedSignIns,
  recordFailedSignIn,
  touchSession,
  unlockByPasswordReset,
} from '../access/account-security';
import { assertScopeOpen } from '../access/closure';
import {
  consumeEmailAction,
  createEmailActionToken,
  findValidAction,
  issueEmailAction,
} from '../access/email-actions';
import { groupsOf } from '../access/rbac';
import {
  createLogin,
  deviceAccessTokenFor,
  loginAccessToken,
  redeemRefreshToken,
  revokeUserLogins,
} from '../access/sessions';
import { auditActorOf, recordUserAudit } from '../access/user-audit';
import { hasTwoFactor, reviewPendingLogin, twoFactorChallenge, twoFactorStatus } from './two-factor';

export const loggedInUser = async (db: Db, user: UserRow): Promise<LoggedInUser> => ({
  email: user.email,
  groups: (await groupsOf(db, user.id)).map((g) => g.name),
  id: user.id,
  name: user.name,
  type: user.type,
  mobile: user.mobile,
  companyId: user.companyId,
  brandId: user.brandId,
  storeId: user.storeId,
  storeName: user.storeId === null ? null : await storeNameOf(db, user.storeId),
  organizationLevel: user.organizationLevel,
  signupState: user.signupState,
  state: user.state,
  country: user.country,
});

/** The name of store `id` (null: none), for the logged-in user's own store. */
const storeNameOf = async (db: Db, id: number): Promise<string | null> => {
  const [row] = await db.select({ name: store.name }).from(store).where(eq(store.id, id)).limit(1);
  return typeof row?.name === 'string' ? row.name : null;
};

/** A client's X-Device-Id when it is sane, else undefined. */
export const deviceIdFrom = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' && DEVICE_ID_PATTERN.test(header) ? header : undefined;

export const isBlocked = (state: UserState): boolean =>
  (BLOCKED_USER_STATES as readonly string[]).includes(state);

/** A signed access token for a login; never outlives the login itself. */
export const accessTokenFor = (
  config: Pick<Config, 'accessTokenTtlS' | 'jwtSecret'>,
  user: UserRow,
  session: LoginSessionRow,
): Promise<string> =>
  loginAccessToken(config, session, {
    uid: user.id,
    putyp: user.type,
    mid: user.companyId ?? 0,
    mob: user.mobile ?? '',
    eml: user.email,
    role: roleOf(user.type),
  });

export interface AuthDeps {
  db: Db;
  config: Config;
  throttle: LoginThrottle;
}

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  deviceId?: string | undefined;
  /** the User-Agent header, kept on the login for GET /user/me/sessions */
  userAgent?: string | null | undefined;
}

export interface LoginOutput {
  user: LoggedInUser;
  accessToken: string;
  refreshToken: string;
}

/** get-token: checks throttling, credentials and state, then starts a login. */
export const login = async ({ db, config, throttle }: AuthDeps, input: LoginInput): Promise<LoginOutput> => {
  const email = input.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // an unlock or a password reset clears what this address counted against the account
  await throttle.check(email, input.ip, user?.signInsClearedAt);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  if (!user || !passwordOk) {
    const attemptsLeft = await throttle.fail(email, input.ip);
    // the LOGIN_MAX_FAILURES-th in a row locks the account. The answer (26200 as ever) tells in headers
    // how many tries this address has left, counted alike for an unknown e-mail, so it tells nobody
    // whether one exists; the last one also how long the address is paused
    if (user) await recordFailedSignIn({ db, config }, user.id);
    throw new AppError('BAD_CREDENTIALS', undefined, {
      [SIGN_IN_ATTEMPTS_LEFT_HEADER]: String(attemptsLeft),
      ...(attemptsLeft === 0 ? { 'Retry-After': String(config.loginAccountBlockS) } : {}),
    });
  }
  await throttle.succeed(email, input.ip);
  // the state is told only to someone who knows the password: the portal words its message by it
  // (WAIT_EMAIL_ACTIVE: follow the activation link; the others: ask an administrator)
  if (isBlocked(user.state)) throw new AppError('INVALID_USER_STATE', { state: user.state });
  // so is a closed company, brand or store of theirs (26433 / 26434 / 26435), before any second factor
  await assertScopeOpen(db, user, { caller: true });
  if (user.mustResetPassword) {
    const resetPasswordToken = await createEmailActionToken(db, user.id, 'forgetPwd');
    throw new AppError('USER_SHOULD_RESET_PASSWORD', { resetPasswordToken });
  }
  const deviceId = input.deviceId ?? randomUUID();
  // a second factor: no tokens yet, a challenge for POST /auth/two-factor (26212); the count of
  // wrong passwords starts again only once the code is accepted too (else a password's holder
  // could try codes forever without the account ever locking)
  if (await hasTwoFactor(db, user.id)) throw await twoFactorChallenge(db, user, deviceId);
  return issueLogin({ db, config }, user, { deviceId, ip: input.ip, userAgent: input.userAgent ?? null });
};

/** The client a login starts from: its X-Device-Id, address and User-Agent (GET /user/me/sessions). */
export interface LoginClient {
  deviceId: string;
  ip: string;
  userAgent: string | null;
}

/**
 * Starts a login for a user whose credentials (and second factor, if any) were checked: get-token
 * and `POST /auth/two-factor`. The count of wrong passwords and codes starts again. A user the product
 * requires a second factor of, who has none, gets a login that only enrols one (docs/decisions.md
 * "Two-factor sign-in").
 */
export const issueLogin = async (
  { db, config }: Pick<AuthDeps, 'db' | 'config'>,
  user: UserRow,
  client: LoginClient,
): Promise<LoginOutput> => {
  // the company may have been closed since the password was checked (a second factor took a while)
  await assertScopeOpen(db, user, { caller: true });
  await clearFailedSignIns(db, user);
  const status = await twoFactorStatus(db, user);
  const { session, refreshToken } = await createLogin(db, {
    userId: user.id,
    deviceId: client.deviceId,
    ttlS: config.refreshTokenTtlS,
    userAgent: client.userAgent,
    ip: client.ip,
    twoFactorPending: status.twoFactorRequired && !status.twoFactorEnabled,
  });
  return {
    user: { ...(await loggedInUser(db, user)), ...status },
    accessToken: await accessTokenFor(config, user, session),
    refreshToken,
  };
};

/** refresh/token: a new access token for a valid refresh token (no rotation); marks the login used. */
export const refreshAccessToken = async (
  { db, config }: Pick<AuthDeps, 'db' | 'config'>,
  refreshToken: string,
  deviceId: string | undefined,
  ip?: string,
): Promise<string> => {
  const { user, device, session } = await redeemRefreshToken(db, refreshToken, { deviceId, rotate: false });
  if (device) return deviceAccessTokenFor(config, device, session);
  await touchSession(db, session.id, ip);
  if (!user) throw new AppError('TOKEN_NOT_EXIST');
  await reviewPendingLogin(db, user, session);
  return accessTokenFor(config, user, session);
};

/** refresh/refresh-token: rotates the refresh token; marks the login used. */
export const rotateRefreshToken = async (
  { db }: Pick<AuthDeps, 'db'>,
  refreshToken: string,
  deviceId: string | undefined,
  ip?: string,
): Promise<string> => {
  const result = await redeemRefreshToken(db, refreshToken, { deviceId, rotate: true });
  if (result.user) await touchSession(db, result.session.id, ip);
  return result.refreshToken;
};

/** password/send/forget/email */
export const sendForgetPasswordEmail = async (db: Db, rawEmail: string): Promise<void> => {
  const email = rawEmail.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.state === 'DELETE') throw new AppError('USER_EMAIL_NOT_EXIST');
  await issueEmailAction(db, user.id, 'forgetPwd');
};

/** password/verify/forget/email */
export const verifyForgetPasswordToken = async (db: Db, token: string): Promise<{ email: string }> => {
  const { user } = await findValidAction(db, token, 'forgetPwd');
  return { email: user.email };
};

/**
 * password/reset: single-use; sets the password and ends every login of the user. A LOCK user is
 * ENABLE again (the link came to their mailbox: docs/decisions.md "Locked accounts").
 */
export const resetPassword = async (db: Db, token: string, password: string): Promise<void> => {
  const { action, user } = await findValidAction(db, token, 'forgetPwd');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await consumeEmailAction(tx, action.id))) throw new AppError('EMAIL_ACTION_TOKEN_INVALID');
    await tx.update(users).set({ passwordHash, mustResetPassword: false }).where(eq(users.id, user.id));
    await unlockByPasswordReset(tx, user);
    await revokeUserLogins(tx, user.id, 'password-reset');
  });
};

const ACTIVATION_BLOCKED: readonly UserState[] = ['DISABLE', 'LOCK', 'DELETE'];

/** user/active-by-email: WAIT_EMAIL_ACTIVE (or ENABLE) → ENABLE, setting a password if given. */
export const activateByEmail = async (
  db: Db,
  token: string,
  password: string | undefined,
): Promise<{ id: number; email: string; state: UserState }> => {
  const { action, user } = await findValidAction(db, token, 'activeEmail');
  if (ACTIVATION_BLOCKED.includes(user.state)) throw new AppError('INVALID_USER_STATE');
  if (!user.passwordHash && password === undefined) {
    throw new AppError('PARAMETER_VALIDATION_FAILED', [fieldViolation('password', 'required')]);
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await consumeEmailAction(tx, action.id))) throw new AppError('EMAIL_ACTION_TOKEN_INVALID');
    await tx
      .update(users)
      .set({ state: 'ENABLE', ...(passwordHash ? { passwordHash, mustResetPassword: false } : {}) })
      .where(eq(users.id, user.id));
    // the link's owner acts on their own account; only the state is recorded, never the password
    await recordUserAudit(tx, auditActorOf(user), 'activate', user, {
      before: { state: user.state },
      after: { state: 'ENABLE' },
    });
  });
  return { id: user.id, email: user.email, state: 'ENABLE' };
};
