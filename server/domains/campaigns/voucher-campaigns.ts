// The campaigns that give a voucher (issue 43, docs/decisions.md "Campaigns"): WELCOME when a member first
// joins the company, WIN_BACK to a segment once per member and window, BIRTHDAY on the member's
// birthday once a year. Each reward is one job ('campaign-reward') in a transaction of its own: the
// campaign row is locked (its budget moves one reward at a time), the ledger row of (campaign, member,
// period) is taken first (its unique index gives once per member and period, however often a job
// runs), a member of the holdout share is recorded HELD_OUT, and the voucher is issued and charged as
// any issue (issueVouchers); a refusal (the wallet short, the pack sold out, the budget spent) is
// recorded FAILED with why. The periodic 'campaigns-daily' job finds who is due and ends campaigns
// whose window closed.
import { sql } from 'drizzle-orm';
import { isBirthdayOn, keepsHoldout, WELCOME_PERIOD, winBackPeriod } from '../../../contract/campaigns';
import { CAMPAIGN_KINDS } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import { companyDay } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { preparedSql } from '../../platform/db/prepared';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { campaignRewards, campaigns, members, segments } from '../../platform/db/schema';
import { AppError, refusalText } from '../../platform/errors';
import type { OperationEvents } from '../../platform/events';
import { enqueue, type JobHandler } from '../../platform/jobs';
import { type Caller, companyActor } from '../../resources/principal';
import { memberOf } from '../../resources/visibility';
import { queueMessage } from '../members/messages';
import { segmentCondition } from '../members/query';
import { campaignRuns } from '../pocket/card-campaigns';
import { issueVouchers } from '../vouchers/vouchers';
import { recordWebhookEvent } from '../webhooks/webhooks';
import { heldOut } from './holdout';

export const CAMPAIGN_REWARD_JOB = 'campaign-reward';
export const CAMPAIGNS_DAILY_JOB = 'campaigns-daily';
/** How often the daily campaigns are looked at: each company's day turns at its own midnight. */
export const CAMPAIGNS_DAILY_EVERY_MS = 15 * 60_000;

/** Who issues a campaign's voucher: the company itself (its wallet pays), not a person. */
const campaignCaller = (companyId: number): Caller => companyActor(companyId, 'campaigns@system');

/** One member's reward of one campaign for one period. */
export interface RewardAsk {
  campaignId: number;
  memberMobile: string;
  period: string;
}

export type RewardOutcome =
  | { state: 'GIVEN'; voucherId: number }
  | { state: 'HELD_OUT' }
  | { state: 'FAILED'; reason: string }
  | { state: 'SKIPPED'; reason: string };

interface LockedVoucherCampaign {
  id: number;
  company_id: number;
  name: string;
  kind: string;
  voucher_pack_id: number | null;
  budget_rewards: number | null;
  rewards_given: number;
  per_member_limit: number | null;
  message: string | null;
  running: boolean;
  held_out: boolean;
  over_money: boolean;
  value: string | null;
  member_times: number;
}

/** The kinds that keep a holdout share, as SQL values (a REFERRAL's promised reward is never held out). */
const HOLDOUT_KINDS = sql.join(
  CAMPAIGN_KINDS.filter(keepsHoldout).map((k) => sql`${k}`),
  sql`, `,
);

/** The campaign, locked, with what this member's reward would weigh against its limits. */
const lockCampaign = async (
  tx: DbOrTx,
  ask: RewardAsk,
  now: Date,
): Promise<LockedVoucherCampaign | undefined> => {
  const at = now.toISOString();
  const [row] = rowsOfResult<LockedVoucherCampaign>(
    await tx.execute(sql`
      select c.id, c.company_id, c.name, c.kind, c.voucher_pack_id, c.budget_rewards, c.rewards_given,
        c.per_member_limit, c.message,
        ${campaignRuns(at)} as running,
        c.kind in (${HOLDOUT_KINDS}) and ${heldOut(sql`c.id`, sql`c.holdout_percent`, ask.memberMobile)} as held_out,
        p.voucher_value::text as value,
        c.budget_money is not null and c.money_spent + coalesce(p.voucher_value, 0) > c.budget_money as over_money,
        (select count(*)::int from ${campaignRewards} r
          where r.campaign_id = c.id and r.member_mobile = ${ask.memberMobile} and r.state = 'GIVEN') as member_times
      from ${campaigns} c left join voucher_packs p on p.id = c.voucher_pack_id
      where c.id = ${ask.campaignId}
      for update of c`),
  );
  return row;
};

