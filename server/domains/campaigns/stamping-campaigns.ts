// The stamping campaigns (issue 43, docs/decisions.md "Campaigns"): a MULTIPLIER or BONUS adds stamps
// to a stamping of its programme inside the stamping's transaction. The stamping reads its programme's
// running candidates with its own card (no round trip when there are none); when some apply, their rows
// are locked (budgets and per-member limits stay exact while stampings race), cut to their budget, their
// limit and the card's room, and charged; the stamping then records what each added (campaign_rewards).
// Voiding the stamping voids the rewards and gives the stamps back to the budgets.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  bonusConditionHolds,
  type CampaignBoost,
  combineBoosts,
  type StampCampaignShare,
  type StampingCampaign,
  withinWindow,
} from '../../../contract/campaigns';
import type { DbOrTx } from '../../platform/audit';
import { type CompanyCalendar, calendarZone, companyDayOf, weekdayAndHourIn } from '../../platform/countries';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { campaignRewards, campaigns, stampCard, stampsTransaction } from '../../platform/db/schema';
import { campaignRuns } from '../pocket/card-campaigns';
import { recordWebhookEvent } from '../webhooks/webhooks';
import { HOLDOUT_PERIOD, heldOut } from './holdout';

/**
 * For the stamping's own statement: the ACTIVE MULTIPLIER and BONUS campaigns of the programme being
 * stamped whose dates hold `at` (ISO text, or the prepared statement's placeholder), as a JSON list of
 * `StampingCampaign` (money as text).
 */
export const stampingCampaignsOf = (at: string | Placeholder): SQL<StampingCampaign[]> => sql<
  StampingCampaign[]
>`(
  select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'kind', c.kind,
      'multiplier', c.multiplier, 'bonusStamps', c.bonus_stamps, 'bonusCondition', c.bonus_condition,
      'minAmount', c.min_amount::text, 'daysOfWeek', c.days_of_week, 'hourFrom', c.hour_from,
      'hourTo', c.hour_to, 'storeIds', c.store_ids, 'createTime', c.create_time)), '[]'::json)
  from ${campaigns} c
  where c.stamp_card_id = ${stampCard.id} and c.company_id = ${stampCard.companyId}
    and c.kind in ('MULTIPLIER', 'BONUS') and ${campaignRuns(at)})`;

/** A stamping, as the campaigns weigh it. */
export interface CampaignStamping {
  companyId: number;
  programmeId: number;
  memberMobile: string;
  storeId: number;
  /** the stamps the stamping gives by itself */
  base: number;
  /** the stamps the card can still take after `base` */
  room: number;
  /** a receipt's amount, decimal text */
  amount: string | undefined;
  calendar: CompanyCalendar | undefined;
  now: Date;
}

/** What the campaigns add to a stamping: the stamps, and each campaign's share, in order. */
export interface CampaignStamps {
  stamps: number;
  shares: StampCampaignShare[];
}

export const NO_CAMPAIGN_STAMPS: CampaignStamps = { stamps: 0, shares: [] };

interface LockedCampaign {
  id: number;
  kind: string;
  state: string;
  /** the member is in the campaign's holdout share: no stamps, recorded once */
  held_out: boolean;
  budget_rewards: number | null;
  rewards_given: number;
  per_member_limit: number | null;
  member_times: number;
  visited_today: boolean;
}

/**
 * The candidates' rows, locked in id order (racing stampings queue on them: a budget is charged
 * once), with how often the member benefited from each and whether the member was stamped on the
 * programme earlier in the company's day.
 */
const lockCampaigns = async (
  tx: DbOrTx,
  ids: number[],
  stamping: CampaignStamping,
): Promise<LockedCampaign[]> =>
  rowsOfResult<LockedCampaign>(
    await tx.execute(sql`
      select c.id, c.kind, c.state, c.budget_rewards, c.rewards_given, c.per_member_limit,
        ${heldOut(sql`c.id`, sql`c.holdout_percent`, stamping.memberMobile)} as held_out,
        (select count(*)::int from ${campaignRewards} r
          where r.campaign_id = c.id and r.member_mobile = ${stamping.memberMobile} and r.state = 'GIVEN') as member_times,
        exists (select 1 from ${stampsTransaction} t
          where t.stamp_card_id = ${stamping.programmeId} and t.member_mobile = ${stamping.memberMobile}
            and t.result = 'SUCCESS' and t.at > ${stamping.now.toISOString()}::timestamptz - interval '1 day'
            and (t.at at time zone ${calendarZone(stamping.calendar)})::date
              = ${companyDayOf(stamping.calendar, stamping.now)}::date) as visited_today
      from ${campaigns} c
      where c.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by c.id
      for update of c`),
  );

/** The stamps `boost` may still add: its budget's rest, the member's limit and the card's room. */
const cut = (boost: CampaignBoost, row: LockedCampaign | undefined, room: number): number => {
  if (row?.state !== 'ACTIVE' || row.held_out) return 0;
  if (row.per_member_limit !== null && row.member_times >= row.per_member_limit) return 0;
  const budgetLeft = row.budget_rewards === null ? boost.stamps : row.budget_rewards - row.rewards_given;
  return Math.max(0, Math.min(boost.stamps, budgetLeft, room));
};

