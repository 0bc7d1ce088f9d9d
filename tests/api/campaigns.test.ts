// Campaigns that add stamps (issue 43): a MULTIPLIER multiplies a stamping of its programme, a BONUS adds
// stamps when its condition holds, inside the stamping, recorded on the transaction, the history and
// the campaign's ledger; budgets and per-member limits hold while stampings race; voiding the stamping
// voids what the campaign added and gives it back to the budget. Run on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiptQrText } from '../../contract/stamping';
import { campaignRewards, stampingHistory, stampsTransaction } from '../../server/platform/db/schema';
import {
  addAcmeAndOther,
  addMemberCard,
  addRewardProgramme,
  addStore,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
} from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
const nextMobile = mobileSequence('43');
let acme: Org;
let other: Org;

interface Stamped {
  id: number;
  stamps: number;
  stampsAfter: number;
  memberCardState: number;
  rewardVoucherId: number | null;
  campaignStamps: number;
  campaigns: { id: number; name: string; kind: string; stamps: number }[];
}

const stamp = async (cardId: number, stamps: number): Promise<Stamped> =>
  dataOf(
    await call('owner', 'POST', `${MAIN}/member-cards/${cardId}/stamps`, { stamps, storeId: acme.storeId }),
  ) as Stamped;

let names = 0;
/** A campaign made by the owner and activated; `over` sets its kind and the rest. */
const addCampaign = async (programmeId: number, over: Record<string, unknown>, activate = true) => {
  const made = await call('owner', 'POST', `${MAIN}/campaigns`, {
    name: `Campaign ${++names}`,
    stampCardId: programmeId,
    startAt: new Date(Date.now() - 60_000).toISOString(),
    ...over,
  });
  const { id } = dataOf(made) as { id: number };
  if (activate)
    expect(codeOf(await call('owner', 'POST', `${MAIN}/campaigns/${id}/activate`, {}))).toEqual({
      status: 200,
      code: 0,
    });
  return id;
};

const campaign = async (id: number) =>
  dataOf(await call('owner', 'GET', `${MAIN}/campaigns/${id}`)) as {
    state: string;
    rewardsGiven: number;
    endReason: string | null;
  };

/** A fresh programme (10 stamps, 5 a stamping) and a card of it for a new member. */
const programmeAndCard = async () => {
  const { programmeId } = await addRewardProgramme(call, 'owner', acme, {
    programme: { stampsRequired: 10, maxStampsPerTransaction: 5 },
  });
  const card = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
  return { programmeId, card };
};

/** The current hour in Singapore (the demo companies' zone). */
const sgHour = (): number => (new Date().getUTCHours() + 8) % 24;

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
});

