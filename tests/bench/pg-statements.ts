// The statements a bench's server sends to PostgreSQL, counted at node-postgres: every
// pg.Client#query of this process (one round trip each), the pool's clients included.
import pg from 'pg';

/** A function of any arguments (the query methods replaced here and by the write bench's server). */
export type AnyQuery = (this: unknown, ...args: unknown[]) => unknown;

/** Calls `note` with each statement (its text, or the query object) before node-postgres sends it. */
export const watchPgStatements = (note: (query: unknown) => void): void => {
  const proto = pg.Client.prototype as unknown as { query: AnyQuery };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    note(args[0]);
    return original.apply(this, args);
  };
};
