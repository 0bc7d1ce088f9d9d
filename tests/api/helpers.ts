import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash as argon2Hash } from '@node-rs/argon2';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { DEFAULT_TIME_ZONE, type SignupState, type UserState, type UserType } from '../../contract';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/platform/config';
import { dayIn } from '../../server/platform/countries';
import {
  createDb,
  type Db,
  type DbHandle,
  MIGRATIONS_FOLDER,
  migrate,
} from '../../server/platform/db/client';
import { rowsOfResult } from '../../server/platform/db/raw-rows';
import { auditLog, mailOutbox, type UserRow, users } from '../../server/platform/db/schema';
import type { FileStore } from '../../server/platform/files';
import type { App } from '../../server/platform/http/app-types';
import { PASSWORD_HASH_OPTIONS } from '../../server/platform/passwords';
import { pgliteDir } from '../../server/server';

export const AUTH = '/portal-main-service/api/v1/auth';

/**
 * A test user's password hash: argon2id as the server makes them, at the lowest cost the algorithm
 * allows. A login verifies a hash with the parameters written in it, so each sign-in in the tests costs
 * about a millisecond instead of the 64 MiB and three passes (60-250 ms of a core) that guard real
 * accounts; thousands of sign-ins made that a large part of `npm test`. The server's own parameters are
 * checked in tests/unit/passwords.test.ts, and every password a route sets still gets them.
 */