describe('a campaign is declared, checked and moved through its states', () => {
  it('asks what its kind needs (code 2 naming the field) and starts as a DRAFT', async () => {
    const { programmeId } = await programmeAndCard();
    const noMultiplier = await call('owner', 'POST', `${MAIN}/campaigns`, {
      name: 'No multiplier',
      kind: 'MULTIPLIER',
      stampCardId: programmeId,
      startAt: new Date().toISOString(),
    });
    expect(codeOf(noMultiplier)).toEqual({ status: 400, code: 2 });
    expect(JSON.stringify(noMultiplier.json().data)).toContain('multiplier');
    const noAmount = await call('owner', 'POST', `${MAIN}/campaigns`, {
      name: 'No amount',
      kind: 'BONUS',
      bonusCondition: 'RECEIPT_OVER',
      bonusStamps: 1,
      stampCardId: programmeId,
      startAt: new Date().toISOString(),
    });
    expect(JSON.stringify(noAmount.json().data)).toContain('minAmount');
    const id = await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 2 }, false);
    expect(await campaign(id)).toMatchObject({ state: 'DRAFT', rewardsGiven: 0 });
    // its counters move only through stampings
    expect(codeOf(await call('owner', 'PUT', `${MAIN}/campaigns/${id}`, { rewardsGiven: 5 }))).toEqual({
      status: 400,
      code: 2,
    });
    // what the declaration cannot say: days, stores of the company, a kind not available yet
    const refused = async (body: Record<string, unknown>) =>
      (await call('owner', 'PUT', `${MAIN}/campaigns/${id}`, body)).json() as { code: number; data: unknown };
    expect(await refused({ daysOfWeek: ['MON', 'FUNDAY'] })).toMatchObject({
      code: 2,
      data: [{ field: 'daysOfWeek' }],
    });
    expect(await refused({ storeIds: [acme.storeId, other.storeId] })).toMatchObject({
      code: 2,
      data: [{ field: 'storeIds', message: `store ${other.storeId} is not one of the company's` }],
    });
    expect(await refused({ storeIds: [acme.storeId], daysOfWeek: ['MON'] })).toMatchObject({ code: 0 });
    const referral = await call('owner', 'POST', `${MAIN}/campaigns`, {
      name: 'Bring a friend',
      kind: 'REFERRAL',
      voucherPackId: (await addRewardProgramme(call, 'owner', acme)).packId,
      startAt: new Date().toISOString(),
    });
    // every kind may be made now (REFERRAL's effect: tests/api/campaign-referrals.test.ts)
    expect(codeOf(referral)).toEqual({ status: 200, code: 0 });
    // a stranger of another company sees none of it
    expect(codeOf(await call('stranger', 'GET', `${MAIN}/campaigns/${id}`)).status).toBe(404);
  });

  it('a DRAFT or PAUSED campaign adds nothing; ACTIVE does; ENDED is for good', async () => {
    const { programmeId, card } = await programmeAndCard();
    const id = await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 3 }, false);
    expect((await stamp(card.id, 1)).campaignStamps).toBe(0);
    await call('owner', 'POST', `${MAIN}/campaigns/${id}/activate`, {});
    expect(await stamp(card.id, 1)).toMatchObject({ stamps: 3, campaignStamps: 2, stampsAfter: 4 });
    await call('owner', 'POST', `${MAIN}/campaigns/${id}/pause`, {});
    expect((await stamp(card.id, 1)).campaignStamps).toBe(0);
    await call('owner', 'POST', `${MAIN}/campaigns/${id}/end`, {});
    expect(await campaign(id)).toMatchObject({ state: 'ENDED', endReason: 'ENDED_BY_USER' });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/campaigns/${id}/activate`, {}))).toEqual({
      status: 409,
      code: 11,
    });
    // what it is stays as it was made while it runs or ran
    const { programmeId: another } = await programmeAndCard();
    const moved = await call('owner', 'PUT', `${MAIN}/campaigns/${id}`, { stampCardId: another });
    expect(codeOf(moved)).toEqual({ status: 409, code: 11 });
  });
});

describe('MULTIPLIER', () => {
  it('multiplies a stamping: one transaction, its campaign and stamps on it, the history and the ledger', async () => {
    const { programmeId, card } = await programmeAndCard();
    const id = await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 2 });
    const done = await stamp(card.id, 2);
    expect(done).toMatchObject({
      stamps: 4,
      stampsAfter: 4,
      campaignStamps: 2,
      campaigns: [{ id, kind: 'MULTIPLIER', stamps: 2 }],
    });
    const [txn] = await t.db.select().from(stampsTransaction).where(eq(stampsTransaction.id, done.id));
    expect(txn).toMatchObject({ stamps: 4, campaignId: id, campaignStamps: 2, result: 'SUCCESS' });
    const [moved] = await t.db
      .select()
      .from(stampingHistory)
      .where(eq(stampingHistory.transactionId, done.id));
    expect(moved).toMatchObject({ stampsDelta: 4, campaignId: id });
    const ledger = await t.db.select().from(campaignRewards).where(eq(campaignRewards.campaignId, id));
    expect(ledger).toMatchObject([{ stamps: 2, transactionId: done.id, state: 'GIVEN', kind: 'MULTIPLIER' }]);
    expect(await campaign(id)).toMatchObject({ rewardsGiven: 2, state: 'ACTIVE' });
  });

  it('stops at the card: the extra stamps are cut to what is left, and completing issues the reward', async () => {
    const { programmeId, card } = await programmeAndCard();
    await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 3 });
    expect(await stamp(card.id, 3)).toMatchObject({ stamps: 9, stampsAfter: 9 });
    const last = await stamp(card.id, 1);
    expect(last).toMatchObject({ stamps: 1, campaignStamps: 0, stampsAfter: 10, memberCardState: 1 });
    expect(last.rewardVoucherId).not.toBeNull();
  });

  it('outside its hours, days or stores it adds nothing', async () => {
    const { programmeId, card } = await programmeAndCard();
    const hour = sgHour();
    await addCampaign(programmeId, {
      kind: 'MULTIPLIER',
      multiplier: 2,
      hourFrom: (hour + 1) % 24,
      hourTo: (hour + 2) % 24 || 24,
    });
    const today = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'][
      new Date(Date.now() + 8 * 3_600_000).getUTCDay()
    ];
    await addCampaign(programmeId, {
      kind: 'MULTIPLIER',
      multiplier: 4,
      daysOfWeek: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].filter((d) => d !== today),
    });
    const elsewhere = await addStore(t, acme.companyId, acme.brandId, 'Acme Elsewhere');
    await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 5, storeIds: [elsewhere] });
    // a window that ended, and one not begun
    await addCampaign(programmeId, {
      kind: 'MULTIPLIER',
      multiplier: 6,
      startAt: new Date(Date.now() - 7_200_000).toISOString(),
      endAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await addCampaign(programmeId, {
      kind: 'MULTIPLIER',
      multiplier: 7,
      startAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await stamp(card.id, 1)).toMatchObject({ stamps: 1, campaignStamps: 0 });
    // inside its hours, at its store, today
    await addCampaign(programmeId, {
      kind: 'MULTIPLIER',
      multiplier: 2,
      hourFrom: hour,
      hourTo: hour + 1,
      daysOfWeek: [today],
      storeIds: [acme.storeId],
    });
    expect(await stamp(card.id, 1)).toMatchObject({ stamps: 2, campaignStamps: 1 });
  });
});

describe('BONUS', () => {
  it("the first visit of the day adds its stamps once; the day's second stamping gets none", async () => {
    const { programmeId, card } = await programmeAndCard();
    const id = await addCampaign(programmeId, {
      kind: 'BONUS',
      bonusCondition: 'FIRST_VISIT_OF_DAY',
      bonusStamps: 2,
    });
    expect(await stamp(card.id, 1)).toMatchObject({ stamps: 3, campaigns: [{ id, stamps: 2 }] });
    expect(await stamp(card.id, 1)).toMatchObject({ stamps: 1, campaignStamps: 0 });
  });

  it('a receipt of at least the amount adds its stamps (exact decimals); a smaller one does not', async () => {
    const { programmeId, card } = await programmeAndCard();
    await addCampaign(programmeId, {
      kind: 'BONUS',
      bonusCondition: 'RECEIPT_OVER',
      minAmount: 20,
      bonusStamps: 1,
    });
    const byReceipt = async (receiptNo: string, amount: string) =>
      dataOf(
        await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps/receipt`, {
          qr: receiptQrText({ storeId: acme.storeId, receiptNo, amount }),
        }),
      ) as Stamped;
    expect(await byReceipt('R-1', '19.99')).toMatchObject({ stamps: 1, campaignStamps: 0 });
    expect(await byReceipt('R-2', '20.00')).toMatchObject({ stamps: 2, campaignStamps: 1 });
    // a stamping by hand carries no receipt
    expect(await stamp(card.id, 1)).toMatchObject({ campaignStamps: 0 });
  });
});

