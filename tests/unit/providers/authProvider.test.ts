// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_RENEW_MS } from '../../../contract';
import type { LoggedInUser } from '../../../contract/auth';
import { createAuthProvider, type LockManagerLike } from '../../../src/providers/authProvider';
import { createHttpClient } from '../../../src/providers/httpClient';
import { createSessionStore, STORAGE_KEYS } from '../../../src/providers/storage';
import {
  envelope,
  failureEnvelope,
  fakeJwt,
  type RecordedCall,
  type Responder,
  recordingFetch,
} from './helpers';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);

const MERCHANT: LoggedInUser = {
  id: 2,
  email: 'merchant@example.com',
  name: 'Mark Merchant',
  type: 'MERCHANT',
  mobile: null,
  companyId: 1,
  brandId: 1,
  organizationLevel: 'BRAND',
  signupState: 'APPROVAL',
  state: 'ENABLE',
  country: 'sg',
  groups: [],
};

const path = (c: RecordedCall | undefined) =>
  c ? new URL(c.url, 'http://portal.test').pathname.replace('/portal-main-service/api/v1', '') : '';

const setup = (responder: Responder, opts: { locks?: LockManagerLike | null } = {}) => {
  let now = T0;
  const rec = recordingFetch(responder);
  const store = createSessionStore(localStorage);
  const onSessionEnded = vi.fn();
  let auth: ReturnType<typeof createAuthProvider>;
  const http = createHttpClient({
    fetch: rec.fetch,
    getAccessToken: () => auth.ensureFreshToken(),
    getCountry: () => store.getCountry(),
    onTokenError: (e) => auth.handleTokenError(e),
  });
  auth = createAuthProvider({
    httpClient: http,
    storage: store,
    now: () => now,
    locks: opts.locks === undefined ? null : opts.locks,
    onSessionEnded,
    sleep: async () => {
      now += 100;
    },
  });
  return {
    auth,
    http,
    store,
    calls: rec.calls,
    onSessionEnded,
    setNow: (ms: number) => {
      now = ms;
    },
  };
};

