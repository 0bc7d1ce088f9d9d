// Every route of spec section 2 in one table: path, component, layout flags (from layoutFor) and who
// may see it. App.tsx turns the table into react-admin <CustomRoutes>.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Brand } from '../contract';
import { hiddenInBrand } from '../contract/access';
import { lazyFrom, type ModuleLoader, moduleLoader } from './components/lazyModule';
import { type LayoutFlags, layoutFor } from './layout/layoutFor';
import type { Viewer } from './layout/menuFor';
import { prefetchTableScreens } from './layout/prefetchScreens';
import { resourcePagesModule } from './layout/screenModules';

export interface ViewerContext {
  role: Viewer;
  brand: Brand;
  pnsAllowed: boolean;
}

export interface RouteDef {
  path: string;
  /** the route's own code when it is a lazy page: loaded ahead of a visit by prefetchRoute */
  prefetch?: ModuleLoader<unknown>;
  component: ComponentType | LazyExoticComponent<ComponentType>;
  layout: LayoutFlags;
  who: readonly Viewer[];
  /** an extra condition on top of `who` (e.g. the merchant's push-notification permission) */
  when?: (ctx: ViewerContext) => boolean;
}

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

const isMerchant = (ctx: ViewerContext) => ctx.role === 'merchant';

const route = (
  path: string,
  component: RouteDef['component'],
  who: readonly Viewer[],
  extra: Pick<RouteDef, 'when'> = {},
): RouteDef => {
  const mod = pageModules.get(component);
  return { path, component, who, layout: layoutFor(path), ...extra, ...(mod ? { prefetch: mod } : {}) };
};

/** A spec route showing a declared table's generated list; `title` is an i18n key under common.screens. */
const table = (path: string, title: string, who: readonly Viewer[], when?: RouteDef['when']): RouteDef =>
  route(
    path,
    // renders at once when the table pages are already loaded (prefetched from the menu)
    lazyFrom(resourcePagesModule, (m) => m.tableRoutePage(path, `common.screens.${title}`)),
    who,
    when ? { when } : {},
  );

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

// Merchants see push notifications only when the permission check allows them (spec section 6).
const pnsForMerchant: RouteDef['when'] = (ctx) => !isMerchant(ctx) || ctx.pnsAllowed;
// Merchants' config is banner config only, and only in brand jcr; force update config is hidden in
// jcr: the one brand rule the server enforces too (contract/access.ts hiddenInBrand).
const typeOf = (ctx: ViewerContext) => (isMerchant(ctx) ? 'MERCHANT' : 'OPERATOR');
const bannerForMerchant: RouteDef['when'] = (ctx) => !hiddenInBrand(ctx.brand, typeOf(ctx), 'bannerConfig');
const notJcr: RouteDef['when'] = (ctx) => !hiddenInBrand(ctx.brand, typeOf(ctx), 'forceUpdateConfig');

