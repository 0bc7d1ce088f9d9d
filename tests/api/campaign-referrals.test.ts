// REFERRAL campaigns (issue 43): a member's web card carries a join link with their referral code while
// the company runs one; a friend new to the company who joins through it is recorded PENDING; the
// friend's first stamping qualifies it and gives both the campaign's voucher (once each, within the
// per-member limit); a member who held a card before, a link of another company, a forged code or no
// running campaign give nothing. Also the web card's running promotions. Run on PGlite and PostgreSQL.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFERRED_PERIOD, referrerPeriod } from '../../contract/campaigns';
import type { JoinProgrammeView, PublicCardView } from '../../contract/pocket';
import { PUBLIC_PATHS, REFERRAL_PARAM } from '../../contract/pocket';
import { jobHandlers } from '../../server/jobs';
import {
  campaignRewards,
  memberCards,
  memberMessages,
  referrals,
  vouchers,
} from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { addAcmeAndOther, addMemberCard, addRewardProgramme, apiSuite, MAIN, type Org } from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
let acme: Org;
let other: Org;
let programmeId: number;
let packId: number;
let referralId: number;

let seq = 0;
/** A new Singapore mobile (E.164). */
const nextMobile = () => `+6591${String(++seq).padStart(6, '0')}`;
let ipSeq = 0;
const nextIp = () => `203.0.113.${++ipSeq}`;

const drain = async (now = new Date()) => {
  const runner = createJobRunner({ db: t.db, log: quiet, handlers: jobHandlers({ config: t.config }) });
  while ((await runner.runDue(now)) > 0) {
    /* again */
  }
};

const publicGet = async <T>(path: string): Promise<T> =>
  dataOf(await t.app.inject({ method: 'GET', url: `${MAIN}${path}`, remoteAddress: nextIp() })) as T;

