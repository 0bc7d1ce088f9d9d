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

/**
 * Calls `note` with the bytes of each write a connection of node-postgres makes to its socket: one
 * chunk (`_write`), or the chunks corked together and written at once (`_writev`).
 */
export const watchPgWrites = (client: pg.Client, note: (chunks: Buffer[]) => void): void => {
  type Chunk = { chunk: Buffer };
  const stream = (client as unknown as { connection: { stream: Record<string, AnyQuery> } }).connection
    .stream;
  const write = stream._write as AnyQuery;
  const writev = stream._writev as AnyQuery;
  stream._write = (...args: unknown[]) => {
    note([args[0] as Buffer]);
    return write.apply(stream, args);
  };
  stream._writev = (...args: unknown[]) => {
    note((args[0] as Chunk[]).map(({ chunk }) => chunk));
    return writev.apply(stream, args);
  };
};
