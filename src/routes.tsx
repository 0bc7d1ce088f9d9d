// Every route of spec section 2 in one table: path, component, layout flags (from layoutFor) and who
// may see it. App.tsx turns the table into react-admin <CustomRoutes>.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Brand } from '../contract';
import {
  type AccessSubject,
  hiddenInBrand,
  mayLookUpCodes,
  type PermissionResource,
} from '../contract/access';
import { mayManageApiKeys } from '../contract/api-keys';
import { type MenuEntry, type PlaceCondition, RESOURCES, type ResourceDeclaration } from '../resources';
import { lazyFrom, type ModuleLoader, moduleLoader } from './components/lazyModule';
import { HOME_HEADING } from './layout/headings';
import { type LayoutFlags, layoutFor } from './layout/layoutFor';
import { prefetchTableScreens } from './layout/prefetchScreens';
import { resourcePagesModule } from './layout/screenModules';

export type Viewer = 'visitor' | 'operator' | 'merchant';

export interface ViewerContext {
  role: Viewer;
  brand: Brand;
  pnsAllowed: boolean;
}

/**
 * One screen of the portal and its place: the route, who may open it, its title, its menu entry,
 * what it reads and the screen it belongs to. A declared table's list screen gets all of it from
 * its declaration (tableRoutes below); a hand-written screen declares the same here, beside its
 * component. The menu (layout/menuFor.ts), the permission gate (layout/menuPermissions.ts) and the
 * breadcrumbs read this one list.
 */
export interface RouteDef {
  path: string;
  /** the route's own code when it is a lazy page: loaded ahead of a visit by prefetchRoute */
  prefetch?: ModuleLoader<unknown>;
  component: ComponentType | LazyExoticComponent<ComponentType>;
  layout: LayoutFlags;
  who: readonly Viewer[];
  /** an extra condition on top of `who` (e.g. the merchant's push-notification permission) */
  when?: (ctx: ViewerContext) => boolean;
  /** i18n key of the screen's title (the breadcrumb's last words) */
  title?: string;
  /**
   * i18n key of a hand-written page's h1 when it needs no data beyond the user's name (`%{name}`):
   * index.html paints it before any script (layout/bootHeadings.ts). A table's list is headed by its
   * title (layout/headings.ts LIST_HEADING_OPTIONS).
   */
  heading?: string;
  /** its entry in the side menu */
  menu?: MenuEntry;
  /** the resources it reads: the caller needs VIEW on each (none: open to every signed-in user) */
  reads: readonly PermissionResource[];
  /** a rule of its own instead of permissions (API keys: operators and companies' owners) */
  rule?: (subject: AccessSubject) => boolean;
  /** the screen it is opened from: its breadcrumb's parent, and the menu link kept selected */
  partOf?: string;
  /** the declared table whose generated list it shows */
  table?: string;
}

/** What a hand-written screen says of its place (a declared table's comes from its declaration). */
type Place = Partial<Pick<RouteDef, 'title' | 'heading' | 'menu' | 'reads' | 'rule' | 'partOf'>> & {
  when?: PlaceCondition | RouteDef['when'];
};

// Each page is its own chunk: one bundle of react-admin + MUI + every page is too big (STACK.md).
// A module is asked once (components/lazyModule.ts): its pages render at once when the menu has
// prefetched it (prefetchRoute), without React's fallback throttle on a first visit.
/** The module behind each lazy page, for prefetchRoute. */
const pageModules = new Map<unknown, ModuleLoader<unknown>>();
type ComponentKeys<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];
const pagesOf = <M,>(load: () => Promise<M>) => {
  const mod = moduleLoader(load);
  return <K extends ComponentKeys<M>>(name: K): LazyExoticComponent<ComponentType> => {
    const component = lazyFrom(mod, (m) => m[name] as ComponentType);
    pageModules.set(component, mod);
    return component;
  };
};

