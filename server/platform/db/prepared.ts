// A hot statement built by Drizzle once and run with new values wherever it is needed: on the pool or
// inside an operation's transaction. Building a statement (Drizzle's query builder, then its SQL text)
// cost about 0.1 ms of CPU per statement, most of the app's own time on a stamp (docs/performance.md
// "The write path"). Drizzle's own `prepare()` binds the statement to the session it was built on, so
// a statement prepared on the pool cannot run in a transaction (drizzle-team/drizzle-orm#2826, open):
// `prepared` keeps Drizzle's prepared query (its SQL, parameters and result mapping) and runs it on the
// connection of the database or transaction it is given. On PostgreSQL it is a named statement, which
// node-postgres parses once per connection.
//
// Values: every `sql.placeholder(name)` of the statement needs one; Drizzle encodes it with its
// column (a Date for a timestamp). A null value is passed as is, so a nullable timestamp must not be
// a placeholder (Drizzle's encoder would be handed the null).
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit';

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
  return (db, values) => {
    const session = db._.session as unknown as SessionInternals;
    let query = byDriver.get(session.constructor);
    if (!query) {
      query = build(db).prepare(name);
      byDriver.set(session.constructor, query);
    }
    // the same prepared query, on this session's connection (the pool, or the transaction's client)
    const bound = Object.create(query, { client: { value: session.client } }) as Q;
    return bound.execute(values) as ReturnType<Q['execute']>;
  };
};

/** What Drizzle's databases and transactions hold for turning SQL into a query, read here and nowhere else. */
interface DatabaseInternals {
  dialect: { sqlToQuery: (statement: SQL) => unknown };
  _: {
    session: {
      prepareQuery: (query: unknown, fields: undefined, name: string, arrayMode: boolean) => Executable;
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
