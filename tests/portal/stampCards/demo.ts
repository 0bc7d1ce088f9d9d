// The stamp cards a stamp card test starts from, made on the real server (tests/portal/server.ts)
// through the routes the portal uses, as mocks/stamping.ts seedStampingDemo made them on the mocks:
// the programme Acme Coffee Card of Acme Coffee (10 stamps, up to 3 a stamping, 2.00 a card, 200
// cards) with its reward pack, store 1's stamping PIN, and four member cards: Tan's 9 stamps (one
// stamping voided, one refused 6627 and recorded FAILED, the last R-10300), Siti's completed with its
// reward voucher, Arjun's 2, Mei's new one; and the ended programme Summer Iced Latte Card with Siti's
// expired card. The routes stamp at the server's time: afterwards the stampings' and cards' times are
// set back to the demo's timeline (days ago), which no route can do, so "this week" means what it did.
import { and, eq, gt, lt } from 'drizzle-orm';
import { BASE_PATHS } from '../../../contract';
import { FINANCE_PATHS } from '../../../contract/finance';
import type { StampResult } from '../../../contract/stamping';
import { expireDueMemberCards } from '../../../server/domains/stamping/card-expiry';
import {
  memberCards,
  stampCard,
  stampingHistory,
  stampsTransaction,
} from '../../../server/platform/db/schema';
import { type Api, apiAs } from '../api';
import { DAY_MS } from '../make';
import type { RealBackend } from '../server';
import { MEMBERS, WORLD } from '../world';

export { confirmWith, expectFreshKeys, T, tile } from '../operations';

export const STAMP_DEMO_MEMBERS = MEMBERS;
/** The demo store's stamping PIN (store 1, Acme Coffee Raffles). */
export const STAMP_DEMO_PIN = '2468';

const MINUTE_MS = 60_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Row {
  id: number;
}

export type MemberCard = typeof memberCards.$inferSelect;
export type Transaction = typeof stampsTransaction.$inferSelect;

/** A stamping as `who` through the route; its SUCCESS transaction's id. */
const stamper = (api: Api) => async (cardId: number, body: Record<string, unknown>) =>
  (await api<StampResult>('POST', `/member-cards/${cardId}/stamps`, body)).id;

/** A call the server must refuse with `code` (recorded as the server records it). */
const refused = async (call: Promise<unknown>, code: number) => {
  try {
    await call;
  } catch (e) {
    if (e instanceof Error && e.message.includes(`"code":${code}`)) return;
    throw e;
  }
  throw new Error(`expected a refusal ${code}`);
};