describe('two campaigns at once', () => {
  it('the highest multiplier wins and bonuses stack on top, unmultiplied', async () => {
    const { programmeId, card } = await programmeAndCard();
    await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 2 });
    const triple = await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 3 });
    const bonus = await addCampaign(programmeId, {
      kind: 'BONUS',
      bonusCondition: 'FIRST_VISIT_OF_DAY',
      bonusStamps: 1,
    });
    const done = await stamp(card.id, 2);
    expect(done).toMatchObject({
      stamps: 7,
      campaignStamps: 5,
      campaigns: [
        { id: triple, kind: 'MULTIPLIER', stamps: 4 },
        { id: bonus, kind: 'BONUS', stamps: 1 },
      ],
    });
    const [txn] = await t.db.select().from(stampsTransaction).where(eq(stampsTransaction.id, done.id));
    expect(txn?.campaignId).toBe(triple);
  });
});

describe('budgets and limits', () => {
  it('a budget reached while stampings race is never passed, and the campaign ends itself', async () => {
    const { programmeId } = await programmeAndCard();
    const id = await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 2, budgetRewards: 7 });
    const cards = await Promise.all(
      Array.from({ length: 12 }, () => addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId)),
    );
    const results = await Promise.all(cards.map((card) => stamp(card.id, 1)));
    expect(results.filter((r) => r.campaignStamps === 1)).toHaveLength(7);
    expect(results.filter((r) => r.campaignStamps === 0)).toHaveLength(5);
    expect(await campaign(id)).toMatchObject({
      state: 'ENDED',
      endReason: 'BUDGET_REACHED',
      rewardsGiven: 7,
    });
    const ledger = await t.db.select().from(campaignRewards).where(eq(campaignRewards.campaignId, id));
    expect(ledger.reduce((sum, r) => sum + r.stamps, 0)).toBe(7);
  });

  it('a budget cuts the last share to what is left', async () => {
    const { programmeId, card } = await programmeAndCard();
    const id = await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 3, budgetRewards: 3 });
    expect(await stamp(card.id, 1)).toMatchObject({ campaignStamps: 2 });
    expect(await stamp(card.id, 1)).toMatchObject({ campaignStamps: 1 });
    expect(await campaign(id)).toMatchObject({ state: 'ENDED', rewardsGiven: 3 });
  });

  it('one member benefits at most per-member-limit times', async () => {
    const { programmeId, card } = await programmeAndCard();
    await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 2, perMemberLimit: 2 });
    expect((await stamp(card.id, 1)).campaignStamps).toBe(1);
    expect((await stamp(card.id, 1)).campaignStamps).toBe(1);
    expect((await stamp(card.id, 1)).campaignStamps).toBe(0);
  });
});

