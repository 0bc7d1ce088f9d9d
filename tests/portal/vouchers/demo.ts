// The voucher demo data (mocks/vouchers.ts seedVoucherDemo) as the voucher tests use it: the packs by
// title and the seeded vouchers by what happened to them.
import type { MockDb, MockRow } from '../../../mocks/data';
import { DEMO_MEMBERS, seedVoucherDemo } from '../../../mocks/vouchers';
import { rows } from '../operations';

export { confirmWith, expectFreshKeys, T, tile } from '../operations';
export { DEMO_MEMBERS };

export const seedDemo = (db: MockDb) => {
  seedVoucherDemo(db);
  const pack = (title: string): MockRow => {
    const found = rows(db, 'voucherPacks').find((p) => p.title === title);
    if (!found) throw new Error(`no demo pack ${title}`);
    return found;
  };
  const kopi = pack('Free Kopi');
  const cake = pack('Birthday Cake Slice');
  // Tan's three Free Kopi vouchers, in the order issued: redeemed; redeemed then voided; donated to Arjun
  const [redeemed, voided, donated] = rows(db, 'vouchers').filter(
    (v) => v.voucherPackId === kopi.id && v.issuedToMobile === DEMO_MEMBERS.tan,
  );
  const expired = rows(db, 'vouchers').find((v) => v.state === 'EXPIRED');
  const cakeVoucher = rows(db, 'vouchers').find((v) => v.voucherPackId === cake.id);
  if (!redeemed || !voided || !donated || !expired || !cakeVoucher) throw new Error('demo vouchers missing');
  return { kopi, cake, redeemed, voided, donated, expired, cakeVoucher };
};

export const vouchersOf = (db: MockDb, packId: number) =>
  rows(db, 'vouchers').filter((v) => v.voucherPackId === packId);

export const historyOf = (db: MockDb, voucherId: number) =>
  rows(db, 'voucherHistory').filter((h) => h.voucherId === voucherId);