/** Why a campaign may not give this member a reward now (null: it may). */
const refusalOf = (c: LockedVoucherCampaign): string | null => {
  if (c.per_member_limit !== null && c.member_times >= c.per_member_limit)
    return "the member's limit is reached";
  if (c.budget_rewards !== null && c.rewards_given >= c.budget_rewards)
    return 'the budget of rewards is spent';
  if (c.over_money) return 'the budget of money is spent';
  return null;
};

/**
 * Counts a given reward against the campaign; a budget that could not pay one more reward ends it
 * (webhook campaign.ended).
 */
const chargeReward = async (tx: DbOrTx, c: LockedVoucherCampaign, now: Date): Promise<void> => {
  const at = now.toISOString();
  const [after] = rowsOfResult<{ ended: boolean }>(
    await tx.execute(sql`
      update ${campaigns} set rewards_given = rewards_given + 1,
        money_spent = money_spent + ${c.value ?? '0'}::numeric, update_time = ${at}::timestamptz
      where id = ${c.id}
      returning (budget_rewards is not null and rewards_given >= budget_rewards)
        or (budget_money is not null and money_spent + ${c.value ?? '0'}::numeric > budget_money) as ended`),
  );
  if (!after?.ended) return;
  await tx.execute(
    sql`update ${campaigns} set state = 'ENDED', end_reason = 'BUDGET_REACHED' where id = ${c.id}`,
  );
  await recordWebhookEvent(tx, {
    companyId: c.company_id,
    type: 'campaign.ended',
    data: { campaignId: c.id, name: c.name, reason: 'BUDGET_REACHED' },
    at: now,
  });
};

