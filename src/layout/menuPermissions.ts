// Which menu link a page belongs to, and what a menu link needs the caller to VIEW (contract/access.ts canAccess): a declared table's link
// its declaration's permission, the hand-written screens theirs. The menu offers only the links
// the caller may use (issue 12: a colleague granted View on two resources sees those two).
import { type AccessSubject, canAccess, type PermissionResource } from '../../contract/access';
import { mayManageApiKeys } from '../../contract/api-keys';
import { RESOURCES, type ResourceDeclaration } from '../../resources';

/**
 * Screens that are not a declared table's list, and every resource they read: the calls they make
 * and the server's check on each (an org hierarchy is `company` VIEW on the server). A caller who
 * may not VIEW one of them gets the denied page before the page asks anything (ShellLayout's Gate).
 */
// the payment history is a card of the overview shown only to who may read it (FinancePage)
const FINANCE_OVERVIEW: readonly PermissionResource[] = ['wallet', 'walletTransaction'];
const SCREENS: Readonly<Record<string, readonly PermissionResource[]>> = {
  '/analytics': ['analytics'],
  // the member levels' overview and rule (src/pages/members/)
  '/aotg': ['memberLevel'],
  '/aotg/config': ['memberLevel'],
  '/organization/org-hierarchy': ['organization', 'company'],
  '/access/operator-access': ['user'],
  '/access/merchant-access': ['user'],
  '/merchant': ['user'],
  '/operator': ['user'],
  '/VoucherManagement': ['vouchers'],
  // a member's profile reads GET /members/{mobile} (member VIEW)
  '/aotg/member': ['member'],
  '/product/edit': ['product'],
  '/finance': FINANCE_OVERVIEW,
  '/finance/wallet/balance': FINANCE_OVERVIEW,
  // the balance, the saved cards (when Stripe is on) and the top-up itself
  '/finance/wallet/top-up': ['wallet', 'paymentMethod', 'topUp'],
  '/finance/payment-methods': ['paymentMethod'],
  // a store's poster reads the store, its brand's programmes (and, when allowed, the brand and reward)
  '/organization/store/poster': ['store', 'stampCard'],
  // a company's outbound webhooks (issue 27)
  '/webhooks': ['webhook'],
};

/**
 * Screens open to who may VIEW any one of their resources: the scanner looks a code up among member
 * cards (stampCard) and vouchers, each only when the caller may see that table (src/pages/scan/api.ts).
 */
const SCREENS_ANY: Readonly<Record<string, readonly PermissionResource[]>> = {
  '/scan': ['stampCard', 'vouchers'],
};

const BY_ROUTE: ReadonlyMap<string, PermissionResource> = new Map(
  (RESOURCES as readonly ResourceDeclaration[]).flatMap((d) =>
    d.route === undefined ? [] : [[d.route, d.permission as PermissionResource] as const],
  ),
);

/** The resources a screen reads; empty for a screen open to everyone (Help, Settings). */
export const permissionsOfPath = (path: string): readonly PermissionResource[] => {
  const own = SCREENS[path] ?? SCREENS_ANY[path];
  if (own) return own;
  const table = BY_ROUTE.get(path);
  return table === undefined ? [] : [table];
};

/**
 * Screens with a rule of their own rather than a permission: API keys are made by operators and
 * companies' owners only, whatever a colleague was granted (contract/api-keys.ts mayManageApiKeys).
 */
const SCREENS_RULE: Readonly<Record<string, (subject: AccessSubject) => boolean>> = {
  '/access/api-keys': mayManageApiKeys,
};

/** May `subject` use the screen behind `path` (VIEW on everything it reads)? */
export const maySee = (subject: AccessSubject, path: string): boolean => {
  const rule = SCREENS_RULE[path];
  if (rule) return rule(subject);
  const view = (resource: PermissionResource) => canAccess(subject, { action: 'VIEW', resource });
  const any = SCREENS_ANY[path];
  return any ? any.some(view) : permissionsOfPath(path).every(view);
};

const ROUTE_OF_RESOURCE: ReadonlyMap<string, string> = new Map(
  (RESOURCES as readonly ResourceDeclaration[]).flatMap((d) =>
    d.route === undefined ? [] : [[d.name, d.route] as const],
  ),
);

/**
 * Screens reached from another screen's page rather than from the menu, by the menu link they belong
 * to: the member levels' rule and level setup are opened from Member Levels (/aotg).
 */
const PART_OF: ReadonlyMap<string, string> = new Map([
  ['/aotg/config', '/aotg'],
  ['/aotg/user-level-config', '/aotg'],
  ['/organization/store/poster', '/organization/store'],
]);

/**
 * The menu path a page belongs to: a row's show, edit or create page (react-admin's
 * /<resource>/<id>/show …) belongs to its table's list, so the menu keeps that group open and
 * that link selected; a screen of PART_OF to its menu link; any other page is its own.
 */
export const menuPathOf = (pathname: string): string => {
  // a member's profile belongs to the members list
  if (pathname === '/aotg/member') return '/aotg/list';
  const [, first = ''] = pathname.split('/');
  const page = ROUTE_OF_RESOURCE.get(first) ?? pathname;
  return PART_OF.get(page) ?? page;
};
