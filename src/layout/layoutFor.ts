// The layout rules of spec section 2, in one pure function (no React) so that they are unit-tested
// and shared by the route table and the layout component.
import { NO_HEADER_PATHS, NO_MENU_PATHS } from '../../contract/document';

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

// NO_HEADER_PATHS and NO_MENU_PATHS live in contract/document.ts: index.html's static app bar follows
// them too (THEME_PAINT_SCRIPT)
const FULL_WIDTH = ['/transaction/payment-history', '/communications/pushNotificationTemplates', '/finance'];
const NO_PADDING = ['/splash'];

export const layoutFor = (pathname: string): LayoutFlags => {
  const path = clean(pathname);
  const any = (bases: readonly string[]) => bases.some((b) => under(path, b));
  const noPadding = any(NO_PADDING);
  return {
    header: !any(NO_HEADER_PATHS),
    menu: !any(NO_MENU_PATHS),
    padding: !noPadding,
    // A page without padding (splash) draws edge to edge, so it is full width as well.
    fullWidth: noPadding || any(FULL_WIDTH),
  };
};
