// The product as the bench serves it: buildApp on a database, with a fresh JWT key and no login
// throttling (the bench signs in often), listening on a free port of 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/platform/config';
import type { Db } from '../../server/platform/db/client';
import type { App } from '../../server/platform/http/app-types';

/** Serves the app on `db` with `env` on top of the bench's settings; resolves with the app and its port. */
export const listenApp = async (db: Db, env: Record<string, string>): Promise<{ app: App; port: number }> => {
  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: tmpdir(),
    LOGIN_MAX_PER_IP: '1000000',
    LOGIN_MAX_FAILURES: '1000000',
    LOG_LEVEL: 'error',
    ...env,
  });
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
};
