// The side menu of spec sections 2 and 6, in one pure function (no React): which groups and links
// each kind of user sees, in the spec's order.
import type { Brand } from '../../contract';

export type Viewer = 'visitor' | 'operator' | 'merchant';

export interface MenuLink {
  id: string;
  /** i18n key of the label */
  label: string;
  path: string;
}

export interface MenuGroup {
  id: string;
  /** i18n key of the label */
  label: string;
  links: MenuLink[];
  /** a group without links (Help) is a link itself */
  path?: string;
}

export interface MenuInput {
  role: Viewer;
  brand: Brand;
  /** merchant only: `POST /user/{id}/pns/is-allow` said allowed */
  pnsAllowed?: boolean;
  hasCompany?: boolean;
  hasBrand?: boolean;
  /** may the caller use the screen at this path (their permissions); absent: every link the role has */
  sees?: (path: string) => boolean;
}

const link = (id: string, label: string, path: string): MenuLink => ({ id, label, path });

/** Every group and link, in the spec's order; menuFor() filters it. */
export const FULL_MENU: readonly MenuGroup[] = [
  {
    id: 'user',
    label: 'menu.user.title',
    // the members area (issue 25) lives beside User Search: Members, Member Levels, Segments
    links: [
      link('userSearch', 'menu.user.search', '/user/UserSearch'),
      link('members', 'menu.user.members', '/aotg/list'),
      link('memberLevels', 'menu.user.member_levels', '/aotg'),
      // shown to who may VIEW segments (menuPermissions)
      link('segments', 'menu.user.segments', '/aotg/segments'),
    ],
  },
  {
    id: 'stampCards',
    label: 'menu.stamp_cards.title',
    links: [
      link('stampCardList', 'menu.stamp_cards.list', '/stamp-cards'),
      link('stampsTransaction', 'menu.stamp_cards.transaction', '/stamp-cards/StampsTransaction'),
      link('stampsMovement', 'menu.stamp_cards.movement', '/stamp-cards/StampsMovement'),
    ],
  },
  {
    id: 'vouchers',
    label: 'menu.vouchers.title',
    links: [
      link('voucherList', 'menu.vouchers.list', '/vouchers'),
      link('voucherHistory', 'menu.vouchers.history', '/vouchers/voucherHistory'),
    ],
  },
  {
    id: 'communications',
    label: 'menu.communications.title',
    links: [
      link('pushTemplates', 'menu.communications.templates', '/communications/pushNotificationTemplates'),
      link('pushNotifications', 'menu.communications.push', '/communications/pushNotifications'),
    ],
  },
  {
    id: 'transaction',
    label: 'menu.transaction.title',
    links: [
      link('paymentHistory', 'menu.transaction.payment_history', '/transaction/payment-history'),
      link('signals', 'menu.transaction.signals', '/transaction/signals'),
    ],
  },
  { id: 'device', label: 'menu.device.title', links: [link('deviceList', 'menu.device.list', '/device')] },
  {
    id: 'config',
    label: 'menu.config.title',
    links: [
      link('bannerConfig', 'menu.config.banner', '/config/bannerConfig'),
      link('maintenanceConfig', 'menu.config.maintenance', '/config/maintenanceConfig'),
      link('countryConfig', 'menu.config.country', '/config/countryConfig'),
      link('forceUpdateConfig', 'menu.config.force_update', '/config/forceUpdateConfig'),
      link('systemConfig', 'menu.config.system', '/config/systemConfig'),
      // issue 27: every signed-in user's own scheduled exports (a company owner's: the company's)
      link('scheduledExports', 'menu.config.scheduled_exports', '/config/scheduledExports'),
      // a company's outbound webhooks (issue 27): merchants too, by the `webhook` permission
      link('webhooks', 'menu.config.webhooks', '/webhooks'),
    ],
  },
  {
    id: 'analytics',
    label: 'menu.analytics.title',
    links: [link('analyticsList', 'menu.analytics.list', '/analytics')],
  },
  {
    id: 'finance',
    label: 'menu.finance.title',
    links: [link('walletBalance', 'menu.finance.wallet_balance', '/finance/wallet/balance')],
  },
  {
    id: 'organization',
    label: 'menu.organization.title',
    links: [
      link('orgSettings', 'menu.organization.settings', '/organization/org-hierarchy'),
      link('orgBrand', 'menu.organization.brand', '/organization/brand'),
      link('orgStore', 'menu.organization.store', '/organization/store'),
    ],
  },
  {
    id: 'approve',
    label: 'menu.approve.title',
    links: [link('approveMerchantSignup', 'menu.approve.merchant_signup', '/approve/merchant-signup')],
  },
  {
    id: 'access',
    label: 'menu.access.title',
    links: [
      link('operatorAccess', 'menu.access.operator', '/access/operator-access'),
      link('merchantAccess', 'menu.access.merchant', '/access/merchant-access'),
      link('userGroup', 'menu.access.user_group', '/access/user-group'),
      // the systems around a merchant (issue 27): operators and companies' owners (menuPermissions)
      link('apiKeys', 'menu.access.api_keys', '/access/api-keys'),
    ],
  },
  { id: 'help', label: 'menu.help.title', links: [], path: '/help' },
];

