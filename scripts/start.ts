// npm start: builds the portal when dist/ is missing or older than its sources, then starts the server.
// The npm script is `exec node …`: the shell npm starts is replaced by this process, so the signal npm
// relays on SIGTERM / SIGINT reaches the server (a lingering `sh -c` died and left the server serving).
// Plain Node runs this file (type stripping, no tsx): the server it starts is one bundled module
// (scripts/bundle.ts), which Node loads three times faster than the sources through tsx.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadBundle, newestMtime, SERVER_ENTRY } from './bundle.ts';

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
  const { startServer } = (await loadBundle(SERVER_ENTRY)) as typeof import('../server/server');
  await startServer();
};

main().catch((err: unknown) => {
  console.error('start failed:', err);
  process.exit(1);
});
