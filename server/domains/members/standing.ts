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
import type { LevelMeasure } from '../../../contract/enums';
import { DEFAULT_LEVEL_RULE } from '../../../contract/members';
import type { DbOrTx } from '../../platform/audit';
import { calendarZone, companyCalendar } from '../../platform/countries';
import { prepared, preparedSql } from '../../platform/db/prepared';
import { affectedOfResult, rowsOfResult } from '../../platform/db/raw-rows';
import { company, countryConfig, memberLevelRules } from '../../platform/db/schema';
import type { ActivityAdded } from '../../platform/events';

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

/** The standing columns a level's measure can read. */
type MeasureColumn = 'stamps_in_window' | 'visits_in_window' | 'completed_cards_in_window';

/** The standing column a measure reads. */
const MEASURE_COLUMN: Record<LevelMeasure, MeasureColumn> = {
  STAMPS: 'stamps_in_window',
  VISITS: 'visits_in_window',
  COMPLETED_CARDS: 'completed_cards_in_window',
};

/**
 * The measure company `companyId`'s rule reads (the default's without a rule), chosen in the
 * statement, so no operation reads the rule first: of the standing row `s` as stored, or of the values
 * `columnValue` gives for its columns. Written from MEASURE_COLUMN (no request text).
 */
export const measureOf = (
  companyId: SQL,
  columnValue: (column: MeasureColumn) => SQL = (column) => sql.raw(`s.${column}`),
): SQL =>
  sql`(case coalesce((select measure from member_level_rules where company_id = ${companyId}),
    '${sql.raw(DEFAULT_LEVEL_RULE.measure)}')${sql.join(
      Object.entries(MEASURE_COLUMN).map(
        ([measure, column]) => sql` when '${sql.raw(measure)}' then ${columnValue(column)}`,
      ),
    )} end)`;

/**
 * What a standing statement that wrote the measure answers of each row it wrote: the member's level
 * and the level the measure meets (`levelId`, `levelFor`); the level moves only when they differ.
 */
const levelCheck = sql`returning s.level_id as "levelId",
  (select l.id from member_levels l where l.company_id = s.company_id and l.threshold <= s.measure_value
    order by l.rank desc limit 1) as "levelFor"`;

/**
 * What a standing statement with `levelCheck` found: no row written ('none'), or the member's level
 * staying ('stays') or to move ('moves'), when the level's statement must run.
 */
export type LevelAfter = 'none' | 'stays' | 'moves';

