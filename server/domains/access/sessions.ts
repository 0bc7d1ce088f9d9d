import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BLOCKED_USER_STATES, REFRESH_REPLAY_GRACE_S } from '../../../contract';
import type { Permission } from '../../../contract/access';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { prepared } from '../../platform/db/prepared';
import {
  brand,
  company,
  devices,
  type LoginSessionRow,
  loginSessions,
  refreshTokens,
  store,
  type UserRow,
  users,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type AccessTokenInput, randomToken, sha256, signAccessToken } from '../../platform/tokens';
import { assertOrgOpen, assertScopeOpen, type OrgStates } from './closure';
import { fullPermissionsOf, readFullPermissions } from './rbac';

export interface ActiveLogin {
  session: LoginSessionRow;
  user: UserRow;
  /** the states of the user's company, brand and store (closure.ts: a closed one stops the login) */
  org: OrgStates;
  /**
   * The user's full permissions as they are now (rbac.ts `fullPermissionsOf`), read in the same
   * statement, so that a merchant's staff member's request does not look them up apart.
   */
  permissions: Permission[];
}

const findLoginRow = prepared('auth_find_login', (db) =>
  db
    .select({
      session: loginSessions,
      user: users,
      companyState: company.state,
      brandState: brand.state,
      storeState: store.state,
      permissions: fullPermissionsOf(users.id),
    })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.userId))
    // the organisation the user acts for, by primary key: a store's brand when only the store is named
    .leftJoin(company, eq(company.id, users.companyId))
    .leftJoin(store, eq(store.id, users.storeId))
    .leftJoin(brand, eq(brand.id, sql`coalesce(${users.brandId}, ${store.brandId})`))
    .where(eq(loginSessions.id, sql.placeholder('tid')))
    .limit(1),
);

/**
 * The login behind an access token's tid, with its user, whether or not it still works (the caller
 * checks the user's state first, then revocation and expiry); null when unknown. Every API call asks
 * it, so it is one prepared statement (built once, planned once per connection).
 */
export const findLogin = async (db: Db, tid: string): Promise<ActiveLogin | null> => {
  const [row] = await findLoginRow(db, { tid });
  if (!row) return null;
  return {
    session: row.session,
    user: row.user,
    org: { company: row.companyState, brand: row.brandState, store: row.storeState },
    permissions: readFullPermissions(row.permissions),
  };
};

/** The lifecycles in which an in-store device may sign in and refresh its login (docs/operations.md "Devices"). */
export const DEVICE_SIGN_IN_LIFECYCLES: readonly string[] = ['REGISTERED', 'DELIVERED', 'ACTIVE'];

/** An in-store device behind a login, as it is now, with its store's brand. */
export interface TerminalRow {
  id: number;
  serialNo: string;
  name: string | null;
  companyId: number;
  storeId: number | null;
  brandId: number | null;
  lifecycle: string;
  /** the states of its company, its store's brand and its store (closure.ts) */
  companyState: unknown;
  brandState: unknown;
  storeState: unknown;
}

export interface TerminalLogin {
  session: LoginSessionRow;
  device: TerminalRow;
}

/**
 * The columns of a TerminalRow: a device with its store's brand and the states of its company, brand
 * and store (`joinTerminalOrg` joins them).
 */
export const terminalColumns = {
  id: devices.id,
  serialNo: devices.serialNo,
  name: devices.name,
  companyId: devices.companyId,
  storeId: devices.storeId,
  brandId: store.brandId,
  lifecycle: devices.lifecycle,
  companyState: company.state,
  brandState: brand.state,
  storeState: store.state,
};

/** The organisation of a TerminalRow: a device's company and store, and its store's brand. */
export const terminalOrgJoins = {
  store: eq(store.id, devices.storeId),
  company: eq(company.id, devices.companyId),
  brand: eq(brand.id, store.brandId),
} as const;

/** A device's company, brand and store states, as `assertOrgOpen` reads them. */
export const terminalOrg = (device: TerminalRow): OrgStates => ({
  company: device.companyState,
  brand: device.brandState,
  store: device.storeState,
});

/**
 * The login of an in-store device behind an access token's tid, with the device (loaded fresh), whether
 * or not it still works; null when unknown or when it is a user's login.
 */
export const findTerminalLogin = async (db: Db, tid: string): Promise<TerminalLogin | null> => {
  const rows = await db
    .select({ session: loginSessions, device: terminalColumns })
    .from(loginSessions)
    .innerJoin(devices, eq(devices.id, loginSessions.terminalId))
    .leftJoin(store, terminalOrgJoins.store)
    .leftJoin(company, terminalOrgJoins.company)
    .leftJoin(brand, terminalOrgJoins.brand)
    .where(eq(loginSessions.id, tid))
    .limit(1);
  const row = rows[0];
  return row ? { session: row.session, device: row.device as TerminalRow } : null;
};