describe('voiding a multiplied stamping', () => {
  it('takes every stamp back, voids the reward on the ledger and returns it to the budget', async () => {
    const { programmeId, card } = await programmeAndCard();
    const id = await addCampaign(programmeId, {
      kind: 'MULTIPLIER',
      multiplier: 2,
      budgetRewards: 10,
      perMemberLimit: 1,
    });
    const done = await stamp(card.id, 2);
    expect(done).toMatchObject({ stamps: 4, stampsAfter: 4 });
    expect(
      codeOf(
        await call('owner', 'POST', `${MAIN}/stamps-transactions/${done.id}/void`, { reason: 'wrong card' }),
      ),
    ).toEqual({ status: 200, code: 0 });
    expect(dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${card.id}`))).toMatchObject({
      stamps: 0,
    });
    const [moved] = await t.db
      .select()
      .from(stampingHistory)
      .where(eq(stampingHistory.transactionId, done.id))
      .orderBy(stampingHistory.id);
    expect(moved?.stampsDelta).toBe(4);
    const ledger = await t.db.select().from(campaignRewards).where(eq(campaignRewards.campaignId, id));
    expect(ledger).toMatchObject([{ state: 'VOIDED', stamps: 2 }]);
    expect(await campaign(id)).toMatchObject({ rewardsGiven: 0, state: 'ACTIVE' });
    // the voided reward does not count against the member's limit
    expect((await stamp(card.id, 1)).campaignStamps).toBe(1);
  });
});

describe('preview and results', () => {
  it("previews a multiplier on the programme's stampings of the last 30 days in its window", async () => {
    const { programmeId, card } = await programmeAndCard();
    await stamp(card.id, 2);
    await stamp(card.id, 1);
    const preview = async (body: Record<string, unknown>) =>
      call('owner', 'POST', `${MAIN}/campaigns/preview`, { stampCardId: programmeId, ...body });
    expect(dataOf(await preview({ kind: 'MULTIPLIER', multiplier: 3 }))).toEqual({
      basis: 'STAMPINGS_LAST_30_DAYS',
      members: 1,
      heldOut: 0,
      stampings: 2,
      rewards: 6,
      value: '0.00',
      charge: '0.00',
    });
    // a budget caps it; a bonus counts first visits of the day
    expect(dataOf(await preview({ kind: 'MULTIPLIER', multiplier: 3, budgetRewards: 4 }))).toMatchObject({
      rewards: 4,
    });
    expect(
      dataOf(await preview({ kind: 'BONUS', bonusCondition: 'FIRST_VISIT_OF_DAY', bonusStamps: 2 })),
    ).toMatchObject({ stampings: 1, rewards: 2 });
    // outside its hours: nothing
    const hour = sgHour();
    expect(
      dataOf(
        await preview({
          kind: 'MULTIPLIER',
          multiplier: 2,
          hourFrom: (hour + 1) % 24,
          hourTo: (hour + 2) % 24 || 24,
        }),
      ),
    ).toMatchObject({ stampings: 0, rewards: 0 });
    // what a save would refuse, and another company's programme
    expect(codeOf(await preview({ kind: 'MULTIPLIER' }))).toEqual({ status: 400, code: 2 });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/campaigns/preview`, { multiplier: 2 }))).toEqual({
      status: 400,
      code: 2,
    });
    const theirs = await call('stranger', 'POST', `${MAIN}/campaigns/preview`, {
      kind: 'MULTIPLIER',
      multiplier: 2,
      stampCardId: programmeId,
    });
    expect(theirs.json()).toMatchObject({ code: 2, data: [{ field: 'stampCardId' }] });
  });

  it('keeps its holdout share out of the stamps and compares the two groups in its results', async () => {
    const { programmeId } = await programmeAndCard();
    const id = await addCampaign(programmeId, { kind: 'MULTIPLIER', multiplier: 2, holdoutPercent: 50 });
    const cards = [];
    for (let i = 0; i < 16; i++)
      cards.push(await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId));
    const answers = [];
    for (const card of cards) answers.push(await stamp(card.id, 1));
    for (const card of cards.slice(0, 4)) await stamp(card.id, 1);
    const boosted = answers.filter((a) => a.campaignStamps === 1).length;
    expect(boosted).toBeGreaterThan(0);
    expect(boosted).toBeLessThan(16);
    const ledger = await t.db.select().from(campaignRewards).where(eq(campaignRewards.campaignId, id));
    // one HELD_OUT row per held-out member, however often they are stamped
    expect(ledger.filter((r) => r.state === 'HELD_OUT')).toHaveLength(16 - boosted);
    const results = dataOf(await call('owner', 'GET', `${MAIN}/campaigns/${id}/results`)) as {
      rewarded: { members: number; visits: number };
      heldOut: { members: number; visits: number };
      rewardsGiven: number;
      lift: { visits: number | null };
    };
    expect(results.rewarded.members).toBe(boosted);
    expect(results.heldOut.members).toBe(16 - boosted);
    expect(results.rewarded.visits + results.heldOut.visits).toBe(20);
    expect(results.rewardsGiven).toBe(
      ledger.filter((r) => r.state === 'GIVEN').reduce((s, r) => s + r.stamps, 0),
    );
    expect(typeof results.lift.visits).toBe('number');
    expect(codeOf(await call('stranger', 'GET', `${MAIN}/campaigns/${id}/results`)).status).toBe(404);
  });
});
