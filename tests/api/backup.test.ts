// npm run backup and npm run restore as an operator runs them: a user added with create-user is in
// the backup, and a database restored from it has that user (the embedded database: a new data
// folder; PostgreSQL: pg_dump / pg_restore into a fresh database).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_NODE_ARGS } from '../node-child';
import { freshMigratedPgDatabase, freshPgDatabase, migratedDataDir } from './helpers';

const root = path.resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-backup-'));
const dbs: { drop: () => Promise<void> }[] = [];

const script = (file: string, args: string[], env: Record<string, string>) => {
  // as `npm run backup` and `npm run restore` run it
  const res = spawnSync(process.execPath, [...CHILD_NODE_ARGS, 'scripts/run.ts', file, ...args], {
    cwd: root,
    env: { ...process.env, JWT_SECRET: 'backup-test-secret-0123456789abcdef-0123', ...env },
    encoding: 'utf8',
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
};

afterAll(async () => {
  for (const d of dbs) await d.drop();
  rmSync(dir, { recursive: true, force: true });
});

const addUser = (env: Record<string, string>) =>
  script(
    'scripts/create-user.ts',
    ['--type', 'merchant', '--email', 'kept@example.com', '--password', 'kept-Password-1'],
    env,
  );

describe('backup and restore', () => {
  it('the embedded database: restored into a new data folder, with its rows', async () => {
    const from = { DATA_DIR: await migratedDataDir(path.join(dir, 'from')), DATABASE_URL: '' };
    expect(addUser(from).code).toBe(0);
    const file = path.join(dir, 'embedded.tar.gz');
    const backup = script('scripts/backup.ts', ['backup', '--file', file], from);
    expect(backup.out).toContain('backup:');
    expect(backup.code).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(0);

    const to = { DATA_DIR: path.join(dir, 'to'), DATABASE_URL: '' };
    const restore = script('scripts/backup.ts', ['restore', '--file', file], to);
    expect(restore.code, restore.out).toBe(0);
    const db = await PGlite.create({ dataDir: path.join(dir, 'to', 'pglite') });
    try {
      const { rows } = await db.query<{ email: string }>('select email from users');
      expect(rows.map((r) => r.email)).toContain('kept@example.com');
    } finally {
      await db.close();
    }
  }, 180_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: pg_dump, then pg_restore into a fresh database',
    async () => {
      const base = process.env.DATABASE_URL ?? '';
      const from = await freshMigratedPgDatabase(base);
      const to = await freshPgDatabase(base);
      dbs.push(from, to);
      expect(addUser({ DATABASE_URL: from.url, DATA_DIR: path.join(dir, 'pg') }).code).toBe(0);
      const file = path.join(dir, 'pg.dump');
      expect(script('scripts/backup.ts', ['backup', '--file', file], { DATABASE_URL: from.url }).code).toBe(
        0,
      );
      const restore = script('scripts/backup.ts', ['restore', '--file', file], { DATABASE_URL: to.url });
      expect(restore.code, restore.out).toBe(0);
      const client = new pg.Client({ connectionString: to.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ email: string }>('select email from users');
        expect(rows.map((r) => r.email)).toContain('kept@example.com');
      } finally {
        await client.end();
      }
    },
    180_000,
  );
});
