// The tables derived from the resource declarations (resources/), one per declaration found in
// resources/tables/. drizzle-kit reads them through ./derived.cjs, which names every table at run
// time, so a new table needs no line here. The typed handles below are for hand-written code that
// reads a table's columns by name (services, the seed); a table only the generic engine serves needs none.
import { RESOURCES } from '../../../../resources';
import { account as accountDecl } from '../../../../resources/tables/account';
import { auditLog as auditLogDecl } from '../../../../resources/tables/auditLog';
import { bannerConfig as bannerConfigDecl } from '../../../../resources/tables/bannerConfig';
import { brand as brandDecl } from '../../../../resources/tables/brand';
import { campaignRewards as campaignRewardsDecl } from '../../../../resources/tables/campaignRewards';
import { campaigns as campaignsDecl } from '../../../../resources/tables/campaigns';
import { company as companyDecl } from '../../../../resources/tables/company';
import { countryConfig as countryConfigDecl } from '../../../../resources/tables/countryConfig';
import { devices as devicesDecl } from '../../../../resources/tables/devices';
import { forceUpdateConfig as forceUpdateConfigDecl } from '../../../../resources/tables/forceUpdateConfig';
import { industryConfig as industryConfigDecl } from '../../../../resources/tables/industryConfig';
import { maintenanceConfig as maintenanceConfigDecl } from '../../../../resources/tables/maintenanceConfig';
import { memberCards as memberCardsDecl } from '../../../../resources/tables/memberCards';
import { memberLevelHistory as memberLevelHistoryDecl } from '../../../../resources/tables/memberLevelHistory';
import { memberLevelRules as memberLevelRulesDecl } from '../../../../resources/tables/memberLevelRules';
import { memberLevels as memberLevelsDecl } from '../../../../resources/tables/memberLevels';
import { members as membersDecl } from '../../../../resources/tables/members';
import { merchantSignup as merchantSignupDecl } from '../../../../resources/tables/merchantSignup';
import { payments as paymentsDecl } from '../../../../resources/tables/payments';
import { products as productsDecl } from '../../../../resources/tables/products';
import { push as pushDecl } from '../../../../resources/tables/push';
import { pushDeliveries as pushDeliveriesDecl } from '../../../../resources/tables/pushDeliveries';
import { pushTemplates as pushTemplatesDecl } from '../../../../resources/tables/pushTemplates';
import { referrals as referralsDecl } from '../../../../resources/tables/referrals';
import { segments as segmentsDecl } from '../../../../resources/tables/segments';
import { signals as signalsDecl } from '../../../../resources/tables/signals';
import { stampCard as stampCardDecl } from '../../../../resources/tables/stampCard';
import { stampingHistory as stampingHistoryDecl } from '../../../../resources/tables/stampingHistory';
import { stampsTransaction as stampsTransactionDecl } from '../../../../resources/tables/stampsTransaction';
import { store as storeDecl } from '../../../../resources/tables/store';
import { systemConfig as systemConfigDecl } from '../../../../resources/tables/systemConfig';
import { voucherHistory as voucherHistoryDecl } from '../../../../resources/tables/voucherHistory';
import { voucherPacks as voucherPacksDecl } from '../../../../resources/tables/voucherPacks';
import { vouchers as vouchersDecl } from '../../../../resources/tables/vouchers';
import { walletTransactions as walletTransactionsDecl } from '../../../../resources/tables/walletTransactions';
import type { ResourceDeclaration } from '../../../../resources/types';
import { buildDerivedTables, type DerivedTable, type DerivedTableOf } from '../derive-tables';
import { userGroups } from './rbac';
import { users } from './users';

/** Every derived table by resource name; references to users and user groups use their own tables. */
export const derivedTables: Readonly<Record<string, DerivedTable>> = buildDerivedTables(RESOURCES, {
  users,
  userGroups,
});

/** A derived table typed by its declaration (its columns typed by the values they store). */
const typed = <D extends ResourceDeclaration>(decl: D): DerivedTableOf<D> => {
  const table = derivedTables[decl.name];
  if (!table) throw new Error(`no derived table for ${decl.name}`);
  return table as unknown as DerivedTableOf<D>;
};

export const account = typed(accountDecl);
export const auditLog = typed(auditLogDecl);
export const bannerConfig = typed(bannerConfigDecl);
export const brand = typed(brandDecl);
export const campaigns = typed(campaignsDecl);
export const campaignRewards = typed(campaignRewardsDecl);
export const company = typed(companyDecl);
export const countryConfig = typed(countryConfigDecl);
export const devices = typed(devicesDecl);
export const forceUpdateConfig = typed(forceUpdateConfigDecl);
export const industryConfig = typed(industryConfigDecl);
export const maintenanceConfig = typed(maintenanceConfigDecl);
export const systemConfig = typed(systemConfigDecl);
export const memberCards = typed(memberCardsDecl);
export const memberLevelHistory = typed(memberLevelHistoryDecl);
export const memberLevelRules = typed(memberLevelRulesDecl);
export const memberLevels = typed(memberLevelsDecl);
export const members = typed(membersDecl);
export const referrals = typed(referralsDecl);
export const segments = typed(segmentsDecl);
export const merchantSignup = typed(merchantSignupDecl);
export const payments = typed(paymentsDecl);
export const products = typed(productsDecl);
export const push = typed(pushDecl);
export const pushDeliveries = typed(pushDeliveriesDecl);
export const pushTemplates = typed(pushTemplatesDecl);
export const signals = typed(signalsDecl);
export const stampCard = typed(stampCardDecl);
export const stampingHistory = typed(stampingHistoryDecl);
export const stampsTransaction = typed(stampsTransactionDecl);
export const store = typed(storeDecl);
export const voucherHistory = typed(voucherHistoryDecl);
export const voucherPacks = typed(voucherPacksDecl);
export const vouchers = typed(vouchersDecl);
export const walletTransactions = typed(walletTransactionsDecl);
