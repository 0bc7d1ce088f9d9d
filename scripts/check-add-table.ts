// `npm run check:add-table`: proves that README "How to add a table" is the whole procedure. In a
// scratch copy of the repository it writes the README's own example declaration to
// resources/tables/, runs the one documented command (`npm run db:generate`), and with nothing else
// edited runs lint and the type check on the copy and the tests that walk the declarations (the
// registry, the derived tables and their migration, the menu, the words, the demo rows, the
// cross-tenant API and every declared route in the portal), checking first that they see the new table
// at its route and in the menu. CI runs it (.ci/run); `--keep` leaves the copy for a look.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { keep: { type: 'boolean' } } });

/** The README's example declaration: the first TypeScript block of "How to add a table". */
export const readmeDeclaration = (readme: string): { name: string; source: string } => {
  const section = readme.split(/^## How to add a table$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = /^( *)```ts\n([\s\S]*?)^\1```$/m.exec(section);
  if (!block) throw new Error('README "How to add a table" has no ```ts block');
  const indent = block[1] ?? '';
  const source = (block[2] ?? '')
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
  const name = /^\s*name: '(\w+)'/m.exec(source)?.[1];
  if (!name) throw new Error('the README example declares no name');
  return { name, source };
};

const step = (title: string) => console.log(`\n=== check:add-table: ${title}`);
const run = (cwd: string, command: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, E2E_REQUIRED: '', ...env } });

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { name, source } = readmeDeclaration(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'add-table-'));
  const repo = path.join(scratch, 'main');
  try {
    step(`a scratch copy in ${repo}`);
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => f !== '' && existsSync(path.join(ROOT, f)));
    for (const f of files) {
      mkdirSync(path.dirname(path.join(repo, f)), { recursive: true });
      cpSync(path.join(ROOT, f), path.join(repo, f));
    }
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
    const shared = path.resolve(ROOT, '../shared');
    if (existsSync(shared)) symlinkSync(shared, path.join(scratch, 'shared'), 'dir');

    step(`the README's declaration as resources/tables/${name}.ts, then npm run db:generate`);
    writeFileSync(path.join(repo, 'resources/tables', `${name}.ts`), source);
    const migrations = path.join(repo, 'server/platform/db/migrations');
    const before = new Set(readdirSync(migrations));
    run(repo, 'npm', ['run', 'db:generate']);
    const added = readdirSync(migrations).filter((f) => !before.has(f) && f.endsWith('.sql'));
    const sql = added.map((f) => readFileSync(path.join(migrations, f), 'utf8')).join('\n');
    const table = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!sql.includes(`CREATE TABLE "${table}"`))
      throw new Error(`db:generate wrote no CREATE TABLE "${table}"`);
    console.log(`migration ${added.join(', ')} creates "${table}"`);

    step('the portal and the server see it: its route, title and menu entry');
    run(repo, 'npx', [
      'tsx',
      '-e',
      `import { ROUTES } from './src/routes';
       import { resourceByName } from './resources';
       const decl = resourceByName('${name}');
       const route = ROUTES.find((r) => r.table === '${name}' && r.path === decl?.route);
       if (!decl || !route) throw new Error('no route for ${name}');
       if (decl.menu && !route.menu) throw new Error('no menu entry for ${name}');
       console.log('${name}:', route.path, route.title, JSON.stringify(route.menu ?? null), route.who.join(','));`,
    ]);

    step('lint and type check of the copy');
    run(repo, 'npx', ['biome', 'check', '.']);
    run(repo, 'npx', ['tsc', '-p', '.']);

    step('the tests that walk the declarations');
    run(
      repo,
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'unit',
        '--project',
        'api',
        '--project',
        'portal',
        'tests/unit/registry.test.ts',
        'tests/unit/derive-tables.test.ts',
        'tests/unit/portal-menuFor.test.ts',
        'tests/unit/words.test.ts',
        'tests/unit/locales.test.ts',
        'tests/unit/state-machines-doc.test.ts',
        'tests/unit/demo-rows.test.ts',
        'tests/api/cross-tenant.test.ts',
        'tests/api/seed-demo.test.ts',
        'tests/portal/tables/declared-tables.test.tsx',
      ],
      { DECLARED_TABLES: name },
    );
    console.log(`\ncheck:add-table passed: ${name} was added with one file and npm run db:generate`);
  } finally {
    if (values.keep) console.log(`kept ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
}
