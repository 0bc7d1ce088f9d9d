// The CSV export's rows: every filtered row in batches (never capped at one page), keyset on id when
// no sort is asked (cheap at any depth), the list's own order otherwise (its id tie-breaker keeps the
// offsets stable). The first batch is read before anything is sent, so a bad filter still answers the
// envelope.
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client';
import type { ParsedList } from '../platform/list/types';
import type { Row } from './rules';

/** Rows per batch of the CSV export (keyset on id). */
export const EXPORT_BATCH = 500;

export interface ExportPlan {
  columns: string[];
  batches: AsyncGenerator<Row[]>;
}

/** The export of `list` over `table`'s rows of `where`; `first` reads the first batch (mapping its errors). */
export const exportPlan = async (
  db: Db,
  {
    table,
    idCol,
    list,
    where,
    sorted,
  }: { table: PgTable; idCol: AnyPgColumn; list: ParsedList; where: SQL | undefined; sorted: boolean },
  first: (read: () => Promise<Row[]>) => Promise<Row[]>,
): Promise<ExportPlan> => {
  const batch = (after: number, offset: number) =>
    (sorted
      ? db
          .select(list.columns)
          .from(table)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(EXPORT_BATCH)
          .offset(offset)
      : db
          .select(list.columns)
          .from(table)
          .where(and(where, gt(idCol, after)))
          .orderBy(asc(idCol))
          .limit(EXPORT_BATCH)) as Promise<Row[]>;
  const firstRows = await first(() => batch(0, 0));
  async function* batches(): AsyncGenerator<Row[]> {
    let rows = firstRows;
    let offset = 0;
    while (rows.length > 0) {
      yield rows;
      if (rows.length < EXPORT_BATCH) return;
      offset += rows.length;
      const last = rows[rows.length - 1]?.id;
      if (typeof last !== 'number') return;
      rows = await batch(last, offset);
    }
  }
  return { columns: Object.keys(list.columns), batches: batches() };
};
