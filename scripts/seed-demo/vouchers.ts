// Step: a brand's voucher packs and vouchers in every state, each moved by its operation at the time
// it happened, so every history row has its cause and its audit row: issued, then redeemed at a store
// (one of them voided at the till and left available), donated to another member, or left to expire.
import { eq } from 'drizzle-orm';
import {
  donateVoucher,
  expireDueVouchers,
  issueVouchers,
  redeemVoucher,
  voidVoucher,
} from '../../server/domains/vouchers/vouchers';
import { members } from '../../server/platform/db/schema/resources';
import { ago, count, create, DAY, isoDate, pick, type Seed, service } from './context';
import { type BrandSeed, MEMBER_NAMES, MEMBERS, VOUCHER_STATES } from './data';
import { demoImage } from './images';

/** Answers the packs' ids, in the brand's order. */
export const seedVouchers = async (
  seed: Seed,
  b: BrandSeed,
  companyId: number,
  brandId: number,
  activeStores: readonly number[],
): Promise<number[]> => {
  const { tx, op } = seed;
  const packIds: number[] = [];
  for (const p of b.packs) {
    const { end: _end, ...fields } = p;
    const packId = await create(seed, 'voucherPacks', {
      ...fields,
      companyId,
      brandId,
      image: demoImage(p.title),
      issueLimitPerMember: p.giftable ? 5 : 1,
      validFrom: isoDate(ago(seed, 120)),
      validUntil: isoDate(ago(seed, -240)),
      voucherValidityDays: 30,
    });
    packIds.push(packId);
  }

  for (const [pi, packId] of packIds.entries()) {
    const pack = b.packs[pi];
    if (!pack) continue;
    const n = pack.end === 'DELETE' ? 2 : VOUCHER_STATES.length + 1;
    for (let k = 0; k < n; k++) {
      const state = VOUCHER_STATES[k % VOUCHER_STATES.length] ?? 'AVAILABLE';
      // a member per voucher of a pack: the packs that are not giftable issue one per member
      const member = MEMBERS[(seed.next.member++ * 7) % MEMBERS.length] ?? '+6598100000';
      const issuedAt = ago(seed, state === 'EXPIRED' ? 60 : 5 + k * 3);
      // issued at one of the brand's counters, in turn (analytics by store; no random draw, so the rest
      // of the demo stays as it was)
      const atStoreId = activeStores[k % activeStores.length] ?? null;
      const issued = await issueVouchers(
        tx,
        op,
        packId,
        { memberMobile: member, quantity: 1, atStoreId },
        issuedAt,
      );
      const voucherId = issued.vouchers[0]?.id;
      if (voucherId === undefined) throw new Error('the demo pack issued nothing');
      count(seed, 'vouchers');
      count(seed, 'voucherHistory');
      if (state === 'REDEEMED') {
        await redeemVoucher(
          tx,
          op,
          voucherId,
          { storeId: pick(seed, activeStores) },
          new Date(issuedAt.getTime() + 2 * DAY),
        );
        count(seed, 'voucherHistory');
      } else if (k === VOUCHER_STATES.length && pack.giftable) {
        const to = MEMBERS.find((m) => m !== member) ?? member;
        await donateVoucher(tx, op, voucherId, { toMobile: to }, ago(seed, 1));
        count(seed, 'voucherHistory');
      } else if (k === VOUCHER_STATES.length) {
        const storeId = pick(seed, activeStores);
        await redeemVoucher(tx, op, voucherId, { storeId }, ago(seed, 2));
        await voidVoucher(
          tx,
          op,
          voucherId,
          { reason: 'Redeemed twice by mistake at the till' },
          ago(seed, 2),
        );
        count(seed, 'voucherHistory', 2);
      }
    }
    if (pack.end === 'DISABLED') await service(seed, 'voucherPacks').runAction(op, packId, 'disable');
    if (pack.end === 'DELETE') await service(seed, 'voucherPacks').remove(op, packId);
  }
  // the job's run: the vouchers issued 60 days ago with 30 days of validity expire
  count(seed, 'voucherHistory', await expireDueVouchers(tx, seed.now));
  // the vouchers' holders, created by issuing and donating on first use, with the names they gave
  for (const [i, mobile] of MEMBERS.entries())
    await tx
      .update(members)
      .set({ name: MEMBER_NAMES[i] ?? null })
      .where(eq(members.mobile, mobile));
  return packIds;
};
