// The /analytics figures (issue 12): stamps given, cards completed, vouchers issued, redeemed and
// expired, active members and pushes sent over a date range of the country's calendar, grouped by
// company, brand or store, inside the caller's scope (callerScopeOf: a merchant sees its company, a
// brand-limited colleague its brand). Each figure is one aggregate query grouped in SQL; the group
// columns are the tables' scope columns (and a push's audience brand or store), all indexed.
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  ANALYTICS_MAX_DAYS,
  type AnalyticsAnswer,
  type AnalyticsFigures,
  type AnalyticsGroup,
  type AnalyticsRow,
  rateOf,
} from '../../../contract/analytics';
import type { ResourceDeclaration } from '../../../resources/types';
import { timeZoneOf } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { rowsOfResult } from '../../platform/db/raw-rows';
import {
  brand,
  company,
  memberCards,
  push,
  stampsTransaction,
  store,
  voucherHistory,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { authorize } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { callerScopeOf } from '../../resources/row-scope';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const decl = (name: string): ResourceDeclaration => {
  const d = declarationOf(name);
  if (!d) throw new Error(`no declaration ${name}`);
  return d;
};
const scopeOf = (caller: Caller, name: string, table: PgTable): SQL | undefined =>
  callerScopeOf(decl(name), table, caller);
const num = (v: unknown): number => Number(v ?? 0);

/** A valid YYYY-MM-DD day, as epoch milliseconds at UTC midnight; null otherwise. */
const dayMs = (day: string): number | null => {
  if (!DAY.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
};

export interface AnalyticsQuery {
  from: string;
  to: string;
  groupBy: AnalyticsGroup;
}

/** The range's days, checked: from ≤ to, at most ANALYTICS_MAX_DAYS days (else code 2 naming the field). */
export const checkedDays = (q: Pick<AnalyticsQuery, 'from' | 'to'>): string[] => {
  const from = dayMs(q.from);
  const to = dayMs(q.to);
  if (from === null)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'from', message: 'must be a day YYYY-MM-DD' },
    ]);
  if (to === null)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'to', message: 'must be a day YYYY-MM-DD' }]);
  if (to < from)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'to', message: 'must not be before from' }]);
  const n = (to - from) / DAY_MS + 1;
  if (n > ANALYTICS_MAX_DAYS)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'to', message: `at most ${ANALYTICS_MAX_DAYS} days from from` },
    ]);
  return Array.from({ length: n }, (_, i) => new Date(from + i * DAY_MS).toISOString().slice(0, 10));
};

type Keyed = { g: unknown };

/** The column each table groups by: its company, brand or store (a push: its audience's). */
const groupColumns = (groupBy: AnalyticsQuery['groupBy']): Record<'st' | 'mc' | 'vh' | 'p', PgColumn> =>
  ({
    company: {
      st: stampsTransaction.companyId,
      mc: memberCards.companyId,
      vh: voucherHistory.companyId,
      p: push.companyId,
    },
    brand: {
      st: stampsTransaction.brandId,
      mc: memberCards.brandId,
      vh: voucherHistory.brandId,
      p: push.audienceBrandId,
    },
    store: {
      st: stampsTransaction.storeId,
      mc: memberCards.storeId,
      vh: voucherHistory.storeId,
      p: push.audienceStoreId,
    },
  })[groupBy] as Record<'st' | 'mc' | 'vh' | 'p', PgColumn>;

