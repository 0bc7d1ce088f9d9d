// A campaign seen before and after (issue 43, docs/api.md "Campaigns"): the preview of an unsaved one (who
// would qualify now and what it would cost) and a saved one's results (what it gave, what it cost, and
// the visits and redemptions of the members it rewarded against its holdout share). Counted in SQL.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  type CampaignGroup,
  type CampaignPreview,
  type CampaignResults,
  PREVIEW_DAYS,
  type PreviewBasis,
} from '../../../contract/campaign-insights';
import { keepsHoldout, weekdaysOf } from '../../../contract/campaigns';
import { type CampaignKind, WEEKDAYS } from '../../../contract/enums';
import { campaigns as campaignsDecl } from '../../../resources/tables/campaigns';
import { calendarZone, companyCalendar, companyDay } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { campaigns, segments, stampCard, voucherPacks } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/errors';
import { authorize, declaredGrant } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { callerScopeOf } from '../../resources/row-scope';
import { assertRules, type Row } from '../../resources/rules';
import { segmentReachCount } from '../members/query';

const DAY_MS = 86_400_000;

/** The company a preview is for: the merchant's own; an operator names it. */
const companyOf = (caller: Caller, body: Row): number => {
  const named = body.companyId;
  const companyId = caller.type === 'OPERATOR' ? named : caller.companyId;
  if (typeof companyId === 'number') return companyId;
  if (caller.type === 'OPERATOR') throw validationError('companyId', 'is required');
  throw new AppError('USER_HAS_NO_COMPANY');
};

/** The row `read` finds for `id` (the body's `field`) within the company, else 2 naming the field. */
const ownRow = async <T extends Record<string, unknown>>(
  field: string,
  id: unknown,
  read: (id: number) => Promise<T[]>,
): Promise<T> => {
  if (typeof id !== 'number') throw validationError(field, 'is required');
  const [row] = await read(id);
  if (!row) throw validationError(field, 'is not one of your company');
  return row;
};

/** The share of `n` a holdout of `percent` keeps out, about. */
const holdoutOf = (n: number, percent: unknown): number => Math.floor((n * Number(percent ?? 0)) / 100);

/** At most `budget` (none: no cap). */
const capped = (n: number, budget: unknown): number => (typeof budget === 'number' ? Math.min(n, budget) : n);

