// Finds every declaration in ./tables/ at run time, so a new table is one new file there and no list
// names it. Vite (the portal's build, the dev server and Vitest) reads the folder with
// import.meta.glob, which it turns into static imports; plain Node (the server under tsx, the
// scripts, drizzle-kit's loader) has no import.meta.glob and reads the folder synchronously with
// require, which tsx hooks for TypeScript (a module is still loaded once, whichever way it is asked).
import type { ResourceDeclaration } from './types';

type ModuleExports = Readonly<Record<string, unknown>>;

const isDeclaration = (value: unknown): value is ResourceDeclaration =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { path?: unknown }).path === 'string' &&
  Array.isArray((value as { fields?: unknown }).fields);

/** The table files through Node's own module loader: `process.getBuiltinModule` keeps `node:` imports out of the browser bundle. */
const requireTables = (): Record<string, ModuleExports> => {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (!node?.getBuiltinModule)
    throw new Error('resources/discover: neither Vite nor Node 22.3+ is running this');
  const { createRequire } = node.getBuiltinModule('node:module') as typeof import('node:module');
  const { readdirSync } = node.getBuiltinModule('node:fs') as typeof import('node:fs');
  const require = createRequire(import.meta.url);
  const files = readdirSync(new URL('./tables/', import.meta.url)).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.d.ts'),
  );
  return Object.fromEntries(files.map((f) => [`./tables/${f}`, require(`./tables/${f}`) as ModuleExports]));
};

const tableModules = (): Record<string, ModuleExports> => {
  try {
    return import.meta.glob<ModuleExports>('./tables/*.ts', { eager: true });
  } catch {
    // outside Vite `import.meta.glob` is undefined: calling it throws
    return requireTables();
  }
};

/**
 * Every declaration of ./tables/, ordered by file name. Each file exports exactly one declaration,
 * named as the file; anything else there is an error, said at start rather than found later.
 */
export const discoverDeclarations = (): readonly ResourceDeclaration[] =>
  Object.entries(tableModules())
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, exports]) => {
      const found = Object.values(exports).filter(isDeclaration);
      const base = file.replace(/^.*\//, '').replace(/\.ts$/, '');
      const [decl] = found;
      if (found.length !== 1 || !decl) {
        throw new Error(
          `resources/tables/${base}.ts must export exactly one declaration (found ${found.length})`,
        );
      }
      if (decl.name !== base) {
        throw new Error(`resources/tables/${base}.ts declares '${decl.name}': name the file after the table`);
      }
      return decl;
    });
