// A hot statement built by Drizzle once and run with new values wherever it is needed: on the pool or
// inside an operation's transaction. Building a statement (Drizzle's query builder, then its SQL text)
// cost about 0.1 ms of CPU per statement, most of the app's own time on a stamp (docs/performance.md
// "The write path"). Drizzle's own `prepare()` binds the statement to the session it was built on, so
// a statement prepared on the pool cannot run in a transaction (drizzle-team/drizzle-orm#2826, open):
// `prepared` keeps Drizzle's prepared query (its SQL, parameters and result mapping) and runs it on the
// connection of the database or transaction it is given. It is a named statement, parsed and planned
// once per connection by node-postgres, once per database on PGlite (pglite-named.ts).
//
// Values: every `sql.placeholder(name)` of the statement needs one; Drizzle encodes it with its
// column (a Date for a timestamp). A null value is passed as is, so a nullable timestamp must not be
// a placeholder (Drizzle's encoder would be handed the null).
import { createHash } from 'node:crypto';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { namedClient } from './pglite-named';

export interface Executable {
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
}

/** What Drizzle's sessions and prepared queries hold, read here and nowhere else. */
interface SessionInternals {
  client: unknown;
}

/**
 * `prepared(name, db => query)`: a function `(db or tx, values) → rows` running `query`, built once per
 * driver (the first call's), with `values` for its placeholders. `name` is unique in the app.
 */
export const prepared = <Q extends Executable>(
  name: string,
  build: (db: DbOrTx) => { prepare: (name: string) => Q },
): ((db: DbOrTx, values: Record<string, unknown>) => ReturnType<Q['execute']>) => {
  // one per driver: node-postgres and PGlite prepare different query classes
  const byDriver = new Map<unknown, Q>();
  // the query bound to each connection it ran on (the pool, a pooled client, a PGlite transaction), for
  // as long as that connection lives: making the binding (Object.create with a property) cost ~3 µs in
  // the server, on each of an operation's statements
  const byClient = new WeakMap<object, Q>();
  return (db, values) => {
    const session = db._.session as unknown as SessionInternals;
    const client = session.client as object;
    let bound = byClient.get(client);
    if (!bound) {
      let query = byDriver.get(session.constructor);
      if (!query) {
        query = build(db).prepare(name);
        byDriver.set(session.constructor, query);
      }
      // the same prepared query, on this session's connection; on the embedded database, as a named
      // statement too (pglite-named.ts)
      bound = Object.create(query, { client: { value: namedClient(client, name) } }) as Q;
      byClient.set(client, bound);
    }
    return bound.execute(values) as ReturnType<Q['execute']>;
  };
};

/**
 * What Drizzle's databases and transactions hold for turning SQL into a query, read here and in
 * select-rows.ts, nowhere else.
 */
export interface DatabaseInternals {
  dialect: { sqlToQuery: (statement: SQL) => unknown };
  _: {
    session: {
      prepareQuery: (
        query: unknown,
        fields: undefined,
        name: string | undefined,
        arrayMode: boolean,
        customResultMapper?: (rows: unknown[][]) => unknown,
      ) => Executable;
    };
  };
}

/**
 * `preparedSql(name, sql\`…${sql.placeholder('x')}…\`)`: a hand-written statement (one the query builder
 * cannot say: a CTE that upserts, a window over the ledgers) run as `prepared` runs a built one. On
 * PostgreSQL a named statement is parsed and planned once per connection and then runs on its cached
 * plan; sent unnamed, a large statement was planned on every call (the member's standing refresh on
 * a stamp spent longer being planned than run). Answers the driver's result, as `db.execute` does.
 */
export const preparedSql = (
  name: string,
  statement: SQL,
): ((db: DbOrTx, values: Record<string, unknown>) => Promise<unknown>) =>
  prepared(name, (db) => {
    const internals = db as unknown as DatabaseInternals;
    return {
      prepare: (n: string) =>
        internals._.session.prepareQuery(internals.dialect.sqlToQuery(statement), undefined, n, false),
    };
  });

// ---- one row written, every value a placeholder ---------------------------------------------------
//
// An audit row, a history row, a locked row's move: written on every operation with the same columns
// each time, so each is prepared once per table and set of columns. The values are encoded here as
// Drizzle would (the column's `mapToDriverValue`; null stays SQL NULL, which Drizzle's encoder cannot
// be handed), and the statement's placeholders take them as they are.

/** A column as read here: its encoder, its values made by Drizzle (`$defaultFn`, `$onUpdate`). */
interface ColumnInternals {
  hasDefault: boolean;
  mapToDriverValue: (value: unknown) => unknown;
  defaultFn?: () => unknown;
  onUpdateFn?: () => unknown;
}

const encoded = (column: ColumnInternals, value: unknown): unknown =>
  value === null || value === undefined ? null : column.mapToDriverValue(value);

