import path from 'node:path';
import { buildApp } from './app';
import { moveEmbeddedImages } from './domains/files/embedded-images';
import { bootstrapFirstOperator } from './domains/users/bootstrap';
import { jobHandlers, PERIODIC_JOBS } from './jobs';
import { loadConfig } from './platform/config';
import { createDb, migrate } from './platform/db/client';
import { createJobRunner, type JobRunner } from './platform/jobs';
import { pushProviderFor } from './platform/push-providers';

/** Where the embedded database lives inside DATA_DIR (next to jwt-secret). */
export const pgliteDir = (dataDir: string): string => path.join(dataDir, 'pglite');

export const startServer = async (): Promise<void> => {
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) });
  await migrate(handle.db);
  const first = await bootstrapFirstOperator(handle.db, config);
  if (first.created && first.generatedPassword) {
    // printed once on purpose, outside the logger, so the password never lands in log storage
    process.stdout.write(`First operator: ${first.email} / ${first.generatedPassword}\n`);
  } else if (first.created) {
    process.stdout.write(`First operator: ${first.email} (password from ADMIN_PASSWORD)\n`);
  } else if (first.emailTaken) {
    process.stderr.write(
      'No operator exists and ADMIN_EMAIL belongs to another user: set ADMIN_EMAIL to a free address, or run npm run create-user -- --type operator\n',
    );
  }
  const app = await buildApp({ config, db: handle.db });
  // pictures still written into rows (before the file store, or by the demo seed) move into it
  try {
    const moved = await moveEmbeddedImages(handle.db, app.files);
    if (moved > 0)
      app.log.info({ moved, store: app.files.name }, 'pictures moved from rows into the file store');
  } catch (err) {
    app.log.error({ err }, 'pictures could not be moved into the file store; they stay in their rows');
  }
  let runner: JobRunner | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on; in-flight requests and the running job batch finish first
    app.draining = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // the running batch finishes before the database closes under it
      await runner?.stop();
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // 'on', not 'once': a wrapper (tsx) may relay the same signal twice; a second one must not kill
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.jobsEnabled && !closing) {
    runner = createJobRunner({
      db: handle.db,
      log: app.log,
      handlers: jobHandlers({ config, pushProvider: await pushProviderFor(config) }),
      periodic: PERIODIC_JOBS,
      pollMs: config.jobPollMs,
      leaseMs: config.jobLeaseMs,
    });
    runner.start();
  }
};

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  startServer().catch((err: unknown) => {
    console.error('server failed to start:', err);
    process.exit(1);
  });
}
