import Cookies from 'js-cookie';
import {
  DEFAULT_THEME,
  THEME_COOKIE_MAX_AGE_S,
  THEME_COOKIE_NAME,
  THEME_MODES,
  type ThemeMode,
} from '../../contract';
import { BACKGROUND } from './themes';

const isMode = (v: unknown): v is ThemeMode => (THEME_MODES as readonly unknown[]).includes(v);

/** The stored colour scheme, or undefined when there is no (valid) cookie. */
export const readThemeCookie = (): ThemeMode | undefined => {
  const value = Cookies.get(THEME_COOKIE_NAME);
  return isMode(value) ? value : undefined;
};

export const currentThemeMode = (): ThemeMode => readThemeCookie() ?? DEFAULT_THEME;

/** Paints the document like index.html's inline theme script (contract THEME_PAINT_SCRIPT) does, so a toggle and a reload look the same. */
export const applyThemeToDocument = (mode: ThemeMode): void => {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  root.style.backgroundColor = BACKGROUND[mode];
};

export const writeThemeCookie = (mode: ThemeMode): void => {
  // js-cookie writes unknown attributes as they are: max-age is what the spec fixes (30 days).
  Cookies.set(THEME_COOKIE_NAME, mode, {
    path: '/',
    sameSite: 'Lax',
    'max-age': String(THEME_COOKIE_MAX_AGE_S),
  });
  applyThemeToDocument(mode);
};