/** True while a login is neither revoked nor past its end. */
export const loginWorks = (session: LoginSessionRow): boolean =>
  session.revokedAt === null && session.expiresAt.getTime() > Date.now();

export interface NewLogin {
  session: LoginSessionRow;
  refreshToken: string;
}

/**
 * Starts a login: one session row (its id is the tid) and its first refresh token. Either a user's
 * (`userId`) or an in-store device's (`terminalId`, devices.id).
 */
export const createLogin = async (
  db: Db,
  input: ({ userId: number; terminalId?: never } | { terminalId: number; userId?: never }) & {
    deviceId: string;
    ttlS: number;
    /** a user's sign-in: its User-Agent and address (GET /user/me/sessions) */
    userAgent?: string | null;
    ip?: string | null;
    /** the login only enrols a second factor (server/domains/users/two-factor.ts) */
    twoFactorPending?: boolean;
  },
): Promise<NewLogin> => {
  const refreshToken = randomToken();
  const session = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(loginSessions)
      .values({
        id: randomUUID(),
        userId: input.userId ?? null,
        terminalId: input.terminalId ?? null,
        deviceId: input.deviceId,
        expiresAt: new Date(Date.now() + input.ttlS * 1000),
        userAgent: input.userAgent ?? null,
        ip: input.ip ?? null,
        twoFactorPending: input.twoFactorPending ?? false,
      })
      .returning();
    if (!created) throw new Error('login session insert returned nothing');
    await tx.insert(refreshTokens).values({ sessionId: created.id, tokenHash: sha256(refreshToken) });
    return created;
  });
  return { session, refreshToken };
};

export const revokeLogin = async (db: Db, sessionId: string, reason: string): Promise<void> => {
  await db
    .update(loginSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(loginSessions.id, sessionId), isNull(loginSessions.revokedAt)));
};

/** Ends every login of a user (password reset, disable, delete). */
export const revokeUserLogins = async (db: Db, userId: number, reason: string): Promise<void> => {
  await db
    .update(loginSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(loginSessions.userId, userId), isNull(loginSessions.revokedAt)));
};

// ---- sealing the successor of a rotated refresh token (see refreshTokens.successorSealed) ----

const sealKey = (token: string): Buffer =>
  Buffer.from(hkdfSync('sha256', token, Buffer.alloc(0), 'refresh-token-successor', 32));

const seal = (successor: string, token: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
};

const unseal = (sealed: string, token: string): string | null => {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};

type TokenRow = typeof refreshTokens.$inferSelect;

/** A refresh token with its login and the login's user or in-store device (exactly one is set). */
const findToken = async (db: Db, token: string) => {
  const rows = await db
    .select({ token: refreshTokens, session: loginSessions, user: users, device: terminalColumns })
    .from(refreshTokens)
    .innerJoin(loginSessions, eq(loginSessions.id, refreshTokens.sessionId))
    .leftJoin(users, eq(users.id, loginSessions.userId))
    .leftJoin(devices, eq(devices.id, loginSessions.terminalId))
    .leftJoin(store, terminalOrgJoins.store)
    .leftJoin(company, terminalOrgJoins.company)
    .leftJoin(brand, terminalOrgJoins.brand)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const device = row.device?.id == null ? null : (row.device as TerminalRow);
  if (!row.user && !device) return undefined;
  return { token: row.token, session: row.session, user: row.user, device };
};

/** Follows the rotation chain from a replaced token to the newest one (each link needs the previous). */
const currentTokenFrom = async (db: Db, token: string, row: TokenRow): Promise<string | null> => {
  let plain = token;
  let current = row;
  for (let hop = 0; hop < 20; hop++) {
    if (current.usedAt === null) return plain;
    if (!current.successorSealed) return null;
    const next = unseal(current.successorSealed, plain);
    if (!next) return null;
    const [nextRow] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next)));
    if (!nextRow) return null;
    plain = next;
    current = nextRow;
  }
  return null;
};

export interface RefreshResult {
  session: LoginSessionRow;
  /** the user of a user's login; null for an in-store device's */
  user: UserRow | null;
  /** the in-store device of a device's login (as it is now); null for a user's */
  device: TerminalRow | null;
  /** the refresh token the client should hold from now on */
  refreshToken: string;
  /** true when a replaced token was presented inside the grace window */
  graceReplay: boolean;
}

export interface RefreshOptions {
  /** the X-Device-Id of the request, if it sent one */
  deviceId?: string | undefined;
  /** replace the presented token with a new one */
  rotate: boolean;
  graceS?: number;
}

