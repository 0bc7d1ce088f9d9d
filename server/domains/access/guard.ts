import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  BASE_PATHS,
  BEARER_PREFIX,
  BLOCKED_USER_STATES,
  DEFAULT_COUNTRY,
  ERRORS,
  type Role,
  roleOf,
  type SignupState,
  type UserState,
  type UserType,
} from '../../../contract';
import type { Permission } from '../../../contract/access';
import { API_KEY_HEADER } from '../../../contract/api-keys';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { FailureThrottle, KeyThrottle } from '../../platform/rate-limit';
import { verifyAccessToken } from '../../platform/tokens';
import { apiKeyPrincipalId } from '../../resources/principal';
import { authenticateApiKey, looksLikeApiKey } from './api-keys';
import { assertOrgOpen } from './closure';
import { findLogin, findTerminalLogin, loginWorks, terminalOrg } from './sessions';

/** The signed-in caller, as loaded fresh from the database on every request. */
export interface AuthUser {
  id: number;
  type: UserType;
  role: Role;
  email: string;
  name: string;
  mobile: string | null;
  companyId: number | null;
  brandId: number | null;
  storeId: number | null;
  state: UserState;
  signupState: SignupState;
  country: string;
  /** login session id (the token's tid) */
  tid: string;
  /** device id bound to the login */
  did: string;
  /**
   * Set when the caller is an in-store device (`POST /auth/device-token`), loaded fresh: then `id` is
   * minus the device's id, the type MERCHANT, the organisation the device's company, its store's brand
   * and its store. Such a caller passes only routes with `config.forDevices` (else 26237).
   */
  device?: { id: number; serialNo: string; lifecycle: string; storeId: number | null };
  /**
   * Set when the caller is an API key (issue 27), checked on this request: then `id` is
   * apiKeyPrincipalId(key id), the type MERCHANT, the organisation the key's. Such a caller passes only
   * routes with `config.forApiKeys` (else 26237), and holds exactly the key's permissions.
   */
  apiKey?: { id: number; prefix: string; name: string; permissions: readonly Permission[] };
  /** the user's row as the gate loaded it (users only): the request's one lookup of its caller */
  row?: UserRow;
  /** the user's own and their groups' permissions, read with the row (users only) */
  permissions?: readonly Permission[];
  /** the login may only enrol a second factor (the product requires one; docs/decisions.md) */
  twoFactorPending?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth gate on every non-public API route; null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** true: the route needs no access token */
    public?: boolean;
    /** true: a merchant whose signup is not approved yet may call this write (signup, profile, password) */
    openBeforeApproval?: boolean;
    /** true: an in-store device's token may call it (the operations with `devices: true`); else 26237 */
    forDevices?: boolean;
    /** true: an API key may call it (the operations and the reads); else 26237 */
    forApiKeys?: boolean;
    /**
     * A login that must enrol a second factor first (26215 elsewhere) may call it: `true` (enrolment
     * itself), or `'self'` when the route's `:id` is the caller's own (the portal's start-up reads).
     */
    openBeforeTwoFactor?: true | 'self';
  }
}

const API_PREFIXES = Object.values(BASE_PATHS).map((p) => `${p}/`);

export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p));

/**
 * Resolves the caller from an `Authorization` header value, or throws the contract's token error.
 * Exported for routes that accept a token without being gated (logout).
 */