const LoginPage = pagesOf(() => import('./pages/auth/LoginPage'))('LoginPage');
const RegisterPage = pagesOf(() => import('./pages/auth/RegisterPage'))('RegisterPage');
const ForgetPasswordPage = pagesOf(() => import('./pages/auth/ForgetPasswordPage'))('ForgetPasswordPage');
const SignupPage = pagesOf(() => import('./pages/signup/SignupPage'))('SignupPage');
const SplashPage = pagesOf(() => import('./pages/SplashPage'))('SplashPage');
const UserActivePage = pagesOf(() => import('./pages/xaction/UserActivePage'))('UserActivePage');
const ForgetPwdPage = pagesOf(() => import('./pages/xaction/ForgetPwdPage'))('ForgetPwdPage');
const ThenChangePasswordPage = pagesOf(() => import('./pages/xaction/ThenChangePasswordPage'))(
  'ThenChangePasswordPage',
);
const ThenProfilePage = pagesOf(() => import('./pages/xaction/ThenProfilePage'))('ThenProfilePage');
const StripeAccountConnectPage = pagesOf(() => import('./pages/xaction/StripeAccountConnectPage'))(
  'StripeAccountConnectPage',
);
const SettingsPage = pagesOf(() => import('./pages/settings/SettingsPage'))('SettingsPage');
const ProfilePage = pagesOf(() => import('./pages/settings/ProfilePage'))('ProfilePage');
const ChangePasswordPage = pagesOf(() => import('./pages/settings/ChangePasswordPage'))('ChangePasswordPage');
const HelpPage = pagesOf(() => import('./pages/help/HelpPage'))('HelpPage');
const LatLongHelpPage = pagesOf(() => import('./pages/help/LatLongHelpPage'))('LatLongHelpPage');
const TermsPage = pagesOf(() => import('./pages/help/TermsPage'))('TermsPage');
const ApiJsonPage = pagesOf(() => import('./pages/test/ApiJsonPage'))('ApiJsonPage');
const SearchableSelectPage = pagesOf(() => import('./pages/test/SearchableSelectPage'))(
  'SearchableSelectPage',
);
const PhoneInputPage = pagesOf(() => import('./pages/test/PhoneInputPage'))('PhoneInputPage');
const SystemConfigPage = pagesOf(() => import('./pages/config/SystemConfigPage'))('SystemConfigPage');
const ScheduledExportsPage = pagesOf(() => import('./pages/scheduledExports/ScheduledExportsPage'))(
  'ScheduledExportsPage',
);
const WebhooksPage = pagesOf(() => import('./pages/webhooks/WebhooksPage'))('WebhooksPage');
const DashboardPage = pagesOf(() => import('./pages/dashboard/DashboardPage'))('DashboardPage');
const FinancePage = pagesOf(() => import('./pages/finance/FinancePage'))('FinancePage');
const TopUpPage = pagesOf(() => import('./pages/finance/TopUpPage'))('TopUpPage');
const PaymentMethodsPage = pagesOf(() => import('./pages/finance/PaymentMethodsPage'))('PaymentMethodsPage');
const UserVouchersPage = pagesOf(() => import('./pages/vouchers/UserVouchersPage'))('UserVouchersPage');
const VoucherManagementPage = pagesOf(() => import('./pages/vouchers/VoucherManagementPage'))(
  'VoucherManagementPage',
);
const DataTableEditView = pagesOf(() => import('./pages/DataTableEditView'))('DataTableEditView');
const ApproveRedirect = pagesOf(() => import('./pages/approve/ApproveRedirect'))('ApproveRedirect');
const accessPagesModule = pagesOf(() => import('./pages/access/AccessPages'));
const AccessLandingPage = accessPagesModule('AccessLandingPage');
const OperatorAccessPage = accessPagesModule('OperatorAccessPage');
const MerchantAccessPage = accessPagesModule('MerchantAccessPage');
const OperatorsPage = accessPagesModule('OperatorsPage');
const MerchantsPage = accessPagesModule('MerchantsPage');
const orgHierarchyPageModule = pagesOf(() => import('./pages/organisation/OrgHierarchyPage'));
const OrgHierarchyPage = orgHierarchyPageModule('OrgHierarchyPage');
const OrganizationLandingPage = orgHierarchyPageModule('OrganizationLandingPage');
const AnalyticsPage = pagesOf(() => import('./pages/analytics/AnalyticsPage'))('AnalyticsPage');
const TodoPage = pagesOf(() => import('./pages/dashboard/TodoPage'))('TodoPage');
const routeRedirectsModule = pagesOf(() => import('./pages/redirects/RouteRedirects'));
const TransactionRedirect = routeRedirectsModule('TransactionRedirect');
const ProductEditRedirect = routeRedirectsModule('ProductEditRedirect');
const ApiKeysRedirect = routeRedirectsModule('ApiKeysRedirect');
const MemberProfilePage = pagesOf(() => import('./pages/members/MemberProfilePage'))('MemberProfilePage');
const ImportPage = pagesOf(() => import('./pages/imports/ImportPage'))('ImportPage');
const MemberLevelsPage = pagesOf(() => import('./pages/members/MemberLevelsPage'))('MemberLevelsPage');
const LevelRulePage = pagesOf(() => import('./pages/members/LevelRulePage'))('LevelRulePage');
const ApiKeysPage = pagesOf(() => import('./pages/access/ApiKeysPage'))('ApiKeysPage');
const ScanPage = pagesOf(() => import('./pages/scan/ScanPage'))('ScanPage');
const StorePosterPage = pagesOf(() => import('./pages/organisation/StorePoster'))('StorePosterPage');

