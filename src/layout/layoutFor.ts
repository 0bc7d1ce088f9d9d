// The layout rules of spec section 2, in one pure function (no React) so that they are unit-tested
// and shared by the route table and the layout component.

export interface LayoutFlags {
  /** the app bar */
  header: boolean;
  /** the side menu */
  menu: boolean;
  /** 24px around the page */
  padding: boolean;
  /** no max width: the page uses the whole width next to the menu */
  fullWidth: boolean;
}

/** Normalises a pathname: lower-case comparisons would be wrong (routes are case-sensitive). */
const clean = (pathname: string): string => {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
};

/** true when `path` is `base` or below it (`/finance` matches `/finance/wallet/balance`). */
const under = (path: string, base: string): boolean => path === base || path.startsWith(`${base}/`);

const NO_HEADER = ['/login', '/register', '/forget-password', '/x-action', '/test'];
const NO_MENU = ['/login', '/register', '/signup', '/splash', '/x-action'];
const FULL_WIDTH = ['/transaction/payment-history', '/communications/pushNotificationTemplates', '/finance'];
const NO_PADDING = ['/splash'];

export const layoutFor = (pathname: string): LayoutFlags => {
  const path = clean(pathname);
  const any = (bases: readonly string[]) => bases.some((b) => under(path, b));
  const noPadding = any(NO_PADDING);
  return {
    header: !any(NO_HEADER),
    menu: !any(NO_MENU),
    padding: !noPadding,
    // A page without padding (splash) draws edge to edge, so it is full width as well.
    fullWidth: noPadding || any(FULL_WIDTH),
  };
};
