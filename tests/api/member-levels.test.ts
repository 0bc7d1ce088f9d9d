// Member levels end to end (issue 25, docs/decisions.md "Member levels"): a stamping moves a member up
// with a history row; the nightly job moves them down once the window passes, once per company and
// day; a level's reward is issued once and charged to the wallet, FAILED when the wallet is short and
// never twice; a change of the levels or the rule recomputes (RULES_CHANGED); thresholds rise with
// rank; a reached level is not deleted; the /aotg summary; a merchant sees its own company only.
import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditWallet } from '../../server/domains/money/wallet';
import { jobHandlers, PERIODIC_JOBS } from '../../server/jobs';
import {
  account,
  jobs,
  memberLevelHistory,
  memberLevelRewards,
  memberStanding,
  vouchers,
  walletTransactions,
} from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { addAcmeAndOther, addMemberCard, addProgramme, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf, sgDay } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;
let rewardPackId: number;
let programmeId: number;
const level: Record<string, number> = {};

const DAY = 86_400_000;
const shift = (days: number) => sgDay(new Date(Date.now() + days * DAY));
let mobileSeq = 0;
const nextMobile = () => `+6593${String(++mobileSeq).padStart(6, '0')}`;

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
/** Runs every due job at `now` until none is left (a job may enqueue others). */
const drain = async (now = new Date(Date.now() + 5_000)) => {
  const r = createJobRunner({
    db: t.db,
    log: quiet,
    handlers: jobHandlers({ config: t.config }),
    periodic: PERIODIC_JOBS,
  });
  while ((await r.runDue(now)) > 0) {
    /* again */
  }
};

/** A member with a card of the programme and `stamps` stamps on it. */
const stampedMember = async (stamps: number) => {
  const mobile = nextMobile();
  const card = await addMemberCard(call, 'owner', programmeId, mobile, acme.storeId);
  const res = await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
    storeId: acme.storeId,
    stamps,
  });
  dataOf(res);
  return mobile;
};

const standingOf = async (mobile: string) => {
  const [row] = await t.db
    .select()
    .from(memberStanding)
    .where(and(eq(memberStanding.companyId, acme.companyId), eq(memberStanding.memberMobile, mobile)));
  return row;
};
const historyOf = async (mobile: string) =>
  (
    await t.db
      .select()
      .from(memberLevelHistory)
      .where(eq(memberLevelHistory.memberMobile, mobile))
      .orderBy(asc(memberLevelHistory.id))
  ).map((h) => ({
    from: h.fromLevelId,
    to: h.toLevelId,
    reason: h.reason,
    measureValue: h.measureValue,
  }));
const rewardsOf = (mobile: string) =>
  t.db.select().from(memberLevelRewards).where(eq(memberLevelRewards.memberMobile, mobile));
const balance = async (companyId: number) => {
  const [row] = await t.db
    .select({ b: account.balance })
    .from(account)
    .where(eq(account.companyId, companyId));
  return Number(row?.b ?? 0);
};

const addLevel = async (name: string, rank: number, threshold: number, extra = {}) => {
  const row = dataOf(
    await call('owner', 'POST', `${MAIN}/member-levels`, { name, rank, threshold, ...extra }),
  ) as { id: number };
  level[name] = row.id;
  return row.id;
};

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
  const pack = dataOf(
    await call('owner', 'POST', `${MAIN}/voucher-packs`, {
      title: 'Silver welcome',
      price: 2,
      voucherValue: 5,
      quantity: 1000,
      issueLimitPerMember: 10,
      validFrom: shift(-1),
      validUntil: shift(200),
      voucherValidityDays: 30,
      brandId: acme.brandId,
    }),
  ) as { id: number };
  rewardPackId = pack.id;
  programmeId = await addProgramme(call, 'owner', acme.brandId, 'Coffee card', {
    stampsRequired: 20,
    maxStampsPerTransaction: 10,
    endDate: shift(300),
  });
  await addLevel('Bronze', 1, 1);
  await addLevel('Silver', 2, 3, { rewardVoucherPackId: rewardPackId });
  await addLevel('Gold', 3, 6);
  // the level writes enqueued their recomputes: run them now, while nobody stands anywhere
  await drain();
  // enough for one reward voucher (2.00)
  await t.db.transaction((tx) =>
    creditWallet(tx, acme.companyId, '2.00', { type: 'TOP_UP_TXN', reference: 'test funds' }),
  );
}, APP_TIMEOUT);