export { LoginPage };

const ALL: readonly Viewer[] = ['visitor', 'operator', 'merchant'];
const USERS: readonly Viewer[] = ['operator', 'merchant'];
const OPERATOR: readonly Viewer[] = ['operator'];
const MERCHANT: readonly Viewer[] = ['merchant'];

const typeOf = (ctx: ViewerContext) => (ctx.role === 'merchant' ? 'MERCHANT' : 'OPERATOR');

/** The named conditions of resources/types.ts PLACE_CONDITIONS that apply to a whole screen. */
const CONDITIONS: Readonly<Record<PlaceCondition, (ctx: ViewerContext) => boolean>> = {
  // merchants see push notifications only when the permission check allows them (spec section 6)
  pushAllowed: (ctx) => ctx.role !== 'merchant' || ctx.pnsAllowed,
  // a menu link's condition (layout/menuFor.ts): the screen itself stays open
  settingUp: () => true,
};

const both =
  (a: RouteDef['when'], b: RouteDef['when']): RouteDef['when'] =>
  (ctx) =>
    (a ? a(ctx) : true) && (b ? b(ctx) : true);

/** A declaration's rules for who opens its screens beyond roles: the brand rule and its condition. */
const declarationWhen = (decl: ResourceDeclaration): RouteDef['when'] => {
  // banner config is the merchants' only in jcr, force update config is hidden in jcr: the one brand
  // rule the server enforces too (contract/access.ts hiddenInBrand)
  const brandRule: RouteDef['when'] = (ctx) => !hiddenInBrand(ctx.brand, typeOf(ctx), decl.name);
  return decl.when ? both(brandRule, CONDITIONS[decl.when]) : brandRule;
};

/** Who may open a declared table's list: its routeRoles, else who may VIEW it or create its rows. */
const declarationWho = (decl: ResourceDeclaration): readonly Viewer[] =>
  decl.routeRoles ?? [...new Set([...decl.access.VIEW, ...(decl.createWith?.roles ?? [])])];

const DECLARED_ROUTES: ReadonlyMap<string, ResourceDeclaration> = new Map(
  (RESOURCES as readonly ResourceDeclaration[]).flatMap((d) => (d.route === undefined ? [] : [[d.route, d]])),
);