const loggedIn = (s: ReturnType<typeof setup>, accessExpMs: number, renewedAt = T0) => {
  s.store.setAccessToken(fakeJwt({ exp: sec(accessExpMs) }));
  s.store.setRefreshToken('refresh-1');
  s.store.setRefreshTokenRenewedAt(renewedAt);
  s.store.setUser(MERCHANT);
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('login and logout', () => {
  it('login posts the credentials without a token and stores tokens, renewal time and user', async () => {
    const access = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(() =>
      envelope(MERCHANT, {}, { 'X-Access-Token': access, 'X-Refresh-Token': 'refresh-A' }),
    );
    const result = await s.auth.login({ username: ' merchant@example.com ', password: 'Password123!' });
    expect(path(s.calls[0])).toBe('/auth/get-token');
    expect(s.calls[0]?.method).toBe('POST');
    expect(s.calls[0]?.headers.authorization).toBeUndefined();
    expect(s.calls[0]?.headers['x-country']).toBe('sg');
    expect(JSON.parse(s.calls[0]?.body ?? '')).toEqual({
      email: 'merchant@example.com',
      password: 'Password123!',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(access);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-A');
    expect(localStorage.getItem(STORAGE_KEYS.refreshTokenRenewedAt)).toBe(String(T0));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '')).toEqual(MERCHANT);
    expect(result).toEqual({ redirectTo: '/' });
  });

  it('a merchant not yet approved is sent to signup', async () => {
    const s = setup(() =>
      envelope(
        { ...MERCHANT, signupState: 'SUBMITTED', companyId: null },
        {},
        {
          'X-Access-Token': fakeJwt({ exp: sec(T0) + 900 }),
          'X-Refresh-Token': 'r',
        },
      ),
    );
    expect(await s.auth.login({ email: 'new.merchant@example.com', password: 'p' })).toEqual({
      redirectTo: '/signup',
    });
  });

  it('bad credentials reject with BAD_CREDENTIALS and store nothing', async () => {
    const s = setup(() => failureEnvelope(26200, 'BAD_CREDENTIALS', 'Bad credentials', 401));
    await expect(s.auth.login({ email: 'x@example.com', password: 'bad' })).rejects.toMatchObject({
      name: 'BAD_CREDENTIALS',
      code: 26200,
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('logout posts the refresh token, then clears the session but keeps the country', async () => {
    const s = setup(() => envelope(null));
    loggedIn(s, T0 + 600_000);
    s.store.setCountry('my');
    await s.auth.logout();
    expect(path(s.calls[0])).toBe('/auth/logout');
    expect(s.calls[0]?.headers['x-refresh-token']).toBe('refresh-1');
    expect(s.calls[0]?.headers.authorization?.startsWith('Bearer ')).toBe(true);
    expect(s.store.getAccessToken()).toBeNull();
    expect(s.store.getRefreshToken()).toBeNull();
    expect(s.store.getUser()).toBeNull();
    expect(s.store.getCountry()).toBe('my');
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('logout still clears the session when the server call fails', async () => {
    const s = setup(() => {
      throw new TypeError('offline');
    });
    loggedIn(s, T0 + 600_000);
    await s.auth.logout();
    expect(s.store.getRefreshToken()).toBeNull();
  });
});

describe('checkAuth, checkError, identity and permissions', () => {
  it('checkAuth rejects towards splash without a session and resolves with one', async () => {
    const s = setup(() => envelope(null));
    await expect(s.auth.checkAuth({})).rejects.toEqual({ redirectTo: '/splash', message: false });
    loggedIn(s, T0 + 600_000);
    await expect(s.auth.checkAuth({})).resolves.toBeUndefined();
  });

  it.each([1000, 1001, 1005, 1015, 26200, 26201])('checkError logs out on code %i', async (code) => {
    const s = setup(() => envelope(null));
    loggedIn(s, T0 + 600_000);
    await expect(s.auth.checkError({ code })).rejects.toMatchObject({ redirectTo: '/splash' });
    expect(s.store.getRefreshToken()).toBeNull();
  });

  it.each([26433, 26434, 26435])(
    "checkError logs out when the caller's own company, brand or store is closed (%i with data.caller)",
    async (code) => {
      const s = setup(() => envelope(null));
      loggedIn(s, T0 + 600_000);
      await expect(
        s.auth.checkError({ code, data: { state: 'DISABLED', caller: true } }),
      ).rejects.toMatchObject({
        redirectTo: '/splash',
      });
      expect(s.store.getRefreshToken()).toBeNull();
    },
  );

  it.each([26433, 26434, 26435])(
    'checkError keeps the session when a row acted on is closed (%i without data.caller: an operator)',
    async (code) => {
      const s = setup(() => envelope(null));
      loggedIn(s, T0 + 600_000);
      await expect(s.auth.checkError({ code, data: { state: 'DISABLED' } })).resolves.toBeUndefined();
      expect(s.store.getRefreshToken()).toBe('refresh-1');
    },
  );

  it.each([2, 4, 26231, 1601])(
    'checkError keeps the session on code %i (not a 10xx token code)',
    async (code) => {
      const s = setup(() => envelope(null));
      loggedIn(s, T0 + 600_000);
      await expect(s.auth.checkError({ code })).resolves.toBeUndefined();
      expect(s.store.getRefreshToken()).toBe('refresh-1');
    },
  );

  it('a 10xx answer to any call ends the session through the http client', async () => {
    const s = setup(() => failureEnvelope(1004, 'TOKEN_ILLEGAL', 'Token is illegal', 401));
    loggedIn(s, T0 + 600_000);
    await expect(s.http('/user/2')).rejects.toMatchObject({ code: 1004 });
    expect(s.store.getAccessToken()).toBeNull();
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a visitor has null permissions (no rejection that would log out) and may access nothing', async () => {
    const s = setup(() => envelope(null));
    expect(await s.auth.getPermissions({})).toBeNull();
    expect(await s.auth.canAccess({ action: 'list', resource: 'vouchers' })).toBe(false);
    expect(s.calls).toHaveLength(0);
  });

  it('getIdentity answers the stored user with fullName', async () => {
    const s = setup(() => envelope(null));
    loggedIn(s, T0 + 600_000);
    expect(await s.auth.getIdentity()).toEqual({ ...MERCHANT, fullName: 'Mark Merchant' });
  });

  it('getPermissions reads full-permissions of a merchant once; canAccess applies the shared rule', async () => {
    const perms = [{ resource: 'vouchers', action: 'VIEW' }];
    const s = setup(() => envelope(perms));
    loggedIn(s, T0 + 600_000);
    expect(await s.auth.getPermissions({})).toEqual({
      role: 'merchant',
      type: 'MERCHANT',
      permissions: perms,
    });
    expect(await s.auth.canAccess({ action: 'list', resource: 'vouchers' })).toBe(true);
    expect(await s.auth.canAccess({ action: 'edit', resource: 'vouchers' })).toBe(false);
    expect(await s.auth.canAccess({ action: 'list', resource: 'push' })).toBe(false);
    expect(await s.auth.canAccess({ action: 'dance', resource: 'vouchers' })).toBe(false);
    expect(s.calls.map((c) => `${c.method} ${path(c)}`)).toEqual(['GET /user/2/full-permissions']);
    expect(s.calls[0]?.headers.authorization?.startsWith('Bearer ')).toBe(true);
  });

  it('an operator needs no permission call and may see everything but finance', async () => {
    const s = setup(() => envelope(null));
    loggedIn(s, T0 + 600_000);
    s.store.setUser({ ...MERCHANT, id: 1, type: 'OPERATOR', companyId: null });
    expect(await s.auth.getPermissions({})).toEqual({ role: 'operator', type: 'OPERATOR' });
    expect(await s.auth.canAccess({ action: 'edit', resource: 'countryConfig' })).toBe(true);
    expect(await s.auth.canAccess({ action: 'list', resource: 'wallet' })).toBe(false);
    expect(s.calls).toHaveLength(0);
  });

  it('loadUser GETs /user/{uid} from the token claim and stores the answer', async () => {
    const fresh = { ...MERCHANT, id: 7, name: 'Fresh' };
    const s = setup(() => envelope(fresh));
    loggedIn(s, T0 + 600_000);
    s.store.setAccessToken(fakeJwt({ exp: sec(T0) + 600, uid: 7 }));
    expect(await s.auth.loadUser()).toEqual(fresh);
    expect(path(s.calls[0])).toBe('/user/7');
    expect(s.store.getUser()).toEqual(fresh);
  });
});

describe('token refresh', () => {
  const refreshResponder =
    (access: string, refresh = 'refresh-2'): Responder =>
    (call) => {
      if (path(call) === '/auth/refresh/token') return envelope(null, {}, { 'X-Access-Token': access });
      if (path(call) === '/auth/refresh/refresh-token')
        return envelope(null, {}, { 'X-Refresh-Token': refresh });
      return envelope({ ok: true });
    };

  it('a token far from expiry is used as it is', async () => {
    const s = setup(refreshResponder('new'));
    loggedIn(s, T0 + 10 * 60_000);
    await s.http('/user/2');
    expect(s.calls.map(path)).toEqual(['/user/2']);
    expect(s.calls[0]?.headers.authorization).toBe(`Bearer ${s.store.getAccessToken()}`);
  });

  it('refreshes the access token shortly before it expires, then sends the new one', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(refreshResponder(fresh));
    loggedIn(s, T0 + 30_000);
    await s.http('/user/2');
    expect(s.calls.map(path)).toEqual(['/auth/refresh/token', '/user/2']);
    expect(s.calls[0]?.headers['x-refresh-token']).toBe('refresh-1');
    expect(s.calls[0]?.headers['x-device-id']).toBe(s.store.getDeviceId());
    expect(s.calls[0]?.headers.authorization).toBeUndefined();
    expect(s.calls[1]?.headers.authorization).toBe(`Bearer ${fresh}`);
    expect(s.store.getAccessToken()).toBe(fresh);
  });

  it('refreshes an already expired access token', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(refreshResponder(fresh));
    loggedIn(s, T0 - 5_000);
    expect(await s.auth.ensureFreshToken()).toBe(fresh);
  });

  it('renews the refresh token once 86400000 ms have passed since the last renewal, not before', async () => {
    const s = setup(refreshResponder('unused', 'refresh-2'));
    loggedIn(s, T0 + REFRESH_TOKEN_RENEW_MS + 3_600_000, T0);
    s.setNow(T0 + REFRESH_TOKEN_RENEW_MS - 1);
    await s.http('/user/2');
    expect(s.calls.map(path)).toEqual(['/user/2']);

    s.setNow(T0 + REFRESH_TOKEN_RENEW_MS);
    await s.http('/user/2');
    expect(s.calls.map(path)).toEqual(['/user/2', '/auth/refresh/refresh-token', '/user/2']);
    expect(s.calls[1]?.headers['x-refresh-token']).toBe('refresh-1');
    expect(s.calls[1]?.headers['x-device-id']).toBe(s.store.getDeviceId());
    expect(s.store.getRefreshToken()).toBe('refresh-2');
    expect(s.store.getRefreshTokenRenewedAt()).toBe(T0 + REFRESH_TOKEN_RENEW_MS);
  });

  it('concurrent calls share one refresh', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(refreshResponder(fresh));
    loggedIn(s, T0 + 1_000);
    await Promise.all([s.http('/user/1'), s.http('/user/2'), s.http('/user/3'), s.auth.ensureFreshToken()]);
    expect(s.calls.filter((c) => path(c) === '/auth/refresh/token')).toHaveLength(1);
    expect(s.calls.filter((c) => path(c).startsWith('/user/')).map((c) => c.headers.authorization)).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
  });

  it('with Web Locks the refresh runs under the named lock', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const names: string[] = [];
    const locks: LockManagerLike = {
      request: async (name, callback) => {
        names.push(name);
        return callback();
      },
    };
    const s = setup(refreshResponder(fresh), { locks });
    loggedIn(s, T0 + 1_000);
    await Promise.all([s.http('/user/1'), s.http('/user/2')]);
    expect(names).toEqual(['portal-token-refresh']);
    expect(s.calls.filter((c) => path(c) === '/auth/refresh/token')).toHaveLength(1);
  });

  it('a tab that got the lock after another tab refreshed uses the stored token without calling', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(refreshResponder('never'), {
      locks: {
        request: async (_name, callback) => {
          // the other tab held the lock and stored its new token meanwhile
          localStorage.setItem(STORAGE_KEYS.accessToken, fresh);
          return callback();
        },
      },
    });
    loggedIn(s, T0 + 1_000);
    expect(await s.auth.ensureFreshToken()).toBe(fresh);
    expect(s.calls).toHaveLength(0);
  });

  it('without Web Locks, waits while another tab holds the lease and uses its token', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(refreshResponder('never'));
    loggedIn(s, T0 + 1_000);
    localStorage.setItem(
      STORAGE_KEYS.refreshLease,
      JSON.stringify({ owner: 'other-tab', until: T0 + 10_000 }),
    );
    const pending = s.auth.ensureFreshToken();
    localStorage.setItem(STORAGE_KEYS.accessToken, fresh);
    expect(await pending).toBe(fresh);
    expect(s.calls).toHaveLength(0);
  });

  it('without Web Locks, an unreadable lease counts as none', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(refreshResponder(fresh));
    loggedIn(s, T0 + 1_000);
    localStorage.setItem(STORAGE_KEYS.refreshLease, '{broken');
    expect(await s.auth.ensureFreshToken()).toBe(fresh);
    expect(s.calls.map(path)).toEqual(['/auth/refresh/token']);
  });

  it('without Web Locks, takes over a lease that another tab left behind', async () => {
    const fresh = fakeJwt({ exp: sec(T0) + 900 });
    const s = setup(refreshResponder(fresh));
    loggedIn(s, T0 + 1_000);
    localStorage.setItem(STORAGE_KEYS.refreshLease, JSON.stringify({ owner: 'dead-tab', until: T0 + 300 }));
    expect(await s.auth.ensureFreshToken()).toBe(fresh);
    expect(s.calls.map(path)).toEqual(['/auth/refresh/token']);
    expect(localStorage.getItem(STORAGE_KEYS.refreshLease)).toBeNull();
  });

  it('a missing refresh token logs out and rejects with a token error', async () => {
    const s = setup(refreshResponder('never'));
    loggedIn(s, T0 - 1_000);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    await expect(s.http('/user/2')).rejects.toMatchObject({ code: 1000, name: 'TOKEN_NOT_EXIST' });
    expect(s.calls).toHaveLength(0);
    expect(s.store.getAccessToken()).toBeNull();
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('an expired refresh token (JWT exp) logs out without calling the server', async () => {
    const s = setup(refreshResponder('never'));
    loggedIn(s, T0 - 1_000);
    s.store.setRefreshToken(fakeJwt({ exp: sec(T0) - 1 }));
    await expect(s.auth.ensureFreshToken()).rejects.toMatchObject({ code: 1000 });
    expect(s.calls).toHaveLength(0);
    expect(s.store.getRefreshToken()).toBeNull();
  });

  it('a refresh answered with a token error (expired refresh token) logs out', async () => {
    const s = setup(() => failureEnvelope(1001, 'TOKEN_EXPIRED', 'Token expired', 401));
    loggedIn(s, T0 - 1_000);
    await expect(s.auth.ensureFreshToken()).rejects.toMatchObject({ code: 1001 });
    expect(s.store.getRefreshToken()).toBeNull();
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a refresh that fails on the network keeps the session for a later try', async () => {
    const s = setup(() => {
      throw new TypeError('offline');
    });
    loggedIn(s, T0 - 1_000);
    await expect(s.auth.ensureFreshToken()).rejects.toMatchObject({ code: 1, name: 'API_FAILED' });
    expect(s.store.getRefreshToken()).toBe('refresh-1');
  });

  it('a failed early refresh or renewal keeps using an access token that has not expired yet', async () => {
    const s = setup((call) =>
      path(call).startsWith('/auth/')
        ? failureEnvelope(1, 'API_FAILED', 'The request failed', 500)
        : envelope({ ok: true }),
    );
    loggedIn(s, T0 + 30_000, T0 - REFRESH_TOKEN_RENEW_MS);
    const current = s.store.getAccessToken();
    await s.http('/user/2');
    expect(s.calls.map(path)).toEqual(['/auth/refresh/refresh-token', '/user/2']);
    expect(s.calls[1]?.headers.authorization).toBe(`Bearer ${current}`);
    expect(s.store.getRefreshToken()).toBe('refresh-1');
  });

  it('another tab logging out is reported through the storage event', async () => {
    const s = setup(() => envelope(null));
    loggedIn(s, T0 + 600_000);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.refreshToken, newValue: null }));
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
    s.auth.dispose();
  });
});
