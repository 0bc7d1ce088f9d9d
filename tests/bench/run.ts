// `npm run bench`: login and a paged user list through the real app (app.inject), on the embedded
// database (PGlite, in memory and on disk) and on PostgreSQL, in one run. Absolute times depend on
// the machine, so every figure is also printed as a ratio against a peer measured in the same run:
// login against one bare argon2 verify, each database against in-memory PGlite. Nothing asserts a
// time; this is for reading.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BASE_PATHS, BEARER_PREFIX, HEADERS } from '../../contract';
import { type App, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type DbHandle, migrate } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { hashPassword, verifyPassword } from '../../server/services/passwords';

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 40);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const PASSWORD = 'bench-password-1';
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Stats {
  n: number;
  mean: number;
  p50: number;
  p95: number;
}

const stats = (samples: number[]): Stats => {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return {
    n: s.length,
    mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length),
    p50: at(0.5),
    p95: at(0.95),
  };
};

const time = async (n: number, fn: (i: number) => Promise<void>): Promise<Stats> => {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
};

interface Backend {
  name: string;
  open: () => Promise<{ handle: DbHandle; cleanup: () => Promise<void>; databaseUrl?: string }>;
}

const pgAvailable = async (): Promise<boolean> => {
  const c = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
};

const backends = async (): Promise<Backend[]> => {
  const list: Backend[] = [
    {
      name: 'pglite (memory)',
      open: async () => {
        const handle = await createDb({ dataDir: 'memory://' });
        return { handle, cleanup: () => handle.close() };
      },
    },
    {
      name: 'pglite (disk)',
      open: async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-bench-'));
        const handle = await createDb({ dataDir: path.join(dir, 'pglite') });
        return {
          handle,
          cleanup: async () => {
            await handle.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  if (await pgAvailable()) {
    list.push({
      name: 'postgresql',
      open: async () => {
        // generated from hex digits only, never from input
        const name = `bench_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: PG_BASE });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(PG_BASE);
        url.pathname = `/${name}`;
        const handle = await createDb({ databaseUrl: url.toString() });
        return {
          handle,
          databaseUrl: url.toString(),
          cleanup: async () => {
            await handle.close();
            const c = new pg.Client({ connectionString: PG_BASE });
            await c.connect();
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await c.end();
          },
        };
      },
    });
  } else {
    console.log(`PostgreSQL at ${PG_BASE} did not answer: measuring the embedded database only.\n`);
  }
  return list;
};

const seed = async (handle: DbHandle, passwordHash: string): Promise<void> => {
  const rows = Array.from({ length: USERS }, (_, i) => ({
    email: i === 0 ? 'bench.operator@example.com' : `merchant${String(i).padStart(6, '0')}@example.com`,
    name: i === 0 ? 'Bench Operator' : `Merchant ${i}`,
    passwordHash,
    type: i === 0 ? ('OPERATOR' as const) : ('MERCHANT' as const),
    state: 'ENABLE' as const,
    signupState: 'APPROVAL' as const,
  }));
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(users).values(rows.slice(i, i + 500));
};

const loginOnce = async (app: App, email: string): Promise<string> => {
  const res = await app.inject({
    method: 'POST',
    url: `${BASE_PATHS.main}/auth/get-token`,
    payload: { email, password: PASSWORD },
  });
  const token = res.headers[HEADERS.accessToken.toLowerCase()];
  if (res.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  }
  return token;
};

interface Row {
  backend: string;
  op: string;
  s: Stats;
}

const main = async (): Promise<void> => {
  console.log(
    `users ${USERS}, logins ${LOGINS}, list pages ${PAGES} (BENCH_USERS, BENCH_LOGINS, BENCH_PAGES)\n`,
  );
  const passwordHash = await hashPassword(PASSWORD);
  // The peer of a login: the password check alone, which a login cannot avoid.
  const argon = await time(LOGINS, async () => {
    await verifyPassword(passwordHash, PASSWORD);
  });
  const rows: Row[] = [];

  for (const backend of await backends()) {
    const { handle, cleanup, databaseUrl } = await backend.open();
    try {
      await migrate(handle.db);
      await seed(handle, passwordHash);
      const config = loadConfig({
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: tmpdir(),
        LOGIN_MAX_PER_IP: '1000000',
        LOGIN_MAX_FAILURES: '1000000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      const app = await buildApp({ config, db: handle.db, logger: false });
      await app.ready();
      try {
        const token = await loginOnce(app, 'bench.operator@example.com');
        const auth = { [HEADERS.authorization]: `${BEARER_PREFIX}${token}` };
        rows.push({
          backend: backend.name,
          op: 'login',
          s: await time(LOGINS, async (i) => {
            await loginOnce(app, `merchant${String((i % (USERS - 1)) + 1).padStart(6, '0')}@example.com`);
          }),
        });
        const list = async (query: string) => {
          const res = await app.inject({
            method: 'GET',
            url: `${BASE_PATHS.main}/user?${query}`,
            headers: auth,
          });
          if (res.statusCode !== 200) throw new Error(`user list failed: ${res.statusCode} ${res.body}`);
        };
        const pages = Math.max(1, Math.floor(USERS / 50));
        rows.push({
          backend: backend.name,
          op: 'user list, 50 per page, sorted by e-mail',
          s: await time(PAGES, (i) => list(`page=${i % pages}&size=50&sort=email,asc`)),
        });
        rows.push({
          backend: backend.name,
          op: 'user list, search name + filter state',
          s: await time(PAGES, (i) =>
            list(
              `size=20&search=${encodeURIComponent(JSON.stringify({ name: String(i % 100) }))}` +
                `&filter=${encodeURIComponent(JSON.stringify([{ field: 'state', op: 'eq', value: 'ENABLE' }]))}`,
            ),
          ),
        });
      } finally {
        await app.close();
      }
    } finally {
      await cleanup();
    }
  }

  const ms = (v: number) => v.toFixed(2).padStart(8);
  console.log(`argon2id verify alone (peer of login): mean ${ms(argon.mean)} ms, p95 ${ms(argon.p95)} ms\n`);
  console.log(
    `${'operation'.padEnd(42)} ${'database'.padEnd(16)} ${'n'.padStart(5)} ${'mean ms'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}  ratio`,
  );
  for (const r of rows) {
    const base = rows.find((b) => b.op === r.op && b.backend === 'pglite (memory)');
    const ratio =
      r.op === 'login'
        ? `${(r.s.mean / argon.mean).toFixed(2)}x argon2 verify`
        : `${(r.s.mean / (base?.s.mean ?? r.s.mean)).toFixed(2)}x pglite (memory)`;
    console.log(
      `${r.op.padEnd(42)} ${r.backend.padEnd(16)} ${String(r.s.n).padStart(5)} ${ms(r.s.mean)} ${ms(r.s.p50)} ${ms(r.s.p95)}  ${ratio}`,
    );
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