/** The place a declaration gives the screen at its route (a hand-written screen there keeps it). */
const declaredPlace = (decl: ResourceDeclaration) => ({
  title: decl.title ?? `resources.${decl.name}.name`,
  ...(decl.menu ? { menu: decl.menu } : {}),
  reads: [decl.permission as PermissionResource],
  ...(decl.partOf ? { partOf: decl.partOf } : {}),
});

/**
 * A hand-written screen. At a declared table's route it takes the declaration's place (title, menu
 * entry, conditions) unless it says its own.
 */
const route = (
  path: string,
  component: RouteDef['component'],
  who: readonly Viewer[],
  { when, ...place }: Place = {},
): RouteDef => {
  const mod = pageModules.get(component);
  const decl = DECLARED_ROUTES.get(path);
  const own = typeof when === 'string' ? CONDITIONS[when] : when;
  const condition = decl ? both(declarationWhen(decl), own) : own;
  return {
    path,
    component,
    who,
    layout: layoutFor(path),
    ...(decl ? declaredPlace(decl) : { reads: [] }),
    ...place,
    ...(condition ? { when: condition } : {}),
    ...(mod ? { prefetch: mod } : {}),
  };
};

/**
 * A declared table's list: at its own route with the declaration's place, or at another spec route
 * (`path`, with a place of its own) showing the same rows.
 */
const tableRoute = (decl: ResourceDeclaration, path = decl.route, place: Place = {}): RouteDef => {
  if (path === undefined) throw new Error(`${decl.name} has no route`);
  const own = path === decl.route;
  const title = place.title ?? declaredPlace(decl).title;
  const def = route(
    path,
    // renders at once when the table pages are already loaded (prefetched from the menu)
    lazyFrom(resourcePagesModule, (m) => m.tableRoutePage(path, title, decl.name)),
    declarationWho(decl),
    own ? place : { reads: [decl.permission as PermissionResource], when: declarationWhen(decl), ...place },
  );
  return { ...def, table: decl.name };
};

/**
 * Loads a route's code before it is visited (the menu's hover, focus and idle prefetch,
 * layout/prefetchScreens.ts): its page's module, or for a table route the table screens.
 */
export const prefetchRoute = (path: string): void => {
  const def = findRoute(path);
  if (!def?.prefetch) {
    if (def) prefetchTableScreens();
    return;
  }
  // a failure (offline, a new deployment) is left to the visit, whose own import tries again
  def.prefetch().catch(() => undefined);
};

/**
 * Starts loading the code the page at `path` renders: its own chunk, or for a table's list the table
 * pages (what the route's lazy component loads, nothing more). src/start.tsx calls it before the first
 * render, so that the page's code arrives while React renders the shell and the user is asked for,
 * instead of after both (issue 39).
 */
export const loadRouteCode = (path: string): void => {
  const def = findRoute(path);
  const load = def?.prefetch ?? (def?.table === undefined ? undefined : resourcePagesModule);
  // a failure (offline, a new deployment) is left to the route's own import, which tries again
  load?.().catch(() => undefined);
};

// the wallet's overview reads the balance and, when allowed, the payment history (FinancePage)
const FINANCE_OVERVIEW: readonly PermissionResource[] = ['wallet', 'walletTransaction'];

/**
 * The hand-written screens, in the spec's order, each with its place. A declared table's list needs
 * no line here: its route, title and menu entry come from its declaration (TABLE_ROUTES below).
 */
