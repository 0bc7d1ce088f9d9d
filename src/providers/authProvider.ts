import { jwtDecode } from 'jwt-decode';
import type { AuthProvider, UserIdentity } from 'react-admin';
import {
  DEVICE_ID_HEADER,
  ERRORS,
  HEADERS,
  isTokenErrorCode,
  mustEnrolTwoFactor,
  REFRESH_TOKEN_RENEW_MS,
  type Role,
  roleOf,
  TWO_FACTOR_SIGN_IN_PATH,
  type UserType,
} from '../../contract';
import {
  type AccessRequest,
  canAccess as canAccessRule,
  hiddenInBrand,
  isPermissionAction,
  type Permission,
  RA_ACTION_MAP,
} from '../../contract/access';
import type { LoggedInUser } from '../../contract/auth';
import { safeNextPath } from '../layout/deepLink';
import { TWO_FACTOR_ENROL_PATH } from '../layout/startup';
import { getPortalEnv } from './env';
import { ApiError, clientError, type HttpClient, isApiError } from './httpClient';
import { getSessionStore, type SessionStore, STORAGE_KEYS } from './storage';

/** Refresh the access token this long before its `exp`, so that no call goes out with a dying token. */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 60_000;
/** A tab holding the localStorage refresh lease longer than this is presumed gone. */
export const REFRESH_LEASE_MS = 10_000;
export const REFRESH_LOCK_NAME = 'portal-token-refresh';

export interface PortalPermissions {
  role: Role;
  type: UserType;
  /** the user's full (effective) permissions; undefined for an operator */
  permissions?: Permission[];
}

export interface LoginParams {
  email?: string;
  username?: string;
  /** the first step: e-mail and password */
  password?: string;
  /**
   * The second step, after get-token answered 26212 (TWO_FACTOR_REQUIRED) with `data.challenge`: that
   * challenge and a code of the authenticator app or a recovery code (POST /auth/two-factor).
   */
  challenge?: string;
  code?: string;
  /** where to land after signing in (a deep link kept through sign-in); only a path of this site is followed */
  next?: string | null;
}

/** The subset of the Web Locks API the refresh needs; injectable for tests. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface AuthProviderOptions {
  httpClient: HttpClient;
  storage?: SessionStore;
  /** epoch ms; injectable so tests need no real clock */
  now?: () => number;
  /** Web Locks; defaults to navigator.locks when the browser has it, null forces the lease fallback */
  locks?: LockManagerLike | null;
  /** Told when the session ends here or in another tab (e.g. to send the user to the splash page). */
  onSessionEnded?: () => void;
  /** Where react-admin goes when checkAuth fails (spec: a visitor not logged in goes to splash). */
  loggedOutRedirect?: string;
  /** Events of other tabs; defaults to window. */
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** setTimeout used while waiting for another tab's lease; injectable for fake timers. */
  sleep?: (ms: number) => Promise<void>;
}

export interface PortalAuthProvider extends AuthProvider {
  login(params: LoginParams): Promise<{ redirectTo: string }>;
  logout(params?: unknown): Promise<void>;
  getIdentity(): Promise<UserIdentity & LoggedInUser>;
  /** null for a visitor: react-admin logs out on a rejected getPermissions, which would chase a visitor off public pages. */
  getPermissions(params?: unknown): Promise<PortalPermissions | null>;
  canAccess(params: { action: string; resource: string; record?: unknown }): Promise<boolean>;
  /** The access token to send, refreshed first when it is about to expire; throws (and logs out) when the session is over. */
  ensureFreshToken(): Promise<string | null>;
  /** Re-reads the logged-in user (GET user/{uid}) and stores it. */
  loadUser(): Promise<LoggedInUser>;
  /**
   * Asks GET user/{uid} now, before the first render (src/start.tsx), when a session is stored: the
   * next loadUser() for the same stored user takes that answer instead of asking again.
   */
  preloadUser(): void;
  /** For the http client's onTokenError: ends the session locally. */
  handleTokenError(error: ApiError): void;
  /** Removes the cross-tab listener. */
  dispose(): void;
}

/**
 * GET user/{id} does not carry the two-factor fields of get-token, nor the store's name: `read` keeps
 * what sign-in said (`before`, the same user; the name while the store is the same).
 */
const withSignInFields = (read: LoggedInUser, before: LoggedInUser | null): LoggedInUser => {
  const user: LoggedInUser = { ...read };
  if (before?.id !== user.id) return user;
  if (before.twoFactorEnabled !== undefined) user.twoFactorEnabled ??= before.twoFactorEnabled;
  if (before.twoFactorRequired !== undefined) user.twoFactorRequired ??= before.twoFactorRequired;
  if (before.storeName !== undefined && before.storeId === user.storeId) user.storeName ??= before.storeName;
  return user;
};

