import { DEFAULT_COUNTRY, DEVICE_ID_PATTERN, type LoggedInUser } from '../../contract';

/** localStorage keys; exported so that `storage` event listeners in other tabs can tell them apart. */
export const STORAGE_KEYS = {
  accessToken: 'portal.accessToken',
  refreshToken: 'portal.refreshToken',
  refreshTokenRenewedAt: 'portal.refreshTokenRenewedAt',
  user: 'portal.user',
  country: 'portal.country',
  refreshLease: 'portal.refreshLease',
  deviceId: 'portal.deviceId',
} as const;

export interface SessionStore {
  getAccessToken(): string | null;
  setAccessToken(token: string): void;
  getRefreshToken(): string | null;
  setRefreshToken(token: string): void;
  /** epoch ms of the last refresh-token renewal (or login) */
  getRefreshTokenRenewedAt(): number | null;
  setRefreshTokenRenewedAt(ms: number): void;
  getUser(): LoggedInUser | null;
  setUser(user: LoggedInUser): void;
  getCountry(): string;
  setCountry(country: string): void;
  /** This browser's id for X-Device-Id, made on first use and kept across logins. */
  getDeviceId(): string;
  /** Raw access for the cross-tab refresh lease. */
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Ends the session: tokens, renewal time and user go; the chosen country stays. */
  clearSession(): void;
}

/** A Map-backed stand-in for environments without localStorage (SSR, plain Node tests). */
export const createMemoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
};

const defaultBackend = (): Storage =>
  typeof localStorage === 'undefined' ? createMemoryStorage() : localStorage;

export const createSessionStore = (backend: Storage = defaultBackend()): SessionStore => {
  const get = (key: string): string | null => {
    try {
      return backend.getItem(key);
    } catch {
      // Storage can throw (privacy mode, quota); a missing value is the safe reading.
      return null;
    }
  };
  const set = (key: string, value: string): void => backend.setItem(key, value);
  const remove = (key: string): void => backend.removeItem(key);

  return {
    getAccessToken: () => get(STORAGE_KEYS.accessToken),
    setAccessToken: (token) => set(STORAGE_KEYS.accessToken, token),
    getRefreshToken: () => get(STORAGE_KEYS.refreshToken),
    setRefreshToken: (token) => set(STORAGE_KEYS.refreshToken, token),
    getRefreshTokenRenewedAt: () => {
      const raw = get(STORAGE_KEYS.refreshTokenRenewedAt);
      const ms = raw === null ? Number.NaN : Number(raw);
      return Number.isFinite(ms) ? ms : null;
    },
    setRefreshTokenRenewedAt: (ms) => set(STORAGE_KEYS.refreshTokenRenewedAt, String(ms)),
    getUser: () => {
      const raw = get(STORAGE_KEYS.user);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as LoggedInUser;
      } catch {
        return null;
      }
    },
    setUser: (user) => set(STORAGE_KEYS.user, JSON.stringify(user)),
    getCountry: () => get(STORAGE_KEYS.country) || DEFAULT_COUNTRY,
    setCountry: (country) => set(STORAGE_KEYS.country, country.toLowerCase()),
    getDeviceId: () => {
      const stored = get(STORAGE_KEYS.deviceId);
      if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
      const id = crypto.randomUUID();
      try {
        set(STORAGE_KEYS.deviceId, id);
      } catch {
        // Unsaved, the id only lives as long as this page; the server then simply does not bind.
      }
      return id;
    },
    getItem: get,
    setItem: set,
    removeItem: remove,
    clearSession: () => {
      remove(STORAGE_KEYS.accessToken);
      remove(STORAGE_KEYS.refreshToken);
      remove(STORAGE_KEYS.refreshTokenRenewedAt);
      remove(STORAGE_KEYS.user);
      remove(STORAGE_KEYS.refreshLease);
    },
  };
};

let defaultStore: SessionStore | undefined;

/** The app's session store over window.localStorage, created on first use. */
export const getSessionStore = (): SessionStore => {
  defaultStore ??= createSessionStore();
  return defaultStore;
};

export const getCountry = (): string => getSessionStore().getCountry();
export const setCountry = (country: string): void => getSessionStore().setCountry(country);