/**
 * Checks a refresh token and, with `rotate`, replaces it. A replaced token presented again ends the
 * whole login (1007), except within the grace window, when the client gets the current token.
 */
export const redeemRefreshToken = async (
  db: Db,
  token: string,
  opts: RefreshOptions,
): Promise<RefreshResult> => {
  const found = await findToken(db, token);
  if (!found) throw new AppError('TOKEN_NOT_EXIST');
  const { session, user, device } = found;
  // a disabled (deleted ...) user hears so, even though disabling also ended the login
  if (user && (BLOCKED_USER_STATES as readonly string[]).includes(user.state))
    throw new AppError('INVALID_USER_STATE');
  // so does a device that was spoilt or deregistered: it may no longer sign in
  if (device && !DEVICE_SIGN_IN_LIFECYCLES.includes(device.lifecycle))
    throw new AppError('INVALID_USER_STATE');
  // and whoever acts for a closed company, brand or store (26433 / 26434 / 26435): the login stays
  if (device) assertOrgOpen(terminalOrg(device), { caller: true });
  if (user) await assertScopeOpen(db, user, { caller: true });
  if (session.revokedAt) throw new AppError('TOKEN_ALREADY_LOGGED_OUT');
  if (session.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
  if (opts.deviceId !== undefined && opts.deviceId !== session.deviceId) {
    throw new AppError('REFRESH_DEVICE_MISMATCH');
  }

  const graceMs = Math.min(opts.graceS ?? REFRESH_REPLAY_GRACE_S, REFRESH_REPLAY_GRACE_S) * 1000;
  const replay = async (row: TokenRow): Promise<RefreshResult> => {
    const usedAt = row.usedAt?.getTime() ?? 0;
    if (Date.now() - usedAt <= graceMs) {
      const current = await currentTokenFrom(db, token, row);
      if (current) return { session, user, device, refreshToken: current, graceReplay: true };
    }
    await revokeLogin(db, session.id, 'refresh-token-replay');
    throw new AppError('REFRESH_TOKEN_REUSED');
  };

  if (found.token.usedAt) return replay(found.token);
  if (!opts.rotate) return { session, user, device, refreshToken: token, graceReplay: false };

  const next = randomToken();
  const rotated = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(), successorSealed: seal(next, token) })
      .where(and(eq(refreshTokens.id, found.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return false;
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: sha256(next) });
    return true;
  });
  if (!rotated) {
    // another request rotated it between our read and our write: treat as a (graceful) replay
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, found.token.id));
    if (!row) throw new AppError('TOKEN_NOT_EXIST');
    return replay(row);
  }
  return { session, user, device, refreshToken: next, graceReplay: false };
};

/** Counts a user's logins that still work (for tests and the user admin). */
export const countActiveLogins = async (db: Db, userId: number): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginSessions)
    .where(and(eq(loginSessions.userId, userId), isNull(loginSessions.revokedAt)));
  return row?.n ?? 0;
};

/** The `did` claim (and the login's device id) of an in-store device's login. */
export const deviceDid = (deviceId: number): string => `device:${deviceId}`;

/**
 * A signed access token for an in-store device's login (docs/api.md "Tokens"): `uid` is minus the
 * device's id (user ids are positive, so the two never meet), `putyp` MERCHANT and `role` merchant
 * (a device acts for its company), `did` `device:<id>`, `mid` its company, `mob` and `eml` empty.
 */
export const deviceAccessTokenFor = (
  config: Pick<Config, 'accessTokenTtlS' | 'jwtSecret'>,
  device: TerminalRow,
  session: LoginSessionRow,
): Promise<string> =>
  loginAccessToken(config, session, {
    uid: -device.id,
    putyp: 'MERCHANT',
    mid: device.companyId,
    mob: '',
    eml: '',
    role: 'merchant',
  });

/** The claims of an access token that name who holds the login (the rest are the login's own). */
export type LoginHolderClaims = Pick<AccessTokenInput, 'uid' | 'putyp' | 'mid' | 'mob' | 'eml' | 'role'>;

/** A signed access token for a login and its holder (a user or a device); never outlives the login itself. */
export const loginAccessToken = (
  config: Pick<Config, 'accessTokenTtlS' | 'jwtSecret'>,
  session: LoginSessionRow,
  holder: LoginHolderClaims,
): Promise<string> => {
  const nowS = Math.floor(Date.now() / 1000);
  const exp = Math.min(nowS + config.accessTokenTtlS, Math.floor(session.expiresAt.getTime() / 1000));
  return signAccessToken(
    {
      tid: session.id,
      uid: holder.uid,
      putyp: holder.putyp,
      did: session.deviceId,
      mid: holder.mid,
      mob: holder.mob,
      eml: holder.eml,
      role: holder.role,
      exp,
    },
    config.jwtSecret,
  );
};
