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
 * index.html's page heading before React's (issue 39: the page's h1 was the largest paint, and it
 * waited for the first load): `#boot-heading`, inside `#boot-page`, which has the place, width and
 * padding of the layout's page frame (src/layout/ShellLayout.tsx). The paint script below fills it
 * from the `<script type="application/json">` block BOOT_HEADINGS_ELEMENT_ID, which vite.config.ts
 * writes from the routes and their messages (src/layout/bootHeadings.ts); the layout takes it away
 * as the page shows (src/layout/bootShell.ts).
 */
export const BOOT_HEADING_ID = 'boot-heading';
export const BOOT_HEADINGS_ELEMENT_ID = 'portal-headings';

/**
 * The key of the portal's react-admin store (src/theme/cookieThemeStore.ts): react-admin keeps its
 * entries in localStorage as `RaStore<key>.<name>` (the language, `locale`; the desktop menu,
 * `sidebar.open`), which the paint script reads too.
 */
export const PORTAL_STORE_KEY = 'loyalty-portal';

/** Who a static heading is shown to (BootHeadings entries' first number is a sum of these). */
export const BOOT_HEADING_FLAGS = { operator: 1, merchant: 2, fullWidth: 4 } as const;
/** In a heading's text, the signed-in user's name (from the stored user). */
export const BOOT_HEADING_NAME = '%{name}';

/**
 * The data block the paint script reads (compact: it is in every document):
 * - `k`: the localStorage keys of the access token, the refresh token, the stored user, and the prefix of
 *   react-admin's store (whose `locale` and `sidebar.open` it reads);
 * - `l`: the portal's locales, the default first;
 * - `p`: per path, `[flags, text in l[0], text in l[1], …]` (BOOT_HEADING_FLAGS).
 */
export interface BootHeadings {
  k: readonly [accessToken: string, refreshToken: string, user: string, storePrefix: string];
  l: readonly string[];
  p: Readonly<Record<string, readonly [number, ...string[]]>>;
}

/** JSON that is also safe inside a <script> element or a JS file (no `</script>`, no U+2028/9). */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * Paints the stored colour scheme (cookie THEME_COOKIE_NAME, default dark) before the first paint, so
 * that a dark reload never flashes light, marks the page's static app bar (data-shell, above), and
 * puts the page's heading in (BOOT_HEADING_ID) when the document's data block knows it for this path
 * and this stored user: signed in (a token), of a type the entry is for, not held elsewhere by
 * startup (a merchant whose signup is not approved, a second factor to enrol: src/layout/startup.ts),
 * in the stored language; a name in the text is the stored user's. The heading's element and the data
 * block come later in the document (the block at the end of the head, so that this script stays
 * short and first): a MutationObserver fills the heading when the parser adds it, before any paint.
 * vite.config.ts writes this script inline at the top of index.html's head; the server's
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
  `r.dataset.shell=u(${JSON.stringify(NO_HEADER_PATHS)})?"none":u(${JSON.stringify(NO_MENU_PATHS)})?"bar":"menu";` +
  // the page's heading, once its element is parsed (the data block is in the head, above it): the
  // entry for this path, if the stored session may see it
  `var f=function(){var h=document.getElementById(${JSON.stringify(BOOT_HEADING_ID)});if(!h)return 0;try{` +
  `var d=JSON.parse(document.getElementById(${JSON.stringify(BOOT_HEADINGS_ELEMENT_ID)}).textContent),` +
  `k=d.k,e=d.p[p],s=localStorage,g=function(n){return JSON.parse(s.getItem(k[3]+n))};` +
  'if(e&&(s.getItem(k[0])||s.getItem(k[1]))){var w=JSON.parse(s.getItem(k[2])),o=w.type==="OPERATOR",' +
  't=e[1+d.l.indexOf(g("locale")||d.l[0])];' +
  `if(typeof t==="string"&&e[0]&(o?${BOOT_HEADING_FLAGS.operator}:${BOOT_HEADING_FLAGS.merchant})` +
  '&&(o||w.signupState==="APPROVAL")&&!(w.twoFactorRequired===true&&w.twoFactorEnabled!==true)' +
  `&&(t.indexOf(${JSON.stringify(BOOT_HEADING_NAME)})<0||w.name)){` +
  `h.textContent=t.split(${JSON.stringify(BOOT_HEADING_NAME)}).join(w.name);` +
  `r.dataset.heading=e[0]&${BOOT_HEADING_FLAGS.fullWidth}?"wide":"page";if(g("sidebar.open")===false)r.dataset.menu="closed"}}` +
  '}catch(e){}return 1};' +
  'if(!f()){var b=new MutationObserver(function(){if(f())b.disconnect()});b.observe(r,{childList:true,subtree:true})}' +
  '}catch(e){}})();';
