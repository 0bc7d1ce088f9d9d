// The side menu's groups (spec section 2) as data: the words, the icon and, for a group that is a
// link itself (Help), its path. The links come from the screens' places: each declared table's
// `menu` and each hand-written screen's own entry (src/routes.tsx); nothing lists them twice.
import type { MenuGroup, MenuIcon } from './types';

export interface MenuGroupInfo {
  /** i18n key of the group's words */
  label: string;
  icon: MenuIcon;
  /** a group that is one link (Help) rather than a list of links */
  path?: string;
}

export const MENU_GROUP_INFO: Readonly<Record<MenuGroup, MenuGroupInfo>> = {
  user: { label: 'menu.user.title', icon: 'people' },
  members: { label: 'menu.members.title', icon: 'loyaltyMembers' },
  stampCards: { label: 'menu.stamp_cards.title', icon: 'loyalty' },
  vouchers: { label: 'menu.vouchers.title', icon: 'giftCard' },
  communications: { label: 'menu.communications.title', icon: 'campaign' },
  campaigns: { label: 'menu.campaigns.title', icon: 'promotion' },
  transaction: { label: 'menu.transaction.title', icon: 'receipt' },
  risk: { label: 'menu.risk.title', icon: 'risk' },
  device: { label: 'menu.device.title', icon: 'devices' },
  config: { label: 'menu.config.title', icon: 'settings' },
  analytics: { label: 'menu.analytics.title', icon: 'analytics' },
  finance: { label: 'menu.finance.title', icon: 'wallet' },
  organization: { label: 'menu.organization.title', icon: 'organisation' },
  approve: { label: 'menu.approve.title', icon: 'approve' },
  access: { label: 'menu.access.title', icon: 'security' },
  integrations: { label: 'menu.integrations.title', icon: 'integrations' },
  help: { label: 'menu.help.title', icon: 'help', path: '/help' },
};
