// `npm run db:generate`: everything generated from the declarations, in one command. drizzle-kit
// writes the next migration from the tables (server/platform/db/schema and the derived tables of
// resources/tables/), then docs/state-machines.md is written from the declarations' actions.
// `npm run db:redo` first takes back the migrations that git does not hold yet (written by an earlier
// db:generate and not committed: their SQL, their snapshot and their journal lines), then generates
// again, so a declaration can change until its migration is committed. A committed migration is
// never redone: it may have run somewhere; change the declaration and generate a new one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const MIGRATIONS = path.join(ROOT, 'server/platform/db/migrations');
const JOURNAL = path.join(MIGRATIONS, 'meta/_journal.json');

interface Journal {
  entries: { idx: number; tag: string }[];
}

const tracked = (file: string): boolean =>
  spawnSync('git', ['ls-files', '--error-unmatch', file], { cwd: ROOT, stdio: 'ignore' }).status === 0;

/** Removes the migrations git does not track; says which, and refuses when none is uncommitted. */
const takeBackUncommitted = (): void => {
  if (spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: ROOT, stdio: 'ignore' }).status !== 0) {
    throw new Error('db:redo needs a git checkout: it takes back only migrations git does not hold yet');
  }
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as Journal;
  const sqlOf = (tag: string) => path.join(MIGRATIONS, `${tag}.sql`);
  const fresh = journal.entries.filter((e) => !tracked(sqlOf(e.tag)));
  if (fresh.length === 0) {
    console.log('db:redo: every migration is committed; nothing to take back (generating as usual)');
    return;
  }
  const first = fresh[0]?.idx ?? 0;
  if (fresh.some((e, i) => e.idx !== first + i) || journal.entries.at(-1)?.idx !== fresh.at(-1)?.idx) {
    throw new Error(
      'db:redo: an uncommitted migration sits before a committed one; sort the journal out by hand',
    );
  }
  for (const e of fresh) {
    const snapshot = path.join(MIGRATIONS, 'meta', `${String(e.idx).padStart(4, '0')}_snapshot.json`);
    for (const file of [sqlOf(e.tag), snapshot]) if (existsSync(file)) rmSync(file);
    console.log(`db:redo: took back ${e.tag}`);
  }
  journal.entries = journal.entries.filter((e) => e.idx < first);
  writeFileSync(JOURNAL, JSON.stringify(journal, null, 2));
};

const { values } = parseArgs({ options: { redo: { type: 'boolean' }, name: { type: 'string' } } });
if (values.redo) takeBackUncommitted();
execFileSync('npx', ['drizzle-kit', 'generate', ...(values.name ? ['--name', values.name] : [])], {
  cwd: ROOT,
  stdio: 'inherit',
});
execFileSync('npx', ['tsx', 'scripts/state-machines-doc.ts'], { cwd: ROOT, stdio: 'inherit' });
