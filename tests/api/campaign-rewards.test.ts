// Campaigns that give a voucher (issue 43): WELCOME when a member first joins the company, WIN_BACK to a
// segment once per member and window, BIRTHDAY on the member's birthday once a year. Each reward is a
// job: exactly once per member and period (also when runs race), a holdout share recorded HELD_OUT,
// budgets of rewards and money that end the campaign, the wallet charged as for any issue, a refusal
// recorded FAILED with why. Run on PGlite and on PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_PERIOD } from '../../contract/campaigns';
import { giveCampaignReward, runDailyCampaigns } from '../../server/domains/campaigns/voucher-campaigns';
import { jobHandlers } from '../../server/jobs';
import {
  campaignRewards,
  memberMessages,
  members,
  vouchers,
  webhookDeliveries,
  webhookEndpoints,
} from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import {
  addAcmeAndOther,
  addMemberCard,
  addRewardProgramme,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
  sgDayFromToday,
} from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
const nextMobile = mobileSequence('44');
const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
let acme: Org;
let programmeId: number;

/** Runs every job due (and what they enqueue) as of `now`. */
const drain = async (now = new Date()) => {
  const runner = createJobRunner({ db: t.db, log: quiet, handlers: jobHandlers({ config: t.config }) });
  while ((await runner.runDue(now)) > 0) {
    /* again */
  }
};

let names = 0;
const addCampaign = async (over: Record<string, unknown>) => {
  const { id } = dataOf(
    await call('owner', 'POST', `${MAIN}/campaigns`, {
      name: `Reward campaign ${++names}`,
      startAt: new Date(Date.now() - 60_000).toISOString(),
      ...over,
    }),
  ) as { id: number };
  expect(codeOf(await call('owner', 'POST', `${MAIN}/campaigns/${id}/activate`, {})).code).toBe(0);
  return id;
};

const campaign = async (id: number) =>
  dataOf(await call('owner', 'GET', `${MAIN}/campaigns/${id}`)) as {
    state: string;
    rewardsGiven: number;
    moneySpent: number;
    endReason: string | null;
  };

const rewardsOf = (id: number) =>
  t.db.select().from(campaignRewards).where(eq(campaignRewards.campaignId, id)).orderBy(campaignRewards.id);

const vouchersOf = (mobile: string, packId: number) =>
  t.db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.memberMobile, mobile), eq(vouchers.voucherPackId, packId)));

/** A pack of vouchers worth 4.50, free unless `price` says (many per member). */
const pack = async (price = 0): Promise<number> =>
  (
    dataOf(
      await call('owner', 'POST', `${MAIN}/voucher-packs`, {
        title: 'Treat',
        price,
        voucherValue: 4.5,
        quantity: 1000,
        issueLimitPerMember: 100,
        validFrom: sgDayFromToday(-1),
        validUntil: sgDayFromToday(60),
        voucherValidityDays: 30,
        brandId: acme.brandId,
      }),
    ) as { id: number }
  ).id;
const freePack = () => pack();

beforeAll(async () => {
  ({ acme } = await addAcmeAndOther(t, tokens));
  ({ programmeId } = await addRewardProgramme(call, 'owner', acme));
});

