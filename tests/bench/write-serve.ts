// The write bench's server (tests/bench/write.ts starts it with an IPC channel, in a process of its own):
//   tsx tests/bench/write-serve.ts pg <database url>        the product on PostgreSQL
//   tsx tests/bench/write-serve.ts embedded <data dir>      the product on the embedded database (PGlite)
// It migrates the (empty) database, serves buildApp on a port of 127.0.0.1 as `npm start` does (the job
// runner off, so that every statement counted is a request's; TRUST_PROXY on, so that each poster
// sign-up counts against a client address of its own), and answers the bench's messages:
//   users   adds users (the bench's operator and merchants: there is no API that creates a signed-up
//           user without e-mail, as tests/bench/generate.ts does), answers their ids
//   sql     runs one statement (the checks; the embedded database can only be read from this process)
//   floor   runs a case of the SQL floor (tests/bench/write-floor.ts) with its queues and callers
//   count   answers how many statements the app's driver sent so far
//   writes  answers how many writes the app's and the floor's connections to PostgreSQL made so far
//           (a statement sent alone is one; statements sent together in one turn are one)
//   cpu     answers this process's CPU time so far, in ms
//   trace   starts (on) or ends (off) keeping the text of every statement sent, answers them
// Every statement of the app's driver is counted at the driver: pg.Client#query on PostgreSQL (each
// one round trip), each Bind and simple Query PGlite runs on the embedded database (BEGIN and COMMIT
// of a transaction counted as two, as node-postgres sends them).
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, migrate } from '../../server/platform/db/client';
import { users } from '../../server/platform/db/schema';
import { hashPassword } from '../../server/platform/passwords';
import { listenApp } from './listen';
import { type AnyQuery, watchPgStatements, watchPgWrites } from './pg-statements';
import { FLOORS, type InTransaction, type Op, type OpArgs, type Query } from './write-floor';
import { runQueues } from './write-load';

const [, , kind, where] = process.argv;
if ((kind !== 'pg' && kind !== 'embedded') || !where || !process.send) {
  console.error('usage (with an IPC channel): write-serve.ts pg <database url> | embedded <data dir>');
  process.exit(2);
}

let statements = 0;
let trace: string[] | null = null;
const note = (text: unknown): void => {
  statements++;
  if (trace)
    trace.push(
      typeof text === 'string' ? text : String((text as { text?: unknown } | null)?.text ?? '(query object)'),
    );
};

if (kind === 'pg') watchPgStatements(note);

let writes = 0;
/** Counts each write of a pool's connections to PostgreSQL: a chunk written, or several corked. */
const countWrites = (pool: pg.Pool): void => {
  pool.on('connect', (client) =>
    watchPgWrites(client, () => {
      writes++;
    }),
  );
};

/** A C string of a protocol message from `at`: the string and where the next field starts. */
const cString = (message: Uint8Array, at: number): [string, number] => {
  const end = message.indexOf(0, at);
  return [Buffer.from(message.subarray(at, end)).toString('utf8'), end + 1];
};

/**
 * Counts the statements PGlite runs, at the protocol: each Bind (a statement of the extended protocol,
 * named or not: server/platform/db/pglite-named.ts sends the hot ones named) and each simple Query
 * (BEGIN, COMMIT, a raw exec). The text of each comes from its Parse.
 */
const countPglite = (client: PGlite): void => {
  const c = client as unknown as { execProtocolStream: AnyQuery };
  const send = c.execProtocolStream.bind(client);
  const texts = new Map<string, string>();
  c.execProtocolStream = (...args) => {
    const message = args[0] as Uint8Array;
    const kind = String.fromCharCode(message[0] ?? 0);
    if (kind === 'P') {
      const [name, next] = cString(message, 5);
      texts.set(name, cString(message, next)[0]);
    } else if (kind === 'B') {
      const [, next] = cString(message, 5);
      const name = cString(message, next)[0];
      note(texts.get(name) ?? `(statement ${name})`);
    } else if (kind === 'Q') note(cString(message, 5)[0]);
    return send(...args);
  };
};

const main = async () => {
  const handle = kind === 'pg' ? await createDb({ databaseUrl: where }) : await createDb({ dataDir: where });
  await migrate(handle.db);

  let runSql: Query;
  let inTransaction: InTransaction;
  let closeFloor = async () => {};
  if (kind === 'pg') {
    const pool = new pg.Pool({ connectionString: where, max: 8 });
    countWrites(pool);
    countWrites((handle.db as unknown as { $client: pg.Pool }).$client);
    runSql = (text, params) => pool.query(text, params);
    inTransaction = async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const answer = await fn((text, params) => client.query(text, params));
        await client.query('commit');
        return answer;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    };
    closeFloor = () => pool.end();
  } else {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    countPglite(client);
    runSql = (text, params) => client.query(text, params);
    inTransaction = (fn) => client.transaction((tx) => fn((text, params) => tx.query(text, params)));
  }

  // the job runner off, so that every statement counted is a request's. The poster sign-up's limits
  // per IP and per number (contract/pocket.ts JOIN_OTP: 30 requests an IP, 3 codes a number, an hour)
  // are constants, not settings: each join of the bench is a new number, and the client address is
  // taken from X-Forwarded-For (TRUST_PROXY), where the bench names one of its own per join, as each
  // member signs up from their own phone
  const { app, port } = await listenApp(handle.db, {
    ...(kind === 'embedded' ? { DATA_DIR: where } : { DATABASE_URL: where }),
    JOBS: 'off',
    TRUST_PROXY: 'true',
  });

  type Message = { id: number; cmd: string; [k: string]: unknown };
  const answer = async (m: Message): Promise<unknown> => {
    switch (m.cmd) {
      case 'users': {
        const list = m.users as {
          email: string;
          name: string;
          type: 'OPERATOR' | 'MERCHANT';
          companyId?: number;
        }[];
        const passwordHash = await hashPassword(String(m.password));
        const rows = await handle.db
          .insert(users)
          .values(
            list.map((u) => ({
              email: u.email,
              name: u.name,
              type: u.type,
              companyId: u.companyId ?? null,
              passwordHash,
              state: 'ENABLE' as const,
              signupState: 'APPROVAL' as const,
            })),
          )
          .returning({ id: users.id });
        return rows.map((r) => r.id);
      }
      case 'sql':
        return (await runSql(String(m.text), (m.params as unknown[] | undefined) ?? [])).rows;
      case 'count':
        return statements;
      case 'writes':
        return writes;
      case 'cpu': {
        // this process's CPU so far, in ms (user + system): the app's and the floor's Node side
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
      case 'trace': {
        const kept = trace ?? [];
        trace = m.on ? [] : null;
        return kept;
      }
      case 'floor': {
        const op = m.op as Op;
        const floor = FLOORS[op] as (q: Query, a: OpArgs[Op]) => Promise<unknown>;
        const result = await runQueues(m.queues as OpArgs[Op][][], Number(m.callers), (arg) =>
          inTransaction((q) => floor(q, arg)),
        );
        return { ...result, done: result.done.map((d) => d.value) };
      }
      case 'close':
        await app.close();
        await closeFloor();
        await handle.close().catch(() => undefined);
        setImmediate(() => process.exit(0));
        return true;
      default:
        throw new Error(`unknown command ${m.cmd}`);
    }
  };
  process.on('message', (m: Message) => {
    answer(m).then(
      (value) => process.send?.({ id: m.id, value }),
      (err: unknown) => process.send?.({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  process.send?.({ ready: port });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