describe('a stamping moves a level up, and its reward is issued once', () => {
  let mobile: string;

  it('stamps 3 and stands at Silver, with the move recorded as STAMPING', async () => {
    mobile = await stampedMember(3);
    const standing = await standingOf(mobile);
    expect(standing).toMatchObject({ levelId: level.Silver, measureValue: 3, stampsInWindow: 3 });
    expect(standing?.levelSince).toBeInstanceOf(Date);
    expect(await historyOf(mobile)).toEqual([
      { from: null, to: level.Silver, reason: 'STAMPING', measureValue: 3 },
    ]);
  });

  it('issues one Silver voucher through the reward job, charged to the wallet, and never a second', async () => {
    const before = await balance(acme.companyId);
    await drain();
    const rewards = await rewardsOf(mobile);
    expect(rewards).toEqual([
      expect.objectContaining({ levelId: level.Silver, state: 'ISSUED', voucherId: expect.any(Number) }),
    ]);
    const held = await t.db.select().from(vouchers).where(eq(vouchers.memberMobile, mobile));
    expect(held.map((v) => [v.id, v.voucherPackId, v.state])).toEqual([
      [rewards[0]?.voucherId, rewardPackId, 'AVAILABLE'],
    ]);
    expect(await balance(acme.companyId)).toBe(before - 2);
    const [charge] = await t.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.voucherPackId, rewardPackId), eq(walletTransactions.type, 'VOUCHER_TXN')),
      );
    expect(Number(charge?.amount)).toBe(-2);

    // the same reward again (a re-run of the job): nothing more issued, nothing more charged
    await t.db.insert(jobs).values({
      name: 'member-level-reward',
      payload: { companyId: acme.companyId, levelId: level.Silver, memberMobile: mobile },
    });
    await drain();
    expect(await rewardsOf(mobile)).toHaveLength(1);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.memberMobile, mobile))).toHaveLength(1);
    expect(await balance(acme.companyId)).toBe(before - 2);
  });

  it('records FAILED with why when the wallet is short, once, however often it runs', async () => {
    expect(await balance(acme.companyId)).toBe(0);
    const poor = await stampedMember(4);
    expect((await standingOf(poor))?.levelId).toBe(level.Silver);
    await drain();
    await t.db.insert(jobs).values({
      name: 'member-level-reward',
      payload: { companyId: acme.companyId, levelId: level.Silver, memberMobile: poor },
    });
    await drain();
    const rewards = await rewardsOf(poor);
    expect(rewards).toEqual([
      expect.objectContaining({ state: 'FAILED', voucherId: null, reason: expect.stringMatching(/wallet/i) }),
    ]);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.memberMobile, poor))).toHaveLength(0);
  });
});

describe('the rules of the levels', () => {
  it('refuses a threshold below a lower rank’s or above a higher rank’s with code 2 on threshold', async () => {
    const tooLow = await call('owner', 'POST', `${MAIN}/member-levels`, {
      name: 'Platinum',
      rank: 4,
      threshold: 6,
    });
    expect(tooLow.json()).toMatchObject({
      code: 2,
      data: [{ field: 'threshold', message: expect.stringContaining('more than 6, the threshold of Gold') }],
    });
    const tooHigh = await call('owner', 'PUT', `${MAIN}/member-levels/${level.Bronze}`, { threshold: 5 });
    expect(tooHigh.json()).toMatchObject({
      code: 2,
      data: [
        { field: 'threshold', message: expect.stringContaining('less than 3, the threshold of Silver') },
      ],
    });
    const levels = dataOf(await call('owner', 'GET', `${MAIN}/member-levels?sort=rank,asc`)) as {
      name: string;
      threshold: number;
    }[];
    expect(levels.map((l) => [l.name, l.threshold])).toEqual([
      ['Bronze', 1],
      ['Silver', 3],
      ['Gold', 6],
    ]);
  });

  it('refuses bad values in the envelope (code 2)', async () => {
    for (const [url, body, field] of [
      [`${MAIN}/member-levels`, { name: 'Neg', rank: 5, threshold: -1 }, 'threshold'],
      [`${MAIN}/member-levels`, { name: 'Rank0', rank: 0, threshold: 100 }, 'rank'],
      [`${MAIN}/member-level-rules`, { measure: 'STAMPS', windowDays: 0 }, 'windowDays'],
      [`${MAIN}/member-level-rules`, { measure: 'LIKES', windowDays: 30 }, 'measure'],
    ] as const) {
      const res = await call('owner', 'POST', url, body);
      expect(res.json(), res.body).toMatchObject({ code: 2, data: [expect.objectContaining({ field })] });
    }
    const summary = await call('op', 'GET', `${MAIN}/member-levels/summary?companyId=abc`);
    expect(codeOf(summary)).toEqual({ status: 400, code: 2 });
  });

  it('refuses to delete a level members reached (12, saying why) and deletes one nobody reached', async () => {
    const refused = await call('owner', 'DELETE', `${MAIN}/member-levels/${level.Silver}`);
    expect(refused.json()).toMatchObject({
      code: 12,
      data: [{ field: 'id', message: expect.stringContaining('2 members have reached Silver') }],
    });
    const spare = await addLevel('Diamond', 9, 50);
    expect(codeOf(await call('owner', 'DELETE', `${MAIN}/member-levels/${spare}`))).toEqual({
      status: 200,
      code: 0,
    });
  });
});

