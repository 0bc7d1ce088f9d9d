// Member levels (issue 25, docs/decisions.md "Member levels"): a member stands at the highest-ranked
// level of a company whose threshold their measure over the company's window meets. The activity the
// measure reads is member_standing's (server/domains/members/standing.ts refreshes it); this module
// moves levels after it, set-based whatever the count (one statement for 100,000 members), records
// each move in the history ledger and enqueues the reward of a level reached for the first time.
//
// When levels move:
//   - a stamping, its void or a redemption of the member: `levelsAfterActivity`, in its transaction;
//   - every company-local day, the job 'member-levels' (hourly) enqueues one 'member-levels-company'
//     job per company and day (singleton key), which refreshes every member's activity (the window
//     moved) and applies the levels (NIGHTLY): a level falls when the window passes;
//   - a company's levels or rule changed (generic CRUD): the same company job, RULES_CHANGED.
// A reward ('member-level-reward' job) issues one voucher of the level's pack through issueVouchers,
// charged to the company's wallet like any issue, and records ISSUED or FAILED (once per company,
// level and member: the unique index; a FAILED one is tried again when the level is reached again).
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { LevelMoveReason } from '../../../contract/enums';
import {
  LEVEL_MOVES_DAYS,
  type LevelMovesOfDay,
  type MemberLevelSummary,
} from '../../../contract/member-levels';
import type { DbOrTx } from '../../platform/audit';
import { companyDay, dayIn } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { preparedSql } from '../../platform/db/prepared';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { company, memberLevelHistory, memberLevels, memberStanding } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { JobHandler } from '../../platform/jobs';
import { enqueue } from '../../platform/jobs';
import type { Caller } from '../../resources/principal';
import { measureOf, refreshStanding, standingContext } from './standing';

export const MEMBER_LEVELS_JOB = 'member-levels';
export const MEMBER_LEVELS_COMPANY_JOB = 'member-levels-company';
export const MEMBER_LEVEL_REWARD_JOB = 'member-level-reward';
/** The nightly pass looks hourly for companies whose day has turned. */
export const MEMBER_LEVELS_EVERY_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A company's ladder as its levels' order is checked and shown: each level's id, name, rank and threshold. */
const ladderColumns = {
  id: memberLevels.id,
  name: memberLevels.name,
  rank: memberLevels.rank,
  threshold: memberLevels.threshold,
};

/** A move of one member's level, as recorded in the history. */
export interface LevelMove {
  memberMobile: string;
  fromLevelId: number | null;
  toLevelId: number | null;
  measureValue: number;
  up: boolean;
}

/** The level move's values: parameters when built per call, placeholders when prepared. */
interface ApplyValues {
  companyId: SQL;
  at: SQL;
  reason: SQL;
}

/** The level move of the standing rows `only` keeps (a condition on `s`, the standing). */
const applyStatement = (values: ApplyValues, only: SQL): SQL => {
  const v = { ...values, measure: measureOf(values.companyId) };
  return sql`
    with lv as (
      select id, rank, threshold, reward_voucher_pack_id from member_levels where company_id = ${v.companyId}
    ),
    target as (
      select s.id, s.member_mobile, s.level_id as old_level, ${v.measure} as measure,
        (select l.id from lv l where l.threshold <= ${v.measure} order by l.rank desc limit 1) as new_level
      from member_standing s
      where s.company_id = ${v.companyId}${only}
    ),
    changed as (
      update member_standing s set
        measure_value = t.measure,
        level_id = t.new_level,
        level_since = case when t.new_level is distinct from t.old_level then ${v.at}::timestamptz else s.level_since end,
        update_time = now()
      from target t
      where s.id = t.id and (s.measure_value <> t.measure or s.level_id is distinct from t.new_level)
      returning s.member_mobile, t.old_level, t.new_level, t.measure
    ),
    moved as (
      insert into member_level_history (company_id, member_mobile, from_level_id, to_level_id, reason, measure_value, at)
      select ${v.companyId}::int, member_mobile, old_level, new_level, ${v.reason}, measure, ${v.at}::timestamptz
      from changed where old_level is distinct from new_level
      returning member_mobile, from_level_id, to_level_id, measure_value
    )
    select m.member_mobile as "memberMobile", m.from_level_id as "fromLevelId", m.to_level_id as "toLevelId",
      m.measure_value as "measureValue",
      coalesce(t.rank, 0) > coalesce(f.rank, 0) as up,
      t.reward_voucher_pack_id is not null and t.rank > coalesce(f.rank, 0)
        and (r.id is null or r.state = 'FAILED') as "rewardDue"
    from moved m
    left join lv f on f.id = m.from_level_id
    left join lv t on t.id = m.to_level_id
    left join member_level_rewards r on r.company_id = ${v.companyId} and r.level_id = m.to_level_id
      and r.member_mobile = m.member_mobile
  `;
};