export const authenticate = async (
  header: string | undefined,
  deps: { db: Db; config: Config },
): Promise<AuthUser> => {
  if (header === undefined || header === '') throw new AppError('HEADER_MISSING');
  if (!header.startsWith(BEARER_PREFIX)) throw new AppError('BAD_JWT_HEADER_FORMAT');
  const claims = await verifyAccessToken(header.slice(BEARER_PREFIX.length).trim(), deps.config.jwtSecret);
  // an in-store device's token: uid is minus the device's id (user ids are positive), and the login
  // must be that device's (a user's login never is, whatever its X-Device-Id said)
  if (claims.uid < 0) return authenticateDevice(deps.db, claims.tid, -claims.uid);
  const found = await findLogin(deps.db, claims.tid);
  if (!found || found.user.id !== claims.uid) throw new AppError('TOKEN_ALREADY_LOGGED_OUT');
  const { user, session } = found;
  // the user's state first: disabling (deleting ...) someone also ends their logins, and the
  // token's holder should hear why (26201) rather than only that the login is over (1005)
  if ((BLOCKED_USER_STATES as readonly string[]).includes(user.state))
    throw new AppError('INVALID_USER_STATE');
  // so is a closed company, brand or store of theirs (26433 / 26434 / 26435); the login itself stays,
  // and works again once the company is enabled (closure.ts)
  assertOrgOpen(found.org, { caller: true });
  if (!loginWorks(session)) throw new AppError('TOKEN_ALREADY_LOGGED_OUT');
  return {
    id: user.id,
    type: user.type,
    role: roleOf(user.type),
    email: user.email,
    name: user.name,
    mobile: user.mobile,
    companyId: user.companyId,
    brandId: user.brandId,
    storeId: user.storeId,
    state: user.state,
    signupState: user.signupState,
    country: user.country,
    tid: session.id,
    did: session.deviceId,
    row: user,
    permissions: found.permissions,
    twoFactorPending: session.twoFactorPending,
  };
};

/** Answers that say an API key is not one: counted per address (issue 41: wrong keys are throttled). */
const KEY_MISSES: readonly number[] = [ERRORS.TOKEN_NOT_EXIST.code, ERRORS.TOKEN_INVALID_FORMAT.code];

/**
 * The caller behind an API key (server/domains/access/api-keys.ts checks it and its state). An address
 * that sent too many keys that are not keys is refused (429) before any is looked up.
 */
const authenticateKey = async (
  db: Db,
  key: string,
  ip: string,
  misses: FailureThrottle,
): Promise<AuthUser> => {
  misses.assertNotBlocked(ip);
  const row = await authenticateApiKey(db, key, ip).catch(async (err: unknown) => {
    if (err instanceof AppError && KEY_MISSES.includes(err.code)) await misses.fail(ip);
    throw err;
  });
  return {
    id: apiKeyPrincipalId(row.id),
    type: 'MERCHANT',
    role: 'merchant',
    email: `api-key:${row.prefix}`,
    name: row.name,
    mobile: null,
    companyId: row.companyId,
    brandId: row.brandId,
    storeId: row.storeId,
    state: 'ENABLE',
    // a key is made for an approved company's owner or by an operator: the approval gate does not apply
    signupState: 'APPROVAL',
    country: DEFAULT_COUNTRY,
    tid: `api-key:${row.id}`,
    did: '',
    apiKey: { id: row.id, prefix: row.prefix, name: row.name, permissions: row.permissions },
  };
};

/**
 * The request's caller: an API key (`X-Api-Key`, or a bearer value starting `lk_`), else the access
 * token of a user or a device.
 */
const authenticateRequest = (
  request: FastifyRequest,
  deps: { db: Db; config: Config; keyMisses: FailureThrottle },
): Promise<AuthUser> => {
  const header = request.headers.authorization;
  const keyHeader = request.headers[API_KEY_HEADER];
  if (typeof keyHeader === 'string' && keyHeader !== '')
    return authenticateKey(deps.db, keyHeader.trim(), request.ip, deps.keyMisses);
  if (header?.startsWith(BEARER_PREFIX)) {
    const value = header.slice(BEARER_PREFIX.length).trim();
    if (looksLikeApiKey(value)) return authenticateKey(deps.db, value, request.ip, deps.keyMisses);
  }
  return authenticate(header, deps);
};