describe('a change of the rule recomputes (RULES_CHANGED)', () => {
  it('ranks by visits once the rule says so, and back by stamps', async () => {
    const mobile = await stampedMember(6);
    expect((await standingOf(mobile))?.levelId).toBe(level.Gold);
    const rule = dataOf(
      await call('owner', 'POST', `${MAIN}/member-level-rules`, { measure: 'VISITS', windowDays: 30 }),
    ) as { id: number };
    const queued = await t.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.name, 'member-levels-company'), eq(jobs.state, 'queued')));
    expect(queued.map((j) => j.payload)).toContainEqual({
      companyId: acme.companyId,
      reason: 'RULES_CHANGED',
    });
    await drain();
    // one visit: Bronze
    expect(await standingOf(mobile)).toMatchObject({ levelId: level.Bronze, measureValue: 1 });
    expect((await historyOf(mobile)).at(-1)).toEqual({
      from: level.Gold,
      to: level.Bronze,
      reason: 'RULES_CHANGED',
      measureValue: 1,
    });
    await call('owner', 'PUT', `${MAIN}/member-level-rules/${rule.id}`, { measure: 'STAMPS' });
    await drain();
    expect(await standingOf(mobile)).toMatchObject({ levelId: level.Gold, measureValue: 6 });
  });
});

describe('the summary and who sees it', () => {
  it('answers the company’s members per level and the moves of 30 days', async () => {
    const summary = dataOf(await call('owner', 'GET', `${MAIN}/member-levels/summary`));
    expect(summary).toMatchObject({
      companyId: acme.companyId,
      measure: 'STAMPS',
      windowDays: 30,
      ruleSaved: true,
      levels: [
        { id: level.Bronze, name: 'Bronze', rank: 1, threshold: 1, members: 0 },
        {
          id: level.Silver,
          name: 'Silver',
          rank: 2,
          threshold: 3,
          members: 2,
          rewardVoucherPackId: rewardPackId,
        },
        { id: level.Gold, name: 'Gold', rank: 3, threshold: 6, members: 1 },
      ],
      noLevel: 0,
      // up: 3 first levels, then the 3 back up from Bronze when the rule went back to stamps;
      // down: the 3 to Bronze when the rule counted visits
      moves: { up: 6, down: 3 },
    });
    expect(summary.byDay).toEqual([{ day: sgDay(new Date()), up: 6, down: 3 }]);
    const asOperator = dataOf(
      await call('op', 'GET', `${MAIN}/member-levels/summary?companyId=${acme.companyId}`),
    );
    expect(asOperator).toEqual(summary);
  });

  it('needs a company from an operator; a merchant never sees another company’s', async () => {
    const noCompany = await call('op', 'GET', `${MAIN}/member-levels/summary`);
    expect(noCompany.json()).toMatchObject({ code: 2, data: [{ field: 'companyId' }] });
    const probe = await call('stranger', 'GET', `${MAIN}/member-levels/summary?companyId=${acme.companyId}`);
    expect(codeOf(probe)).toEqual({ status: 404, code: 5 });
    const own = dataOf(await call('stranger', 'GET', `${MAIN}/member-levels/summary`));
    expect(own).toMatchObject({ companyId: other.companyId, levels: [], noLevel: 0, ruleSaved: false });
    expect(dataOf(await call('stranger', 'GET', `${MAIN}/member-levels`))).toEqual([]);
    expect(codeOf(await call('stranger', 'GET', `${MAIN}/member-levels/${level.Gold}`)).code).toBe(5);
    const write = await call('stranger', 'PUT', `${MAIN}/member-levels/${level.Gold}`, { threshold: 1 });
    expect(write.json().code).toBe(5);
  });
});