describe('WELCOME', () => {
  it('gives a member new to the company one voucher, once, with its message; not a member who held a card before', async () => {
    // an endpoint that hears of campaign rewards
    await t.db.insert(webhookEndpoints).values({
      companyId: acme.companyId,
      url: 'https://hooks.example.test/loyalty',
      events: ['campaign.rewarded'],
      secretSealed: 'sealed',
    });
    const veteran = nextMobile();
    await addMemberCard(call, 'owner', programmeId, veteran, acme.storeId);
    const packId = await freePack();
    const id = await addCampaign({ kind: 'WELCOME', voucherPackId: packId, message: 'Welcome to Acme!' });
    const newcomer = nextMobile();
    await addMemberCard(call, 'owner', programmeId, newcomer, acme.storeId);
    // a second programme's card for the same member, and the veteran's next card: no welcome
    const { programmeId: second } = await addRewardProgramme(call, 'owner', acme);
    await addMemberCard(call, 'owner', second, newcomer, acme.storeId);
    await addMemberCard(call, 'owner', second, veteran, acme.storeId);
    await drain();

    expect(await vouchersOf(newcomer, packId)).toHaveLength(1);
    expect(await vouchersOf(veteran, packId)).toHaveLength(0);
    const [reward, ...more] = await rewardsOf(id);
    expect(more).toHaveLength(0);
    expect(reward).toMatchObject({
      memberMobile: newcomer,
      state: 'GIVEN',
      period: WELCOME_PERIOD,
      kind: 'WELCOME',
    });
    expect(Number(reward?.amount)).toBe(4.5);
    expect(await campaign(id)).toMatchObject({ rewardsGiven: 1, moneySpent: 4.5, state: 'ACTIVE' });
    const [message] = await t.db
      .select()
      .from(memberMessages)
      .where(and(eq(memberMessages.memberMobile, newcomer), eq(memberMessages.kind, 'CAMPAIGN')));
    expect(message?.body).toBe('Welcome to Acme!');
    const told = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'campaign.rewarded'));
    expect(told.map((d) => d.payload.data)).toContainEqual(
      expect.objectContaining({ campaignId: id, kind: 'WELCOME', memberMobile: newcomer, amount: '4.50' }),
    );
  });

  it('gives once per member and period however often the reward runs, also when the runs race', async () => {
    const packId = await freePack();
    const id = await addCampaign({ kind: 'WELCOME', voucherPackId: packId });
    const mobile = nextMobile();
    const ask = { campaignId: id, memberMobile: mobile, period: WELCOME_PERIOD };
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => giveCampaignReward(t.db, ask, new Date())),
    );
    expect(outcomes.filter((o) => o.state === 'GIVEN')).toHaveLength(1);
    expect(outcomes.filter((o) => o.state === 'SKIPPED')).toHaveLength(5);
    expect(await vouchersOf(mobile, packId)).toHaveLength(1);
  });

  it('stops at its budget of rewards, and at its budget of money (ending itself)', async () => {
    const byCount = await addCampaign({ kind: 'WELCOME', voucherPackId: await freePack(), budgetRewards: 2 });
    const byMoney = await addCampaign({ kind: 'WELCOME', voucherPackId: await freePack(), budgetMoney: 10 });
    for (let i = 0; i < 4; i++) await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    await drain();
    // 4.50 each: a third would pass 10.00
    for (const id of [byCount, byMoney]) {
      expect((await rewardsOf(id)).filter((r) => r.state === 'GIVEN')).toHaveLength(2);
      expect(await campaign(id)).toMatchObject({
        state: 'ENDED',
        endReason: 'BUDGET_REACHED',
        rewardsGiven: 2,
      });
    }
    expect((await campaign(byMoney)).moneySpent).toBe(9);
  });

  it('keeps its holdout share out (HELD_OUT, nothing issued), the same members every time', async () => {
    const packId = await freePack();
    const id = await addCampaign({ kind: 'WELCOME', voucherPackId: packId, holdoutPercent: 50 });
    const mobiles = Array.from({ length: 24 }, () => nextMobile());
    for (const m of mobiles)
      await giveCampaignReward(t.db, { campaignId: id, memberMobile: m, period: 'P1' }, new Date());
    const rows = await rewardsOf(id);
    const held = rows.filter((r) => r.state === 'HELD_OUT');
    const given = rows.filter((r) => r.state === 'GIVEN');
    expect(held.length + given.length).toBe(24);
    expect(held.length).toBeGreaterThan(0);
    expect(given.length).toBeGreaterThan(0);
    for (const r of held) expect(await vouchersOf(r.memberMobile, packId)).toHaveLength(0);
    // another period: the same members are held out
    for (const m of mobiles)
      await giveCampaignReward(t.db, { campaignId: id, memberMobile: m, period: 'P2' }, new Date());
    const again = (await rewardsOf(id)).filter((r) => r.period === 'P2' && r.state === 'HELD_OUT');
    expect(again.map((r) => r.memberMobile).sort()).toEqual(held.map((r) => r.memberMobile).sort());
  });

  it('charges the wallet as any issue: a wallet short of the price records FAILED with why', async () => {
    const packId = await pack(3);
    const id = await addCampaign({ kind: 'WELCOME', voucherPackId: packId });
    const mobile = nextMobile();
    expect(
      await giveCampaignReward(
        t.db,
        { campaignId: id, memberMobile: mobile, period: WELCOME_PERIOD },
        new Date(),
      ),
    ).toMatchObject({ state: 'FAILED' });
    const [row] = await rewardsOf(id);
    expect(row?.state).toBe('FAILED');
    expect(row?.reason).toMatch(/balance/i);
    expect(await campaign(id)).toMatchObject({ rewardsGiven: 0, state: 'ACTIVE' });
  });

  it('a paused campaign gives nothing', async () => {
    const id = await addCampaign({ kind: 'WELCOME', voucherPackId: await freePack() });
    await call('owner', 'POST', `${MAIN}/campaigns/${id}/pause`, {});
    expect(
      await giveCampaignReward(
        t.db,
        { campaignId: id, memberMobile: nextMobile(), period: WELCOME_PERIOD },
        new Date(),
      ),
    ).toMatchObject({ state: 'SKIPPED' });
    expect(await rewardsOf(id)).toHaveLength(0);
  });
});

