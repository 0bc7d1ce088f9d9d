// The pool's connections on PostgreSQL (client.ts): node-postgres in pipeline mode, which sends a
// statement without waiting for the answers of those before it, plus two things it leaves out.
//
// - **A transaction's BEGIN goes with the statements after it.** Drizzle opens a transaction with
//   `await tx.execute(sql`begin`)`, a round trip of its own before the first statement goes out. A
//   connection runs what it is sent in the order sent, so nothing needs BEGIN's answer first: this
//   client answers Drizzle's `begin` at once, sends it, and keeps its answer. The statements after it
//   run inside the transaction; the COMMIT (or ROLLBACK) takes BEGIN's answer first, and a BEGIN that
//   failed fails the COMMIT with its own error, so Drizzle rolls back and the call answers that error.
//   A BEGIN fails only when its connection does (a broken socket, an aborted transaction left on it),
//   and then the statements behind it fail too.
// - **What one turn of the event loop sends goes out in one write.** node-postgres writes each
//   statement to the socket apart; statements sent together (docs/architecture.md "Statements sent
//   together") and the BEGIN before them are now one write, flushed in the loop's check phase. On a
//   virtual machine a write is a dear system call, for the server's process and PostgreSQL's alike.
import type { Writable } from 'node:stream';
import pg from 'pg';

/** What node-postgres answers for a statement that returns no rows (the BEGIN answered at once). */
const BEGUN: pg.QueryResult = { command: 'BEGIN', rowCount: null, oid: 0, fields: [], rows: [] };

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** The statement's text: node-postgres takes a string or a config object. */
const textOf = (config: unknown): unknown =>
  typeof config === 'object' && config !== null ? (config as { text?: unknown }).text : config;

/**
 * A statement awaited as a promise with no values (`rest` empty or `[[]]`): Drizzle's `begin`,
 * `commit` and `rollback`. A callback-style call (the pool's own) is left as it is.
 */
const bare = (rest: unknown[]): boolean =>
  rest.length === 0 || (rest.length === 1 && Array.isArray(rest[0]) && rest[0].length === 0);

/** The pool's connection class (pg.Pool's `Client` option) on PostgreSQL. */
export class PipelinedClient extends pg.Client {
  /** BEGIN's answer, until the statement that ends its transaction takes it */
  begun: Promise<unknown> | undefined;
  /** the socket holds what is written until the event loop's next turn */
  held = false;
}

/**
 * Holds the connection's writes until the event loop's check phase, so that every statement sent in
 * this turn (the BEGIN and the statements after it, a group sent together) goes out in one write.
 */
const holdWrites = (client: PipelinedClient): void => {
  if (client.held) return;
  const stream = (client as unknown as { connection: { stream?: Writable } }).connection.stream;
  if (!stream) return;
  client.held = true;
  stream.cork();
  setImmediate(() => {
    client.held = false;
    stream.uncork();
  });
};

const query: Query = function (this: pg.Client, config, ...rest) {
  // read at call time: a bench may wrap pg.Client's own query after this module loads
  const send = (pg.Client.prototype as unknown as { query: Query }).query;
  const self = this as PipelinedClient;
  holdWrites(self);
  const text = bare(rest) ? textOf(config) : undefined;
  if (text === 'begin') {
    const answer = send.call(this, config, ...rest) as Promise<unknown>;
    // held for the commit; a failure is the commit's to answer, not an unhandled rejection
    answer.catch(() => undefined);
    self.begun = answer;
    return Promise.resolve(BEGUN);
  }
  if ((text === 'commit' || text === 'rollback') && self.begun) {
    const begun = self.begun;
    self.begun = undefined;
    return begun.then(
      () => send.call(this, config, ...rest),
      async (err: unknown) => {
        // nothing ran in a transaction: end whatever the connection holds, then answer BEGIN's error
        await (send.call(this, 'rollback') as Promise<unknown>).catch(() => undefined);
        throw err;
      },
    );
  }
  return send.call(this, config, ...rest);
};
(PipelinedClient.prototype as unknown as { query: Query }).query = query;
