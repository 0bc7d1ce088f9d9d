// One server of the bench in a process of its own, listening on a real port of 127.0.0.1:
//   tsx tests/bench/serve.ts app  <database url>   the product (buildApp), as `npm start` runs it
//   tsx tests/bench/serve.ts peer <database url>   a minimal Fastify + pg server answering the same
//                                                   first page (no auth, no validation, no count)
// It prints `listening <port>` once it answers.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/client';
import { FIRST_PAGE_SQL } from './sql';

const [, , kind, url] = process.argv;

const startApp = async (databaseUrl: string): Promise<number> => {
  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: tmpdir(),
    DATABASE_URL: databaseUrl,
    LOGIN_MAX_PER_IP: '1000000',
    LOGIN_MAX_FAILURES: '1000000',
    LOG_LEVEL: 'error',
  });
  const handle = await createDb({ databaseUrl });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
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
    return { type: 'CR', code: 0, data: res.rows, page: { number: 0, size: 20 } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

if (!url || (kind !== 'app' && kind !== 'peer')) {
  console.error('usage: serve.ts app|peer <database url>');
  process.exit(2);
}
(kind === 'app' ? startApp(url) : startPeer(url)).then(
  (port) => console.log(`listening ${port}`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