/** Issues the campaign's voucher to the member, in a savepoint: a refusal is answered, not thrown. */
const issueOne = async (
  tx: DbOrTx,
  c: LockedVoucherCampaign,
  memberMobile: string,
  now: Date,
): Promise<{ voucherId: number } | { reason: string }> => {
  if (c.voucher_pack_id === null) return { reason: 'the campaign names no voucher pack' };
  const packId = c.voucher_pack_id;
  try {
    return await tx.transaction(async (sp) => {
      const { vouchers } = await issueVouchers(
        sp,
        campaignCaller(c.company_id),
        packId,
        { memberMobile, quantity: 1 },
        now,
      );
      const voucher = vouchers[0];
      if (!voucher) throw new Error('no campaign voucher issued');
      return { voucherId: voucher.id };
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { reason: refusalText(err).slice(0, 500) };
  }
};

/**
 * One member's reward of a voucher campaign for one period, exactly once: nothing when the campaign
 * is not running or the period was given already; HELD_OUT for the holdout share; else the voucher
 * (GIVEN) or why not (FAILED).
 */
export const giveCampaignReward = (db: Db, ask: RewardAsk, now: Date): Promise<RewardOutcome> =>
  db.transaction(async (tx): Promise<RewardOutcome> => {
    const c = await lockCampaign(tx, ask, now);
    if (!c) return { state: 'SKIPPED', reason: 'no such campaign' };
    if (!c.running) return { state: 'SKIPPED', reason: 'the campaign is not running' };
    const [taken] = await tx
      .insert(campaignRewards)
      .values({
        companyId: c.company_id,
        campaignId: c.id,
        kind: c.kind as 'WELCOME',
        memberMobile: ask.memberMobile,
        period: ask.period,
        state: 'FAILED',
        reason: 'being given',
        at: now,
      })
      .onConflictDoNothing()
      .returning({ id: campaignRewards.id });
    if (!taken) return { state: 'SKIPPED', reason: 'already given for this period' };
    const set = (values: Parameters<ReturnType<typeof tx.update<typeof campaignRewards>>['set']>[0]) =>
      tx.update(campaignRewards).set(values).where(sql`${campaignRewards.id} = ${taken.id}`);
    if (c.held_out) {
      await set({ state: 'HELD_OUT', reason: null });
      return { state: 'HELD_OUT' };
    }
    const refused = refusalOf(c);
    const issued = refused === null ? await issueOne(tx, c, ask.memberMobile, now) : { reason: refused };
    if ('reason' in issued) {
      await set({ state: 'FAILED', reason: issued.reason });
      return { state: 'FAILED', reason: issued.reason };
    }
    await set({
      state: 'GIVEN',
      reason: null,
      voucherId: issued.voucherId,
      amount: sql`${c.value ?? '0'}::numeric`,
    });
    await chargeReward(tx, c, now);
    await recordWebhookEvent(tx, {
      companyId: c.company_id,
      type: 'campaign.rewarded',
      data: {
        campaignId: c.id,
        kind: c.kind,
        memberMobile: ask.memberMobile,
        voucherId: issued.voucherId,
        amount: c.value ?? '0',
        period: ask.period,
      },
      at: now,
    });
    if (c.message)
      await queueMessage(tx, {
        companyId: c.company_id,
        memberMobile: ask.memberMobile,
        kind: 'CAMPAIGN',
        body: c.message,
      });
    return { state: 'GIVEN', voucherId: issued.voucherId };
  });

/** Enqueues one member's reward (once per campaign, member and period, even before it runs). */
export const enqueueReward = (db: DbOrTx, ask: RewardAsk, now: Date): Promise<number | null> =>
  enqueue(
    db,
    CAMPAIGN_REWARD_JOB,
    { ...ask },
    {
      singletonKey: `${CAMPAIGN_REWARD_JOB}:${ask.campaignId}:${ask.memberMobile}:${ask.period}`,
      runAt: now,
    },
  );

export const campaignRewardJob: JobHandler = async (payload, { db, now }) => {
  const campaignId = Number(payload.campaignId);
  const memberMobile = String(payload.memberMobile ?? '');
  const period = String(payload.period ?? '');
  if (!Number.isSafeInteger(campaignId) || memberMobile === '' || period === '')
    throw new Error('campaign-reward: payload incomplete');
  return giveCampaignReward(db, { campaignId, memberMobile, period }, now);
};

// ---- WELCOME: a reaction to cards issued --------------------------------------------------------------

/**
 * The running WELCOME campaigns of a company, each with each of `mobiles` (comma-separated) who holds no
 * card of the company but `cardIds` (comma-separated, the cards just issued): asked on every issue,
 * so prepared once (planned once per connection).
 */
const welcomeDue = preparedSql(
  'campaign_welcome_due',
  sql`
    select c.id, m.mobile
    from ${campaigns} c cross join unnest(string_to_array(${sql.placeholder('mobiles')}::text, ',')) as m(mobile)
    where c.company_id = ${sql.placeholder('companyId')} and c.kind = 'WELCOME'
      and ${campaignRuns(sql.placeholder('at'))}
      and not exists (select 1 from member_cards mc where mc.company_id = ${sql.placeholder('companyId')}
        and mc.member_mobile = m.mobile
        and not (mc.id = any(string_to_array(${sql.placeholder('cardIds')}::text, ',')::int[])))`,
);

/**
 * Cards were issued (at the counter, from a poster, by an import): each member who held no card of the
 * company before these gets each running WELCOME campaign's reward, enqueued in the operation's
 * transaction (so it is given once that commits, and never for a rolled-back issue).
 */
export const welcomeNewMembers = async (tx: DbOrTx, e: OperationEvents['card.issued']): Promise<void> => {
  const mobiles = [...new Set(e.memberMobiles.filter((m): m is string => m !== null))];
  if (e.companyId === null || mobiles.length === 0) return;
  const cardIds = e.cards.map((c) => c.id);
  const at = e.at.toISOString();
  const due = rowsOfResult<{ id: number; mobile: string }>(
    await welcomeDue(tx, {
      mobiles: mobiles.join(','),
      companyId: e.companyId,
      at,
      cardIds: cardIds.join(','),
    }),
  );
  for (const { id, mobile } of due)
    await enqueueReward(tx, { campaignId: id, memberMobile: mobile, period: WELCOME_PERIOD }, e.at);
};

// ---- WIN_BACK and BIRTHDAY: the periodic pass ---------------------------------------------------------

interface DailyCampaign {
  id: number;
  company_id: number;
  name: string;
  kind: 'WIN_BACK' | 'BIRTHDAY';
  segment_filter: unknown;
  period_days: number;
  start_at: string;
}

/** The members of a daily campaign due on `day` for `period` that have no row for it yet. */
const dueMembers = async (db: Db, c: DailyCampaign, day: string, period: string): Promise<string[]> => {
  const who =
    c.kind === 'WIN_BACK'
      ? segmentCondition(db, c.company_id, c.segment_filter)
      : sql`${members.birthday} is not null and ${memberOf(db, c.company_id)}`;
  const rows = rowsOfResult<{ mobile: string; birthday: string | null }>(
    await db.execute(sql`
      select ${members.mobile} as mobile, ${members.birthday}::text as birthday from ${members}
      where ${who}
        ${c.kind === 'BIRTHDAY' ? sql`and to_char(${members.birthday}, 'MM-DD') in (${day.slice(5, 10)}, '02-29')` : sql``}
        and not exists (select 1 from ${campaignRewards} r where r.campaign_id = ${c.id}
          and r.member_mobile = ${members.mobile} and r.period = ${period})`),
  );
  return rows
    .filter((r) => c.kind !== 'BIRTHDAY' || isBirthdayOn(r.birthday ?? '', day))
    .map((r) => r.mobile);
};

/**
 * The periodic pass: campaigns whose window closed end (WINDOW_CLOSED); each running WIN_BACK and
 * BIRTHDAY campaign enqueues the reward of each member due today in its company's calendar.
 */
export const runDailyCampaigns = async (db: Db, now: Date): Promise<{ ended: number; enqueued: number }> => {
  const at = now.toISOString();
  const ended = rowsOfResult<{ id: number; company_id: number; name: string }>(
    await db.execute(sql`
      update ${campaigns} set state = 'ENDED', end_reason = 'WINDOW_CLOSED', update_time = ${at}::timestamptz
      where state in ('ACTIVE', 'PAUSED') and end_at is not null and end_at <= ${at}::timestamptz
      returning id, company_id, name`),
  );
  for (const c of ended)
    await recordWebhookEvent(db, {
      companyId: c.company_id,
      type: 'campaign.ended',
      data: { campaignId: c.id, name: c.name, reason: 'WINDOW_CLOSED' },
      at: now,
    });
  const running = rowsOfResult<DailyCampaign>(
    await db.execute(sql`
      select c.id, c.company_id, c.name, c.kind, s.filter as segment_filter, c.period_days, c.start_at::text as start_at
      from ${campaigns} c left join ${segments} s on s.id = c.segment_id
      where c.state = 'ACTIVE' and c.kind in ('WIN_BACK', 'BIRTHDAY') and c.start_at <= ${at}::timestamptz
      order by c.id`),
  );
  let enqueued = 0;
  for (const c of running) {
    if (c.kind === 'WIN_BACK' && c.segment_filter === null) continue;
    const day = await companyDay(db, c.company_id, now);
    const startDay = await companyDay(db, c.company_id, new Date(c.start_at));
    const period = c.kind === 'BIRTHDAY' ? day.slice(0, 4) : winBackPeriod(startDay, day, c.period_days);
    for (const mobile of await dueMembers(db, c, day, period))
      if ((await enqueueReward(db, { campaignId: c.id, memberMobile: mobile, period }, now)) !== null)
        enqueued++;
  }
  return { ended: ended.length, enqueued };
};