/** One member's level move, prepared: it follows every stamping, void and redemption. */
const applyOne = preparedSql(
  'member_levels_apply_one',
  applyStatement(
    {
      companyId: sql`${sql.placeholder('companyId')}`,
      at: sql`${sql.placeholder('at')}`,
      reason: sql`${sql.placeholder('reason')}`,
    },
    sql` and s.member_mobile = ${sql.placeholder('mobile')}`,
  ),
);

/**
 * Moves the levels of company `companyId`'s members `mobiles` (null: every member standing there) to
 * what their standing's measure meets, after their activity was refreshed. One statement: the
 * standing's measure, level and `levelSince`, a history row per move (`reason`, at `now`) and a
 * reward job per move up into a level with a reward the member has not been given. Answers the moves.
 */
export const applyLevels = async (
  tx: DbOrTx,
  companyId: number,
  mobiles: readonly string[] | null,
  reason: LevelMoveReason,
  now: Date,
): Promise<LevelMove[]> => {
  if (mobiles !== null && mobiles.length === 0) return [];
  const at = now.toISOString();
  const [one] = mobiles ?? [];
  // one member (every operation's reaction): the prepared statement
  const result =
    mobiles !== null && mobiles.length === 1 && one !== undefined
      ? await applyOne(tx, { companyId, mobile: one, at, reason })
      : await tx.execute(
          applyStatement(
            {
              companyId: sql`${companyId}`,
              at: sql`${at}`,
              reason: sql`${reason}`,
            },
            mobiles === null ? sql`` : sql` and s.member_mobile = any(${sql.param([...mobiles])}::text[])`,
          ),
        );
  const rows = rowsOfResult<LevelMove & { rewardDue: boolean }>(result);
  const due = rows.filter((r) => r.rewardDue && r.toLevelId !== null);
  if (due.length > 0) await enqueueRewards(tx, companyId, due, now);
  return rows.map(({ rewardDue: _, ...move }) => move);
};

/**
 * The reward jobs of moves up, in one statement (a rule change may move thousands at once), as
 * `enqueue` would add them: a singleton key per company, level, member and day, so a recompute run
 * twice enqueues once, and the reward job itself is idempotent (the unique index).
 */
const enqueueRewards = async (
  tx: DbOrTx,
  companyId: number,
  due: readonly LevelMove[],
  now: Date,
): Promise<void> => {
  if (due.length === 1) {
    const [m] = due;
    if (!m || m.toLevelId === null) return;
    await enqueue(
      tx,
      MEMBER_LEVEL_REWARD_JOB,
      { companyId, levelId: m.toLevelId, memberMobile: m.memberMobile },
      { singletonKey: rewardKey(companyId, m.toLevelId, m.memberMobile, now), runAt: now },
    );
    return;
  }
  const payloads = due.map((m) => ({ companyId, levelId: m.toLevelId, memberMobile: m.memberMobile }));
  const keys = due.map((m) => rewardKey(companyId, m.toLevelId ?? 0, m.memberMobile, now));
  await tx.execute(sql`
    insert into jobs (name, payload, singleton_key, run_at)
    select ${MEMBER_LEVEL_REWARD_JOB}, p.payload, p.key, ${now.toISOString()}::timestamptz
    from unnest(${sql.param(payloads.map((p) => JSON.stringify(p)))}::jsonb[], ${sql.param(keys)}::text[])
      as p(payload, key)
    on conflict (singleton_key) do nothing
  `);
};

const rewardKey = (companyId: number, levelId: number, mobile: string, now: Date) =>
  `${MEMBER_LEVEL_REWARD_JOB}:${companyId}:${levelId}:${mobile}:${now.toISOString().slice(0, 10)}`;

/**
 * The hook of server/domains/members/standing.ts `memberActivityChanged`: after a member's activity at
 * a company was refreshed in an operation's transaction, their level follows (STAMPING, VOID, ...).
 */
export const levelsAfterActivity = async (
  tx: DbOrTx,
  companyId: number,
  mobiles: readonly string[],
  reason: LevelMoveReason,
  now: Date,
): Promise<LevelMove[]> => applyLevels(tx, companyId, mobiles, reason, now);

// ---- the company recompute and the nightly pass ---------------------------------------------------

/**
 * Every member of the company: their activity refreshed over the window as of `now`, then their
 * levels (`reason`). One transaction, serialised per company (an advisory lock), so a nightly pass
 * and a rule change do not interleave. Answers what it did (the job's result).
 */