const expiryMs = (token: string | null): number | null => {
  if (!token) return null;
  try {
    const { exp } = jwtDecode<{ exp?: unknown }>(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
};

const uidOf = (token: string | null): number | null => {
  if (!token) return null;
  try {
    const { uid } = jwtDecode<{ uid?: unknown }>(token);
    return typeof uid === 'number' ? uid : null;
  } catch {
    return null;
  }
};

/**
 * The caller's own company, brand or store is closed (26433 / 26434 / 26435 with `data.caller`): its
 * sessions end until it is enabled again. The same codes about a row someone acts on end nothing.
 */
const callerClosed = (error: unknown): boolean => {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { caller?: unknown } | null };
  return (
    typeof code === 'number' &&
    [ERRORS.COMPANY_NOT_ACTIVE.code, ERRORS.BRAND_NOT_ACTIVE.code, ERRORS.STORE_NOT_ACTIVE.code].includes(
      code,
    ) &&
    data?.caller === true
  );
};

/** Errors after which the refresh token is of no more use: the login is over. */
const endsSession = (error: unknown): boolean =>
  isApiError(error) &&
  (isTokenErrorCode(error.code) || error.code === ERRORS.INVALID_USER_STATE.code || callerClosed(error));

interface Lease {
  owner: string;
  until: number;
}

/** A lease someone else wrote; anything unreadable counts as no lease. */
const readLease = (raw: string | null): Lease | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Lease>;
    return typeof value.owner === 'string' && typeof value.until === 'number'
      ? { owner: value.owner, until: value.until }
      : null;
  } catch {
    return null;
  }
};

const isAccessAction = (action: string): action is AccessRequest['action'] =>
  isPermissionAction(action) || Object.hasOwn(RA_ACTION_MAP, action);

