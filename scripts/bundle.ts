// The server, and the scripts that open its database, each as one ES module: what `npm start`
// (scripts/start.ts) and `npm run create-user | seed:demo | backup | restore` (scripts/run.ts) run.
// Run through tsx, the server's ~300 TypeScript files and its dependencies took 2.5 s of a core to
// load (tsx's hooks on every import, and Node resolving drizzle-orm's 178 kB export map once per
// importing file); bundled by esbuild, 0.8 s (docs/performance.md "A server process's start").
// A bundle is rebuilt when a source is newer than it (about 0.3 s) and written under
// node_modules/.cache, never into the repository; the image builds the server's once (Dockerfile).
//
// What the bundle keeps as it was: every dependency but drizzle-orm stays a package Node loads
// (PGlite finds its files next to its own module, argon2 is native); each of our modules keeps its
// own import.meta.url, dirname and filename, so a path worked out from them (the migrations folder)
// is the same as under tsx; resources/discover.ts's table files, which Vite finds with
// import.meta.glob and tsx by reading the folder, become static imports of every file there.
//
// Plain Node runs this file (type stripping): erasable TypeScript only, and imports with extensions.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(root, 'node_modules', '.cache', 'loyalty-bundles');
/** What a bundle is made of besides its entry: when one of these is newer than it, it is built again. */
const SOURCES = ['server', 'contract', 'resources', 'package-lock.json', 'scripts/bundle.ts'];
/** Bundled into the server rather than loaded as a package: see the comment at the top. */
const BUNDLED_PACKAGES = new Set(['drizzle-orm']);

/**
 * Newest modification time of a file or of any file below a folder (0 when absent). With `folders`,
 * the folders' own times count too, so a file removed from one makes it newer. The portal's check
 * (scripts/portal-build.ts) counts files only: the image copies its folders after building the portal.
 */
export const newestMtime = (target: string, folders = false): number => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = folders ? stat.mtimeMs : 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), folders));
  }
  return newest;
};

const isStale = (entry: string, bundle: string): boolean => {
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return [entry, ...SOURCES.map((s) => path.join(root, s))].some((s) => newestMtime(s, true) > built);
};

/** Every package the project names, and their subpaths: loaded by Node, not bundled. */
const externalPackages = (): string[] => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const names = ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((k) =>
    Object.keys(manifest[k] ?? {}),
  );
  return names.filter((n) => !BUNDLED_PACKAGES.has(n)).flatMap((n) => [n, `${n}/*`]);
};

/** Our modules keep their own location, and the table folder becomes static imports. */
const ownModules: Plugin = {
  name: 'own-modules',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let source = readFileSync(args.path, 'utf8');
      if (args.path === path.join(root, 'resources', 'discover.ts')) {
        const tables = readdirSync(path.join(root, 'resources', 'tables'))
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
          .sort();
        const glob = /import\.meta\.glob<ModuleExports>\([^)]*\)/;
        if (!glob.test(source))
          throw new Error('resources/discover.ts no longer reads ./tables/ with import.meta.glob');
        const imports = tables.map((f, i) => `import * as table${i} from './tables/${f}';`).join('\n');
        const found = `{${tables.map((f, i) => `${JSON.stringify(`./tables/${f}`)}: table${i}`).join(', ')}}`;
        source = `${imports}\n${source.replace(glob, found)}`;
      }
      source = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents: source, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * The file URL of the bundle of `entry` (a path from the project's root, such as server/server.ts),
 * built first when it is missing or older than a source. Written under a name of its own and then
 * renamed, so a process starting beside the build never reads half a file.
 */
export const bundleOf = async (entry: string): Promise<string> => {
  const source = path.resolve(root, entry);
  const bundle = path.join(
    OUT_DIR,
    `${path
      .relative(root, source)
      .replace(/\.tsx?$/, '')
      .replaceAll(path.sep, '-')}.mjs`,
  );
  if (isStale(source, bundle)) {
    // loaded only to build: a start whose bundle is up to date never loads esbuild
    const { build } = await import('esbuild');
    const built = await build({
      entryPoints: [source],
      outfile: bundle,
      write: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      external: externalPackages(),
      plugins: [ownModules],
      sourcemap: 'linked',
      sourcesContent: false,
      // a CommonJS module bundled in may still call require()
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      logLevel: 'warning',
    });
    mkdirSync(OUT_DIR, { recursive: true });
    // the map first: whoever reads the new bundle finds its map
    const files = [...built.outputFiles].sort((a, b) =>
      a.path.endsWith('.map') ? -1 : b.path.endsWith('.map') ? 1 : 0,
    );
    for (const file of files) {
      const temporary = `${file.path}.${process.pid}.tmp`;
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
    }
  }
  return pathToFileURL(bundle).href;
};

/** The server's entry (scripts/start.ts loads its bundle and calls `startServer`). */
export const SERVER_ENTRY = 'server/server.ts';

/**
 * Loads the bundle of `entry` and answers its exports, the way scripts/start.ts and scripts/run.ts
 * run one: V8's compiled code kept on disk for the next start (the OS's temporary folder, or
 * NODE_COMPILE_CACHE; about 0.2 s of a core less a start), and stack traces mapped back to the
 * sources' files and lines.
 */
export const loadBundle = async (entry: string): Promise<unknown> => {
  enableCompileCache();
  process.setSourceMapsEnabled(true);
  return import(await bundleOf(entry));
};

// `node scripts/bundle.ts [entry…]`: build them now (the image does, so its user never writes them)
if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  const entries = process.argv.slice(2);
  for (const entry of entries.length > 0 ? entries : [SERVER_ENTRY]) {
    process.stdout.write(`${await bundleOf(entry)}\n`);
  }
}
