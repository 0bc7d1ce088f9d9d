// Step: a brand's stamp card programmes and their member cards, stamped, completed, voided and
// expired through the operations (server/domains/stamping/: issue-card.ts, stamp.ts, void.ts, card-expiry.ts), as
// staff at the till would.

import { expireDueMemberCards } from '../../server/domains/stamping/card-expiry';
import { issueMemberCard } from '../../server/domains/stamping/issue-card';
import { recordRefusedStamping, stampCardOnce } from '../../server/domains/stamping/stamp';
import { setStorePin } from '../../server/domains/stamping/store-pin';
import { voidStamping } from '../../server/domains/stamping/void';
import { AppError } from '../../server/platform/errors';
import { ago, count, create, DAY, isoDate, pick, type Seed, service } from './context';
import { type BrandSeed, type CardSeed, DEMO_STORE_PIN, MEMBERS } from './data';
import { demoImage } from './images';

export const seedStampCards = async (
  seed: Seed,
  b: BrandSeed,
  companyId: number,
  brandId: number,
  activeStores: readonly number[],
  packIds: readonly number[],
): Promise<void> => {
  if (activeStores[0] !== undefined && b.cards.length > 0)
    await setStorePin(seed.tx, seed.op, activeStores[0], DEMO_STORE_PIN);
  for (const card of b.cards) {
    // the reward comes from a pack still selling (a disabled pack issues nothing: 6629)
    const selling = packIds.filter((_, i) => b.packs[i]?.end === undefined);
    const rewardVoucherPackId =
      b.packs[card.rewardPack]?.end === undefined ? packIds[card.rewardPack] : selling[0];
    await seedProgramme(seed, card, companyId, brandId, activeStores, rewardVoucherPackId);
  }
};

const seedProgramme = async (
  seed: Seed,
  card: CardSeed,
  companyId: number,
  brandId: number,
  activeStores: readonly number[],
  rewardVoucherPackId: number | undefined,
): Promise<void> => {
  const { tx, op } = seed;
  const start = ago(seed, -card.startInDays);
  const end = new Date(start.getTime() + card.lengthDays * DAY);
  const programmeId = await create(seed, 'stampCard', {
    companyId,
    brandId,
    title: card.title,
    description: card.description,
    image: demoImage(card.title),
    stampsRequired: card.stampsRequired,
    maxStampsPerTransaction: 2,
    price: card.price,
    ...(card.quantity ? { quantity: card.quantity } : {}),
    ...(rewardVoucherPackId ? { rewardVoucherPackId } : {}),
    startDate: isoDate(start),
    endDate: isoDate(end),
  });
  // a programme that ran out: its cards were stamped early in its life, never completed
  const ended = end.getTime() < seed.now.getTime();
  const firstDay = ended ? start : new Date(Math.max(start.getTime(), ago(seed, 50).getTime()));
  const lastDay = ended ? new Date(start.getTime() + (card.lengthDays / 2) * DAY) : ago(seed, 0.2);
  const span = lastDay.getTime() - firstDay.getTime();
  const holders = ended ? 4 : 8;
  for (let m = 0; m < holders; m++) {
    const memberMobile = MEMBERS[(m * 5 + card.stampsRequired) % MEMBERS.length] ?? pick(seed, MEMBERS);
    const storeId = pick(seed, activeStores);
    const issuedAt = new Date(firstDay.getTime() + (span * m) / (holders * 2));
    const issued = await issueMemberCard(tx, op, programmeId, { memberMobile, storeId }, issuedAt);
    count(seed, 'memberCards');
    // every third active card fills up; the others stop part way
    const target =
      !ended && m % 3 === 0
        ? card.stampsRequired
        : Math.max(1, Math.floor(card.stampsRequired / 2) - (m % 3));
    let stamps = 0;
    let at = issuedAt;
    let lastTxn = 0;
    let lastReward: number | null = null;
    while (stamps < target) {
      const give = Math.min(1 + Math.floor(seed.random() * 2), target - stamps);
      at = new Date(at.getTime() + (lastDay.getTime() - at.getTime()) / (target - stamps + 1));
      seed.next.receipt += 1;
      const input = { stamps: give, storeId, receiptNo: `R${String(seed.next.receipt).padStart(8, '0')}` };
      // a savepoint: a completion whose reward the member may not receive (they hold the
      // pack's limit already) is refused whole (6629), and the card stays one stamping short
      const done = await tx
        .transaction((sp) => stampCardOnce(sp, op, issued.id, input, at))
        .catch((e: unknown) => {
          if (e instanceof AppError && e.errorName === 'VOUCHER_ISSUE_FAILED') return null;
          throw e;
        });
      if (!done) break;
      lastTxn = done.id;
      lastReward = done.rewardVoucherId;
      if (done.rewardVoucherId !== null) {
        count(seed, 'vouchers');
        count(seed, 'voucherHistory');
      }
      stamps += give;
      count(seed, 'stampsTransaction');
      count(seed, 'stampingHistory');
    }
    // a refused stamping at the till (too many stamps) leaves a FAILED transaction
    if (m === 1) {
      await recordRefusedStamping(
        tx,
        op,
        issued.id,
        { stamps: card.stampsRequired + 1, storeId },
        new AppError('TOO_MANY_STAMPS', [{ field: 'stamps', message: 'more than the card takes' }]),
        at,
      );
      count(seed, 'stampsTransaction');
    }
    // the first completed card of an active programme had its last stamping voided (wrong member)
    if (m === 3 && lastTxn > 0) {
      await voidStamping(
        tx,
        op,
        lastTxn,
        { reason: 'Stamped the wrong member at the till' },
        new Date(at.getTime() + 3_600_000),
      );
      count(seed, 'stampingHistory');
      if (lastReward !== null) count(seed, 'voucherHistory');
    }
  }
  if (card.end === 'DISABLED') await service(seed, 'stampCard').runAction(op, programmeId, 'disable');
};

/** The job's run: member cards of programmes that ended expire. */
export const expireEndedCards = (seed: Seed) => expireDueMemberCards(seed.tx, seed.now);
