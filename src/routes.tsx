// Every route of spec section 2 in one table: path, component, layout flags (from layoutFor) and who
// may see it. App.tsx turns the table into react-admin <CustomRoutes>.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Brand } from '../contract';
import { hiddenInBrand } from '../contract/access';
import { lazyFrom } from './components/lazyModule';
import { type LayoutFlags, layoutFor } from './layout/layoutFor';
import type { Viewer } from './layout/menuFor';
import { resourcePagesModule } from './layout/screenModules';

export interface ViewerContext {
  role: Viewer;
  brand: Brand;
  pnsAllowed: boolean;
}

export interface RouteDef {
  path: string;
  component: ComponentType | LazyExoticComponent<ComponentType>;
  layout: LayoutFlags;
  who: readonly Viewer[];
  /** an extra condition on top of `who` (e.g. the merchant's push-notification permission) */
  when?: (ctx: ViewerContext) => boolean;
}

// Each page is its own chunk: one bundle of react-admin + MUI + every page is too big (STACK.md).
const page = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(() => load().then((m) => ({ default: m[name] })));

const LoginPage = page(() => import('./pages/auth/LoginPage'), 'LoginPage');
const RegisterPage = page(() => import('./pages/auth/RegisterPage'), 'RegisterPage');
const ForgetPasswordPage = page(() => import('./pages/auth/ForgetPasswordPage'), 'ForgetPasswordPage');
const SignupPage = page(() => import('./pages/signup/SignupPage'), 'SignupPage');
const SplashPage = page(() => import('./pages/SplashPage'), 'SplashPage');
const UserActivePage = page(() => import('./pages/xaction/UserActivePage'), 'UserActivePage');
const ForgetPwdPage = page(() => import('./pages/xaction/ForgetPwdPage'), 'ForgetPwdPage');
const ThenChangePasswordPage = page(
  () => import('./pages/xaction/ThenChangePasswordPage'),
  'ThenChangePasswordPage',
);
const ThenProfilePage = page(() => import('./pages/xaction/ThenProfilePage'), 'ThenProfilePage');
const StripeAccountConnectPage = page(
  () => import('./pages/xaction/StripeAccountConnectPage'),
  'StripeAccountConnectPage',
);
const SettingsPage = page(() => import('./pages/settings/SettingsPage'), 'SettingsPage');
const ProfilePage = page(() => import('./pages/settings/ProfilePage'), 'ProfilePage');
const ChangePasswordPage = page(() => import('./pages/settings/ChangePasswordPage'), 'ChangePasswordPage');
const HelpPage = page(() => import('./pages/help/HelpPage'), 'HelpPage');
const LatLongHelpPage = page(() => import('./pages/help/LatLongHelpPage'), 'LatLongHelpPage');
const TermsPage = page(() => import('./pages/help/TermsPage'), 'TermsPage');
const ApiJsonPage = page(() => import('./pages/test/ApiJsonPage'), 'ApiJsonPage');
const SearchableSelectPage = page(() => import('./pages/test/SearchableSelectPage'), 'SearchableSelectPage');
const PhoneInputPage = page(() => import('./pages/test/PhoneInputPage'), 'PhoneInputPage');
const SystemConfigPage = page(() => import('./pages/config/SystemConfigPage'), 'SystemConfigPage');
const DashboardPage = page(() => import('./pages/dashboard/DashboardPage'), 'DashboardPage');
const FinancePage = page(() => import('./pages/finance/FinancePage'), 'FinancePage');
const TopUpPage = page(() => import('./pages/finance/TopUpPage'), 'TopUpPage');
const PaymentMethodsPage = page(() => import('./pages/finance/PaymentMethodsPage'), 'PaymentMethodsPage');
const UserVouchersPage = page(() => import('./pages/vouchers/UserVouchersPage'), 'UserVouchersPage');
const DataTableEditView = page(() => import('./pages/DataTableEditView'), 'DataTableEditView');
const ApproveRedirect = page(() => import('./pages/approve/ApproveRedirect'), 'ApproveRedirect');
const AccessLandingPage = page(() => import('./pages/access/AccessPages'), 'AccessLandingPage');
const OperatorAccessPage = page(() => import('./pages/access/AccessPages'), 'OperatorAccessPage');
const MerchantAccessPage = page(() => import('./pages/access/AccessPages'), 'MerchantAccessPage');
const OrgHierarchyPage = page(() => import('./pages/organisation/OrgHierarchyPage'), 'OrgHierarchyPage');
const AnalyticsPage = page(() => import('./pages/analytics/AnalyticsPage'), 'AnalyticsPage');
const TodoPage = page(() => import('./pages/dashboard/TodoPage'), 'TodoPage');
const OperatorsPage = page(() => import('./pages/access/AccessPages'), 'OperatorsPage');
const MerchantsPage = page(() => import('./pages/access/AccessPages'), 'MerchantsPage');
const TransactionRedirect = page(() => import('./pages/redirects/RouteRedirects'), 'TransactionRedirect');
const ProductEditRedirect = page(() => import('./pages/redirects/RouteRedirects'), 'ProductEditRedirect');
const AotgRedirect = page(() => import('./pages/redirects/RouteRedirects'), 'AotgRedirect');
const OrganizationLandingPage = page(
  () => import('./pages/organisation/OrgHierarchyPage'),
  'OrganizationLandingPage',
);

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
): RouteDef => ({ path, component, who, layout: layoutFor(path), ...extra });

/** A spec route showing a declared table's generated list; `title` is an i18n key under common.screens. */
const table = (path: string, title: string, who: readonly Viewer[], when?: RouteDef['when']): RouteDef =>
  route(
    path,
    // renders at once when the table pages are already loaded (prefetched from the menu)
    lazyFrom(resourcePagesModule, (m) => m.tableRoutePage(path, `common.screens.${title}`)),
    who,
    when ? { when } : {},
  );

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
  route('/aotg', AotgRedirect, OPERATOR),
  route('/aotg/list', AotgRedirect, OPERATOR),
  route('/aotg/config', AotgRedirect, OPERATOR),
  route('/aotg/user-level-config', AotgRedirect, OPERATOR),
  route('/config/systemConfig', SystemConfigPage, OPERATOR),
  table('/config/maintenanceConfig', 'maintenance_config', OPERATOR),
  table('/config/countryConfig', 'country_config', OPERATOR),
  table('/config/bannerConfig', 'banner_config', USERS, bannerForMerchant),
  table('/config/forceUpdateConfig', 'force_update_config', OPERATOR, notJcr),
  // operators every entry; a merchant their own company's (the owner, or a colleague granted it)
  table('/config/audit-log', 'audit_log', USERS),
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
  route('/access', AccessLandingPage, USERS),
  route('/access/operator-access', OperatorAccessPage, OPERATOR),
  route('/access/merchant-access', MerchantAccessPage, USERS),
  table('/access/user-group', 'user_group', OPERATOR),
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