export const ROUTES: readonly RouteDef[] = [
  route('/', DashboardPage, USERS),
  route('/splash', SplashPage, ALL),
  route('/login', LoginPage, ALL),
  route('/register', RegisterPage, ALL),
  route('/signup', SignupPage, MERCHANT),
  route('/forget-password', ForgetPasswordPage, ALL),
  route('/merchant', MerchantsPage, USERS),
  route('/operator', OperatorsPage, OPERATOR),
  table('/user/UserSearch', 'user_search', USERS),
  table('/stamp-cards', 'stamp_card_list', USERS),
  table('/stamp-cards/StampsTransaction', 'stamps_transaction', USERS),
  table('/stamp-cards/StampsMovement', 'stamps_movement', USERS),
  table('/vouchers', 'voucher_list', USERS),
  table('/vouchers/voucherHistory', 'voucher_history', USERS),
  table('/vouchers/voucherPackList', 'voucher_pack_list', USERS),
  route('/voucher/get-user-vouchers', UserVouchersPage, USERS),
  table('/VoucherManagement', 'voucher_management', USERS),
  table('/communications/pushNotificationTemplates', 'push_templates', USERS, pnsForMerchant),
  table('/communications/pushNotifications', 'push_notifications', USERS, pnsForMerchant),
  route('/DataTableEditView', DataTableEditView, OPERATOR),
  route('/transaction', TransactionRedirect, OPERATOR),
  // merchants open their own company's payments from Finance ("All payments"); the menu group
  // Transaction stays the operators' (spec 6)
  table('/transaction/payment-history', 'payment_history', USERS),
  // fraud signals: operators every company's, merchants their own company's (issue 24)
  table('/transaction/signals', 'signals', USERS),
  table('/device', 'device_list', USERS),
  // AOTG has no content in the spec: its routes lead home (docs/decisions.md)
  // the members area (issue 25; docs/decisions.md "Members"): levels overview, members list and a
  // member's profile, the level rule, the levels' declared table, saved segments
  route('/aotg', MemberLevelsPage, USERS),
  table('/aotg/list', 'members', USERS),
  route('/aotg/member', MemberProfilePage, USERS),
  route('/aotg/config', LevelRulePage, USERS),
  table('/aotg/user-level-config', 'aotg_user_level_config', USERS),
  table('/aotg/segments', 'segments', USERS),
  // CSV imports of members and voucher issues with a dry run (issue 27 item 3; docs/decisions.md "Imports")
  route('/imports', ImportPage, USERS),
  route('/config/systemConfig', SystemConfigPage, OPERATOR),
  table('/config/maintenanceConfig', 'maintenance_config', OPERATOR),
  table('/config/countryConfig', 'country_config', OPERATOR),
  table('/config/bannerConfig', 'banner_config', USERS, bannerForMerchant),
  table('/config/forceUpdateConfig', 'force_update_config', OPERATOR, notJcr),
  // operators every entry; a merchant their own company's (the owner, or a colleague granted it)
  table('/config/audit-log', 'audit_log', USERS),
  // a list's view mailed as CSV every day or week: anyone's own (issue 27; docs/decisions.md "Scheduled exports")
  route('/config/scheduledExports', ScheduledExportsPage, USERS),
  // a company's outbound webhooks, under Config (issue 27; docs/decisions.md "Webhooks")
  route('/webhooks', WebhooksPage, USERS),
  route('/analytics', AnalyticsPage, OPERATOR),
  // Finance is the merchant's own wallet: operators never see it (spec sections 1 and 6).
  route('/finance', FinancePage, MERCHANT),
  route('/finance/wallet/balance', FinancePage, MERCHANT),
  table('/finance/wallet/txn/history', 'wallet_txn_history', MERCHANT),
  route('/finance/wallet/top-up', TopUpPage, MERCHANT),
  route('/finance/payment-methods', PaymentMethodsPage, MERCHANT),
  route('/organization', OrganizationLandingPage, USERS),
  route('/organization/org-hierarchy', OrgHierarchyPage, USERS),
  table('/organization/company', 'company', USERS),
  table('/organization/brand', 'brand', USERS),
  table('/organization/store', 'store', USERS),
  // a store's sign-up poster, opened from the store's page (issue 26; docs/decisions.md "Scan at the counter")
  route('/organization/store/poster', StorePosterPage, USERS),
  route('/access', AccessLandingPage, USERS),
  route('/access/operator-access', OperatorAccessPage, OPERATOR),
  route('/access/merchant-access', MerchantAccessPage, USERS),
  table('/access/user-group', 'user_group', OPERATOR),
  // keys for a merchant's other systems (issue 27): operators and companies' owners (menuPermissions)
  route('/access/api-keys', ApiKeysPage, USERS),
  route('/api-keys', ApiKeysRedirect, USERS),
  route('/help', HelpPage, ALL),
  route('/help/how-to-get-lat-long', LatLongHelpPage, ALL),
  route('/help/terms-and-conditions', TermsPage, ALL),
  route('/approve', ApproveRedirect, OPERATOR),
  table('/approve/merchant-signup', 'approve_merchant_signup', OPERATOR),
  table('/product', 'product', USERS),
  route('/product/edit', ProductEditRedirect, USERS),
  route('/x-action/user-active', UserActivePage, ALL),
  route('/x-action/forget-pwd', ForgetPwdPage, ALL),
  route('/x-action/stripe-account-connect', StripeAccountConnectPage, ALL),
  route('/x-action/then/change-password', ThenChangePasswordPage, ALL),
  route('/x-action/then/profile', ThenProfilePage, ALL),
  route('/settings', SettingsPage, USERS),
  route('/settings/profile', ProfilePage, USERS),
  route('/settings/change-password', ChangePasswordPage, USERS),
  route('/todo', TodoPage, USERS),
  // the counter's scanner, one tap away in the app bar (issue 26; docs/decisions.md "Scan at the counter")
  route('/scan', ScanPage, USERS),
  route('/test/api-json', ApiJsonPage, ALL),
  route('/test/mantine-select', SearchableSelectPage, ALL),
  route('/test/phone-input', PhoneInputPage, ALL),
];

/** Routes a visitor reaches without signing in (spec section 2 and the e-mail links). */
export const isPublicPath = (pathname: string): boolean => {
  const def = findRoute(pathname);
  return def ? def.who.includes('visitor') : false;
};

const normalise = (pathname: string): string => {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/';
};

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

export const findRoute = (pathname: string): RouteDef | undefined => byPath.get(normalise(pathname));

export const canSee = (def: RouteDef, ctx: ViewerContext): boolean =>
  def.who.includes(ctx.role) && (def.when ? def.when(ctx) : true);
