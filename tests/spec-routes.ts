import { RESOURCES, type ResourceDeclaration } from '../resources';
// Every route of spec section 2 of the portal spec, in the spec's order (`/test/*` is its three test
// pages). One list for every test that walks the routes.
export const SPEC_ROUTES = [
  '/',
  '/splash',
  '/login',
  '/register',
  '/signup',
  '/forget-password',
  '/merchant',
  '/operator',
  '/user/UserSearch',
  '/stamp-cards',
  '/stamp-cards/StampsTransaction',
  '/stamp-cards/StampsMovement',
  '/vouchers',
  '/vouchers/voucherHistory',
  '/vouchers/voucherPackList',
  '/voucher/get-user-vouchers',
  '/VoucherManagement',
  '/communications/pushNotificationTemplates',
  '/communications/pushNotifications',
  '/DataTableEditView',
  '/transaction',
  '/transaction/payment-history',
  // issue 24: fraud signals under Transaction (docs/decisions.md "Fraud signals")
  '/transaction/signals',
  '/device',
  '/aotg',
  '/aotg/list',
  '/aotg/config',
  '/aotg/user-level-config',
  // issue 25: saved member segments beside the members area (docs/decisions.md "Members")
  '/aotg/segments',
  // issue 27: CSV imports of members and voucher issues (docs/decisions.md "Imports")
  '/imports',
  '/config/systemConfig',
  '/config/maintenanceConfig',
  '/config/countryConfig',
  '/config/bannerConfig',
  '/config/forceUpdateConfig',
  '/config/audit-log',
  // issue 27: scheduled exports, under Config for everyone (docs/decisions.md "Scheduled exports")
  '/config/scheduledExports',
  // issue 27: a company's outbound webhooks under Config (docs/decisions.md "Webhooks")
  '/webhooks',
  '/analytics',
  '/finance',
  '/finance/wallet/balance',
  '/finance/wallet/txn/history',
  '/finance/wallet/top-up',
  '/finance/payment-methods',
  '/organization',
  '/organization/org-hierarchy',
  '/organization/company',
  '/organization/brand',
  '/organization/store',
  // issue 26: a store's sign-up poster (docs/decisions.md "Scan at the counter")
  '/organization/store/poster',
  '/access',
  '/access/operator-access',
  '/access/merchant-access',
  '/access/user-group',
  // issue 27: a company's API keys (docs/api.md "API keys")
  '/access/api-keys',
  '/help',
  '/help/how-to-get-lat-long',
  '/help/terms-and-conditions',
  '/approve',
  '/approve/merchant-signup',
  '/product',
  '/product/edit',
  '/x-action/user-active',
  '/x-action/forget-pwd',
  '/x-action/stripe-account-connect',
  '/x-action/then/change-password',
  '/x-action/then/profile',
  '/settings',
  '/settings/profile',
  '/settings/change-password',
  '/todo',
  // issue 26: the counter's scanner, from the app bar (docs/decisions.md "Scan at the counter")
  '/scan',
  '/test/api-json',
  '/test/mantine-select',
  '/test/phone-input',
] as const;

export type SpecRoute = (typeof SPEC_ROUTES)[number];

/**
 * Every route the portal has: the spec's, then each declared table's route the spec does not name
 * (a table added later brings its route from its declaration, and the route walks cover it).
 */
export const PORTAL_ROUTES: readonly string[] = [
  ...SPEC_ROUTES,
  ...(RESOURCES as readonly ResourceDeclaration[]).flatMap((d) =>
    d.route === undefined || (SPEC_ROUTES as readonly string[]).includes(d.route) ? [] : [d.route],
  ),
];