const levelAfterOf = (result: unknown): LevelAfter => {
  const [row] = rowsOfResult<{ levelId: unknown; levelFor: unknown }>(result);
  if (!row) return 'none';
  return (row.levelId ?? null) === (row.levelFor ?? null) ? 'stays' : 'moves';
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

/**
 * The refresh of standing rows, for the members `only` keeps of each ledger (its column's name given).
 * `measured`: the rows' measure is written with them, and the statement answers each row's level and
 * the level the measure meets (`levelCheck`), for an activity that may move the level.
 */
const refreshStatement = (
  values: RefreshValues,
  only: (col: string) => SQL,
  { measured = false }: { measured?: boolean } = {},
): SQL => {
  const v = { ...values, since: sql`(select since from rule)` };
  const fresh: Record<MeasureColumn, SQL> = {
    stamps_in_window: sql`coalesce(st.stamps, 0)`,
    visits_in_window: sql`coalesce(v.visits, 0)`,
    completed_cards_in_window: sql`coalesce(cc.completed, 0)`,
  };
  const measureColumn = measured ? sql`, measure_value` : sql``;
  const measure = measured ? sql`, ${measureOf(v.companyId, (column) => fresh[column])}` : sql``;
  const measureSet = measured ? sql`, measure_value = excluded.measure_value` : sql``;
  return sql`
    with rule as (select ${sinceOf(values)} as since)
    insert into member_standing as s (company_id, member_mobile, member_id, stamps_in_window, visits_in_window,
      completed_cards_in_window, first_visit_at, last_visit_at, available_vouchers, brand_ids, store_ids,
      computed_at${measureColumn})
    select ${v.companyId}::int, m.member_mobile, mm.id, ${fresh.stamps_in_window}, ${fresh.visits_in_window},
      ${fresh.completed_cards_in_window}, v.first_at, v.last_at, coalesce(h.available, 0),
      coalesce(h.brands, '{}'), coalesce(v.stores, '{}'), ${v.at}::timestamptz${measure}
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
      computed_at = excluded.computed_at${measureSet},
      update_time = now()
    ${measured ? levelCheck : sql``}
  `;
};

/** One member's refresh, prepared (`measured`: for an activity that may move the level). */
const refreshOneOf = (name: string, options: { measured?: boolean } = {}) =>
  preparedSql(
    name,
    refreshStatement(
      {
        companyId: sql`${sql.placeholder('companyId')}`,
        at: sql`${sql.placeholder('at')}`,
        timeZone: sql`${sql.placeholder('timeZone')}`,
      },
      (col) => sql` and ${sql.raw(col)} = ${sql.placeholder('mobile')}`,
      options,
    ),
  );

/** The refresh of one member's standing after an issue, a gift or an expiry: no level moves. */
const refreshOne = refreshOneOf('member_standing_refresh_one');

/** The same for an activity that may move the level: the measure written, the level checked. */
const refreshOneMeasured = refreshOneOf('member_standing_refresh_one_measured', { measured: true });

/**
 * One member's standing refreshed for an activity that may move their level (a void, an undoing):
 * its measure written with it, and what became of the level (`LevelAfter`; 'none' when they hold
 * nothing of the company any more and no row was written).
 */
export const refreshStandingForLevel = async (
  db: DbOrTx,
  companyId: number,
  mobile: string,
  now: Date,
  timeZone: string,
): Promise<LevelAfter> =>
  levelAfterOf(await refreshOneMeasured(db, { companyId, at: now.toISOString(), timeZone, mobile }));

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
  return affectedOfResult(result);
};

// ---- what a stamping or a redemption adds -------------------------------------------------------
//
// A stamping or a redemption only adds to a member's standing: its stamps, a visit unless the member
// already had one at that store that day, its store, the first and last visit, a completed card, one
// voucher fewer available. Worked out from the operation's own row and added to the standing row in
// one statement whose cost does not grow with the member's history (the refresh above reads all of
// it: on a member with a long history it was most of a stamping's database time, docs/performance.md).
// The window figures are then as of the last refresh (the nightly pass, or a void, gift, expiry or
// issue of the member's), plus what was added since (docs/decisions.md "Members").

/** The local day `at` falls on in `zone`, as the instants it starts and ends at: `day_from`, `day_to`. */
const dayBounds = (at: string, zone: SQL): SQL => sql`
  (date_trunc('day', ${sql.raw(at)} at time zone ${zone}) at time zone ${zone}) as day_from,
  ((date_trunc('day', ${sql.raw(at)} at time zone ${zone}) + interval '1 day') at time zone ${zone}) as day_to`;

/**
 * Whether the member of `ev` (a CTE with company_id, member_mobile, store_id, day_from, day_to) had
 * another visit at that store that day: a SUCCESS stamping other than `stampingId`, or a redemption
 * other than `voucherId`. Read through the ledgers' (member_mobile, at) and member_mobile indexes.
 */
const visitedThatDay = (stampingId: SQL, voucherId: SQL): SQL => sql`
  exists (
    select 1 from stamps_transaction o
    where o.member_mobile = ev.member_mobile and o.company_id = ev.company_id and o.store_id = ev.store_id
      and o.result = 'SUCCESS' and o.type = 'STAMP_CARD_TXN' and o.id <> ${stampingId}
      and o.at >= ev.day_from and o.at < ev.day_to
  ) or exists (
    select 1 from vouchers o
    where o.member_mobile = ev.member_mobile and o.company_id = ev.company_id and o.redeemed_store_id = ev.store_id
      and o.state = 'REDEEMED' and o.id <> ${voucherId}
      and o.redeemed_at >= ev.day_from and o.redeemed_at < ev.day_to
  )`;