/** The values of `keys` of `row`, each encoded by its column (`fill`: a value for one not given). */
const encodeRow = (
  columns: Record<string, ColumnInternals>,
  keys: readonly string[],
  row: Record<string, unknown>,
  fill: (column: ColumnInternals) => unknown = () => null,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const column = columns[k];
    if (!column) throw new Error(`no column ${k}`);
    out[k] = encoded(column, row[k] !== undefined ? row[k] : fill(column));
  }
  return out;
};

const raw = (key: string): SQL => sql`${sql.placeholder(key)}`;

/** A row to insert: a numeric column (money) may be given as its exact decimal text. */
type InsertRow<T extends PgTable> = {
  [K in keyof T['$inferInsert']]?:
    | T['$inferInsert'][K]
    | (number extends T['$inferInsert'][K] ? string : never);
};

/**
 * The values of `keys` of a row of `table`, encoded as Drizzle encodes them (null stays SQL NULL), for
 * a statement whose values are placeholders (`placeholdersOf`). Every other column must take its
 * database default: a value Drizzle makes at build time (`$defaultFn`) would be frozen in the statement.
 */
export const encoderOf = (
  table: PgTable,
  keys: readonly string[],
): ((row: Record<string, unknown>) => Record<string, unknown>) => {
  const columns = getTableColumns(table) as unknown as Record<string, ColumnInternals>;
  for (const [k, column] of Object.entries(columns))
    if (!keys.includes(k) && (column.defaultFn || (column.onUpdateFn && !column.hasDefault)))
      throw new Error(`${k} is made by Drizzle on insert: give it a value`);
  for (const k of keys) if (!columns[k]) throw new Error(`no column ${k}`);
  return (row) => encodeRow(columns, keys, row);
};

/** `{ key: placeholder(key) }` for each key: the values of a statement prepared once. */
export const placeholdersOf = (keys: readonly string[]): Record<string, SQL> =>
  Object.fromEntries(keys.map((k) => [k, raw(k)]));

const insertOf = <T extends PgTable>(table: T, keys: readonly string[]) => ({
  values: encoderOf(table, keys),
  set: placeholdersOf(keys) as T['$inferInsert'],
});

/**
 * `preparedInsert(name, table, keys)`: `(db or tx, row) → void`, inserting one row whose `keys` are
 * given (others take their database default). `name` is unique in the app.
 */
export const preparedInsert = <T extends PgTable>(
  name: string,
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
): ((db: DbOrTx, row: InsertRow<T>) => Promise<void>) => {
  const { values, set } = insertOf(table, keys);
  const statement = prepared(name, (db) => db.insert(table).values(set));
  return async (db, row) => {
    await statement(db, values(row as Record<string, unknown>));
  };
};

/** `preparedInsert` answering the row inserted (`RETURNING *`, mapped as the builder maps it). */
export const preparedInsertReturning = <T extends PgTable>(
  name: string,
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
): ((db: DbOrTx, row: InsertRow<T>) => Promise<T['$inferSelect'][]>) => {
  const { values, set } = insertOf(table, keys);
  const statement = prepared(name, (db) => db.insert(table).values(set).returning());
  return async (db, row) =>
    (await statement(db, values(row as Record<string, unknown>))) as T['$inferSelect'][];
};

const updates = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<unknown>>();

/**
 * `UPDATE table SET set WHERE id = id RETURNING *`, prepared once per table and set of columns (`name`
 * and the columns name it). The columns Drizzle fills on update (`$onUpdate`: update_time) are set too,
 * with their value now, so none is frozen at preparation. Answers the rows, as the builder does.
 */
export const updateById = async <T extends PgTable & { id: AnyPgColumn }>(
  db: DbOrTx,
  name: string,
  table: T,
  id: number,
  set: Record<string, unknown>,
): Promise<T['$inferSelect'][]> => {
  const columns = getTableColumns(table) as unknown as Record<string, ColumnInternals>;
  const given = Object.keys(set).filter((k) => set[k] !== undefined);
  const onUpdate = Object.keys(columns).filter((k) => columns[k]?.onUpdateFn && set[k] === undefined);
  const keys = [...given, ...onUpdate].sort();
  const key = `${name}:${keys.join(',')}`;
  let statement = updates.get(key);
  if (!statement) {
    // a short, stable statement name: the columns' list can be long
    const named = `${name}_${createHash('sha1').update(keys.join(',')).digest('hex').slice(0, 10)}`;
    statement = prepared(named, (d) =>
      d
        .update(table)
        .set(placeholdersOf(keys) as never)
        .where(eq(table.id, sql.placeholder('id')))
        .returning(),
    ) as (db: DbOrTx, values: Record<string, unknown>) => Promise<unknown>;
    updates.set(key, statement);
  }
  const values = { ...encodeRow(columns, keys, set, (column) => column.onUpdateFn?.()), id };
  return (await statement(db, values)) as T['$inferSelect'][];
};
