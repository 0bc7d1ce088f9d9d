// Named statements on the embedded database. PGlite's `query` parses and plans every statement again
// (an unnamed Parse, then Describe, Bind, Describe, Execute, Sync), where PostgreSQL through
// node-postgres parses and plans a named statement once per connection. On PGlite the planning is most
// of a hot statement's cost: the login lookup took 0.85 ms as PGlite sends it and 0.13 ms once
// prepared; a stamp's level move 5.3 ms, its standing 3.4 ms (docs/performance.md "Sixth pass").
//
// `namedClient(client, name)` answers an object with the `query` Drizzle's PGlite session calls, which
// runs the statement as the named statement `name`: parsed (and its parameters' types described) the
// first time on that database, then only bound and executed. The messages and the reading of the
// answer are PGlite's own (its exported `protocol` and `parse`), the locks those its `query` takes:
// its transaction lock and its query lock outside a transaction, only the query lock inside one (the
// transaction holds the other). Its rows' description is read once too. A named statement outlives a
// rollback; `DISCARD ALL` drops them all, so `forgetNamedStatements` must follow it (the test pool's
// reset does, through `createDb`'s rebind).
//
// The statements Drizzle builds per call go through the same runner as PostgreSQL's unnamed statement
// (parsed on every call, as PGlite's `query` does): PGlite's result reader, given a caller's parsers,
// spreads them and the database's 318 into a new object on every statement (~70 µs); here they are
// merged once per parsers object (Drizzle's query holds one for its life).
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { parse as pgliteParse, protocol } from '@electric-sql/pglite';

/** The PGlite behind a transaction Drizzle runs on (PGlite's transaction object does not say). */
const owners = new WeakMap<object, PGlite>();
/**
 * Per database: the named statements parsed on it, with their parameters' type ids and the
 * description of their rows (read once: describing a portal of a wide row, such as the login lookup's
 * 60 columns, cost PGlite 0.2 ms on every call).
 */
const parsed = new WeakMap<PGlite, Map<string, Parsed>>();

interface Parsed {
  types: number[];
  /** the RowDescription of its answer, once read; null when it answers no rows (NoData) */
  rows?: BackendMessages[number] | null;
}

/** What PGlite's public class has and its declaration file leaves out (its base class's methods). */
interface PgliteInternals {
  _checkReady: () => Promise<void>;
  _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
}

type BackendMessages = Parameters<typeof pgliteParse.parseResults>[0];

/** PostgreSQL's unnamed statement: what a statement nobody prepared runs as. */
const UNNAMED = '';

type Query = PGlite['query'];

/**
 * A query function that sends a statement with a caller's parsers (every statement Drizzle builds
 * per call) as the unnamed statement through `run` below, where the parsers are merged once, and any
 * other as `query` does: PGlite's own `query` merges them anew on every call.
 */
const unnamedThrough = (query: Query, client: PGlite | Transaction): Query =>
  (async (text: string, params?: unknown[], options?: QueryOptions) =>
    // what PGlite's `query` does beyond the protocol (declared parameter types, a blob for COPY) stays its own
    options?.parsers && !options.paramTypes && !options.blob
      ? namedClient(client, UNNAMED).query(text, params, options)
      : query(text, params, options)) as Query;

/**
 * Makes `client` remember which database each of its transactions runs on, and send the statements
 * Drizzle builds per call through `run` (both outside and inside a transaction). Call once, at creation.
 */
export const trackTransactions = (client: PGlite): void => {
  const transaction = client.transaction.bind(client);
  client.query = unnamedThrough(client.query.bind(client), client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      owners.set(tx, client);
      tx.query = unnamedThrough(tx.query.bind(tx), tx);
      return callback(tx);
    });
};

/** After `DISCARD ALL` (or anything else that deallocates): every statement is parsed again. */
export const forgetNamedStatements = (client: PGlite): void => {
  parsed.delete(client);
};