const PAGES: readonly RouteDef[] = [
  route('/', DashboardPage, USERS, { heading: HOME_HEADING }),
  route('/splash', SplashPage, ALL),
  route('/login', LoginPage, ALL),
  route('/register', RegisterPage, ALL),
  route('/signup', SignupPage, MERCHANT),
  route('/forget-password', ForgetPasswordPage, ALL),
  route('/merchant', MerchantsPage, USERS, { title: 'common.screens.merchant', reads: ['user'] }),
  route('/operator', OperatorsPage, OPERATOR, { title: 'common.screens.operator', reads: ['user'] }),
  route('/voucher/get-user-vouchers', UserVouchersPage, USERS, { title: 'common.screens.user_vouchers' }),
  // a merchant's vouchers at a glance: the week's movements, the packs on sale, the actions (issue 42)
  route('/VoucherManagement', VoucherManagementPage, USERS, {
    title: 'common.screens.voucher_management',
    reads: ['voucherPacks', 'voucherHistory'],
  }),
  route('/DataTableEditView', DataTableEditView, OPERATOR, { title: 'common.screens.data_table_edit' }),
  route('/transaction', TransactionRedirect, OPERATOR),
  // AOTG has no content in the spec: its routes lead home (docs/decisions.md)
  // the members area (issue 25; docs/decisions.md "Members"): levels overview, members list and a
  // member's profile, the level rule, the levels' declared table, saved segments
  route('/aotg', MemberLevelsPage, USERS, {
    title: 'common.screens.aotg',
    menu: { group: 'members', order: 2, label: 'menu.members.levels' },
    reads: ['memberLevel'],
  }),
  // a member's profile reads GET /members/{mobile} (member VIEW)
  route('/aotg/member', MemberProfilePage, USERS, { reads: ['member'], partOf: '/aotg/list' }),
  route('/aotg/config', LevelRulePage, USERS),
  // CSV imports of members and voucher issues with a dry run (issue 27 item 3; docs/decisions.md "Imports")
  route('/imports', ImportPage, USERS, { title: 'common.screens.imports' }),
  route('/config/systemConfig', SystemConfigPage, OPERATOR),
  // a list's view mailed as CSV every day or week: anyone's own (issue 27; docs/decisions.md "Scheduled exports")
  route('/config/scheduledExports', ScheduledExportsPage, USERS, {
    title: 'common.screens.scheduled_exports',
    menu: { group: 'integrations', order: 3, label: 'menu.integrations.scheduled_exports' },
  }),
  // a company's outbound webhooks, under Config (issue 27; docs/decisions.md "Webhooks")
  route('/webhooks', WebhooksPage, USERS, {
    title: 'common.screens.webhooks',
    menu: { group: 'integrations', order: 2, label: 'menu.integrations.webhooks' },
    reads: ['webhook'],
  }),
  route('/analytics', AnalyticsPage, OPERATOR, {
    title: 'common.screens.analytics',
    menu: { group: 'analytics', order: 1, label: 'menu.analytics.list' },
    reads: ['analytics'],
  }),
  // Finance is the merchant's own wallet: operators never see it (spec sections 1 and 6). The
  // payment history is a card of the overview shown only to who may read it (FinancePage).
  route('/finance', FinancePage, MERCHANT, { title: 'common.screens.finance', reads: FINANCE_OVERVIEW }),
  route('/finance/wallet/balance', FinancePage, MERCHANT, { reads: FINANCE_OVERVIEW }),
  // the balance, the saved cards (when Stripe is on) and the top-up itself
  route('/finance/wallet/top-up', TopUpPage, MERCHANT, {
    title: 'common.screens.wallet_top_up',
    reads: ['wallet', 'paymentMethod', 'topUp'],
    partOf: '/finance/wallet/balance',
  }),
  route('/finance/payment-methods', PaymentMethodsPage, MERCHANT, {
    title: 'common.screens.payment_methods',
    reads: ['paymentMethod'],
    partOf: '/finance/wallet/balance',
  }),
  route('/organization', OrganizationLandingPage, USERS, { title: 'common.screens.organization' }),
  // for setting a company and a brand up; a merchant's link goes once both exist
  route('/organization/org-hierarchy', OrgHierarchyPage, USERS, {
    title: 'common.screens.org_hierarchy',
    menu: { group: 'organization', order: 1, label: 'menu.organization.settings', when: 'settingUp' },
    reads: ['organization', 'company'],
  }),
  // a store's sign-up poster, opened from the store's page (issue 26; docs/decisions.md "Scan at the counter")
  route('/organization/store/poster', StorePosterPage, USERS, {
    reads: ['store', 'stampCard'],
    partOf: '/organization/store',
  }),
  route('/access', AccessLandingPage, USERS, { title: 'common.screens.access' }),
  route('/access/operator-access', OperatorAccessPage, OPERATOR, {
    title: 'common.screens.operator_access',
    menu: { group: 'access', order: 1, label: 'menu.access.operator' },
    reads: ['user'],
  }),
  route('/access/merchant-access', MerchantAccessPage, USERS, {
    title: 'common.screens.merchant_access',
    menu: { group: 'access', order: 2, label: 'menu.access.merchant' },
    reads: ['user'],
  }),
  // keys for a merchant's other systems (issue 27): operators and companies' owners, whatever a
  // colleague was granted (contract/api-keys.ts mayManageApiKeys)
  route('/access/api-keys', ApiKeysPage, USERS, {
    title: 'common.screens.api_keys',
    menu: { group: 'integrations', order: 1, label: 'menu.integrations.api_keys' },
    rule: mayManageApiKeys,
  }),
  route('/api-keys', ApiKeysRedirect, USERS),
  route('/help', HelpPage, ALL, { title: 'menu.help.title' }),
  route('/help/how-to-get-lat-long', LatLongHelpPage, ALL, { partOf: '/help' }),
  route('/help/terms-and-conditions', TermsPage, ALL, { partOf: '/help' }),
  route('/approve', ApproveRedirect, OPERATOR),
  route('/product/edit', ProductEditRedirect, USERS, { reads: ['product'] }),
  route('/x-action/user-active', UserActivePage, ALL),
  route('/x-action/forget-pwd', ForgetPwdPage, ALL),
  route('/x-action/stripe-account-connect', StripeAccountConnectPage, ALL),
  route('/x-action/then/change-password', ThenChangePasswordPage, ALL),
  route('/x-action/then/profile', ThenProfilePage, ALL),
  route('/settings', SettingsPage, USERS, { title: 'common.settings' }),
  route('/settings/profile', ProfilePage, USERS, { partOf: '/settings' }),
  route('/settings/change-password', ChangePasswordPage, USERS, { partOf: '/settings' }),
  route('/todo', TodoPage, USERS, { title: 'common.screens.todo' }),
  // the counter's scanner, one tap away in the app bar (issue 26; docs/decisions.md "Scan at the
  // counter"): the counter's look-up (contract/access mayLookUpCodes), among member cards
  // (stampCard) and vouchers, each only when the caller may see that table (src/pages/scan/api.ts)
  route('/scan', ScanPage, USERS, { rule: mayLookUpCodes }),
  route('/test/api-json', ApiJsonPage, ALL),
  route('/test/mantine-select', SearchableSelectPage, ALL),
  route('/test/phone-input', PhoneInputPage, ALL),
];

const PAGE_PATHS = new Set(PAGES.map((p) => p.path));

/** Every declared table's list at its route, unless a hand-written screen serves that route. */
const TABLE_ROUTES: readonly RouteDef[] = (RESOURCES as readonly ResourceDeclaration[]).flatMap((decl) =>
  decl.route === undefined || PAGE_PATHS.has(decl.route) ? [] : [tableRoute(decl)],
);

export const ROUTES: readonly RouteDef[] = [...PAGES, ...TABLE_ROUTES];

const normalise = (pathname: string): string => {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/';
};

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

export const findRoute = (pathname: string): RouteDef | undefined => byPath.get(normalise(pathname));

export const canSee = (def: RouteDef, ctx: ViewerContext): boolean =>
  def.who.includes(ctx.role) && (def.when ? def.when(ctx) : true);
