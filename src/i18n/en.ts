import { DIALOG_BUTTONS } from '../../contract';
import { RESOURCES } from '../../resources';
import { resourceWords } from '../../resources/words';
import { buildersEn } from '../builders/messages.en';
import { accessEn } from './access.en';
import { analyticsEn } from './analytics.en';
import { configEn } from './config.en';
import { dashboardEn } from './dashboard.en';
import { financeEn } from './finance.en';
import { hierarchyEn } from './hierarchy.en';
import { memberLevelsEn } from './memberLevels.en';
import { membersEn } from './members.en';
import { mergeMessages } from './merge';
import { organisationEn } from './organisation.en';
import { pagesEn } from './pages.en';
import { raEn } from './ra.en';
import { resourcesEn } from './resources.en';
import { scanEn } from './scan.en';
import { signalsEn } from './signals.en';
import { todoEn } from './todo.en';
import { vouchersEn } from './vouchers.en';

// The shell's English messages (namespace 'common' plus menu, layout and notices). The pages
// engineer's messages live in pages.en.ts and are merged in below.
const shellEn = {
  common: {
    app: {
      title: 'Loyalty Portal',
    },
    button: {
      cancel: DIALOG_BUTTONS.cancel,
      confirm: DIALOG_BUTTONS.confirm,
      ok: DIALOG_BUTTONS.ok,
    },
    confirm: {
      title: 'Please confirm',
      question: 'Confirm to %{action} - %{item}?',
      success: '%{action} %{item} success',
      failed: '%{action} %{item} failed',
    },
    notice: {
      hint: 'Hint',
      error: 'Error',
      unknown_error: 'Something went wrong',
      undo: 'Undo',
      close: 'Close',
    },
    theme: {
      toggle: 'Toggle light/dark theme',
      light: 'Light theme',
      dark: 'Dark theme',
    },
    country: {
      label: 'Country',
      select: 'Choose country',
    },
    language: {
      label: 'Language',
    },
    not_allowed: {
      title: 'Not allowed',
      message: 'You are not allowed to see this page.',
      back_home: 'Back to home',
      sign_in: 'Sign in',
    },
    not_found: {
      title: 'Page not found',
      message: 'There is no page at this address.',
    },
    startup: {
      loading: 'Loading…',
    },
    menu_toggle: 'Open or close the menu',
    menu_label: 'Main menu',
    breadcrumb: 'You are here',
    user_menu: '%{name}, account menu',
    settings: 'Settings',
    sign_in: 'Sign in',
    page_failed: {
      title: 'This page could not be shown',
      message: 'Something went wrong while loading it. Reloading usually helps.',
      reload: 'Reload',
    },
    screens: {
      merchant: 'Merchant',
      operator: 'Operator',
      user_search: 'User Search',
      segments: 'Segments',
      stamp_card_list: 'Stamp Card List',
      stamps_transaction: 'Stamps Transaction',
      stamps_movement: 'Stamps Movement',
      voucher_list: 'Voucher List',
      voucher_history: 'Voucher History',
      voucher_pack_list: 'Voucher Pack List',
      user_vouchers: 'User Vouchers',
      voucher_management: 'Voucher Management',
      push_templates: 'Push Notification Templates',
      push_notifications: 'Push Notifications',
      data_table_edit: 'Data Table Editor',
      transaction: 'Transaction',
      payment_history: 'Payment History',
      signals: 'Fraud Signals',
      device_list: 'Device List',
      aotg: 'Member Levels',
      aotg_list: 'Members',
      members: 'Members',
      imports: 'Import from a file',
      aotg_config: 'Level Rule',
      aotg_user_level_config: 'Level Setup',
      system_config: 'System Config',
      maintenance_config: 'Maintenance Config',
      country_config: 'Country Config',
      banner_config: 'Banner Config',
      force_update_config: 'Force Update Config',
      audit_log: 'Audit Log',
      scheduled_exports: 'Scheduled Exports',
      analytics: 'Analytics',
      finance: 'Finance',
      wallet_balance: 'Wallet Balance',
      wallet_txn_history: 'Wallet Transaction History',
      wallet_top_up: 'Wallet Top-up',
      payment_methods: 'Payment Methods',
      organization: 'Organization',
      org_hierarchy: 'Organization Settings',
      company: 'Company',
      brand: 'Brand',
      store: 'Store',
      access: 'Access',
      operator_access: 'Operator Access',
      merchant_access: 'Merchant Access',
      user_group: 'User Group',
      api_keys: 'API Keys',
      approve: 'Approve List',
      approve_merchant_signup: 'Approve Merchant Signup',
      product: 'Product',
      product_edit: 'Edit Product',
      todo: 'To Do',
      webhooks: 'Webhooks',
    },
  },
  menu: {
    user: {
      title: 'User',
      search: 'User Search',
    },
    members: { title: 'Members', list: 'Member List', levels: 'Member Levels', segments: 'Segments' },
    stamp_cards: {
      title: 'Stamp Cards',
      list: 'Stamp Card List',
      transaction: 'Stamps Transaction',
      movement: 'Stamps Movement',
    },
    vouchers: { title: 'Vouchers', list: 'Voucher List', history: 'Voucher History' },
    communications: {
      title: 'Communications',
      templates: 'Push Notification Templates',
      push: 'Push Notifications',
    },
    transaction: { title: 'Transaction', payment_history: 'Payment History' },
    risk: { title: 'Risk', signals: 'Fraud Signals' },
    campaigns: { title: 'Campaigns', list: 'Campaigns', rewards: 'Campaign Rewards', referrals: 'Referrals' },
    device: { title: 'Device', list: 'List' },
    config: {
      title: 'Config',
      banner: 'Banner Config',
      maintenance: 'Maintenance Config',
      country: 'Country Config',
      force_update: 'Force Update Config',
      system: 'System Config',
    },
    analytics: { title: 'Analytics', list: 'List' },
    finance: { title: 'Finance', wallet_balance: 'Wallet Balance' },
    organization: { title: 'Organization', settings: 'Settings', brand: 'Brand', store: 'Store' },
    approve: { title: 'Approve List', merchant_signup: 'Approve Merchant Signup' },
    access: {
      title: 'Access',
      operator: 'Operator Access',
      merchant: 'Merchant Access',
      user_group: 'User Group',
    },
    integrations: {
      title: 'Integrations',
      api_keys: 'API Keys',
      webhooks: 'Webhooks',
      scheduled_exports: 'Scheduled Exports',
    },
    help: { title: 'Help' },
  },
};

/**
 * Every declared table's English words (`resources.<name>.…`): made from its names, under the words
 * its declaration gives, under the ones written in resources.en.ts (only those that differ).
 */
const resourceWordsEn = mergeMessages(
  { resources: Object.fromEntries(RESOURCES.map((r) => [r.name, resourceWords(r)])) },
  resourcesEn,
);

// Namespaces do not overlap (the pages use `pages.*`), so a shallow merge keeps every key.
export const en = {
  ...shellEn,
  ...pagesEn,
  ...resourceWordsEn,
  ...buildersEn,
  ...organisationEn,
  ...accessEn,
  ...hierarchyEn,
  ...memberLevelsEn,
  ...vouchersEn,
  ...dashboardEn,
  ...financeEn,
  ...todoEn,
  ...configEn,
  ...analyticsEn,
  ...signalsEn,
  ...membersEn,
  ...scanEn,
  ...raEn,
};
