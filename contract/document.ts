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
 * Paths (and the paths below them) whose pages have no app bar, and no side menu (spec section 2):
 * src/layout/layoutFor.ts applies them, and the paint script below reads them to say whether
 * index.html's static app bar (#boot-shell) shows before React has rendered the real one.
 */
export const NO_HEADER_PATHS = ['/login', '/register', '/forget-password', '/x-action', '/test'] as const;
export const NO_MENU_PATHS = ['/login', '/register', '/signup', '/splash', '/x-action'] as const;

/**
 * index.html's app bar, in plain HTML and CSS: painted with the document, before any script has run
 * (issue 39: the first paint of a client-rendered portal waited for ~300 kB of JavaScript). The real
 * app bar (src/layout/ShellAppBar.tsx) takes it away as it mounts (src/layout/bootShell.ts).
 */
export const BOOT_SHELL_ID = 'boot-shell';

/**
 * Paints the stored colour scheme (cookie THEME_COOKIE_NAME, default dark) before the first paint, so
 * that a dark reload never flashes light, and marks the page's static app bar (data-shell, above).
 * vite.config.ts writes it inline at the top of index.html's head; the server's
 * Content-Security-Policy allows exactly this text by its sha256 hash. Any change to it changes the
 * hash, which the server computes from this same constant.
 */
export const THEME_PAINT_SCRIPT =
  `(function(){var m=${JSON.stringify(DEFAULT_THEME)};` +
  `try{var c=document.cookie.match(/(?:^|;\\s*)${THEME_COOKIE_NAME}=(light|dark)(?:;|$)/);if(c)m=c[1]}catch(e){}` +
  'var r=document.documentElement;r.dataset.theme=m;r.style.colorScheme=m;' +
  `r.style.backgroundColor=m==="dark"?${JSON.stringify(THEME_BACKGROUND.dark)}:${JSON.stringify(THEME_BACKGROUND.light)};` +
  // which of the static app bar to show: none, the bar, or the bar with its menu button
  `try{var p=location.pathname.replace(/\\/+$/,"")||"/",u=function(l){for(var i=0;i<l.length;i++)` +
  `if(p===l[i]||p.indexOf(l[i]+"/")===0)return 1;return 0};` +
  `r.dataset.shell=u(${JSON.stringify(NO_HEADER_PATHS)})?"none":u(${JSON.stringify(NO_MENU_PATHS)})?"bar":"menu"}catch(e){}})();`;
