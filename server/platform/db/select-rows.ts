// A SELECT built by Drizzle whose rows are decoded here, by each selected column's own decoder, instead
// of by Drizzle's generic `mapResultRow`. A list's page goes through here: at a million rows a first
// page cost the server ~1.4 ms of CPU, and Drizzle's mapping (an `is()` walk of the prototype chain
// per column per row, a path per field) was ~8 % of it, against the peer's bare JSON of the same rows
// (docs/performance.md "The API at a million rows"). The decoders are Drizzle's own
// (`mapFromDriverValue`: a timestamp's Date, a numeric's text), so a row reads exactly as the query
// builder would answer it; only the flat selections a list makes are accepted.
import { Column, is, SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import type { DatabaseInternals } from './prepared';

/** What a selected field's values are read with. */
interface Decoder {
  mapFromDriverValue: (value: unknown) => unknown;
}

/** A selected field: a column, a piece of SQL (`sql\`…\`.mapWith(…)`) or an aliased one. */
export type Selected = Column | SQL | SQL.Aliased;

/** The decoder Drizzle's `mapResultRow` would pick for `field`. */
const decoderOf = (field: Selected): Decoder => {
  if (is(field, Column)) return field as unknown as Decoder;
  // Drizzle keeps a piece of SQL's decoder (`mapWith`) in a field its types call internal
  const sqlOf = is(field, SQL) ? field : field.sql;
  return (sqlOf as unknown as { decoder: Decoder }).decoder;
};

/**
 * A row decoder for a flat selection: `(values in the selection's order) → { name: value }`. `skip`:
 * names read but left out of the row (e.g. a page's total, read apart).
 */
export const rowDecoder = (
  selection: Record<string, Selected>,
): ((values: unknown[], skip?: ReadonlySet<string>) => Record<string, unknown>) => {
  const names = Object.keys(selection);
  const decoders = names.map((n) => decoderOf(selection[n] as Selected));
  return (values, skip) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      if (skip?.has(name)) continue;
      const value = values[i];
      row[name] =
        value === null || value === undefined ? null : (decoders[i] as Decoder).mapFromDriverValue(value);
    }
    return row;
  };
};

/**
 * Runs `query` (a select built by Drizzle on `db`, not executed) and answers its rows as arrays of
 * driver values, in the order of its selection (Drizzle orders a flat selection by its keys).
 */
export const selectArrays = async (db: DbOrTx, query: { getSQL: () => SQL }): Promise<unknown[][]> => {
  const internals = db as unknown as DatabaseInternals;
  const statement = internals.dialect.sqlToQuery(query.getSQL());
  // in array mode, with a mapper that keeps the driver's rows as they are
  return (await internals._.session
    .prepareQuery(statement, undefined, undefined, true, (raw) => raw)
    .execute()) as unknown[][];
};
