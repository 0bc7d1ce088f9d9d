// The Material icon behind each icon name of resources/types.ts MENU_ICONS: the menu's groups and the
// declared tables' resources (react-admin's resource icon) draw from this one map.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import CampaignIcon from '@mui/icons-material/Campaign';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DevicesIcon from '@mui/icons-material/Devices';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HubIcon from '@mui/icons-material/Hub';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ComponentType } from 'react';
import type { MenuIcon } from '../../resources/types';

export const MENU_ICON_COMPONENTS: Readonly<Record<MenuIcon, ComponentType>> = {
  people: PeopleIcon,
  loyalty: LoyaltyIcon,
  giftCard: CardGiftcardIcon,
  campaign: CampaignIcon,
  receipt: ReceiptLongIcon,
  devices: DevicesIcon,
  settings: SettingsIcon,
  analytics: AnalyticsIcon,
  wallet: AccountBalanceWalletIcon,
  organisation: AccountTreeIcon,
  approve: FactCheckIcon,
  security: AdminPanelSettingsIcon,
  loyaltyMembers: CardMembershipIcon,
  promotion: LocalOfferIcon,
  risk: GppMaybeIcon,
  integrations: HubIcon,
  help: HelpOutlineIcon,
};