/** The figures of each group merged into one row per group. */
const mergedRows = (results: {
  stamps: unknown;
  completed: unknown;
  moves: unknown;
  pushes: unknown;
  active: unknown;
}): Map<string, AnalyticsRow> => {
  const rows = new Map<string, AnalyticsRow>();
  const rowOf = (g: unknown): AnalyticsRow => {
    const id = g === null || g === undefined ? null : num(g);
    const k = String(id);
    let row = rows.get(k);
    if (!row) {
      row = {
        id,
        name: null,
        stampsGiven: 0,
        cardsCompleted: 0,
        vouchersIssued: 0,
        vouchersRedeemed: 0,
        vouchersExpired: 0,
        redemptionRate: null,
        activeMembers: 0,
        pushesSent: 0,
      };
      rows.set(k, row);
    }
    return row;
  };
  for (const r of results.stamps as (Keyed & { n: unknown })[]) rowOf(r.g).stampsGiven = num(r.n);
  for (const r of results.completed as (Keyed & { n: unknown })[]) rowOf(r.g).cardsCompleted = num(r.n);
  for (const r of results.moves as (Keyed & { issued: unknown; redeemed: unknown; expired: unknown })[]) {
    const row = rowOf(r.g);
    row.vouchersIssued = num(r.issued);
    row.vouchersRedeemed = num(r.redeemed);
    row.vouchersExpired = num(r.expired);
  }
  for (const r of results.pushes as (Keyed & { n: unknown })[])
    if (num(r.n) > 0) rowOf(r.g).pushesSent = num(r.n);
  for (const r of rowsOfResult<Keyed & { n: unknown }>(results.active)) rowOf(r.g).activeMembers = num(r.n);
  for (const row of rows.values()) row.redemptionRate = rateOf(row.vouchersIssued, row.vouchersRedeemed);

  return rows;
};

/** The groups' names, read once for every group of the answer. */
const nameGroups = async (
  db: Db,
  rows: Map<string, AnalyticsRow>,
  groupBy: AnalyticsQuery['groupBy'],
): Promise<void> => {
  const ids = [...rows.values()].flatMap((r) => (r.id === null ? [] : [r.id]));
  const named = { company, brand, store }[groupBy] as unknown as {
    id: PgColumn;
    name: PgColumn;
  } & PgTable;
  if (ids.length > 0) {
    const names = await db
      .select({ id: named.id, name: named.name })
      .from(named)
      .where(inArray(named.id, ids));
    for (const n of names as { id: unknown; name: unknown }[]) {
      const row = rows.get(String(num(n.id)));
      if (row) row.name = String(n.name);
    }
  }
};

