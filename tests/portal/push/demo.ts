// The push demo data (mocks/push.ts seedPushDemo) as the push tests use it: a draft, a scheduled push,
// one sent to store 1's members with its deliveries, and one whose provider failed.
import type { MockDb, MockRow } from '../../../mocks/data';
import { seedPushDemo } from '../../../mocks/push';

export { confirmWith, expectFreshKeys, T, tile } from '../vouchers/demo';

export const rows = (db: MockDb, table: string): MockRow[] => db.resourceRows[table] ?? [];

export const seedPush = (db: MockDb) => seedPushDemo(db);

/** Store 1's members (cards issued there), first by mobile: Arjun, then Mei, Tan and Siti. */
export const STORE_1 = { count: 4, first: { name: 'Arjun Nair', mobile: '+6581112222', stamps: 2 } } as const;

/** The seed merchant works for brand 1; the company's owner would have no brand. */
export const asCompanyOwner = (db: MockDb) => {
  const merchant = db.users.find((u) => u.email === 'merchant@example.com');
  if (!merchant) throw new Error('no seed merchant');
  merchant.brandId = null;
};
