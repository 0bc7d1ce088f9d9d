import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { forgetNamedStatements, trackTransactions } from './pglite-named';
import { PipelinedClient } from './pipelined-client';

/**
 * The one database type services see, whichever driver is underneath. Built without the schema: the
 * services write their queries with the query builder and `sql`, never `db.query.<table>` (drizzle's
 * relational API), and a database given the schema builds one relational query builder per table
 * for itself and again for every transaction it opens (some 70 objects per operation, about 1 % of a
 * stamping's CPU in a profile of the write bench).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction on the database, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A database or a transaction on it: what a statement runs on (audit entries in the caller's transaction). */
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  close: () => Promise<void>;
  driver: 'pglite' | 'pg';
  /**
   * PGlite only: an image of the database that `pgliteImage` can start from, gzipped or a plain tar
   * (twice the speed to start from, ten times the size: what the tests' shared image uses)
   */
  dump?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /**
   * PGlite only: a new `db` object over the same database, for the next app the tests build on it
   * (what the server keeps per `db` object, such as a table's row estimate, starts empty again)
   */
  rebind?: () => Db;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL cancels any statement of a request that runs longer (SQLSTATE 57014). PGlite has no
 * such timer, which is why list filters are also checked before they reach SQL (server/platform/list/query.ts).
 */
export const STATEMENT_TIMEOUT_MS = 5000;

/** Arbitrary constant naming this app's migration lock in pg_advisory_lock. */
const MIGRATION_LOCK_ID = 727_274_001;

type Migrator = (folder: string) => Promise<void>;
// migrate(db) must pick the driver's migrator; remembered per db so callers pass only the db.
const migrators = new WeakMap<Db, Migrator>();

export interface CreateDbOptions {
  /** PostgreSQL URL; wins over dataDir */
  databaseUrl?: string | undefined;
  /** PGlite data folder, or 'memory://' for an in-memory database */
  dataDir?: string | undefined;
  /** PGlite only: start from this dumpDataDir() image instead of an empty cluster (test speed) */
  pgliteImage?: Blob | undefined;
}

export const createDb = async ({ databaseUrl, dataDir, pgliteImage }: CreateDbOptions): Promise<DbHandle> => {
  if (databaseUrl) {
    // every request's statements are bounded, so one expensive filter cannot hold a connection for long
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      pipeline: true,
      // a transaction's BEGIN goes out with its first statements (pipelined-client.ts)
      Client: PipelinedClient,
    } as pg.PoolConfig);
    // an idle connection dropped by the server must not crash the process; the pool reconnects
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    const db = drizzlePg({ client: pool, casing: 'snake_case' });
    migrators.set(db, async (migrationsFolder) => {
      // migrations (and waiting for another instance's) may take longer than a request: their own pool
      const migrationPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      migrationPool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
      const migrationDb = drizzlePg({ client: migrationPool, casing: 'snake_case' });
      // several instances starting together: one migrates, the others wait and then find nothing to do
      const lock = await migrationPool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(migrationDb, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
        await migrationPool.end();
      }
    });
    return { db, driver: 'pg', close: () => pool.end() };
  }
  const dir = dataDir ?? './data';
  let location = dir;
  if (!dir.startsWith('memory://')) {
    // PGlite creates only the last path segment itself.
    location = path.resolve(dir);
    mkdirSync(path.dirname(location), { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: location,
    // trigram indexes answer the lists' searches (a migration creates the extension)
    extensions: { pg_trgm },
    ...(pgliteImage ? { loadDataDir: pgliteImage } : {}),
  });
  trackTransactions(client);
  const bind = (): Db => {
    // a new db object follows a reset of the session (the test pool's DISCARD ALL): its named
    // statements are gone
    forgetNamedStatements(client);
    const db = drizzlePglite({ client, casing: 'snake_case' });
    migrators.set(db, (migrationsFolder) => migratePglite(db, { migrationsFolder }));
    return db;
  };
  const db = bind();
  return {
    db,
    rebind: bind,
    driver: 'pglite',
    close: () => client.close(),
    dump: (compression = 'gzip') => client.dumpDataDir(compression),
  };
};

/** Applies the committed migrations in server/platform/db/migrations (idempotent). */
export const migrate = async (db: Db, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> => {
  const run = migrators.get(db);
  if (!run) throw new Error('migrate(db): db was not made by createDb');
  await run(migrationsFolder);
};

/** How many migrations the repository holds (server/platform/db/migrations/meta/_journal.json). */
export const committedMigrations = (migrationsFolder = MIGRATIONS_FOLDER): number => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries?: unknown[];
  };
  return journal.entries?.length ?? 0;
};

/** How many migrations this database has applied (drizzle's own bookkeeping table). */
export const appliedMigrations = async (db: Db): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
};