const defaultLocks = (): LockManagerLike | null => {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const locks = (nav as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
};

/** What the token refresh needs from the provider that owns it. */
interface RefreshDeps {
  httpClient: AuthProviderOptions['httpClient'];
  store: ReturnType<typeof getSessionStore>;
  now: () => number;
  locks: LockManagerLike | null;
  sleep: (ms: number) => Promise<void>;
  tabId: string;
  /** ends the session (tokens, cached permissions) and throws TOKEN_NOT_EXIST */
  sessionOver: () => never;
  /** ends the session after a refusal that ends it */
  endSession: () => void;
}

/**
 * Keeps the access token fresh and the refresh token renewed: one refresh at a time per browser (Web
 * Locks, else a lease in localStorage), sharing its promise within the tab.
 */
const tokenRefresher = ({
  httpClient,
  store,
  now,
  locks,
  sleep,
  tabId,
  sessionOver,
  endSession,
}: RefreshDeps) => {
  let inFlight: Promise<string | null> | null = null;
  const accessTokenIsFresh = (): boolean => {
    const exp = expiryMs(store.getAccessToken());
    return exp !== null && exp - now() > ACCESS_TOKEN_REFRESH_MARGIN_MS;
  };

  const renewalDue = (): boolean => {
    const renewedAt = store.getRefreshTokenRenewedAt();
    return renewedAt === null || now() - renewedAt >= REFRESH_TOKEN_RENEW_MS;
  };

  const needsWork = (): boolean => !accessTokenIsFresh() || renewalDue();

  /** The actual calls; runs under the lock (or lease), re-checking what another tab may have done. */
  const refreshNow = async (): Promise<string | null> => {
    if (!needsWork()) return store.getAccessToken();
    const refreshToken = store.getRefreshToken();
    if (!refreshToken) return sessionOver();
    const refreshExp = expiryMs(refreshToken);
    if (refreshExp !== null && refreshExp <= now()) return sessionOver();
    try {
      let current = refreshToken;
      if (renewalDue()) {
        const res = await httpClient<unknown>('/auth/refresh/refresh-token', {
          method: 'POST',
          auth: false,
          headers: { [HEADERS.refreshToken]: current, [DEVICE_ID_HEADER]: store.getDeviceId() },
        });
        const renewed = res.headers.get(HEADERS.refreshToken);
        if (!renewed) throw clientError('TOKEN_NOT_EXIST');
        current = renewed;
        store.setRefreshToken(renewed);
        store.setRefreshTokenRenewedAt(now());
        // Some backends hand out a new access token with the renewal; use it if so.
        const access = res.headers.get(HEADERS.accessToken);
        if (access) store.setAccessToken(access);
      }
      if (!accessTokenIsFresh()) {
        const res = await httpClient<unknown>('/auth/refresh/token', {
          method: 'POST',
          auth: false,
          headers: { [HEADERS.refreshToken]: current, [DEVICE_ID_HEADER]: store.getDeviceId() },
        });
        const access = res.headers.get(HEADERS.accessToken);
        if (!access) throw clientError('TOKEN_NOT_EXIST');
        store.setAccessToken(access);
      }
      return store.getAccessToken();
    } catch (error) {
      if (endsSession(error)) {
        endSession();
        throw error;
      }
      // A passing failure (network, 5xx) while the access token still works: use it, retry later.
      const exp = expiryMs(store.getAccessToken());
      if (exp !== null && exp > now()) return store.getAccessToken();
      throw error;
    }
  };

  /** Cross-tab exclusion without Web Locks: a lease in localStorage that other tabs respect. */
  const withLease = async (): Promise<string | null> => {
    for (;;) {
      const lease = readLease(store.getItem(STORAGE_KEYS.refreshLease));
      if (!lease || lease.owner === tabId || lease.until <= now()) break;
      // Another tab is refreshing: wait for it, then use what it stored.
      await sleep(100);
      if (!needsWork()) return store.getAccessToken();
    }
    store.setItem(
      STORAGE_KEYS.refreshLease,
      JSON.stringify({ owner: tabId, until: now() + REFRESH_LEASE_MS }),
    );
    try {
      return await refreshNow();
    } finally {
      if (readLease(store.getItem(STORAGE_KEYS.refreshLease))?.owner === tabId) {
        store.removeItem(STORAGE_KEYS.refreshLease);
      }
    }
  };

  const ensureFreshToken = async (): Promise<string | null> => {
    if (!store.getRefreshToken() && !store.getAccessToken()) return sessionOver();
    if (!needsWork()) return store.getAccessToken();
    // One refresh per tab: concurrent calls share the promise.
    inFlight ??= (locks ? locks.request(REFRESH_LOCK_NAME, refreshNow) : withLease()).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  return { ensureFreshToken };
};

/**
 * loadUser (GET user/{uid}, stored), with a head start: preloadUser asks at once (when a session is
 * stored), and the next loadUser for the same stored user takes that answer instead of asking again.
 */
const userLoader = ({
  httpClient,
  store,
  ensureFreshToken,
  sessionOver,
}: {
  httpClient: HttpClient;
  store: SessionStore;
  ensureFreshToken: () => Promise<string | null>;
  sessionOver: () => never;
}) => {
  const fetchUser = async (): Promise<LoggedInUser> => {
    const uid = uidOf(await ensureFreshToken()) ?? store.getUser()?.id;
    if (uid === undefined || uid === null) return sessionOver();
    const res = await httpClient<LoggedInUser>(`/user/${uid}`);
    const user = withSignInFields(res.data, store.getUser());
    store.setUser(user);
    return user;
  };
  let preloaded: { userId: number | undefined; user: Promise<LoggedInUser> } | null = null;
  return {
    loadUser: (): Promise<LoggedInUser> => {
      const early = preloaded;
      preloaded = null;
      return early && early.userId === store.getUser()?.id ? early.user : fetchUser();
    },
    preloadUser: (): void => {
      // a visitor has no user to ask for
      if (!store.getRefreshToken() && !store.getAccessToken()) return;
      const user = fetchUser();
      // a failure is the taker's to handle (loadUser hands it the same promise)
      user.catch(() => undefined);
      preloaded = { userId: store.getUser()?.id, user };
    },
  };
};

export const createAuthProvider = (options: AuthProviderOptions): PortalAuthProvider => {
  const { httpClient } = options;
  const store = options.storage ?? getSessionStore();
  const now = options.now ?? Date.now;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const loggedOutRedirect = options.loggedOutRedirect ?? '/splash';
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const tabId = `${now()}-${Math.random().toString(36).slice(2)}`;
  let permissionsCache: { userId: number; value: PortalPermissions } | null = null;

  const endSession = (): void => {
    const hadSession = store.getRefreshToken() !== null || store.getAccessToken() !== null;
    store.clearSession();
    permissionsCache = null;
    if (hadSession) options.onSessionEnded?.();
  };

  const sessionOver = (): never => {
    endSession();
    throw clientError('TOKEN_NOT_EXIST');
  };

  const { ensureFreshToken } = tokenRefresher({
    httpClient,
    store,
    now,
    locks,
    sleep,
    tabId,
    sessionOver,
    endSession,
  });

  const onStorage = (event: StorageEvent): void => {
    // Another tab logged out (the refresh token went away): this tab's session is over too.
    if (event.key === STORAGE_KEYS.refreshToken && event.newValue === null) {
      permissionsCache = null;
      options.onSessionEnded?.();
    }
    if (event.key === STORAGE_KEYS.user) permissionsCache = null;
  };
  const target =
    options.eventTarget === undefined ? (typeof window === 'undefined' ? null : window) : options.eventTarget;
  target?.addEventListener('storage', onStorage as EventListener);

  const { loadUser, preloadUser } = userLoader({ httpClient, store, ensureFreshToken, sessionOver });

  const getPermissions = async (): Promise<PortalPermissions | null> => {
    const user = store.getUser();
    if (!user) return null;
    if (permissionsCache?.userId === user.id) return permissionsCache.value;
    const value: PortalPermissions = { role: roleOf(user.type), type: user.type };
    if (user.type === 'MERCHANT') {
      const res = await httpClient<Permission[] | null>(`/user/${user.id}/full-permissions`);
      // No list (null) means the company owner, who holds every merchant resource (contract/access.ts).
      if (Array.isArray(res.data)) value.permissions = res.data;
    }
    permissionsCache = { userId: user.id, value };
    return value;
  };

  return {
    login: async ({ email, username, password, challenge, code, next }: LoginParams) => {
      const res =
        challenge === undefined
          ? await httpClient<LoggedInUser>('/auth/get-token', {
              method: 'POST',
              auth: false,
              // binds the login's refresh token to this browser (a refresh from elsewhere is 1015)
              headers: { [DEVICE_ID_HEADER]: store.getDeviceId() },
              body: { email: (email ?? username ?? '').trim(), password: password ?? '' },
            })
          : // the device id was bound by get-token, which began this sign-in
            await httpClient<LoggedInUser>(TWO_FACTOR_SIGN_IN_PATH, {
              method: 'POST',
              auth: false,
              body: { challenge, code: (code ?? '').trim() },
            });
      const access = res.headers.get(HEADERS.accessToken);
      const refresh = res.headers.get(HEADERS.refreshToken);
      if (!access || !refresh) throw clientError('TOKEN_NOT_EXIST', 'The server sent no tokens');
      store.setAccessToken(access);
      store.setRefreshToken(refresh);
      store.setRefreshTokenRenewedAt(now());
      store.setUser(res.data);
      permissionsCache = null;
      const user = res.data;
      // the product requires a second factor and there is none: enrol before anything else
      if (mustEnrolTwoFactor(user)) return { redirectTo: TWO_FACTOR_ENROL_PATH };
      if (user.type === 'MERCHANT' && user.signupState !== 'APPROVAL') return { redirectTo: '/signup' };
      return { redirectTo: safeNextPath(next) ?? '/' };
    },

    logout: async () => {
      const refresh = store.getRefreshToken();
      const access = store.getAccessToken();
      if (refresh) {
        const headers: Record<string, string> = { [HEADERS.refreshToken]: refresh };
        if (access) headers[HEADERS.authorization] = `Bearer ${access}`;
        // Best effort: the local session ends whatever the server says.
        await httpClient('/auth/logout', { method: 'POST', auth: false, headers }).catch(() => undefined);
      }
      endSession();
    },

    checkAuth: async () => {
      if (!store.getRefreshToken() && !store.getAccessToken()) {
        throw { redirectTo: loggedOutRedirect, message: false };
      }
    },

    checkError: async (error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      // a token error, or the caller's own account no longer allowed in (disabled, locked, deleted)
      const signOut = [ERRORS.BAD_CREDENTIALS.code, ERRORS.INVALID_USER_STATE.code];
      if (
        typeof code === 'number' &&
        (isTokenErrorCode(code) || signOut.includes(code) || callerClosed(error))
      ) {
        endSession();
        throw { redirectTo: loggedOutRedirect, logoutUser: true, message: false };
      }
      // the product began requiring a second factor (or this user turned theirs off): enrol first
      if (code === ERRORS.TWO_FACTOR_ENROLMENT_REQUIRED.code) {
        const user = store.getUser();
        if (user) store.setUser({ ...user, twoFactorRequired: true, twoFactorEnabled: false });
        throw { redirectTo: TWO_FACTOR_ENROL_PATH, logoutUser: false, message: false };
      }
    },

    getIdentity: async () => {
      const user = store.getUser();
      if (!user) throw clientError('TOKEN_NOT_EXIST');
      return { ...user, id: user.id, fullName: user.name };
    },

    getPermissions,

    canAccess: async ({ action, resource }: { action: string; resource: string }) => {
      if (!isAccessAction(action)) return false;
      const granted = await getPermissions();
      if (!granted) return false;
      const { type, permissions } = granted;
      // what this brand variant hides is not offered, whatever the permissions (the server refuses it too)
      if (hiddenInBrand(getPortalEnv().brand, type, resource)) return false;
      return canAccessRule(permissions === undefined ? { type } : { type, permissions }, {
        action,
        resource,
      });
    },

    ensureFreshToken,
    loadUser,
    preloadUser,

    handleTokenError: (error: ApiError) => {
      if (isTokenErrorCode(error.code)) endSession();
    },

    dispose: () => target?.removeEventListener('storage', onStorage as EventListener),
  };
};

export { ApiError };
