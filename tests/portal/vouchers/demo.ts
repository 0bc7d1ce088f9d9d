// The vouchers a voucher test starts from, made on the real server (tests/portal/server.ts) through the
// routes the portal uses: the packs Free Kopi and Birthday Cake Slice of Acme Coffee (and a disabled
// one), three members, and Tan's three Free Kopi vouchers in the order issued: redeemed; redeemed then
// voided; donated to Arjun. Siti's is expired and Tan also holds a cake voucher.
import { eq } from 'drizzle-orm';
import { BASE_PATHS } from '../../../contract';
import { FINANCE_PATHS } from '../../../contract/finance';
import { voucherHistory, voucherPacks, vouchers } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { newPack } from '../make';
import type { RealBackend } from '../server';
import { MEMBERS, nameMembers, WORLD } from '../world';

export { confirmWith, expectFreshKeys, T, tile } from '../operations';
export { restrictColleague } from '../world';

export const DEMO_MEMBERS = MEMBERS;

export interface Voucher {
  id: number;
  code: string;
  validFrom: string;
  validUntil: string;
}

export const seedDemo = async (backend: RealBackend) => {
  const merchant = await apiAs(backend, 'merchant');
  const operator = await apiAs(backend, 'operator');
  const pack = (values: Record<string, unknown>) => newPack(merchant, values);
  const kopi = await pack({
    description: 'One regular kopi or teh at any Acme Coffee store.',
    giftable: true,
  });
  // the cake costs the merchant 1.00 a voucher: the wallet is topped up first (FREE in Singapore)
  await merchant('POST', `${BASE_PATHS.payment}${FINANCE_PATHS.topUps}`, {
    amount: 10,
    paymentMethod: 'FREE',
  });
  const cake = await pack({
    title: 'Birthday Cake Slice',
    price: 1,
    voucherValue: 8,
    quantity: 3,
    voucherValidityDays: 14,
  });
  const angBao = await pack({ title: 'Lunar New Year Ang Bao', voucherValue: 8.88, quantity: 888 });
  await merchant('POST', `/voucher-packs/${angBao.id}/disable`, {});

  await nameMembers(backend.t.db);
  const issue = async (packId: number, memberMobile: string, quantity: number) =>
    (
      await merchant<{ vouchers: Voucher[] }>('POST', `/voucher-packs/${packId}/vouchers`, {
        memberMobile,
        quantity,
      })
    ).vouchers;
  const [redeemed, voided, donated] = await issue(kopi.id, DEMO_MEMBERS.tan, 3);
  const [expired] = await issue(kopi.id, DEMO_MEMBERS.siti, 1);
  const [cakeVoucher] = await issue(cake.id, DEMO_MEMBERS.tan, 1);
  if (!redeemed || !voided || !donated || !expired || !cakeVoucher) throw new Error('demo vouchers missing');
  const storeId = WORLD.acme.storeId;
  await merchant('POST', `/vouchers/${redeemed.id}/redeem`, { storeId });
  await merchant('POST', `/vouchers/${voided.id}/redeem`, { storeId });
  await merchant('POST', `/vouchers/${voided.id}/void`, { reason: 'Redeemed by mistake at the till' });
  await merchant('POST', `/vouchers/${donated.id}/donate`, { toMobile: DEMO_MEMBERS.arjun });
  await operator('POST', `/vouchers/${expired.id}/expire`, {});
  return { kopi, cake, redeemed, voided, donated, expired, cakeVoucher };
};

/** A voucher's row as stored now. */
export const voucherRow = async (backend: RealBackend, id: number) => {
  const [row] = await backend.t.db.select().from(vouchers).where(eq(vouchers.id, id));
  if (!row) throw new Error(`no voucher ${id}`);
  return row;
};

/** A pack's vouchers as stored, oldest first. */
export const vouchersOf = async (backend: RealBackend, packId: number) =>
  await backend.t.db.select().from(vouchers).where(eq(vouchers.voucherPackId, packId)).orderBy(vouchers.id);

/** A voucher's history as stored, oldest first. */
export const historyOf = async (backend: RealBackend, voucherId: number) =>
  await backend.t.db
    .select()
    .from(voucherHistory)
    .where(eq(voucherHistory.voucherId, voucherId))
    .orderBy(voucherHistory.id);

/** A pack's row as stored now. */
export const packRow = async (backend: RealBackend, id: number) => {
  const [row] = await backend.t.db.select().from(voucherPacks).where(eq(voucherPacks.id, id));
  if (!row) throw new Error(`no pack ${id}`);
  return row;
};