describe('WIN_BACK and BIRTHDAY (the daily pass)', () => {
  it('gives a segment its voucher once per window; the next window again', async () => {
    const { id: segmentId } = dataOf(
      await call('owner', 'POST', `${MAIN}/segments`, {
        name: 'Everyone who holds a card',
        filter: [{ field: 'stampsInWindow', op: 'gte', value: 0 }],
      }),
    ) as { id: number };
    const packId = await freePack();
    const id = await addCampaign({ kind: 'WIN_BACK', voucherPackId: packId, segmentId, periodDays: 30 });
    const lapsed = nextMobile();
    await addMemberCard(call, 'owner', programmeId, lapsed, acme.storeId);
    const now = new Date();
    await runDailyCampaigns(t.db, now);
    await drain(now);
    const first = (await rewardsOf(id)).filter((r) => r.memberMobile === lapsed);
    expect(first).toMatchObject([{ state: 'GIVEN', period: 'W0' }]);
    // the same day again: nothing more
    expect((await runDailyCampaigns(t.db, now)).enqueued).toBe(0);
    // 31 days on: the next window
    const later = new Date(now.getTime() + 31 * 86_400_000);
    await runDailyCampaigns(t.db, later);
    await drain(later);
    expect((await rewardsOf(id)).filter((r) => r.memberMobile === lapsed).map((r) => r.period)).toEqual([
      'W0',
      'W1',
    ]);
  });

  it("gives a birthday treat on the member's birthday (from a members file), once a year", async () => {
    const packId = await freePack();
    const id = await addCampaign({ kind: 'BIRTHDAY', voucherPackId: packId });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const born = `1990-${today.slice(5)}`.replace('1990-02-29', '1992-02-29');
    const [birthdayMember, otherMember] = [nextMobile(), nextMobile()];
    const csv = `mobile,name,birthday\n${birthdayMember},Ann,${born}\n${otherMember},Bo,1990-01-0${today.slice(5) === '01-01' ? 2 : 1}\n`;
    const started = dataOf(
      await call('owner', 'POST', `${MAIN}/imports`, { kind: 'members', csv, dryRun: false }),
    );
    expect(started).toMatchObject({ state: 'QUEUED' });
    await drain();
    const [stored] = await t.db.select().from(members).where(eq(members.mobile, birthdayMember));
    expect(stored?.birthday).toBe(born);
    await runDailyCampaigns(t.db, new Date());
    await drain();
    const rows = await rewardsOf(id);
    expect(rows).toMatchObject([{ memberMobile: birthdayMember, state: 'GIVEN', period: today.slice(0, 4) }]);
    expect((await runDailyCampaigns(t.db, new Date())).enqueued).toBe(0);
  });

  it('a members file with a birthday that is no day fails that row', async () => {
    const csv = `mobile,birthday\n${nextMobile()},1990-02-30\n`;
    const dry = dataOf(
      await call('owner', 'POST', `${MAIN}/imports`, { kind: 'members', csv, dryRun: true }),
    ) as {
      rows: { ok: boolean; message: string }[];
    };
    expect(dry.rows).toEqual([{ line: 2, ok: false, message: 'the birthday is not a day (YYYY-MM-DD)' }]);
  });

  it('ends a campaign whose window closed (WINDOW_CLOSED)', async () => {
    const id = await addCampaign({
      kind: 'WELCOME',
      voucherPackId: await freePack(),
      endAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await runDailyCampaigns(t.db, new Date(Date.now() + 2 * 3_600_000));
    expect(await campaign(id)).toMatchObject({ state: 'ENDED', endReason: 'WINDOW_CLOSED' });
  });
});

describe('preview and results of a voucher campaign', () => {
  it('previews a welcome on the members who joined in the last 30 days, within its budgets, with value and charge', async () => {
    const packId = await pack(2);
    const joined = (
      dataOf(
        await call('owner', 'POST', `${MAIN}/campaigns/preview`, { kind: 'WELCOME', voucherPackId: packId }),
      ) as {
        members: number;
      }
    ).members;
    expect(joined).toBeGreaterThan(3);
    expect(
      dataOf(
        await call('owner', 'POST', `${MAIN}/campaigns/preview`, {
          kind: 'WELCOME',
          voucherPackId: packId,
          budgetRewards: 3,
        }),
      ),
    ).toEqual({
      basis: 'NEW_MEMBERS_LAST_30_DAYS',
      members: joined,
      heldOut: 0,
      stampings: 0,
      rewards: 3,
      value: '13.50',
      charge: '6.00',
    });
    expect(
      dataOf(
        await call('owner', 'POST', `${MAIN}/campaigns/preview`, {
          kind: 'WELCOME',
          voucherPackId: packId,
          budgetMoney: 10,
        }),
      ),
    ).toMatchObject({ rewards: 2, value: '9.00' });
    // a pack of another company
    const theirs = await call('stranger', 'POST', `${MAIN}/campaigns/preview`, {
      kind: 'WELCOME',
      voucherPackId: packId,
    });
    expect(theirs.json()).toMatchObject({ code: 2, data: [{ field: 'voucherPackId' }] });
  });

  it("results count the rewarded members' redemptions against the held-out ones'", async () => {
    const packId = await freePack();
    const id = await addCampaign({ kind: 'WELCOME', voucherPackId: packId, holdoutPercent: 50 });
    const mobiles = Array.from({ length: 12 }, () => nextMobile());
    for (const m of mobiles) await addMemberCard(call, 'owner', programmeId, m, acme.storeId);
    await drain();
    const rows = await rewardsOf(id);
    const given = rows.filter((r) => r.state === 'GIVEN');
    expect(given.length).toBeGreaterThan(0);
    // two rewarded members redeem their welcome voucher
    for (const r of given.slice(0, 2))
      expect(
        codeOf(
          await call('owner', 'POST', `${MAIN}/vouchers/${r.voucherId}/redeem`, { storeId: acme.storeId }),
        ).code,
      ).toBe(0);
    const results = dataOf(await call('owner', 'GET', `${MAIN}/campaigns/${id}/results`)) as {
      rewarded: { members: number; redemptions: number };
      heldOut: { members: number; redemptions: number };
      moneySpent: string;
    };
    expect(results.rewarded).toMatchObject({ members: given.length, redemptions: 2 });
    expect(results.heldOut).toMatchObject({ members: 12 - given.length, redemptions: 0 });
    expect(results.moneySpent).toBe((given.length * 4.5).toFixed(2));
  });
});
