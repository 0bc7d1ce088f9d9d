// The registry: every declared resource, in menu order. Adding a table is one file in tables/ plus
// one line in RESOURCES below.
import { account } from './tables/account';
import { auditLog } from './tables/auditLog';
import { bannerConfig } from './tables/bannerConfig';
import { brand } from './tables/brand';
import { company } from './tables/company';
import { countryConfig } from './tables/countryConfig';
import { devices } from './tables/devices';
import { forceUpdateConfig } from './tables/forceUpdateConfig';
import { industryConfig } from './tables/industryConfig';
import { maintenanceConfig } from './tables/maintenanceConfig';
import { memberCards } from './tables/memberCards';
import { memberLevelHistory } from './tables/memberLevelHistory';
import { memberLevelRules } from './tables/memberLevelRules';
import { memberLevels } from './tables/memberLevels';
import { members } from './tables/members';
import { merchantSignup } from './tables/merchantSignup';
import { payments } from './tables/payments';
import { products } from './tables/products';
import { push } from './tables/push';
import { pushDeliveries } from './tables/pushDeliveries';
import { pushTemplates } from './tables/pushTemplates';
import { segments } from './tables/segments';
import { signals } from './tables/signals';
import { stampCard } from './tables/stampCard';
import { stampingHistory } from './tables/stampingHistory';
import { stampsTransaction } from './tables/stampsTransaction';
import { store } from './tables/store';
import { systemConfig } from './tables/systemConfig';
import { userGroups } from './tables/userGroups';
import { users } from './tables/users';
import { voucherHistory } from './tables/voucherHistory';
import { voucherPacks } from './tables/voucherPacks';
import { vouchers } from './tables/vouchers';
import { walletTransactions } from './tables/walletTransactions';
import type { ResourceDeclaration } from './types';

/** Menu order (MENU_GROUPS, then `menu.order`); resources without a menu place sit by their kin. */
export const RESOURCES = [
  users,
  stampCard,
  memberCards,
  stampsTransaction,
  stampingHistory,
  vouchers,
  voucherHistory,
  voucherPacks,
  members,
  memberLevels,
  memberLevelRules,
  memberLevelHistory,
  segments,
  pushTemplates,
  push,
  pushDeliveries,
  payments,
  signals,
  devices,
  bannerConfig,
  maintenanceConfig,
  countryConfig,
  forceUpdateConfig,
  systemConfig,
  industryConfig,
  account,
  walletTransactions,
  company,
  brand,
  store,
  merchantSignup,
  userGroups,
  products,
  auditLog,
] as const satisfies readonly ResourceDeclaration[];

export type AnyResource = (typeof RESOURCES)[number];
export type ResourceName = AnyResource['name'];

export const RESOURCE_NAMES: readonly ResourceName[] = RESOURCES.map((r) => r.name);

const BY_NAME: ReadonlyMap<string, AnyResource> = new Map(RESOURCES.map((r) => [r.name, r]));

export const isResourceName = (name: string): name is ResourceName => BY_NAME.has(name);

/** The declaration of a registered resource; undefined for an unknown name (fail closed). */
export function resourceByName<N extends ResourceName>(name: N): Extract<AnyResource, { name: N }>;
export function resourceByName(name: string): AnyResource | undefined;
export function resourceByName(name: string): AnyResource | undefined {
  return BY_NAME.get(name);
}

export * from './types';
export {
  account,
  auditLog,
  bannerConfig,
  brand,
  company,
  countryConfig,
  devices,
  forceUpdateConfig,
  industryConfig,
  maintenanceConfig,
  merchantSignup,
  payments,
  products,
  push,
  pushTemplates,
  signals,
  stampCard,
  stampingHistory,
  stampsTransaction,
  store,
  systemConfig,
  userGroups,
  users,
  voucherHistory,
  voucherPacks,
  vouchers,
  walletTransactions,
};