/** Per parsers object of a caller (Drizzle's query holds one for its life) and database: both merged. */
const mergedParsers = new WeakMap<object, WeakMap<PGlite, PGlite['parsers']>>();

const parsersFor = (db: PGlite, own: QueryOptions['parsers']): PGlite['parsers'] => {
  if (!own) return db.parsers;
  let byDb = mergedParsers.get(own);
  if (!byDb) {
    byDb = new WeakMap();
    mergedParsers.set(own, byDb);
  }
  let merged = byDb.get(db);
  if (!merged) {
    merged = { ...db.parsers, ...own };
    byDb.set(db, merged);
  }
  return merged;
};

const isPglite = (client: unknown): client is PGlite =>
  typeof client === 'object' && client !== null && 'execProtocolStream' in client && 'runExclusive' in client;

/** A PostgreSQL error as PGlite's `query` throws it: with the statement and its values. */
const withStatement = (e: unknown, query: string, params: unknown[], options: QueryOptions | undefined) => {
  if (e instanceof protocol.messages.DatabaseError)
    Object.assign(e, { query, params, queryOptions: options });
  return e;
};

const run = async (
  db: PGlite,
  inTransaction: boolean,
  name: string,
  query: string,
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<Results> => {
  const send = (message: Uint8Array): Promise<BackendMessages> =>
    db.execProtocolStream(message, { ...options, syncToFs: false });
  let statements = parsed.get(db);
  if (!statements) {
    statements = new Map();
    parsed.set(db, statements);
  }
  const messages: BackendMessages = [];
  try {
    // the unnamed statement ('') is parsed on every call, as PGlite's own `query` does
    let statement = name === UNNAMED ? undefined : statements.get(name);
    if (!statement) {
      await send(protocol.serialize.parse({ name, text: query }));
      const types = pgliteParse.parseDescribeStatementResults(
        await send(protocol.serialize.describe({ type: 'S', name })),
      );
      statement = { types };
      if (name !== UNNAMED) statements.set(name, statement);
    }
    const { types } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i] ?? 0;
      const serialize = options?.serializers?.[oid] ?? db.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    messages.push(...(await send(protocol.serialize.bind({ statement: name, values }))));
    if (statement.rows === undefined) {
      const described = await send(protocol.serialize.describe({ type: 'P' }));
      statement.rows = described.find((m) => m.name === 'rowDescription') ?? null;
      messages.push(...described);
    } else if (statement.rows) messages.push(statement.rows);
    messages.push(...(await send(protocol.serialize.execute({}))));
  } catch (e) {
    // a statement the session no longer has (26000: deallocated behind our back) is parsed again on
    // the next call; a Parse that failed was never recorded
    if (statements.get(name) && e instanceof protocol.messages.DatabaseError && e.code === '26000')
      statements.delete(name);
    throw withStatement(e, query, params, options);
  } finally {
    messages.push(...(await send(protocol.serialize.sync())));
  }
  if (!inTransaction) await db.syncToFs();
  // the caller's parsers merged with the database's once: PGlite's parseResults spreads both (318
  // entries) into a new object on every call when it is given them, 70 µs a statement
  const rowOptions = options?.parsers ? { rowMode: options.rowMode } : options;
  return pgliteParse.parseResults(messages, parsersFor(db, options?.parsers), rowOptions)[0] as Results;
};

/**
 * The client Drizzle's prepared query runs on, for the statement `name`: on PGlite one that sends it
 * as a named statement (above); on any other driver `client` itself.
 */
export const namedClient = <C>(client: C, name: string): C => {
  const db = isPglite(client) ? client : owners.get(client as object);
  if (!db) return client;
  const inTransaction = db !== (client as unknown);
  const internals = db as unknown as PgliteInternals;
  return {
    query: async (query: string, params: unknown[] = [], options?: QueryOptions) => {
      const once = () => db.runExclusive(() => run(db, inTransaction, name, query, params, options));
      if (inTransaction) return once();
      await internals._checkReady();
      return internals._runExclusiveTransaction(once);
    },
  } as C;
};