/** SQL over stamps_transaction `t`: the stamping falls in the campaign's stores, days and hours. */
const inWindow = (body: Row, zone: string): SQL => {
  const parts: SQL[] = [];
  const stores = Array.isArray(body.storeIds) ? body.storeIds.map(Number).filter(Number.isInteger) : [];
  if (stores.length > 0) parts.push(sql`t.store_id = any(string_to_array(${stores.join(',')}, ',')::int[])`);
  const days = weekdaysOf(body.daysOfWeek).map((d) => WEEKDAYS.indexOf(d) + 1);
  if (days.length > 0)
    parts.push(
      sql`extract(isodow from t.at at time zone ${zone})::int = any(string_to_array(${days.join(',')}, ',')::int[])`,
    );
  const from = typeof body.hourFrom === 'number' ? body.hourFrom : 0;
  const to = typeof body.hourTo === 'number' ? body.hourTo : 24;
  const hour = sql`extract(hour from t.at at time zone ${zone})::int`;
  if (from < to && (from > 0 || to < 24)) parts.push(sql`${hour} >= ${from} and ${hour} < ${to}`);
  if (from > to) parts.push(sql`(${hour} >= ${from} or ${hour} < ${to})`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
};

/** MULTIPLIER and BONUS: the programme's stampings of the last 30 days in the window, and the stamps added. */
const previewStamping = async (db: Db, companyId: number, body: Row, now: Date): Promise<CampaignPreview> => {
  const programme = await ownRow('stampCardId', body.stampCardId, (id) =>
    db
      .select({
        id: stampCard.id,
        stampsRequired: stampCard.stampsRequired,
        reward: stampCard.rewardVoucherPackId,
      })
      .from(stampCard)
      .where(and(eq(stampCard.id, id), eq(stampCard.companyId, companyId))),
  );
  const zone = calendarZone(await companyCalendar(db, companyId));
  const bonus = body.kind === 'BONUS';
  const receipt = bonus && body.bonusCondition === 'RECEIPT_OVER';
  const [row] = rowsOfResult<{ stampings: number; members: number; base: number; first_visits: number }>(
    await db.execute(sql`
      select count(*)::int as stampings, count(distinct t.member_mobile)::int as members,
        coalesce(sum(t.stamps - t.campaign_stamps), 0)::int as base,
        count(distinct (t.member_mobile, (t.at at time zone ${zone})::date))::int as first_visits
      from stamps_transaction t
      where t.stamp_card_id = ${programme.id} and t.company_id = ${companyId} and t.result = 'SUCCESS'
        and t.at >= ${new Date(now.getTime() - PREVIEW_DAYS * DAY_MS).toISOString()}::timestamptz
        and ${inWindow(body, zone)}
        ${receipt ? sql`and t.amount >= ${String(body.minAmount ?? 0)}::numeric` : sql``}`),
  );
  const stats = row ?? { stampings: 0, members: 0, base: 0, first_visits: 0 };
  const stampings =
    bonus && body.bonusCondition === 'FIRST_VISIT_OF_DAY' ? stats.first_visits : stats.stampings;
  const wanted = bonus
    ? stampings * Number(body.bonusStamps ?? 0)
    : stats.base * Math.max(0, Number(body.multiplier ?? 1) - 1);
  const heldOut = holdoutOf(stats.members, body.holdoutPercent);
  const share = stats.members === 0 ? 0 : (stats.members - heldOut) / stats.members;
  const rewards = capped(Math.floor(wanted * share), body.budgetRewards);
  // the added stamps come to this many more completed cards, each with its reward voucher
  const [value] = rowsOfResult<{ value: string }>(
    await db.execute(sql`
      select (floor(${rewards}::numeric / ${programme.stampsRequired}) * coalesce(
        (select voucher_value from voucher_packs where id = ${programme.reward ?? 0}), 0))::numeric(14, 2)::text as value`),
  );
  return {
    basis: 'STAMPINGS_LAST_30_DAYS',
    members: stats.members,
    heldOut,
    stampings,
    rewards,
    value: value?.value ?? '0.00',
    charge: '0.00',
  };
};

/** The members a voucher campaign would reach, on its basis. */
const voucherAudience = async (
  db: Db,
  companyId: number,
  body: Row,
  now: Date,
): Promise<{ basis: PreviewBasis; members: number }> => {
  const since = new Date(now.getTime() - PREVIEW_DAYS * DAY_MS).toISOString();
  if (body.kind === 'WIN_BACK') {
    const segment = await ownRow('segmentId', body.segmentId, (id) =>
      db
        .select({ filter: segments.filter })
        .from(segments)
        .where(and(eq(segments.id, id), eq(segments.companyId, companyId))),
    );
    return { basis: 'MEMBERS_NOW', members: await segmentReachCount(db, companyId, segment.filter) };
  }
  if (body.kind === 'BIRTHDAY') {
    const today = await companyDay(db, companyId, now);
    const days = Array.from({ length: PREVIEW_DAYS }, (_, i) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + i * DAY_MS).toISOString().slice(5, 10),
    );
    const [row] = rowsOfResult<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from members m
        where m.birthday is not null and to_char(m.birthday, 'MM-DD') = any(string_to_array(${days.join(',')}, ','))
          and exists (select 1 from member_standing s where s.member_mobile = m.mobile and s.company_id = ${companyId})`),
    );
    return { basis: 'BIRTHDAYS_NEXT_30_DAYS', members: row?.n ?? 0 };
  }
  // WELCOME (and REFERRAL's friends): as many as joined the company in the last 30 days
  const [row] = rowsOfResult<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (select member_mobile from member_cards where company_id = ${companyId}
        group by member_mobile having min(create_time) >= ${since}::timestamptz) joined`),
  );
  return { basis: 'NEW_MEMBERS_LAST_30_DAYS', members: row?.n ?? 0 };
};

/** WELCOME, WIN_BACK, BIRTHDAY, REFERRAL: the members, the vouchers within the budgets, their value and charge. */
const previewVouchers = async (db: Db, companyId: number, body: Row, now: Date): Promise<CampaignPreview> => {
  const pack = await ownRow('voucherPackId', body.voucherPackId, (id) =>
    db
      .select({
        value: sql<string>`${voucherPacks.voucherValue}::text`,
        price: sql<string>`${voucherPacks.price}::text`,
      })
      .from(voucherPacks)
      .where(and(eq(voucherPacks.id, id), eq(voucherPacks.companyId, companyId))),
  );
  const { basis, members } = await voucherAudience(db, companyId, body, now);
  // a REFERRAL keeps no holdout share: its reward is promised on the web card
  const heldOut = keepsHoldout(body.kind as CampaignKind) ? holdoutOf(members, body.holdoutPercent) : 0;
  let rewards = capped(members - heldOut, body.budgetRewards);
  const [money] = rowsOfResult<{ affordable: number | null }>(
    await db.execute(sql`select case when ${pack.value}::numeric > 0 and ${String(body.budgetMoney ?? '')} <> ''
      then floor(${String(body.budgetMoney ?? 0)}::numeric / ${pack.value}::numeric)::int end as affordable`),
  );
  if (typeof money?.affordable === 'number') rewards = Math.min(rewards, money.affordable);
  const [cost] = rowsOfResult<{ value: string; charge: string }>(
    await db.execute(sql`select (${rewards} * ${pack.value}::numeric)::numeric(14, 2)::text as value,
      (${rewards} * ${pack.price}::numeric)::numeric(14, 2)::text as charge`),
  );
  return {
    basis,
    members,
    heldOut,
    stampings: 0,
    rewards,
    value: cost?.value ?? '0.00',
    charge: cost?.charge ?? '0.00',
  };
};