/** Which links of a group a viewer keeps; null drops the whole group. */
type Rule = (input: MenuInput) => ((l: MenuLink) => boolean) | null;

const all = () => true;
const only =
  (...ids: string[]) =>
  (l: MenuLink) =>
    ids.includes(l.id);
const except =
  (...ids: string[]) =>
  (l: MenuLink) =>
    !ids.includes(l.id);

const OPERATOR_RULES: Record<string, Rule> = {
  // Operators see everything except Finance; jcr hides Force Update Config.
  finance: () => null,
  config: ({ brand }) => (brand === 'jcr' ? except('forceUpdateConfig') : all),
};

const MERCHANT_GROUPS = new Set(['user', 'stampCards', 'vouchers', 'finance', 'device', 'help']);
const MERCHANT_RULES: Record<string, Rule> = {
  communications: ({ pnsAllowed }) => (pnsAllowed ? all : null),
  // The hierarchy settings are for setting a company and a brand up; once both exist it goes.
  organization: ({ hasCompany, hasBrand }) => (hasCompany && hasBrand ? except('orgSettings') : all),
  // spec 6: Access with only Merchant Access, and no Transaction group. A merchant reaches their
  // company's audit trail from Merchant Access and their fraud signals from "Waiting for you".
  access: () => only('merchantAccess', 'apiKeys'),
  // and every merchant's scheduled exports and, to who may VIEW webhook, the company's webhooks (issue 27)
  config: ({ brand }) =>
    brand === 'jcr'
      ? only('bannerConfig', 'scheduledExports', 'webhooks')
      : only('scheduledExports', 'webhooks'),
};

const ruleFor = (input: MenuInput, groupId: string): ((l: MenuLink) => boolean) | null => {
  switch (input.role) {
    case 'visitor':
      return groupId === 'help' ? all : null;
    case 'operator': {
      const rule = OPERATOR_RULES[groupId];
      return rule ? rule(input) : all;
    }
    case 'merchant': {
      if (MERCHANT_GROUPS.has(groupId)) return all;
      const rule = MERCHANT_RULES[groupId];
      return rule ? rule(input) : null;
    }
    default: {
      const never: never = input.role;
      throw new Error(`unknown viewer ${String(never)}`);
    }
  }
};

export const menuFor = (input: MenuInput): MenuGroup[] => {
  const groups: MenuGroup[] = [];
  for (const group of FULL_MENU) {
    const keep = ruleFor(input, group.id);
    if (!keep) continue;
    const links = group.links.filter((l) => keep(l) && (input.sees?.(l.path) ?? true));
    // A group whose links were all filtered away would be an empty heading: drop it.
    if (group.links.length > 0 && links.length === 0) continue;
    groups.push({ ...group, links });
  }
  return groups;
};