export const analyticsFor = async (
  db: Db,
  caller: Caller,
  country: string,
  q: AnalyticsQuery,
): Promise<AnalyticsAnswer> => {
  authorize(caller, { resource: 'analytics', action: 'VIEW' });
  const days = checkedDays(q);
  const timeZone = await timeZoneOf(db, country);
  // the range's first instant and the instant after its last day, in the country's calendar
  const start = sql`((${q.from})::date::timestamp at time zone ${timeZone})`;
  const end = sql`(((${q.to})::date + 1)::timestamp at time zone ${timeZone})`;
  const within = (col: PgColumn) => and(gte(col, start), lt(col, end));
  const dayOf = (col: PgColumn) =>
    sql<string>`to_char((${col} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

  const key = groupColumns(q.groupBy);

  const stScope = and(
    scopeOf(caller, 'stampsTransaction', stampsTransaction),
    eq(stampsTransaction.result, 'SUCCESS'),
    within(stampsTransaction.at),
  );
  const vhScope = and(
    scopeOf(caller, 'voucherHistory', voucherHistory),
    inArray(voucherHistory.action, ['ISSUED', 'REDEEMED', 'EXPIRED']),
    within(voucherHistory.at),
  );
  const mcScope = and(scopeOf(caller, 'memberCards', memberCards), within(memberCards.completedAt));
  const pScope = and(scopeOf(caller, 'push', push), within(push.sentAt));
  const activeOf = (group: boolean) =>
    db.execute(
      sql`select ${group ? sql`g` : sql`null`} as g, count(distinct m) as n from (
        select ${key.st} as g, ${stampsTransaction.memberMobile} as m from ${stampsTransaction} where ${stScope}
        union all
        select ${key.vh}, ${voucherHistory.memberMobile} from ${voucherHistory} where ${vhScope}
      ) moves where m is not null ${group ? sql`group by g` : sql``}`,
    );

  try {
    const [stamps, completed, moves, pushes, active, activeTotal, stampDays, voucherDays] = await Promise.all(
      [
        db
          .select({ g: key.st, n: sql<string>`coalesce(sum(${stampsTransaction.stamps}), 0)` })
          .from(stampsTransaction)
          .where(stScope)
          .groupBy(key.st),
        db.select({ g: key.mc, n: sql<string>`count(*)` }).from(memberCards).where(mcScope).groupBy(key.mc),
        db
          .select({
            g: key.vh,
            issued: sql<string>`count(*) filter (where ${voucherHistory.action} = 'ISSUED')`,
            redeemed: sql<string>`count(*) filter (where ${voucherHistory.action} = 'REDEEMED')`,
            expired: sql<string>`count(*) filter (where ${voucherHistory.action} = 'EXPIRED')`,
          })
          .from(voucherHistory)
          .where(vhScope)
          .groupBy(key.vh),
        db
          .select({ g: key.p, n: sql<string>`coalesce(sum(${push.sentCount}), 0)` })
          .from(push)
          .where(pScope)
          .groupBy(key.p),
        activeOf(true),
        activeOf(false),
        db
          .select({
            day: dayOf(stampsTransaction.at),
            n: sql<string>`coalesce(sum(${stampsTransaction.stamps}), 0)`,
          })
          .from(stampsTransaction)
          .where(stScope)
          .groupBy(sql`1`),
        db
          .select({
            day: dayOf(voucherHistory.at),
            issued: sql<string>`count(*) filter (where ${voucherHistory.action} = 'ISSUED')`,
            redeemed: sql<string>`count(*) filter (where ${voucherHistory.action} = 'REDEEMED')`,
          })
          .from(voucherHistory)
          .where(vhScope)
          .groupBy(sql`1`),
      ],
    );

    const rows = mergedRows({ stamps, completed, moves, pushes, active });
    await nameGroups(db, rows, q.groupBy);

    const sum = (f: keyof AnalyticsFigures) => [...rows.values()].reduce((s, r) => s + num(r[f]), 0);
    const totals: AnalyticsFigures = {
      stampsGiven: sum('stampsGiven'),
      cardsCompleted: sum('cardsCompleted'),
      vouchersIssued: sum('vouchersIssued'),
      vouchersRedeemed: sum('vouchersRedeemed'),
      vouchersExpired: sum('vouchersExpired'),
      redemptionRate: rateOf(sum('vouchersIssued'), sum('vouchersRedeemed')),
      activeMembers: num(rowsOfResult<{ n: unknown }>(activeTotal)[0]?.n),
      pushesSent: sum('pushesSent'),
    };
    const stampBy = new Map((stampDays as { day: string; n: unknown }[]).map((r) => [r.day, num(r.n)]));
    const voucherBy = new Map(
      (voucherDays as { day: string; issued: unknown; redeemed: unknown }[]).map((r) => [r.day, r]),
    );
    return {
      from: q.from,
      to: q.to,
      groupBy: q.groupBy,
      timeZone,
      rows: [...rows.values()].sort(
        (a, b) =>
          b.stampsGiven - a.stampsGiven || b.vouchersIssued - a.vouchersIssued || num(a.id) - num(b.id),
      ),
      totals,
      days: days.map((day) => ({
        day,
        stampsGiven: stampBy.get(day) ?? 0,
        vouchersIssued: num(voucherBy.get(day)?.issued),
        vouchersRedeemed: num(voucherBy.get(day)?.redeemed),
      })),
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // the route's error handler logs the cause; the client reads 8001
    const failed = new AppError('ANALYTICS_FAILED');
    failed.cause = err;
    throw failed;
  }
};
