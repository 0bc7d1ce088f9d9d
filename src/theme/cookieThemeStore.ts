import { localStorageStore, type Store } from 'react-admin';
import { PORTAL_STORE_KEY } from '../../contract/document';
import { readThemeCookie, writeThemeCookie } from './themeCookie';

const THEME_KEY = 'theme';

/**
 * react-admin's store, except that the colour scheme lives in the cookie (spec section 1) rather
 * than in localStorage: react-admin's own theme machinery (useTheme, ToggleThemeButton) then reads
 * and writes the cookie.
 */
export const createCookieThemeStore = (
  inner: Store = localStorageStore(undefined, PORTAL_STORE_KEY),
): Store => ({
  ...inner,
  getItem: <T>(key: string, defaultValue?: T): T | undefined => {
    if (key !== THEME_KEY) return inner.getItem(key, defaultValue);
    return (readThemeCookie() as T | undefined) ?? defaultValue;
  },
  setItem: <T>(key: string, value: T): void => {
    if (key === THEME_KEY && (value === 'light' || value === 'dark'))
      writeThemeCookie(value as 'light' | 'dark');
    // The inner store still gets the value: it is what notifies react-admin's subscribers.
    inner.setItem(key, value);
  },
});