export const seedStamping = async (backend: RealBackend) => {
  const { db } = backend.t;
  const merchant = await apiAs(backend, 'merchant');
  const now = Date.now();
  const daysAgo = (n: number) => now - n * DAY_MS;
  const storeId = WORLD.acme.storeId;
  const brandId = WORLD.acme.brandId;

  await merchant('POST', `/stores/${storeId}/pin`, { pin: STAMP_DEMO_PIN });
  // a card costs the merchant the programme's price: the wallet is topped up first (FREE in Singapore)
  await merchant('POST', `${BASE_PATHS.payment}${FINANCE_PATHS.topUps}`, {
    amount: 50,
    paymentMethod: 'FREE',
  });
  const reward = await merchant<Row & { title: string }>('POST', '/voucher-packs', {
    brandId,
    title: 'Stamp Card Reward: Free Coffee',
    description: 'Any regular coffee, the reward of a full Acme Coffee Card.',
    price: 0,
    giftable: false,
    voucherValue: 5.5,
    quantity: 10_000,
    issueLimitPerMember: 1000,
    voucherValidityDays: 30,
    validFrom: dayOf(daysAgo(90)),
    validUntil: dayOf(now + 365 * DAY_MS),
  });
  const newProgramme = (values: Record<string, unknown>) =>
    merchant<Row & { title: string }>('POST', '/stamp-cards', {
      brandId,
      image: 'https://example.com/stamp-sg-1.png',
      stampsRequired: 10,
      maxStampsPerTransaction: 3,
      price: 0,
      rewardVoucherPackId: reward.id,
      ...values,
    });
  const programme = await newProgramme({
    title: 'Acme Coffee Card',
    description: 'Buy ten coffees, get the eleventh free. Up to three stamps per visit.',
    price: 2,
    quantity: 200,
    startDate: dayOf(daysAgo(60)),
    endDate: dayOf(now + 300 * DAY_MS),
  });
  const issue = (programmeId: number, memberMobile: string) =>
    merchant<{ id: number }>('POST', `/stamp-cards/${programmeId}/member-cards`, { memberMobile, storeId });
  const stamp = stamper(merchant);
  /** when each card was issued and each stamping happened, in ms */
  const cardTimes = new Map<number, number>();
  const stampTimes = new Map<number, number>();
  const stampAt = async (cardId: number, at: number, body: Record<string, unknown>) => {
    const id = await stamp(cardId, { storeId, ...body });
    stampTimes.set(id, at);
    return id;
  };

  const tan = await issue(programme.id, STAMP_DEMO_MEMBERS.tan);
  cardTimes.set(tan.id, daysAgo(30));
  await stampAt(tan.id, daysAgo(28), { stamps: 3, receiptNo: 'R-10021' });
  await stampAt(tan.id, daysAgo(14), { stamps: 2, receiptNo: 'R-10087' });
  await stampAt(tan.id, daysAgo(9), { stamps: 1, receiptNo: 'R-10154' });
  await stampAt(tan.id, daysAgo(3), { stamps: 2, receiptNo: 'R-10230' });
  const twice = await stampAt(tan.id, daysAgo(3) + 5 * MINUTE_MS, { stamps: 1, receiptNo: 'R-10231' });
  await merchant('POST', `/stamps-transactions/${twice}/void`, { reason: 'Stamped twice for one order' });
  // a refused stamping (the till saw 5 stamps; the card has 8), recorded FAILED by the server
  await refused(
    merchant('POST', `/member-cards/${tan.id}/stamps`, {
      stamps: 1,
      storeId,
      receiptNo: 'R-10299',
      expectedStamps: 5,
    }),
    6627,
  );
  await stampAt(tan.id, daysAgo(1), { stamps: 1, receiptNo: 'R-10300' });

  const siti = await issue(programme.id, STAMP_DEMO_MEMBERS.siti);
  cardTimes.set(siti.id, daysAgo(25));
  for (const [i, [day, stamps]] of [
    [24, 3],
    [20, 3],
    [15, 3],
    [8, 1],
  ].entries())
    await stampAt(siti.id, daysAgo(Number(day)), { stamps, receiptNo: `R-20${i}` });
  const arjun = await issue(programme.id, STAMP_DEMO_MEMBERS.arjun);
  cardTimes.set(arjun.id, daysAgo(6));
  await stampAt(arjun.id, daysAgo(5), { stamps: 2 });
  const mei = await issue(programme.id, STAMP_DEMO_MEMBERS.mei);
  cardTimes.set(mei.id, daysAgo(1));

  // the ended programme: Siti's card stamped while it ran, expired by the job once it ended
  const ended = await newProgramme({
    title: 'Summer Iced Latte Card',
    stampsRequired: 6,
    maxStampsPerTransaction: 1,
    startDate: dayOf(daysAgo(200)),
    endDate: dayOf(now + DAY_MS),
  });
  const latte = await issue(ended.id, STAMP_DEMO_MEMBERS.siti);
  cardTimes.set(latte.id, daysAgo(150));
  for (const day of [140, 130, 120, 110]) await stampAt(latte.id, daysAgo(day), { stamps: 1 });
  await merchant('PUT', `/stamp-cards/${ended.id}`, { endDate: dayOf(daysAgo(100)) });
  await expireDueMemberCards(db, new Date());
  if ((await cardRow(backend, latte.id)).state !== 2) throw new Error('the ended card did not expire');

  // the demo's timeline: each stamping (and the void) and each card at its time
  const moved = (at: number) => ({ at: new Date(at), createTime: new Date(at) });
  for (const [id, at] of stampTimes) {
    await db.update(stampsTransaction).set(moved(at)).where(eq(stampsTransaction.id, id));
    await db
      .update(stampingHistory)
      .set(moved(at))
      .where(and(eq(stampingHistory.transactionId, id), gt(stampingHistory.stampsDelta, 0)));
  }
  const voidedAt = daysAgo(3) + 9 * MINUTE_MS;
  await db
    .update(stampsTransaction)
    .set({ voidedAt: new Date(voidedAt) })
    .where(eq(stampsTransaction.id, twice));
  await db
    .update(stampingHistory)
    .set(moved(voidedAt))
    .where(and(eq(stampingHistory.transactionId, twice), lt(stampingHistory.stampsDelta, 0)));
  await db
    .update(stampsTransaction)
    .set(moved(daysAgo(2)))
    .where(and(eq(stampsTransaction.memberCardId, tan.id), eq(stampsTransaction.result, 'FAILED')));
  for (const [id, at] of cardTimes)
    await db
      .update(memberCards)
      .set({ createTime: new Date(at) })
      .where(eq(memberCards.id, id));
  return {
    programme,
    ended,
    reward,
    tan: await cardRow(backend, tan.id),
    siti: await cardRow(backend, siti.id),
    arjun: await cardRow(backend, arjun.id),
  };
};

/** A member card's row as stored now. */
export const cardRow = async (backend: RealBackend, id: number): Promise<MemberCard> => {
  const [row] = await backend.t.db.select().from(memberCards).where(eq(memberCards.id, id));
  if (!row) throw new Error(`no member card ${id}`);
  return row;
};

/** The member cards stored for `mobile`, oldest first. */
export const cardsOf = async (backend: RealBackend, mobile: string): Promise<MemberCard[]> =>
  await backend.t.db
    .select()
    .from(memberCards)
    .where(eq(memberCards.memberMobile, mobile))
    .orderBy(memberCards.id);

/** A programme's row as stored now. */
export const programmeRow = async (backend: RealBackend, id: number) => {
  const [row] = await backend.t.db.select().from(stampCard).where(eq(stampCard.id, id));
  if (!row) throw new Error(`no programme ${id}`);
  return row;
};

/** A card's stamps transactions as stored, oldest first. */
export const transactionsOf = async (backend: RealBackend, cardId: number): Promise<Transaction[]> =>
  await backend.t.db
    .select()
    .from(stampsTransaction)
    .where(eq(stampsTransaction.memberCardId, cardId))
    .orderBy(stampsTransaction.id);

/** Another till stamps the card (as the merchant, through the route). */
export const stampElsewhere = async (backend: RealBackend, cardId: number, body: Record<string, unknown>) =>
  stamper(await apiAs(backend, 'merchant'))(cardId, body);

export { voucherRow } from '../vouchers/demo';