const testHashes = new Map<string, Promise<string>>();
export const testPasswordHash = (password: string): Promise<string> => {
  let made = testHashes.get(password);
  if (!made) {
    made = argon2Hash(password, { ...PASSWORD_HASH_OPTIONS, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    testHashes.set(password, made);
  }
  return made;
};

/** The day `at` falls on in Singapore, the test companies' country: their vouchers' and programmes' calendar. */
export const sgDay = (at: Date): string => dayIn(DEFAULT_TIME_ZONE, at);

export const TEST_ENV: Record<string, string> = {
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  DATA_DIR: '/tmp/loyalty-test-unused',
  // no built portal: an API test's app never serves the repository's ./dist, which the browser tests
  // (re)build beside it (registering its ~600 files raced that build: a plugin timeout under load);
  // a test of the served portal gives a folder of its own (operating.test.ts, compression.test.ts)
  DIST_DIR: '/tmp/loyalty-test-unused/no-dist',
  PUBLIC_URL: 'http://portal.test',
  LOG_LEVEL: 'info',
};

export interface TestAppOptions {
  /** environment variables on top of TEST_ENV */
  env?: Record<string, string>;
  /** capture log lines (otherwise logging is off) */
  logStream?: NodeJS.WritableStream;
  /** register extra (probe) routes before the app is ready */
  setup?: (app: App) => void | Promise<void>;
  /** the file store (default: DATA_DIR/files) */
  fileStore?: FileStore;
  /**
   * A database started from the image, never a spare (see embeddedDb): for tests whose assertions read
   * the planner (EXPLAIN, row estimates), which a spare would plan with its last file's statistics and
   * table sizes
   */
  freshDatabase?: boolean;
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

/**
 * A fresh PostgreSQL database for one test file, so files can run in parallel on one server: empty,
 * or a copy of `template` (a migrated one, see migratedPgTemplate).
 */
export const freshPgDatabase = async (
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // both names are made here from hex digits only, never from input
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return {
    url: dbUrl(baseUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

const dbUrl = (baseUrl: string, name: string): string => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A short hash of the migration files: a cached migrated database is valid while it holds. */
let migrationsHashMemo: string | undefined;
const migrationsHash = (): string => {
  if (migrationsHashMemo) return migrationsHashMemo;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  migrationsHashMemo = hash.digest('hex').slice(0, 16);
  return migrationsHashMemo;
};

/**
 * The name of a migrated, empty PostgreSQL database on the server of `baseUrl`, made once per set of
 * migrations and kept: each test file then starts from a copy of it (CREATE DATABASE … TEMPLATE, a
 * file copy) instead of running every migration again. Workers that start together wait on an
 * advisory lock for the one that builds it; it is built under another name and renamed when done, so
 * a half-migrated template is never copied.
 */
let pgTemplatePromise: Promise<string> | undefined;
const migratedPgTemplate = (baseUrl: string): Promise<string> => {
  pgTemplatePromise ??= (async () => {
    const name = `loyalty_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const handle = await createDb({ databaseUrl: dbUrl(baseUrl, building) });
        try {
          await migrate(handle.db);
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    } finally {
      await admin.end();
    }
    return name;
  })();
  return pgTemplatePromise;
};

/**
 * A dumped, migrated, empty PGlite database, shared by all test files through a file in the temp
 * folder named after the migrations: starting from it skips initdb and the migrations, which is most
 * of the time an API test spends creating its app. Any trouble: undefined, and the caller starts
 * from scratch.
 */
let imagePromise: Promise<Blob | undefined> | undefined;
const migratedImage = (): Promise<Blob | undefined> => {
  imagePromise ??= (async () => {
    try {
      // a plain tar: starting from it takes half the time of the gzipped one (some 66 MB, once per machine)
      const file = path.join(tmpdir(), `loyalty-pglite-${migrationsHash()}.tar`);
      if (existsSync(file)) return new Blob([readFileSync(file)]);
      const fresh = await createDb({ dataDir: 'memory://' });
      try {
        await migrate(fresh.db);
        const image = await fresh.dump?.('none');
        if (!image) return undefined;
        // write-then-rename: a file running at the same time never reads half an image
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
        renameSync(partial, file);
        return image;
      } finally {
        await fresh.close();
      }
    } catch {
      return undefined;
    }
  })();
  return imagePromise;
};

/**
 * Makes `dataDir` a data folder whose embedded database is already migrated (a copy of the shared
 * image), for tests that start the real entry points (server.ts, create-user, backup): each would
 * otherwise run initdb and every migration itself, the most of a start's seconds. Migrating an empty
 * data folder stays covered: the image is made that way, and the browser suite's first `npm start`.
 */
export const migratedDataDir = async (dataDir: string): Promise<string> => {
  const image = await migratedImage();
  if (!image) return dataDir;
  const handle = await createDb({ dataDir: pgliteDir(dataDir), pgliteImage: image });
  await handle.close();
  return dataDir;
};

/** A fresh PostgreSQL database already migrated (a copy of the migrated template). */
export const freshMigratedPgDatabase = async (
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> =>
  freshPgDatabase(baseUrl, await migratedPgTemplate(baseUrl));

/**
 * Empties every table and sets every sequence back to its start, as TRUNCATE … RESTART IDENTITY would,
 * in one statement. DELETE, not TRUNCATE: truncating gives each of some 70 tables and their indexes new
 * files, which on the embedded database's in-memory file system costs 170 ms; deleting the few rows a
 * test wrote costs a few. The replica role skips the foreign keys' checks, so the order does not matter.
 */
export const emptyDatabase = async (db: Db): Promise<void> => {
  await db.execute(
    sql.raw(`DO $$ DECLARE t record; BEGIN
      PERFORM set_config('session_replication_role', 'replica', true);
      FOR t IN SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE 'DELETE FROM ' || t.name;
      END LOOP;
      PERFORM setval(s.seqrelid, s.seqstart, false)
        FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public';
    END $$`),
  );
};

/** What the database is made of (relations, functions, triggers, applied migrations), as one hash. */
const schemaFingerprint = async (db: Db): Promise<string> => {
  const [row] = rowsOfResult<{ f: string }>(
    await db.execute(sql`select md5(concat_ws('|',
      (select string_agg(c.relname::text || ':' || c.relkind::text, ',' order by c.relname, c.relkind)
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')),
      (select string_agg(p.proname::text, ',' order by p.proname)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
      (select string_agg(t.tgname::text, ',' order by t.tgname) from pg_trigger t),
      (select count(*)::text from drizzle.__drizzle_migrations))) as f`),
  );
  return row?.f ?? '';
};

/**
 * Embedded databases whose test app has closed, kept for the next app of this worker: starting one
 * from the image is half a second and more of a core, and a test run makes some 135. A spare is
 * emptied (emptyDatabase) and its session reset before it is handed out, and only when it is still
 * made of what the image holds; one a test changed (a table added, a migration applied) is closed.
 */
const spareDbs: DbHandle[] = [];
let imageFingerprint: Promise<string> | undefined;

const reusedDb = async (): Promise<DbHandle | undefined> => {
  for (let handle = spareDbs.pop(); handle; handle = spareDbs.pop()) {
    try {
      await handle.db.execute(sql.raw('ROLLBACK')).catch(() => undefined);
      await handle.db.execute(sql.raw('DISCARD ALL'));
      if ((await schemaFingerprint(handle.db)) !== (await imageFingerprint)) throw new Error('changed');
      await emptyDatabase(handle.db);
      // a new db object: what the server keeps per db (a table's row estimate) belongs to the last app
      return { ...handle, db: handle.rebind?.() ?? handle.db };
    } catch {
      await handle.close().catch(() => undefined);
    }
  }
  return undefined;
};

const embeddedDb = async (fresh = false): Promise<DbHandle> => {
  const spare = fresh ? undefined : await reusedDb();
  if (spare) return spare;
  const handle = await createDb({ dataDir: 'memory://', pgliteImage: await migratedImage() }).catch(() =>
    createDb({ dataDir: 'memory://' }),
  );
  if (!imageFingerprint) {
    // what a spare must still be made of: this first database, migrated, before any test touched it
    await migrate(handle.db);
    imageFingerprint = schemaFingerprint(handle.db);
    await imageFingerprint;
  }
  return handle;
};

/**
 * The errors behind the test apps' 5xx answers, by request id (a random UUID; the newest 50 or so are
 * kept): the app's logger is off in tests, so without them a failing `dataOf` would say only "The
 * request failed", and CI's summary prints only the assertion's line.
 */
const serverErrors = new Map<string, string>();

/** An app on in-memory PGlite, or on a fresh PostgreSQL database when DATABASE_URL is set. */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const baseUrl = process.env.DATABASE_URL;
  const pgDb = baseUrl ? await freshMigratedPgDatabase(baseUrl) : undefined;
  const config = loadConfig({ ...TEST_ENV, ...options.env, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  const handle = pgDb ? await createDb({ databaseUrl: pgDb.url }) : await embeddedDb(options.freshDatabase);
  await migrate(handle.db);
  const app = await buildApp({
    config,
    db: handle.db,
    logger: options.logStream !== undefined,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.fileStore ? { fileStore: options.fileStore } : {}),
  });
  app.addHook('onError', async (request, _reply, error) => {
    // called before the error handler: an error with no status of its own is the handler's 500
    if (((error as { statusCode?: number }).statusCode ?? 500) >= 500) {
      if (serverErrors.size > 50) serverErrors.clear();
      serverErrors.set(
        request.id,
        `${error.name}: ${error.message} ${error.stack?.split('\n')[1]?.trim() ?? ''}`,
      );
    }
  });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    close: async () => {
      await app.close();
      if (pgDb) {
        await handle.close();
        await pgDb.drop();
      } else spareDbs.push(handle);
    },
  };
};

export interface NewTestUser {
  email: string;
  password?: string | null;
  name?: string;
  type?: UserType;
  state?: UserState;
  signupState?: SignupState;
  mobile?: string | null;
  companyId?: number | null;
  brandId?: number | null;
  mustResetPassword?: boolean;
}

export const createUser = async (db: Db, input: NewTestUser): Promise<UserRow> => {
  const [row] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      name: input.name ?? input.email.split('@')[0] ?? '',
      passwordHash: input.password ? await testPasswordHash(input.password) : null,
      type: input.type ?? 'MERCHANT',
      state: input.state ?? 'ENABLE',
      signupState: input.signupState ?? 'SUBMITTED',
      mobile: input.mobile ?? null,
      companyId: input.companyId ?? null,
      brandId: input.brandId ?? null,
      mustResetPassword: input.mustResetPassword ?? false,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
};

export const authHeader = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export interface LoginResult {
  response: LightMyRequestResponse;
  accessToken: string;
  refreshToken: string;
}

const header = (res: LightMyRequestResponse, name: string): string => {
  const v = res.headers[name];
  return typeof v === 'string' ? v : '';
};

/** POST get-token; the tokens are '' when the login failed (inspect `response`). */
export const login = async (
  app: App,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LoginResult> => {
  const response = await app.inject({
    method: 'POST',
    url: `${AUTH}/get-token`,
    headers,
    payload: { email, password },
  });
  return {
    response,
    accessToken: header(response, 'x-access-token'),
    refreshToken: header(response, 'x-refresh-token'),
  };
};

/** Mails in the outbox, newest first, optionally only those to one address. */
export const readOutbox = async (db: Db, to?: string) => {
  const q = db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  return to ? q.where(eq(mailOutbox.to, to.toLowerCase())) : q;
};

/** The audit rows of `action` on the user `userId`, oldest first. */
export const userAuditRows = (db: Db, action: string, userId: number | undefined) =>
  db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.resource, 'users'), eq(auditLog.action, action), eq(auditLog.recordId, String(userId))),
    )
    .orderBy(asc(auditLog.id));

/** The token in the newest mailed link to an address. */
export const lastMailedToken = async (db: Db, to: string): Promise<string> => {
  const [mail] = await readOutbox(db, to);
  const link = mail?.link;
  if (!link) throw new Error(`no mail with a link to ${to}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`mail link without token: ${link}`);
  return token;
};

/** A writable stream that collects log output as text. */
export const captureLogs = async (): Promise<{ stream: NodeJS.WritableStream; text: () => string }> => {
  const { Writable } = await import('node:stream');
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  });
  return { stream, text: () => chunks.join('') };
};

/** Timeout for a test that builds an app of its own (a busy machine makes that slow). */
export const APP_TIMEOUT = 120_000;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `call(who, method, url, body?, headers?)` for one test file: `who` names a token in `tokens`
 * (null: no Authorization header). `app` is read at call time, since files build theirs in beforeAll.
 */
export const caller =
  (app: () => App, tokens: Record<string, string>) =>
  (
    who: string | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app().inject({
      method,
      url,
      headers: { ...(who === null ? {} : authHeader(tokens[who] ?? '')), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

/** The HTTP status and the envelope's code, to compare with `{ status, code }` in one assertion. */
export const codeOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: res.json().code });

/** Asserts an answer's HTTP status and envelope code in one comparison (what an error case expects). */
export const expectError = (res: LightMyRequestResponse, status: number, code: number) => {
  expect(codeOf(res)).toEqual({ status, code });
};

/** An answer's body, with the error behind it when the server failed (its 5xx). */
export const answerOf = (res: LightMyRequestResponse): string => {
  const failure = serverErrors.get(String(res.headers['x-request-id']));
  return failure ? `${res.body} (server: ${failure})` : res.body;
};

/** The `data` of a successful envelope (the assertion names the body when it is not one). */
export const dataOf = (res: LightMyRequestResponse) => {
  expect(res.json(), answerOf(res)).toMatchObject({
    type: 'CR',
    code: 0,
  });
  return res.json().data;
};
