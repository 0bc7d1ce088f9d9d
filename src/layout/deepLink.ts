// A deep link through sign-in: a visitor who opens a page that needs a user is sent to the splash
// page (spec section 2) with the page in `?next=`; the splash page's "Sign in" passes it on to
// /login, and signing in lands there. Only a path of this site is ever followed (never another
// origin, never a page of the sign-in itself), so the parameter cannot be used as an open redirect.

export const NEXT_PARAM = 'next';

/** Pages that are part of signing in: never a place to come back to after it. */
const ENTRY_PATHS = ['/splash', '/login', '/register', '/forget-password'];

// any origin: only a path that stays on it is kept
const BASE = 'http://portal.invalid';

/**
 * `value` when it is a path of this site (`/vouchers?x=1`), else null: absolute URLs,
 * protocol-relative `//host`, backslashes, control characters and the sign-in pages are refused.
 */
export const safeNextPath = (value: string | null | undefined): string | null => {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // browsers read "\" as "/" (so "/\host" is another origin); control characters are stripped
  // before parsing (so "/\t/host" is too)
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (ENTRY_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** The safe `next` of a location's query string, if any. */
export const nextOf = (search: string): string | null =>
  safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));

/** `path` with `?next=<next>` when `next` is a safe path; else `path` alone. */
export const withNext = (path: string, next: string | null | undefined): string => {
  const safe = safeNextPath(next);
  return safe === null || safe === '/' ? path : `${path}?${new URLSearchParams({ [NEXT_PARAM]: safe })}`;
};
