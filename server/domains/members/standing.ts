// A member's standing at a company (issue 25, server/platform/db/schema/members.ts): the activity the members
// list and segments filter on, worked out from the ledgers in one statement. Called inside the
// operations that change it (a stamping, its void, a redemption and its void, a card or voucher
// issued, given or expired: reactions.ts, to the operations' events) and for every member of a
// company by the nightly levels job, which moves the window (`refreshStanding(…, null, …)`).
//
// What counts (docs/decisions.md "Members"): a stamp is a SUCCESS stamping's stamps (a voided one
// no longer counts); a visit is one store on one day of the company's country with a SUCCESS stamping
// or a redemption there; a completed card is one completed in the window. First and last visit are
// over all time. A member stands at a company once they hold one of its cards or vouchers. Beside
// them, what the list's other filters test, so that none reads the ledgers: the AVAILABLE vouchers
// held, the brands of the cards and vouchers held, the stores stamped, redeemed or given a card at.
import { eq, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_LEVEL_RULE } from '../../../contract/members';
import type { DbOrTx } from '../../platform/audit';
import { calendarZone, companyCalendar } from '../../platform/countries';
import { prepared, preparedSql } from '../../platform/db/prepared';
import { company, countryConfig, memberLevelRules } from '../../platform/db/schema';

/** What a company's standing is worked out with: its rule and its country's time zone. */
export interface StandingContext {
  companyId: number;
  measure: (typeof DEFAULT_LEVEL_RULE)['measure'];
  windowDays: number;
  timeZone: string;
}

/** A company's country, zone and level rule: read by every operation's standing refresh. */
const contextOf = prepared('member_standing_context', (db) =>
  db
    .select({
      country: company.country,
      zone: countryConfig.timezone,
      measure: memberLevelRules.measure,
      windowDays: memberLevelRules.windowDays,
    })
    .from(company)
    .leftJoin(countryConfig, eq(countryConfig.country, company.country))
    .leftJoin(memberLevelRules, eq(memberLevelRules.companyId, company.id))
    .where(eq(company.id, sql.placeholder('companyId')))
    .limit(1),
);

export const standingContext = async (db: DbOrTx, companyId: number): Promise<StandingContext> => {
  const [row] = await contextOf(db, { companyId });
  return {
    companyId,
    measure: (row?.measure as StandingContext['measure'] | null | undefined) ?? DEFAULT_LEVEL_RULE.measure,
    windowDays: typeof row?.windowDays === 'number' ? row.windowDays : DEFAULT_LEVEL_RULE.windowDays,
    timeZone: calendarZone(row),
  };
};

/**
 * Members added to company `companyId` (an import) stand at it from now, holding nothing yet: their
 * rows, with empty activity, where they have none. One statement whatever the count.
 */
export const addStanding = async (
  db: DbOrTx,
  companyId: number,
  mobiles: readonly string[],
  now: Date,
): Promise<void> => {
  if (mobiles.length === 0) return;
  await db.execute(sql`
    insert into member_standing (company_id, member_mobile, member_id, computed_at)
    select ${companyId}::int, m.mobile, m.id, ${now.toISOString()}::timestamptz
    from members m where m.mobile = any(${sql.param([...mobiles])}::text[])
    on conflict (company_id, member_mobile) do nothing`);
};

/**
 * The zone a company's visits are days of: its country's configured zone (known to the runtime), else
 * the country's shipped one. Read with the company's calendar, once per transaction
 * (server/platform/countries.ts): an operation that read it with its own rows costs no round trip.
 */
export const standingTimeZone = async (db: DbOrTx, companyId: number): Promise<string> => {
  return calendarZone(await companyCalendar(db, companyId));
};

/** The refresh's values: parameters when built per call, placeholders when prepared. */
interface RefreshValues {
  companyId: SQL;
  at: SQL;
  timeZone: SQL;
}

/**
 * The first instant company `companyId`'s window counts at `at`, worked out in the statement from its
 * level rule (the default's `windowDays` without one): `windowStart` in SQL, so no operation reads the
 * rule first.
 */
const sinceOf = (v: Pick<RefreshValues, 'companyId' | 'at'>): SQL => sql`(${v.at}::timestamptz -
  coalesce((select window_days from member_level_rules where company_id = ${v.companyId}),
    ${sql.raw(String(Math.trunc(DEFAULT_LEVEL_RULE.windowDays)))}) * interval '24 hours')`;