/**
 * `POST /campaigns/preview`: an unsaved campaign (a create body, name optional) of the caller's company
 * (an operator names `companyId`): the rules a save would check, its programme, pack and segment the
 * company's own, then who would qualify and what it would cost.
 */
export const previewCampaign = async (
  db: Db,
  caller: Caller,
  body: Row,
  now = new Date(),
): Promise<CampaignPreview> => {
  authorize(caller, declaredGrant(campaignsDecl, 'list'));
  const companyId = companyOf(caller, body);
  if (typeof body.kind !== 'string') throw validationError('kind', 'is required');
  assertRules(campaignsDecl, body);
  return body.kind === 'MULTIPLIER' || body.kind === 'BONUS'
    ? previewStamping(db, companyId, body, now)
    : previewVouchers(db, companyId, body, now);
};

const perMember = (n: number, members: number): number | null =>
  members === 0 ? null : Math.round((n / members) * 100) / 100;

const group = (row: { members: number; visits: number; redemptions: number } | undefined): CampaignGroup => {
  const members = row?.members ?? 0;
  const visits = row?.visits ?? 0;
  const redemptions = row?.redemptions ?? 0;
  return {
    members,
    visits,
    redemptions,
    visitsPerMember: perMember(visits, members),
    redemptionsPerMember: perMember(redemptions, members),
  };
};

const lift = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b === 0 ? null : Math.round((a / b - 1) * 100) / 100;

/**
 * `GET /campaigns/{id}/results`: what the campaign gave and cost, and the members it rewarded against
 * its holdout share: their SUCCESS stampings at the company and the company's vouchers they redeemed,
 * each counted from the member's own reward (or holdout) on.
 */
export const campaignResults = async (db: Db, caller: Caller, id: number): Promise<CampaignResults> => {
  authorize(caller, declaredGrant(campaignsDecl, 'get'));
  const [campaign] = await db
    .select({
      id: campaigns.id,
      companyId: campaigns.companyId,
      rewardsGiven: campaigns.rewardsGiven,
      moneySpent: sql<string>`${campaigns.moneySpent}::text`,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), callerScopeOf(campaignsDecl, campaigns, caller)));
  if (!campaign) throw new AppError('NOT_FOUND');
  const rows = rowsOfResult<{ rewarded: boolean; members: number; visits: number; redemptions: number }>(
    await db.execute(sql`
      with members as (
        select member_mobile, min(at) as since, bool_or(state = 'GIVEN') as rewarded
        from campaign_rewards where campaign_id = ${id} and state in ('GIVEN', 'HELD_OUT')
        group by member_mobile
      )
      select m.rewarded, count(*)::int as members,
        coalesce(sum((select count(*) from stamps_transaction t where t.company_id = ${campaign.companyId}
          and t.member_mobile = m.member_mobile and t.result = 'SUCCESS' and t.at >= m.since)), 0)::int as visits,
        coalesce(sum((select count(*) from voucher_history h where h.company_id = ${campaign.companyId}
          and h.member_mobile = m.member_mobile and h.action = 'REDEEMED' and h.at >= m.since)), 0)::int as redemptions
      from members m group by m.rewarded`),
  );
  const [failed] = rowsOfResult<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from campaign_rewards where campaign_id = ${id} and state = 'FAILED'`,
    ),
  );
  const rewarded = group(rows.find((r) => r.rewarded));
  const heldOut = group(rows.find((r) => !r.rewarded));
  return {
    rewardsGiven: campaign.rewardsGiven,
    moneySpent: campaign.moneySpent,
    failed: failed?.n ?? 0,
    rewarded,
    heldOut,
    lift: {
      visits: lift(rewarded.visitsPerMember, heldOut.visitsPerMember),
      redemptions: lift(rewarded.redemptionsPerMember, heldOut.redemptionsPerMember),
    },
  };
};
