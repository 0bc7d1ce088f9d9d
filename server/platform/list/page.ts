// One page of a list, as every paged GET answers it (docs/api.md "Lists"): the rows and their total in
// one statement, the planner's estimate for the whole of a large table, and the large-table rules.
import { and, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import type { PageInfo } from '../../../contract/envelope';
import type { DbOrTx } from '../db/client';
import { rowsOfResult } from '../db/raw-rows';
import { rowDecoder, selectArrays } from '../db/select-rows';
import { AppError } from '../errors';
import { encodeCursor } from './cursor';
import type { ParsedList } from './types';

/**
 * The large-table rules. The embedded database runs in the server's own thread and cannot cancel a
 * statement, so on a table above `largeTableRows` (the planner's estimate) a list refuses, before
 * anything runs, what no index can answer: a search or regex on a field without a trigram index,
 * and a search or regex without a run of `TRIGRAM_MIN` letters or digits (pg_trgm then has no
 * trigram to look up and reads the whole index). Above it, too, an unfiltered operator count is the
 * planner's estimate (`page.totalEstimated`). Mutable so that a test can lower the threshold.
 */
export const listLimits = {
  largeTableRows: 100_000,
  /** how long one table's estimate is reused, per database */
  estimateTtlMs: 30_000,
};

/** The contract's `page` object; totals are left out when they were not counted. */
export const pageInfo = (page: number, size: number, totalElements?: number, estimated = false): PageInfo => {
  if (totalElements === undefined) return { number: page, size };
  const info: PageInfo = { number: page, size, totalPages: Math.ceil(totalElements / size), totalElements };
  return estimated ? { ...info, totalEstimated: true } : info;
};

// biome-ignore lint/suspicious/noExplicitAny: a database of any schema is acceptable here
type AnyDatabase = PgDatabase<PgQueryResultHKT, any>;

/** The page's total, read beside the rows by selectPage (a name no declared column takes). */
const TOTAL_KEY = '__total';

/**
 * Selects one page of `table` under `list`, AND'ed with `scope` (e.g. a merchant's company). The
 * rows and their total go out as one statement, the count a scalar subquery beside the rows (one
 * round trip, one plan: at a million rows a second statement cost more than the count itself). The
 * whole of a large table is not counted: its total is the planner's estimate. `beside`: columns the
 * caller reads with each row in the same statement (e.g. its currency), answered under their names.
 */
export const selectPage = async (
  db: AnyDatabase,
  table: PgTable,
  list: ParsedList,
  noCount: boolean,
  scope?: SQL,
  beside?: Record<string, SQL>,
): Promise<{ data: Record<string, unknown>[]; page: PageInfo }> => {
  const where = and(scope, list.where);
  // the keys are read even when the projection leaves them out: the next cursor is made of them
  const hidden = list.keys.filter((k) => !(k.name in list.columns)).map((k) => k.name);
  const columns: Record<string, AnyPgColumn | SQL.Aliased | SQL> = { ...list.columns };
  for (const k of list.keys) columns[k.name] ??= k.column;
  if (beside) Object.assign(columns, beside);
  // a cursor's page counts the whole list, not what is left after the cursor
  const counted = and(scope, list.continued ? list.whereWithoutCursor : list.where);
  let estimate: number | undefined;
  if (!noCount && counted === undefined) {
    // the whole of a large table: counting it reads every row, the planner knows roughly
    const rows = await estimatedRows(db, table);
    if (rows > listLimits.largeTableRows) estimate = rows;
  }
  const countSql = sql`(select count(*) from ${table}${counted ? sql` where ${counted}` : sql``})`;
  const countBeside = !noCount && estimate === undefined;
  if (countBeside) columns[TOTAL_KEY] = countSql.mapWith(Number);
  const values = await selectArrays(
    db as DbOrTx,
    db
      .select(columns)
      .from(table)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
  );
  const decode = rowDecoder(columns);
  // the total and the keys the projection leaves out are read, not answered
  const left = new Set(countBeside ? [...hidden, TOTAL_KEY] : hidden);
  const data = values.map((v) => decode(v, left));
  let total: number | undefined;
  if (estimate !== undefined) total = estimate;
  else if (countBeside) {
    const first = values[0] === undefined ? undefined : decode(values[0])[TOTAL_KEY];
    // a page past the end has no row to carry the total: then it is read on its own
    total =
      typeof first === 'number'
        ? first
        : Number(rowsOfResult<{ n: unknown }>(await db.execute(sql`select ${countSql} as n`))[0]?.n ?? 0);
  }
  const info = pageInfo(list.page, list.size, total, estimate !== undefined);
  const last = values.at(-1);
  const page: PageInfo =
    last && data.length === list.size ? { ...info, cursor: encodeCursor(list.keys, decode(last)) } : info;
  return { data, page };
};

const estimates = new WeakMap<object, Map<string, { rows: number; until: number }>>();

/** The top plan's `Plan Rows` in an EXPLAIN (FORMAT JSON) answer, parsed or as text. */
const planRows = (value: unknown): number | undefined => {
  if (typeof value === 'string') return value.startsWith('[') ? planRows(JSON.parse(value)) : undefined;
  const inner: unknown[] = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  if (isRecord(value) && typeof value['Plan Rows'] === 'number') return value['Plan Rows'];
  for (const v of inner) {
    const n = planRows(v);
    if (n !== undefined) return n;
  }
  return undefined;
};

/**
 * The planner's estimate of a table's rows: what `select from table` expects to read. It scales the
 * last ANALYZE's density by the table's current size, so it also holds on PGlite, which has no
 * autovacuum to refresh pg_class.reltuples. Reused for `listLimits.estimateTtlMs` per database.
 */
export const estimatedRows = async (db: AnyDatabase, table: PgTable): Promise<number> => {
  let byTable = estimates.get(db);
  if (!byTable) {
    byTable = new Map();
    estimates.set(db, byTable);
  }
  const name = getTableName(table);
  const now = Date.now();
  const cached = byTable.get(name);
  if (cached && cached.until > now) return cached.rows;
  // the table comes from a declaration, rendered as an identifier: no request text
  const res = await db.execute(sql`explain (format json) select 1 from ${table}`);
  const rows = Math.round(planRows(rowsOfResult(res)) ?? 0);
  byTable.set(name, { rows, until: now + listLimits.estimateTtlMs });
  return rows;
};

/** Code 2 when `list` needs a scan no index answers and the table is large (`listLimits`). */
export const assertIndexable = async (db: AnyDatabase, table: PgTable, list: ParsedList): Promise<void> => {
  if (list.scans.length === 0) return;
  if ((await estimatedRows(db, table)) > listLimits.largeTableRows)
    throw new AppError('PARAMETER_VALIDATION_FAILED', list.scans);
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