/** The refresh of standing rows, for the members `only` keeps of each ledger (its column's name given). */
const refreshStatement = (values: RefreshValues, only: (col: string) => SQL): SQL => {
  const v = { ...values, since: sql`(select since from rule)` };
  return sql`
    with rule as (select ${sinceOf(values)} as since)
    insert into member_standing as s (company_id, member_mobile, member_id, stamps_in_window, visits_in_window,
      completed_cards_in_window, first_visit_at, last_visit_at, available_vouchers, brand_ids, store_ids,
      computed_at)
    select ${v.companyId}::int, m.member_mobile, mm.id, coalesce(st.stamps, 0), coalesce(v.visits, 0),
      coalesce(cc.completed, 0), v.first_at, v.last_at, coalesce(h.available, 0),
      coalesce(h.brands, '{}'), coalesce(v.stores, '{}'), ${v.at}::timestamptz
    from (
      select member_mobile from member_cards where company_id = ${v.companyId}${only('member_mobile')}
      union
      select member_mobile from vouchers where company_id = ${v.companyId} and member_mobile is not null${only('member_mobile')}
    ) m
    join members mm on mm.mobile = m.member_mobile
    left join (
      select member_mobile, sum(stamps)::int as stamps from stamps_transaction
      where company_id = ${v.companyId} and result = 'SUCCESS' and type = 'STAMP_CARD_TXN'
        and at >= ${v.since}::timestamptz${only('member_mobile')}
      group by member_mobile
    ) st on st.member_mobile = m.member_mobile
    left join (
      select member_mobile,
        (count(distinct (store_id, (at at time zone ${v.timeZone})::date)) filter (where visit and at >= ${v.since}::timestamptz))::int as visits,
        min(at) filter (where visit) as first_at, max(at) filter (where visit) as last_at,
        array_agg(distinct store_id order by store_id) filter (where store_id is not null) as stores
      from (
        select member_mobile, store_id, at, true as visit from stamps_transaction
        where company_id = ${v.companyId} and result = 'SUCCESS' and type = 'STAMP_CARD_TXN'${only('member_mobile')}
        union all
        select member_mobile, redeemed_store_id, redeemed_at, true from vouchers
        where company_id = ${v.companyId} and state = 'REDEEMED' and redeemed_at is not null${only('member_mobile')}
        union all
        -- the store a card was given at is one of the member's stores, not a visit
        select member_mobile, store_id, null, false from member_cards
        where company_id = ${v.companyId} and store_id is not null${only('member_mobile')}
      ) e
      group by member_mobile
    ) v on v.member_mobile = m.member_mobile
    left join (
      select member_mobile, (count(*) filter (where state = 'AVAILABLE'))::int as available,
        array_agg(distinct brand_id order by brand_id) filter (where brand_id is not null) as brands
      from (
        select member_mobile, brand_id, state from vouchers
        where company_id = ${v.companyId} and member_mobile is not null${only('member_mobile')}
        union all
        select member_mobile, brand_id, null from member_cards
        where company_id = ${v.companyId}${only('member_mobile')}
      ) held
      group by member_mobile
    ) h on h.member_mobile = m.member_mobile
    left join (
      select member_mobile, count(*)::int as completed from member_cards
      where company_id = ${v.companyId} and completed_at >= ${v.since}::timestamptz${only('member_mobile')}
      group by member_mobile
    ) cc on cc.member_mobile = m.member_mobile
    on conflict (company_id, member_mobile) do update set
      stamps_in_window = excluded.stamps_in_window,
      visits_in_window = excluded.visits_in_window,
      completed_cards_in_window = excluded.completed_cards_in_window,
      first_visit_at = excluded.first_visit_at,
      last_visit_at = excluded.last_visit_at,
      available_vouchers = excluded.available_vouchers,
      brand_ids = excluded.brand_ids,
      store_ids = excluded.store_ids,
      computed_at = excluded.computed_at,
      update_time = now()
  `;
};

/** The refresh of one member's standing, prepared: it runs on every stamping, void, redemption and issue. */
const refreshOne = preparedSql(
  'member_standing_refresh_one',
  refreshStatement(
    {
      companyId: sql`${sql.placeholder('companyId')}`,
      at: sql`${sql.placeholder('at')}`,
      timeZone: sql`${sql.placeholder('timeZone')}`,
    },
    (col) => sql` and ${sql.raw(col)} = ${sql.placeholder('mobile')}`,
  ),
);

/**
 * Recomputes the activity columns of company `companyId`'s standing for `mobiles` (null: every member
 * holding one of its cards or vouchers), inserting the rows missing, over the window of the company's
 * rule as of `now` (`timeZone`: the company's, read here when not given). One statement whatever the
 * count; answers how many rows it wrote. Levels are not moved here (levels.ts does, after it).
 */
export const refreshStanding = async (
  db: DbOrTx,
  companyId: number,
  mobiles: readonly string[] | null,
  now: Date,
  timeZone?: string,
): Promise<number> => {
  if (mobiles !== null && mobiles.length === 0) return 0;
  const zone = timeZone ?? (await standingTimeZone(db, companyId));
  const values = { companyId, at: now.toISOString(), timeZone: zone };
  const [one] = mobiles ?? [];
  // one member (every operation's reaction): the prepared statement; a list or everyone: built here
  const result =
    mobiles !== null && mobiles.length === 1 && one !== undefined
      ? await refreshOne(db, { ...values, mobile: one })
      : await db.execute(
          refreshStatement(
            {
              companyId: sql`${companyId}`,
              at: sql`${values.at}`,
              timeZone: sql`${zone}`,
            },
            (col) =>
              mobiles === null ? sql`` : sql` and ${sql.raw(col)} = any(${sql.param([...mobiles])}::text[])`,
          ),
        );
  const affected = (result as { affectedRows?: number; rowCount?: number | null }) ?? {};
  return Number(affected.affectedRows ?? affected.rowCount ?? 0);
};