/** The held-out member's one HELD_OUT row per campaign: whom the results compare against. */
const recordHeldOut = async (
  tx: DbOrTx,
  rows: LockedCampaign[],
  stamping: CampaignStamping,
): Promise<void> => {
  if (rows.length === 0) return;
  await tx
    .insert(campaignRewards)
    .values(
      rows.map((row) => ({
        companyId: stamping.companyId,
        campaignId: row.id,
        kind: row.kind as 'MULTIPLIER',
        memberMobile: stamping.memberMobile,
        period: HOLDOUT_PERIOD,
        state: 'HELD_OUT' as const,
        at: stamping.now,
      })),
    )
    .onConflictDoNothing();
};

/** Charges `stamps` to campaign `id`'s budget; reaching it ends the campaign (BUDGET_REACHED). */
const charge = async (tx: DbOrTx, id: number, stamps: number, now: Date): Promise<boolean> => {
  const [row] = rowsOfResult<{ ended: boolean }>(
    await tx.execute(sql`
      update ${campaigns} set rewards_given = rewards_given + ${stamps}, update_time = ${now.toISOString()}::timestamptz,
        state = case when budget_rewards is not null and rewards_given + ${stamps} >= budget_rewards
          then 'ENDED' else state end,
        end_reason = case when budget_rewards is not null and rewards_given + ${stamps} >= budget_rewards
          then 'BUDGET_REACHED' else end_reason end
      where id = ${id}
      returning state = 'ENDED' as ended`),
  );
  return row?.ended === true;
};

/**
 * The stamps the running campaigns add to a stamping (none when no candidate applies: no round trip),
 * charged to their budgets; a campaign whose budget this reaches ends (webhook `campaign.ended`).
 */
export const campaignStampsFor = async (
  tx: DbOrTx,
  candidates: readonly StampingCampaign[],
  stamping: CampaignStamping,
): Promise<CampaignStamps> => {
  if (candidates.length === 0 || stamping.room <= 0) return NO_CAMPAIGN_STAMPS;
  const moment = {
    storeId: stamping.storeId,
    ...weekdayAndHourIn(calendarZone(stamping.calendar), stamping.now),
  };
  const inWindow = candidates.filter((c) => withinWindow(c, moment));
  if (inWindow.length === 0) return NO_CAMPAIGN_STAMPS;
  const locked = await lockCampaigns(
    tx,
    inWindow.map((c) => c.id),
    stamping,
  );
  const byId = new Map(locked.map((row) => [row.id, row]));
  await recordHeldOut(
    tx,
    locked.filter((row) => row.held_out && row.state === 'ACTIVE'),
    stamping,
  );
  const facts = { visitedToday: locked[0]?.visited_today === true, amount: stamping.amount };
  const applying = inWindow.filter((c) => c.kind !== 'BONUS' || bonusConditionHolds(c, facts));
  let room = stamping.room;
  const shares: StampCampaignShare[] = [];
  for (const boost of combineBoosts(stamping.base, applying)) {
    const stamps = cut(boost, byId.get(boost.campaignId), room);
    if (stamps === 0) continue;
    room -= stamps;
    shares.push({ id: boost.campaignId, name: boost.name, kind: boost.kind, stamps });
    if (await charge(tx, boost.campaignId, stamps, stamping.now))
      await recordWebhookEvent(tx, {
        companyId: stamping.companyId,
        type: 'campaign.ended',
        data: { campaignId: boost.campaignId, name: boost.name, reason: 'BUDGET_REACHED' },
        at: stamping.now,
      });
  }
  return { stamps: shares.reduce((sum, s) => sum + s.stamps, 0), shares };
};

/** After the stamping is written: what each campaign added, on the ledger, and to the webhooks. */
export const recordCampaignStamps = async (
  tx: DbOrTx,
  added: CampaignStamps,
  at: { transactionId: number; companyId: number; memberMobile: string; memberCardId: number; now: Date },
): Promise<void> => {
  if (added.shares.length === 0) return;
  await tx.insert(campaignRewards).values(
    added.shares.map((share) => ({
      companyId: at.companyId,
      campaignId: share.id,
      kind: share.kind,
      memberMobile: at.memberMobile,
      stamps: share.stamps,
      transactionId: at.transactionId,
      at: at.now,
    })),
  );
  for (const share of added.shares)
    await recordWebhookEvent(tx, {
      companyId: at.companyId,
      type: 'campaign.rewarded',
      data: {
        campaignId: share.id,
        kind: share.kind,
        memberMobile: at.memberMobile,
        memberCardId: at.memberCardId,
        transactionId: at.transactionId,
        stamps: share.stamps,
      },
      at: at.now,
    });
};

/**
 * A stamping being voided: the stamps its campaigns added are voided on the ledger and go back to
 * their budgets (a campaign its stamping ended stays ENDED: ending is for good).
 */
export const voidCampaignStamps = async (tx: DbOrTx, transactionId: number, now: Date): Promise<void> => {
  await tx.execute(sql`
    with voided as (
      update ${campaignRewards} set state = 'VOIDED', update_time = ${now.toISOString()}::timestamptz
      where transaction_id = ${transactionId} and state = 'GIVEN'
      returning campaign_id, stamps
    )
    update ${campaigns} c set rewards_given = greatest(0, c.rewards_given - v.stamps),
      update_time = ${now.toISOString()}::timestamptz
    from (select campaign_id, sum(stamps)::int as stamps from voided group by campaign_id) v
    where c.id = v.campaign_id`);
};
