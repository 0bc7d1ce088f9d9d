// The registry: every declared resource, found in tables/ (./discover.ts). Adding a table is one
// new file in tables/; no list here or elsewhere names it.
import { discoverDeclarations } from './discover';
import type { ResourceDeclaration } from './types';

/** Every declared table, ordered by name (the menu orders itself by each declaration's `menu`). */
export const RESOURCES: readonly ResourceDeclaration[] = discoverDeclarations();

export const RESOURCE_NAMES: readonly string[] = RESOURCES.map((r) => r.name);

const BY_NAME: ReadonlyMap<string, ResourceDeclaration> = new Map(RESOURCES.map((r) => [r.name, r]));

/** The declaration of a registered resource; undefined for an unknown name (fail closed). */
export const resourceByName = (name: string): ResourceDeclaration | undefined => BY_NAME.get(name);

// Hand-written code that reads one table's fields imports its declaration by name (typed as declared).
export * from './menu';
export { account } from './tables/account';
export { auditLog } from './tables/auditLog';
export { bannerConfig } from './tables/bannerConfig';
export { brand } from './tables/brand';
export { company } from './tables/company';
export { countryConfig } from './tables/countryConfig';
export { devices } from './tables/devices';
export { forceUpdateConfig } from './tables/forceUpdateConfig';
export { industryConfig } from './tables/industryConfig';
export { maintenanceConfig } from './tables/maintenanceConfig';
export { merchantSignup } from './tables/merchantSignup';
export { payments } from './tables/payments';
export { products } from './tables/products';
export { push } from './tables/push';
export { pushTemplates } from './tables/pushTemplates';
export { signals } from './tables/signals';
export { stampCard } from './tables/stampCard';
export { stampingHistory } from './tables/stampingHistory';
export { stampsTransaction } from './tables/stampsTransaction';
export { store } from './tables/store';
export { systemConfig } from './tables/systemConfig';
export { userGroups } from './tables/userGroups';
export { users } from './tables/users';
export { voucherHistory } from './tables/voucherHistory';
export { voucherPacks } from './tables/voucherPacks';
export { vouchers } from './tables/vouchers';
export { walletTransactions } from './tables/walletTransactions';
export * from './types';