export const recomputeCompanyLevels = async (
  db: Db,
  companyId: number,
  reason: LevelMoveReason,
  now: Date,
): Promise<{ companyId: number; reason: LevelMoveReason; refreshed: number; up: number; down: number }> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEVELS_LOCK}::int, ${companyId}::int)`);
    const [exists] = await tx.select({ id: company.id }).from(company).where(eq(company.id, companyId));
    if (!exists) return { companyId, reason, refreshed: 0, up: 0, down: 0 };
    const refreshed = await refreshStanding(tx, companyId, null, now);
    const moves = await applyLevels(tx, companyId, null, reason, now);
    const up = moves.filter((m) => m.up).length;
    return { companyId, reason, refreshed, up, down: moves.length - up };
  });

/** The first key of the per-company advisory lock of the levels (any constant of ours). */
const LEVELS_LOCK = 250_301;

/** Enqueues a company's recompute (RULES_CHANGED), committed with the write that asked for it. */
export const enqueueCompanyLevels = (
  tx: DbOrTx,
  companyId: number,
  reason: LevelMoveReason,
): Promise<number | null> => enqueue(tx, MEMBER_LEVELS_COMPANY_JOB, { companyId, reason });

/**
 * The hourly pass: for each company whose day (in its country) has no nightly recompute yet, enqueue
 * one, keyed by company and day, so it runs once per company and day however often this runs or how
 * many instances run it. Answers how many it enqueued; each company's job records its own outcome.
 */
export const runNightlyLevels = async (
  db: Db,
  now: Date,
): Promise<{ companies: number; enqueued: number; day: Record<string, number> }> => {
  const companies = await db.select({ id: company.id }).from(company).orderBy(asc(company.id));
  let enqueued = 0;
  const day: Record<string, number> = {};
  for (const { id } of companies) {
    const today = await companyDay(db, id, now);
    day[today] = (day[today] ?? 0) + 1;
    const job = await enqueue(
      db,
      MEMBER_LEVELS_COMPANY_JOB,
      { companyId: id, reason: 'NIGHTLY', day: today },
      { singletonKey: `${MEMBER_LEVELS_COMPANY_JOB}:nightly:${id}:${today}`, runAt: now },
    );
    if (job !== null) enqueued++;
  }
  return { companies: companies.length, enqueued, day };
};

export const companyLevelsJob: JobHandler = async (payload, { db, now }) => {
  const companyId = Number(payload.companyId);
  const reason = (typeof payload.reason === 'string' ? payload.reason : 'NIGHTLY') as LevelMoveReason;
  if (!Number.isSafeInteger(companyId)) throw new Error('member-levels-company: no companyId');
  return recomputeCompanyLevels(db, companyId, reason, now);
};

// ---- rewards --------------------------------------------------------------------------------------

// ---- writes to the levels and the rule (generic CRUD hooks) ---------------------------------------

type Row = Record<string, unknown>;

const companiesOf = (written: readonly { before?: Row; after?: Row }[]): number[] => [
  ...new Set(
    written.flatMap(({ before, after }) =>
      [before?.companyId, after?.companyId].filter((c): c is number => typeof c === 'number'),
    ),
  ),
];

/**
 * After a write to a company's levels (in its transaction): thresholds rise with rank, strictly (a
 * level whose threshold equals a lower one's could never be held), else code 2 on `threshold`
 * naming the neighbour; then the company's levels are recomputed once the write commits.
 */
export const afterLevelsWritten = async (
  tx: DbOrTx,
  written: readonly { before?: Row; after?: Row }[],
): Promise<void> => {
  for (const companyId of companiesOf(written)) {
    const levels = await tx
      .select(ladderColumns)
      .from(memberLevels)
      .where(eq(memberLevels.companyId, companyId))
      .orderBy(asc(memberLevels.rank));
    const touched = new Set(written.map((w) => w.after?.id).filter((id) => typeof id === 'number'));
    for (let i = 1; i < levels.length; i++) {
      const lower = levels[i - 1];
      const higher = levels[i];
      if (!lower || !higher || higher.threshold > lower.threshold) continue;
      // name the level that was written, against its neighbour
      const message = touched.has(higher.id)
        ? `must be more than ${lower.threshold}, the threshold of ${lower.name} (rank ${lower.rank}): thresholds rise with rank`
        : `must be less than ${higher.threshold}, the threshold of ${higher.name} (rank ${higher.rank}): thresholds rise with rank`;
      throw new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'threshold', message }]);
    }
    await enqueueCompanyLevels(tx, companyId, 'RULES_CHANGED');
  }
};

/** After a write to a company's rule: its members' activity and levels are recomputed (RULES_CHANGED). */
export const afterRuleWritten = async (
  tx: DbOrTx,
  written: readonly { before?: Row; after?: Row }[],
): Promise<void> => {
  for (const companyId of companiesOf(written)) await enqueueCompanyLevels(tx, companyId, 'RULES_CHANGED');
};

/**
 * Before levels are deleted: a level a member ever reached is named by their history (a ledger, kept
 * whole), so it is refused (12) saying so; rename it or change its threshold instead. A level never
 * reached goes, and the company's levels are recomputed.
 */
export const beforeLevelsDeleted = async (tx: DbOrTx, ids: readonly number[]): Promise<void> => {
  if (ids.length === 0) return;
  const reached = await tx
    .select({
      levelId: memberLevelHistory.toLevelId,
      members: sql<number>`count(distinct ${memberLevelHistory.memberMobile})::int`,
    })
    .from(memberLevelHistory)
    .where(inArray(memberLevelHistory.toLevelId, [...ids]))
    .groupBy(memberLevelHistory.toLevelId)
    .limit(1);
  const hit = reached[0];
  if (!hit) return;
  const [level] = await tx
    .select({ name: memberLevels.name })
    .from(memberLevels)
    .where(eq(memberLevels.id, hit.levelId as number));
  throw new AppError('STILL_REFERENCED', [
    {
      field: 'id',
      message: `${hit.members} ${hit.members === 1 ? 'member has' : 'members have'} reached ${level?.name ?? 'this level'} and their level history names it: rename it or change its threshold instead`,
    },
  ]);
};

// ---- the /aotg figures ----------------------------------------------------------------------------

/**
 * The company whose levels `caller` asks about: an operator names one (required, else 2; an unknown
 * one answers 5), a merchant answers for their own (naming another answers 5).
 */
export const levelsCompanyOf = async (db: Db, caller: Caller, asked: number | undefined): Promise<number> => {
  if (caller.type === 'OPERATOR') {
    if (asked === undefined)
      throw new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'companyId', message: 'required' }]);
    const [found] = await db.select({ id: company.id }).from(company).where(eq(company.id, asked));
    if (!found) throw new AppError('NOT_FOUND', [{ field: 'companyId', message: 'no such company' }]);
    return asked;
  }
  if (caller.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
  if (asked !== undefined && asked !== caller.companyId)
    throw new AppError('NOT_FOUND', [{ field: 'companyId', message: 'no such company' }]);
  return caller.companyId;
};

/** Company `companyId`'s levels with their members now, and the moves of the last 30 days. */
export const memberLevelSummary = async (
  db: DbOrTx,
  companyId: number,
  now: Date,
): Promise<MemberLevelSummary> => {
  const ctx = await standingContext(db, companyId);
  const [saved] = await db
    .execute(sql`select 1 from member_level_rules where company_id = ${companyId} limit 1`)
    .then((r) => rowsOfResult<unknown>(r));
  const levels = await db
    .select({ ...ladderColumns, rewardVoucherPackId: memberLevels.rewardVoucherPackId })
    .from(memberLevels)
    .where(eq(memberLevels.companyId, companyId))
    .orderBy(asc(memberLevels.rank));
  const counts = await db
    .select({ levelId: memberStanding.levelId, n: sql<number>`count(*)::int` })
    .from(memberStanding)
    .where(eq(memberStanding.companyId, companyId))
    .groupBy(memberStanding.levelId);
  const countOf = (id: number | null) => counts.find((c) => c.levelId === id)?.n ?? 0;
  // the company's days: today and the 29 before it
  const since = dayIn(ctx.timeZone, new Date(now.getTime() - (LEVEL_MOVES_DAYS - 1) * DAY_MS));
  const byDay = rowsOfResult<LevelMovesOfDay>(
    await db.execute(sql`
      select to_char((h.at at time zone ${ctx.timeZone})::date, 'YYYY-MM-DD') as day,
        (count(*) filter (where coalesce(t.rank, 0) > coalesce(f.rank, 0)))::int as up,
        (count(*) filter (where coalesce(t.rank, 0) < coalesce(f.rank, 0)))::int as down
      from member_level_history h
      left join member_levels f on f.id = h.from_level_id
      left join member_levels t on t.id = h.to_level_id
      where h.company_id = ${companyId} and (h.at at time zone ${ctx.timeZone})::date >= ${since}::date
      group by 1 order by 1
    `),
  );
  return {
    companyId,
    measure: ctx.measure,
    windowDays: ctx.windowDays,
    ruleSaved: saved !== undefined,
    levels: levels.map((l) => ({
      id: l.id,
      name: l.name as string,
      rank: l.rank as number,
      threshold: l.threshold as number,
      rewardVoucherPackId: (l.rewardVoucherPackId as number | null) ?? null,
      members: countOf(l.id),
    })),
    noLevel: countOf(null),
    moves: {
      up: byDay.reduce((n, d) => n + d.up, 0),
      down: byDay.reduce((n, d) => n + d.down, 0),
      since,
    },
    byDay,
  };
};