describe('the nightly job', () => {
  it('lowers levels once the window has passed, once per company and day', async () => {
    const later = new Date(Date.now() + 40 * DAY);
    await drain(later);
    const moved = await t.db
      .select({ mobile: memberStanding.memberMobile, levelId: memberStanding.levelId })
      .from(memberStanding)
      .where(eq(memberStanding.companyId, acme.companyId));
    expect(moved.every((m) => m.levelId === null)).toBe(true);
    const nightly = await t.db
      .select()
      .from(memberLevelHistory)
      .where(eq(memberLevelHistory.reason, 'NIGHTLY'));
    expect(nightly).toHaveLength(3);
    expect(nightly.every((h) => h.toLevelId === null && h.measureValue === 0)).toBe(true);
    const keys = await t.db
      .select({ key: jobs.singletonKey, state: jobs.state })
      .from(jobs)
      .where(like(jobs.singletonKey, `member-levels-company:nightly:${acme.companyId}:%`));
    expect(keys).toEqual([
      { key: `member-levels-company:nightly:${acme.companyId}:${sgDay(later)}`, state: 'done' },
    ]);
    // an hour later the same day: no second pass
    await drain(new Date(later.getTime() + 60 * 60 * 1000));
    expect(
      await t.db.select().from(memberLevelHistory).where(eq(memberLevelHistory.reason, 'NIGHTLY')),
    ).toHaveLength(3);
  });
});

// last: a member of its own, so the counts above stay as they are
describe('a stamping or a void inside a level', () => {
  it('a stamping that stays inside the level moves its measure only; the next one past Gold moves it', async () => {
    const stayer = nextMobile();
    const card = await addMemberCard(call, 'owner', programmeId, stayer, acme.storeId);
    const stamp = async (stamps: number) =>
      dataOf(
        await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
          storeId: acme.storeId,
          stamps,
        }),
      ) as { id: number };
    await stamp(3);
    const two = await stamp(2);
    expect(await standingOf(stayer)).toMatchObject({
      levelId: level.Silver,
      measureValue: 5,
      stampsInWindow: 5,
    });
    expect(await historyOf(stayer)).toEqual([
      { from: null, to: level.Silver, reason: 'STAMPING', measureValue: 3 },
    ]);
    const one = await stamp(1);
    expect(await standingOf(stayer)).toMatchObject({
      levelId: level.Gold,
      measureValue: 6,
      stampsInWindow: 6,
    });
    const toGold = [
      { from: null, to: level.Silver, reason: 'STAMPING', measureValue: 3 },
      { from: level.Silver, to: level.Gold, reason: 'STAMPING', measureValue: 6 },
    ];
    expect(await historyOf(stayer)).toEqual(toGold);
    // a void that takes the member below Gold moves the level back; the next, inside Silver, only the measure
    const voidOf = async (id: number) =>
      dataOf(await call('owner', 'POST', `${MAIN}/stamps-transactions/${id}/void`, { reason: 'wrong card' }));
    await voidOf(one.id);
    expect(await standingOf(stayer)).toMatchObject({
      levelId: level.Silver,
      measureValue: 5,
      stampsInWindow: 5,
    });
    const backToSilver = { from: level.Gold, to: level.Silver, reason: 'VOID', measureValue: 5 };
    expect(await historyOf(stayer)).toEqual([...toGold, backToSilver]);
    await voidOf(two.id);
    expect(await standingOf(stayer)).toMatchObject({
      levelId: level.Silver,
      measureValue: 3,
      stampsInWindow: 3,
    });
    expect(await historyOf(stayer)).toEqual([...toGold, backToSilver]);
  });
});
