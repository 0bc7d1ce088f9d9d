// The portal's production build in ./dist, made when it is missing or older than its sources: what
// `npm start` does first (scripts/start.ts), and what the browser tests' set-up does once before their
// files start two at a time (tests/e2e/global-setup.ts), so two servers never build into ./dist at once.
// Plain Node runs this file (type stripping): erasable TypeScript only, and imports with extensions.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { InlineConfig } from 'vite';
import { newestMtime } from './bundle.ts';

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

/**
 * One production build of the portal, `config` laid over the project's vite.config.ts (./dist unless
 * it names another folder). React's production build whoever calls: Vitest sets NODE_ENV=test, and
 * Vite would then bundle React's development build, its warnings and its slowness.
 */
export const buildPortal = async (config: InlineConfig = {}): Promise<void> => {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      ...config,
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
};

/** Builds the portal into ./dist when it is missing or out of date; says so on stdout. */
export const buildPortalIfStale = async (): Promise<void> => {
  if (!needsBuild()) return;
  process.stdout.write('Building the portal (dist/ is missing or out of date)...\n');
  await buildPortal();
  process.stdout.write('Portal built.\n');
};