/** The caller behind a device's token: its login must be that device's and still work (else 1005). */
const authenticateDevice = async (db: Db, tid: string, deviceId: number): Promise<AuthUser> => {
  const found = await findTerminalLogin(db, tid);
  if (!found || found.device.id !== deviceId || !loginWorks(found.session))
    throw new AppError('TOKEN_ALREADY_LOGGED_OUT');
  const { device, session } = found;
  // a device of a closed company, brand or store acts for nobody (26433 / 26434 / 26435)
  assertOrgOpen(terminalOrg(device), { caller: true });
  return {
    id: -device.id,
    type: 'MERCHANT',
    role: 'merchant',
    email: `device:${device.serialNo}`,
    name: device.name ?? device.serialNo,
    mobile: null,
    companyId: device.companyId,
    brandId: device.brandId,
    storeId: device.storeId,
    state: 'ENABLE',
    // a device is not a merchant's signup: the approval gate does not apply to it
    signupState: 'APPROVAL',
    country: DEFAULT_COUNTRY,
    tid: session.id,
    did: session.deviceId,
    device: {
      id: device.id,
      serialNo: device.serialNo,
      lifecycle: device.lifecycle,
      storeId: device.storeId,
    },
  };
};

/** The caller of a gated route (throws 1601 if a route forgot to be gated). */
export const requireUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new AppError('HEADER_MISSING');
  return request.user;
};

export const requireOperator = (request: FastifyRequest): AuthUser => {
  const user = requireUser(request);
  if (user.type !== 'OPERATOR') throw new AppError('ACCESS_DENIED');
  return user;
};

const READS = new Set(['GET', 'HEAD']);

/**
 * A merchant whose signup is not approved (signup state SUBMITTED) may read but not write: every
 * write route refuses them (26204) except the few that set `openBeforeApproval` (their own signup,
 * profile and password). Enforced here, once, for every route, so no route can forget it.
 */
const assertMayWrite = (request: FastifyRequest, user: AuthUser): void => {
  if (user.type !== 'MERCHANT' || user.signupState === 'APPROVAL') return;
  if (READS.has(request.method) || request.routeOptions.config.openBeforeApproval === true) return;
  throw new AppError('MERCHANT_NOT_APPROVED');
};

/**
 * A login that must enrol a second factor (the product requires one, the user has none) reaches only
 * the routes that say so; every other answers 26215 and the portal takes the user to enrol.
 */
const assertEnrolled = (request: FastifyRequest, user: AuthUser): void => {
  if (!user.twoFactorPending) return;
  const open = request.routeOptions.config.openBeforeTwoFactor;
  if (open === true) return;
  if (open === 'self') {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (id !== undefined && String(id) === String(user.id)) return;
  }
  throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
};

export interface AuthGateOptions {
  db: Db;
  config: Config;
}

/**
 * The one auth gate: every route under the three base paths needs a valid access token unless it
 * sets `config: { public: true }`. Runs on onRequest, so nothing is parsed for an anonymous caller.
 */
export const authGate = fp(
  async (app: FastifyInstance, { db, config }: AuthGateOptions) => {
    // every instance on the database (or Redis) shares one count per key
    const keyCalls = new KeyThrottle(app.throttleStore, {
      keyPrefix: 'api-key-calls',
      points: config.apiKeyMaxPerMinute,
      duration: 60,
    });
    // wrong API keys per address (a key is 40+ random characters: nobody types one wrong 30 times)
    const keyMisses = new FailureThrottle(app.throttleStore, {
      keyPrefix: 'api-key-misses',
      points: config.apiKeyMissesPerMinute,
      duration: 60,
    });
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.method === 'OPTIONS') return;
      if (!isApiPath(request.url)) return;
      if (request.routeOptions.config.public === true) return;
      request.user = await authenticateRequest(request, { db, config, keyMisses });
      // an in-store device calls only the operations that accept devices (issue, stamp, redeem)
      if (request.user.device && request.routeOptions.config.forDevices !== true)
        throw new AppError('ACCESS_DENIED');
      // an API key calls only the operations and the reads (issue 27), at most so many a minute
      if (request.user.apiKey) {
        await keyCalls.consume(String(request.user.apiKey.id));
        if (request.routeOptions.config.forApiKeys !== true) throw new AppError('ACCESS_DENIED');
      }
      assertEnrolled(request, request.user);
      assertMayWrite(request, request.user);
    });
  },
  { name: 'auth-gate' },
);
