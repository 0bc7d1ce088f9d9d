// npm start: builds the portal when dist/ is missing or older than its sources, then starts the server.
// The npm script is `exec node …`: the shell npm starts is replaced by this process, so the signal npm
// relays on SIGTERM / SIGINT reaches the server (a lingering `sh -c` died and left the server serving).
// Plain Node runs this file (type stripping, no tsx): the server it starts is one bundled module
// (scripts/bundle.ts), which Node loads three times faster than the sources through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import path from 'node:path';

// V8's compiled code for the modules loaded from here on is kept on disk (the OS's temporary folder,
// or NODE_COMPILE_CACHE) and reused by the next start: about 0.3 s of a core less per start
enableCompileCache();
const { bundleOf, SERVER_ENTRY } = await import('./bundle.ts');

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'src',
  'contract',
  'resources',
  'mocks',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];
const distIndex = path.join(root, 'dist', 'index.html');

/** Newest modification time of a file or of any file below a folder (0 when absent). */
const newestMtime = (target: string): number => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
};

const needsBuild = (): boolean => {
  // a DIST_DIR of its own serves a portal built elsewhere: building ./dist would not change it
  const served = process.env.DIST_DIR;
  if (served && path.resolve(root, served) !== path.dirname(distIndex)) return false;
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
};

const main = async () => {
  if (needsBuild()) {
    process.stdout.write('Building the portal (dist/ is missing or out of date)...\n');
    const { build } = await import('vite');
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
    process.stdout.write('Portal built.\n');
  }
  // errors and logged stacks name the sources' files and lines, not the bundle's
  process.setSourceMapsEnabled(true);
  const { startServer } = (await import(await bundleOf(SERVER_ENTRY))) as typeof import('../server/server');
  await startServer();
};

main().catch((err: unknown) => {
  console.error('start failed:', err);
  process.exit(1);
});
