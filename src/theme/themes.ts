import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Page backgrounds, also painted by public/theme-init.js before React loads (keep in step). */
export const BACKGROUND = { light: '#f5f6f8', dark: '#121417' } as const;

const withShared = (base: RaThemeOptions, palette: RaThemeOptions['palette']): RaThemeOptions => ({
  ...base,
  palette: { ...base.palette, ...palette },
  shape: { borderRadius: 8 },
  sidebar: { width: 260, closedWidth: 64 },
});

export const lightTheme: RaThemeOptions = withShared(defaultLightTheme, {
  mode: 'light',
  primary: { main: '#1f5fbf' },
  secondary: { main: '#0f7a6c' },
  background: { default: BACKGROUND.light, paper: '#ffffff' },
});

export const darkTheme: RaThemeOptions = withShared(defaultDarkTheme, {
  mode: 'dark',
  primary: { main: '#7fb0ff' },
  secondary: { main: '#5fd3c2' },
  background: { default: BACKGROUND.dark, paper: '#1c1f24' },
});
