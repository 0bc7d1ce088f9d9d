// The portal document's head (index.html): what the server writes into it and what the CSP allows.
import { DEFAULT_THEME, THEME_COOKIE_NAME } from './constants';

/** Page backgrounds per colour scheme, painted before React loads (src/theme/themes.ts uses them too). */
export const THEME_BACKGROUND = { light: '#f5f6f8', dark: '#121417' } as const;

/**
 * The id of the non-executable `<script type="application/json">` block in which the server hands the
 * portal its run-time settings (brand, title, country lookup) when it serves index.html.
 */
export const PORTAL_ENV_ELEMENT_ID = 'portal-env';

/**
 * Paints the stored colour scheme (cookie THEME_COOKIE_NAME, default dark) before the first paint, so
 * that a dark reload never flashes light. vite.config.ts writes it inline at the top of index.html's
 * head; the server's Content-Security-Policy allows exactly this text by its sha256 hash. Any change
 * to it changes the hash, which the server computes from this same constant.
 */
export const THEME_PAINT_SCRIPT =
  `(function(){var m=${JSON.stringify(DEFAULT_THEME)};` +
  `try{var c=document.cookie.match(/(?:^|;\\s*)${THEME_COOKIE_NAME}=(light|dark)(?:;|$)/);if(c)m=c[1]}catch(e){}` +
  'var r=document.documentElement;r.dataset.theme=m;r.style.colorScheme=m;' +
  `r.style.backgroundColor=m==="dark"?${JSON.stringify(THEME_BACKGROUND.dark)}:${JSON.stringify(THEME_BACKGROUND.light)}})();`;
