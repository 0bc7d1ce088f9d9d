// The tables derived from the resource declarations (resources/). drizzle-kit only sees named
// exports of PgTable values, so every derived table is exported by name below; a unit test
// (tests/unit/derive-tables.test.ts) proves this list equals the registry's derived resources.
import { RESOURCES } from '../../../resources';
import { buildDerivedTables } from '../../resources/tables';
import { userGroups } from './rbac';
import { users } from './users';

/** Every derived table by resource name; references to users and user groups use their own tables. */
export const derivedTables = buildDerivedTables(RESOURCES, { users, userGroups });

export const {
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
  systemConfig,
  memberCards,
  memberLevelHistory,
  memberLevelRules,
  memberLevels,
  members,
  segments,
  merchantSignup,
  payments,
  products,
  push,
  pushDeliveries,
  pushTemplates,
  signals,
  stampCard,
  stampingHistory,
  stampsTransaction,
  store,
  voucherHistory,
  voucherPacks,
  vouchers,
  walletTransactions,
} = derivedTables;
