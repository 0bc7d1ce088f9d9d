// One server of the bench in a process of its own, listening on a real port of 127.0.0.1:
//   tsx tests/bench/serve.ts app  <database url>   the product (buildApp), as `npm start` runs it
//   tsx tests/bench/serve.ts peer <database url>   a minimal Fastify + pg server answering the same
//                                                   first page with the same SQL (its rows and its
//                                                   total; no auth, no validation, no envelope rules)
//   tsx tests/bench/serve.ts embedded <data dir> <rows> <calls>
//                                                   the product on the embedded database (PGlite) in
//                                                   <data dir>, generated there first if need be; as
//                                                   PGlite lives in this process, the SQL floor is
//                                                   timed here too, before listening, and printed as
//                                                   `floor <case> <json figures>` lines
// It prints `listening <port>` once it answers. Started with an IPC channel, the app answers the message
// `count` with how many statements its driver has sent so far (pg.Client#query, each one round trip).
import Fastify from 'fastify';
import pg from 'pg';
import { createDb, type Db, migrate } from '../../server/platform/db/client';
import { benchMarker, type Exec, fillBenchDatabase } from './generate';
import { listenApp } from './listen';
import { watchPgStatements } from './pg-statements';
import { EMBEDDED_CASES, FIRST_PAGE_SQL } from './sql';
import { interleaved } from './stats';

const [, , kind, url, rowsArg, callsArg] = process.argv;

const listen = async (db: Db, env: Record<string, string>): Promise<number> =>
  (await listenApp(db, env)).port;

/** Counts every statement the app's driver sends, for the bench's `count` message. */
const countStatements = (): void => {
  let statements = 0;
  watchPgStatements(() => {
    statements++;
  });
  process.on('message', (m: unknown) => {
    if (m === 'count') process.send?.({ count: statements });
  });
};

const startApp = async (databaseUrl: string): Promise<number> => {
  countStatements();
  const handle = await createDb({ databaseUrl });
  // the job runner off, so that every statement counted is a request's
  return listen(handle.db, { DATABASE_URL: databaseUrl, JOBS: 'off' });
};

/** The embedded database: generated once per data directory, its floor timed here, then served. */
const startEmbedded = async (dataDir: string, rows: number, calls: number): Promise<number> => {
  const handle = await createDb({ dataDir });
  await migrate(handle.db);
  const client = (handle.db as unknown as { $client: { query: Exec } }).$client;
  const exec: Exec = (text, params) => client.query(text, params);
  if (!(await benchMarker(exec, rows))) {
    const t0 = performance.now();
    await fillBenchDatabase(handle.db, exec, rows);
    console.log(`generated ${rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  for (const [name, run] of Object.entries(EMBEDDED_CASES)) {
    const figures = await interleaved(calls, { floor: (i: number) => run(exec, i) });
    console.log(`floor ${name} ${JSON.stringify(figures.floor)}`);
  }
  return listen(handle.db, { DATA_DIR: dataDir });
};

const startPeer = async (databaseUrl: string): Promise<number> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { company?: string } }>('/first-page', async (request) => {
    const company = request.query.company ? Number(request.query.company) : undefined;
    const res =
      company === undefined
        ? await pool.query(FIRST_PAGE_SQL.operator)
        : await pool.query(FIRST_PAGE_SQL.tenant, [company]);
    const total: unknown = res.rows[0]?.total;
    const data = res.rows.map(({ total: _, ...row }) => row);
    return { type: 'CR', code: 0, data, page: { number: 0, size: 20, totalElements: Number(total ?? 0) } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

if (!url || (kind !== 'app' && kind !== 'peer' && kind !== 'embedded')) {
  console.error('usage: serve.ts app|peer <database url> | embedded <data dir> <rows> <calls>');
  process.exit(2);
}
// ended by the bench with SIGTERM: exiting, so that a CPU profile asked with --cpu-prof is written
process.on('SIGTERM', () => process.exit(0));
(kind === 'app'
  ? startApp(url)
  : kind === 'peer'
    ? startPeer(url)
    : startEmbedded(url, Number(rowsArg), Number(callsArg))
).then(
  (port) => console.log(`listening ${port}`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
