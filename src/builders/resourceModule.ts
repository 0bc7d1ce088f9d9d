// The portal side of a declaration: react-admin's resource module { list, show, edit, create, icon,
// recordRepresentation }. The four screens are the same components for every table: each reads its
// declaration through the resource context (useDeclaration), so only the icon and the record
// representation come from the declaration here.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ApartmentIcon from '@mui/icons-material/Apartment';
import CampaignIcon from '@mui/icons-material/Campaign';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DevicesIcon from '@mui/icons-material/Devices';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import TableChartIcon from '@mui/icons-material/TableChart';
import type { ComponentType } from 'react';
import type { CreateProps, EditProps, ShowProps } from 'react-admin';
import type { MenuGroup, ResourceDeclaration } from './declarations';
import { GeneratedCreate } from './GeneratedCreate';
import { GeneratedEdit } from './GeneratedEdit';
import { GeneratedList, type GeneratedListProps } from './GeneratedList';
import { GeneratedShow } from './GeneratedShow';

export interface ResourceModule {
  list: ComponentType<GeneratedListProps>;
  show: ComponentType<Partial<ShowProps>>;
  edit: ComponentType<Partial<EditProps>>;
  create: ComponentType<Partial<CreateProps>>;
  icon: ComponentType;
  recordRepresentation: string;
}

const GROUP_ICONS: Record<MenuGroup, ComponentType> = {
  user: PeopleIcon,
  stampCards: LoyaltyIcon,
  vouchers: CardGiftcardIcon,
  communications: CampaignIcon,
  transaction: ReceiptLongIcon,
  device: DevicesIcon,
  config: SettingsIcon,
  analytics: InsightsIcon,
  finance: AccountBalanceWalletIcon,
  organization: ApartmentIcon,
  approve: FactCheckIcon,
  access: SecurityIcon,
  help: HelpOutlineIcon,
};

/** The module react-admin's <Resource> takes for one declaration. */
export const resourceModule = (decl: ResourceDeclaration): ResourceModule => ({
  list: GeneratedList,
  show: GeneratedShow,
  edit: GeneratedEdit,
  create: GeneratedCreate,
  icon: decl.menu ? GROUP_ICONS[decl.menu.group] : TableChartIcon,
  recordRepresentation: decl.recordRepresentation,
});