/** The web card of member card `cardId`, as the member opens it. */
const webCard = async (cardId: number): Promise<PublicCardView> => {
  const { token } = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${cardId}/link`)) as {
    token: string;
  };
  return publicGet<PublicCardView>(PUBLIC_PATHS.card(token));
};

/** The `ref` a referral link carries, and its join page's path. */
const refOf = (url: string) => {
  const at = new URL(url);
  return { ref: at.searchParams.get(REFERRAL_PARAM) ?? '', page: at.pathname };
};

/** A friend joins through the poster with `ref` (the SMS code read from the outbox); answers their card. */
const joinWith = async (mobile: string, ref: string | undefined, programme = programmeId) => {
  const ip = nextIp();
  const started = await t.app.inject({
    method: 'POST',
    url: `${MAIN}${PUBLIC_PATHS.join(acme.storeId, programme)}`,
    remoteAddress: ip,
    payload: { mobile },
  });
  expect(codeOf(started).code).toBe(0);
  const [sms] = await t.db
    .select()
    .from(memberMessages)
    .where(and(eq(memberMessages.memberMobile, mobile), eq(memberMessages.kind, 'JOIN_CODE')))
    .orderBy(desc(memberMessages.id))
    .limit(1);
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `${MAIN}${PUBLIC_PATHS.joinConfirm}`,
    remoteAddress: ip,
    payload: { mobile, code, ...(ref === undefined ? {} : { ref }) },
  });
  expect(codeOf(confirmed)).toEqual({ status: 200, code: 0 });
  const [card] = await t.db
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(and(eq(memberCards.memberMobile, mobile), eq(memberCards.stampCardId, programme)));
  if (!card) throw new Error('the join issued no card');
  return card;
};

const stamp = (cardId: number) =>
  call('owner', 'POST', `${MAIN}/member-cards/${cardId}/stamps`, { stamps: 1, storeId: acme.storeId });

const referralsOf = (friend: string) =>
  t.db.select().from(referrals).where(eq(referrals.memberMobile, friend));
const rewardsOf = (campaignId: number) =>
  t.db
    .select()
    .from(campaignRewards)
    .where(eq(campaignRewards.campaignId, campaignId))
    .orderBy(campaignRewards.id);
const vouchersOf = (mobile: string) =>
  t.db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.memberMobile, mobile), eq(vouchers.voucherPackId, packId)));

let names = 0;
const addCampaign = async (over: Record<string, unknown>, activate = true) => {
  const { id } = dataOf(
    await call('owner', 'POST', `${MAIN}/campaigns`, {
      name: `Referral campaign ${++names}`,
      startAt: new Date(Date.now() - 60_000).toISOString(),
      ...over,
    }),
  ) as { id: number };
  if (activate)
    expect(codeOf(await call('owner', 'POST', `${MAIN}/campaigns/${id}/activate`, {})).code).toBe(0);
  return id;
};

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
  // the programme friends join, and the pack both rewards come from (its own reward is never reached)
  ({ programmeId, packId } = await addRewardProgramme(call, 'owner', acme, {
    programme: { stampsRequired: 8 },
    pack: { title: 'Friend treat', voucherValue: 3 },
  }));
});

describe('REFERRAL', () => {
  it('a web card has no referral link while no REFERRAL campaign runs', async () => {
    const card = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    const draft = await addCampaign({ kind: 'REFERRAL', voucherPackId: packId }, false);
    expect((await webCard(card.id)).referral).toBeNull();
    expect(codeOf(await call('owner', 'POST', `${MAIN}/campaigns/${draft}/end`, {})).code).toBe(0);
  });

  it("carries the link; a new friend's first stamping gives both one voucher, once", async () => {
    referralId = await addCampaign({
      kind: 'REFERRAL',
      voucherPackId: packId,
      perMemberLimit: 2,
      // ignored: a REFERRAL's promised reward is never held out
      holdoutPercent: 50,
      description: 'Bring a friend: a treat for both of you',
    });
    const referrer = nextMobile();
    const card = await addMemberCard(call, 'owner', programmeId, referrer, acme.storeId);
    const view = await webCard(card.id);
    expect(view.referral).toMatchObject({
      campaign: `Referral campaign ${names}`,
      description: 'Bring a friend: a treat for both of you',
      reward: { title: 'Friend treat', value: '3.00' },
    });
    const { ref, page } = refOf(view.referral?.url ?? '');
    expect(page).toBe(`/join/${acme.storeId}/${programmeId}`);

    // the join page says what the friend gets; without the code, or with a forged one, it says nothing
    const path = PUBLIC_PATHS.join(acme.storeId, programmeId);
    expect((await publicGet<JoinProgrammeView>(`${path}?${REFERRAL_PARAM}=${ref}`)).referral).toEqual({
      campaign: `Referral campaign ${names}`,
      reward: { title: 'Friend treat', value: '3.00' },
    });
    expect((await publicGet<JoinProgrammeView>(path)).referral).toBeNull();
    const forged = `${ref.split('.')[0]}.${'A'.repeat(22)}`;
    expect((await publicGet<JoinProgrammeView>(`${path}?${REFERRAL_PARAM}=${forged}`)).referral).toBeNull();

    const friend = nextMobile();
    const friendCard = await joinWith(friend, ref);
    expect(await referralsOf(friend)).toMatchObject([
      {
        companyId: acme.companyId,
        campaignId: referralId,
        referrerMobile: referrer,
        referrerCardId: card.id,
        memberCardId: friendCard.id,
        state: 'PENDING',
        qualifiedAt: null,
      },
    ]);
    await drain();
    expect(await rewardsOf(referralId)).toEqual([]);

    expect(codeOf(await stamp(friendCard.id)).code).toBe(0);
    expect((await referralsOf(friend))[0]).toMatchObject({ state: 'QUALIFIED' });
    await drain();
    // a second stamping gives nothing more
    expect(codeOf(await stamp(friendCard.id)).code).toBe(0);
    await drain();
    const rewards = await rewardsOf(referralId);
    // the two jobs run in either order
    expect(rewards.map((r) => [r.memberMobile, r.period, r.state]).sort()).toEqual([
      [referrer, referrerPeriod(friend), 'GIVEN'],
      [friend, REFERRED_PERIOD, 'GIVEN'],
    ]);
    expect(await vouchersOf(friend)).toHaveLength(1);
    expect(await vouchersOf(referrer)).toHaveLength(1);
    expect(dataOf(await call('owner', 'GET', `${MAIN}/campaigns/${referralId}`))).toMatchObject({
      rewardsGiven: 2,
      moneySpent: 6,
    });
  });

  it('records nothing for a member who held a card before, an own link, or a link of another company', async () => {
    const referrer = nextMobile();
    const card = await addMemberCard(call, 'owner', programmeId, referrer, acme.storeId);
    const { ref } = refOf((await webCard(card.id)).referral?.url ?? '');
    // a member of the company already (a card of another programme)
    const { programmeId: second } = await addRewardProgramme(call, 'owner', acme);
    const known = nextMobile();
    await addMemberCard(call, 'owner', second, known, acme.storeId);
    await joinWith(known, ref);
    expect(await referralsOf(known)).toEqual([]);
    // the referrer through their own link, for another programme
    await joinWith(referrer, ref, second);
    expect(await referralsOf(referrer)).toEqual([]);
    // another company's card's code names no card of Acme's
    const theirs = await addRewardProgramme(call, 'stranger', other);
    const rivalCard = await addMemberCard(call, 'stranger', theirs.programmeId, nextMobile(), other.storeId);
    const { token } = dataOf(await call('stranger', 'GET', `${MAIN}/member-cards/${rivalCard.id}/link`)) as {
      token: string;
    };
    const rivalView = await publicGet<PublicCardView>(PUBLIC_PATHS.card(token));
    expect(rivalView.referral).toBeNull();
    const stranger = nextMobile();
    const { ref: forgedElsewhere } = refOf(
      `https://x.test/join/1/1?${REFERRAL_PARAM}=${rivalCard.id.toString(36)}.${'B'.repeat(22)}`,
    );
    await joinWith(stranger, forgedElsewhere);
    expect(await referralsOf(stranger)).toEqual([]);
  });

  it("keeps the referrer's per-member limit and never holds a friend out", async () => {
    const referrer = nextMobile();
    const card = await addMemberCard(call, 'owner', programmeId, referrer, acme.storeId);
    const { ref } = refOf((await webCard(card.id)).referral?.url ?? '');
    const friends = [nextMobile(), nextMobile(), nextMobile()];
    for (const friend of friends) {
      const friendCard = await joinWith(friend, ref);
      expect(codeOf(await stamp(friendCard.id)).code).toBe(0);
    }
    await drain();
    const mine = (await rewardsOf(referralId)).filter((r) => r.memberMobile === referrer);
    expect(mine.map((r) => r.state)).toEqual(['GIVEN', 'GIVEN', 'FAILED']);
    expect(mine[2]?.reason).toBe("the member's limit is reached");
    for (const friend of friends) expect(await vouchersOf(friend)).toHaveLength(1);
  });

  it('lists referrals to their company only', async () => {
    const mine = dataOf(
      await call('owner', 'GET', `${MAIN}/referrals?campaignId=${referralId}`),
    ) as unknown[];
    expect(mine.length).toBeGreaterThanOrEqual(4);
    const theirs = dataOf(await call('stranger', 'GET', `${MAIN}/referrals`)) as unknown[];
    expect(theirs).toEqual([]);
    // a ledger: nobody writes it by hand
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/referrals`, { memberMobile: nextMobile() })).status,
    ).toBe(403);
  });
});

describe("the web card's running promotions", () => {
  it('announces the MULTIPLIER and BONUS campaigns running on the programme, not a paused one', async () => {
    const card = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    await addCampaign({
      kind: 'MULTIPLIER',
      stampCardId: programmeId,
      multiplier: 2,
      daysOfWeek: ['MON', 'TUE'],
      hourFrom: 14,
      hourTo: 17,
    });
    const paused = await addCampaign({
      kind: 'BONUS',
      stampCardId: programmeId,
      bonusCondition: 'FIRST_VISIT_OF_DAY',
      bonusStamps: 1,
    });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/campaigns/${paused}/pause`, {})).code).toBe(0);
    expect((await webCard(card.id)).promotions).toEqual([
      {
        name: `Referral campaign ${names - 1}`,
        kind: 'MULTIPLIER',
        description: null,
        multiplier: 2,
        bonusStamps: null,
        bonusCondition: null,
        minAmount: null,
        days: ['MON', 'TUE'],
        hourFrom: 14,
        hourTo: 17,
        endAt: null,
      },
    ]);
  });
});
