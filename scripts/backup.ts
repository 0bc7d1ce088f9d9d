// npm run backup -- --file F      writes a backup of the database the server uses
// npm run restore -- --file F     puts a backup back (an empty or disposable database only)
//
// The embedded database (PGlite in DATA_DIR): the backup is PGlite's own data-folder dump (a gzipped
// tarball, `dumpDataDir`), and restoring starts a new data folder from it; stop the server first
// (PGlite allows one process per data folder). PostgreSQL (DATABASE_URL): pg_dump's custom format and
// pg_restore (PostgreSQL's client tools on the PATH), which runs while the server runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = 'usage: npm run backup -- --file F | npm run restore -- --file F';

const run = (cmd: string, args: string[]): number => {
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  if (res.error) {
    process.stderr.write(`${cmd}: ${res.error.message} (are PostgreSQL's client tools installed?)\n`);
    return 1;
  }
  return res.status ?? 1;
};

const main = async (): Promise<number> => {
  const mode = process.argv[2];
  const { values } = parseArgs({ args: process.argv.slice(3), options: { file: { type: 'string' } } });
  if ((mode !== 'backup' && mode !== 'restore') || !values.file) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const file = path.resolve(values.file);
  const [{ loadConfig }, { pgliteDir }] = await Promise.all([
    import('../server/platform/config'),
    import('../server/server'),
  ]);
  const config = loadConfig();

  if (config.databaseUrl) {
    return mode === 'backup'
      ? run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, config.databaseUrl])
      : run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, file]);
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const dir = pgliteDir(config.dataDir);
  if (mode === 'backup') {
    if (!existsSync(dir)) {
      process.stderr.write(`backup: no embedded database in ${dir}\n`);
      return 1;
    }
    const db = await PGlite.create({ dataDir: dir });
    try {
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    process.stdout.write(`backup: ${dir} → ${file}\n`);
    return 0;
  }
  if (!existsSync(file)) {
    process.stderr.write(`restore: no file ${file}\n`);
    return 1;
  }
  // the current data folder is kept aside, not deleted, until the restored one opens
  const aside = `${dir}.before-restore-${Date.now()}`;
  if (existsSync(dir)) renameSync(dir, aside);
  // PGlite creates only the last folder of its path
  mkdirSync(path.dirname(dir), { recursive: true });
  try {
    const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
    await db.query('select 1');
    await db.close();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    if (existsSync(aside)) renameSync(aside, dir);
    throw err;
  }
  process.stdout.write(
    `restore: ${file} → ${dir}${existsSync(aside) ? ` (the previous data folder is in ${aside})` : ''}\n`,
  );
  return 0;
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