/** The standing's counters an operation adds to besides the visit. */
type AddedColumn = 'stamps_in_window' | 'completed_cards_in_window' | 'available_vouchers';

/**
 * The update of the standing row of `e`'s member: the visit (`e.visit`: 0 when the member had one at
 * that store that day), the stores, the first and last visit, the counters `added` gives the new
 * values of, and the measure of the company's rule over those new values, so that the level's
 * statement has nothing to write unless the level moves. It answers the member's level and the level
 * the new measure meets (`levelId`, `levelFor`): only when they differ does the level move run
 * (levels.ts `levelsAfterActivity`): one statement and one new row version of the standing fewer per
 * stamping and redemption that stays in its level (docs/performance.md "The write path").
 */
const addedStatement = (
  event: SQL,
  stampingId: SQL,
  voucherId: SQL,
  added: Partial<Record<AddedColumn, SQL>>,
): SQL => {
  const set = Object.entries(added).map(([column, value]) => sql`${sql.raw(column)} = ${value}`);
  const after = (column: MeasureColumn): SQL =>
    column === 'visits_in_window'
      ? sql`s.visits_in_window + e.visit`
      : (added[column] ?? sql.raw(`s.${column}`));
  return sql`
  with ev as (${event}),
  e as (select ev.*, case when ${visitedThatDay(stampingId, voucherId)} then 0 else 1 end as visit from ev)
  update member_standing s set
    visits_in_window = s.visits_in_window + e.visit,
    first_visit_at = least(s.first_visit_at, e.at),
    last_visit_at = greatest(s.last_visit_at, e.at),
    store_ids = case when e.store_id is null or e.store_id = any(s.store_ids) then s.store_ids
      else (select array_agg(x order by x) from unnest(array_append(s.store_ids, e.store_id)) x) end,
    ${sql.join(set, sql`, `)},
    measure_value = ${measureOf(sql`e.company_id`, after)},
    update_time = now()
  from e
  where s.company_id = e.company_id and s.member_mobile = e.member_mobile
  ${levelCheck}`;
};

const zone = sql`${sql.placeholder('timeZone')}::text`;

/** A SUCCESS stamping's stamps and visit, and its completed card (`completes`), added. */
const addStamping = preparedSql(
  'member_standing_add_stamping',
  addedStatement(
    sql`select id, company_id, member_mobile, store_id, at, stamps, ${dayBounds('at', zone)}
      from stamps_transaction
      where id = ${sql.placeholder('transactionId')} and result = 'SUCCESS' and type = 'STAMP_CARD_TXN'`,
    sql`ev.id`,
    sql`0`,
    {
      stamps_in_window: sql`s.stamps_in_window + e.stamps`,
      completed_cards_in_window: sql`s.completed_cards_in_window + (case when ${sql.placeholder('completes')}::boolean then 1 else 0 end)`,
    },
  ),
);

/** A redemption's visit added, and the voucher no longer available. */
const addRedemption = preparedSql(
  'member_standing_add_redemption',
  addedStatement(
    sql`select id, company_id, member_mobile, redeemed_store_id as store_id, redeemed_at as at,
        ${dayBounds('redeemed_at', zone)}
      from vouchers
      where id = ${sql.placeholder('voucherId')} and state = 'REDEEMED' and redeemed_at is not null`,
    sql`0`,
    sql`ev.id`,
    { available_vouchers: sql`greatest(s.available_vouchers - 1, 0)` },
  ),
);

/**
 * Adds what a stamping or a redemption added to its member's standing at company `companyId`
 * (`timeZone`: the company's, whose days the visits are), its measure with it. Answers what became
 * of the level (`LevelAfter`; 'none': no standing row to add to, the caller refreshes it whole).
 */
export const addToStanding = async (
  db: DbOrTx,
  added: ActivityAdded,
  timeZone: string,
): Promise<LevelAfter> => {
  const result =
    'stamping' in added
      ? await addStamping(db, {
          transactionId: added.stamping.transactionId,
          completes: added.stamping.completes,
          timeZone,
        })
      : await addRedemption(db, { voucherId: added.redemption.voucherId, timeZone });
  return levelAfterOf(result);
};
