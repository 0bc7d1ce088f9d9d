import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, runnerImport } from 'vite';
import {
  BOOT_HEADINGS_ELEMENT_ID,
  type BootHeadings,
  scriptSafeJson,
  THEME_PAINT_SCRIPT,
} from './contract/document';

/** Files worth compressing ahead of time, and the size below which it does not pay. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every compressible built file, once, at build time:
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'loyalty-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // nothing was written (a build with `write: false`)
      if (!existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
};

/**
 * The page headings index.html paints before any script (src/layout/bootHeadings.ts), from the routes
 * and the portal's own messages and translate: that module is loaded through Vite's module runner (it
 * reads the declarations with import.meta.glob), its translations of other locales from public/locales/.
 */
const loadBootHeadings = async (root: string): Promise<BootHeadings> => {
  const { module } = await runnerImport<typeof import('./src/layout/bootHeadings')>(
    path.join(root, 'src/layout/bootHeadings.ts'),
    { configFile: false, root, logLevel: 'warn' },
  );
  return module.bootHeadingsFrom(async (locale, namespace) =>
    JSON.parse(readFileSync(path.join(root, 'public/locales', locale, `${namespace}.json`), 'utf8')),
  );
};

/**
 * index.html's head: the theme paint inline, first (contract THEME_PAINT_SCRIPT; the server's CSP
 * allows it by its hash), the data block of the page headings it reads, last, and no external
 * script. The built portal gets its run-time settings from the server, which writes them into the
 * document (server/domains/portal/document.ts); the dev server has no such step, so there (only) the
 * head loads /env.js from the API server as before.
 */
const documentHead = (): Plugin => {
  let root = process.cwd();
  let headings: Promise<BootHeadings> | undefined;
  return {
    name: 'loyalty-document-head',
    configResolved(config) {
      root = config.root;
    },
    async transformIndexHtml(_html, ctx) {
      if (path.basename(ctx.filename) !== 'index.html') return;
      // once per build; the dev server asks again on each load (a message or a route may have changed)
      if (ctx.server || !headings) headings = loadBootHeadings(root);
      const tags: HtmlTagDescriptor[] = [
        {
          tag: 'script',
          attrs: { type: 'application/json', id: BOOT_HEADINGS_ELEMENT_ID },
          children: scriptSafeJson(await headings),
          injectTo: 'head',
        },
        { tag: 'script', children: THEME_PAINT_SCRIPT, injectTo: 'head-prepend' },
      ];
      if (ctx.server) tags.push({ tag: 'script', attrs: { src: '/env.js' }, injectTo: 'head' });
      return tags;
    },
  };
};

/** src/preloadFiles.ts's placeholders: a string literal of this, a module's path and `__`. */
const FILES_OF_MARK = '__loyalty_files_of:';
/** A placeholder, however the code quotes it; the second group is the module. */
const FILES_OF = new RegExp(`(["'\`])${FILES_OF_MARK}([^"'\`]+)__\\1`, 'g');

/**
 * The modules a placeholder names (root-relative), found as the source is transformed: the portal's
 * start (src/main.tsx) and the table pages (src/layout/screenModules.ts). Their files are asked for by
 * src/preloadFiles.ts, so Vite's preload helper gets no list for their imports (`resolveDependencies`).
 */
const preloaded = new Set<string>();
/** A chunk is named after its module (`start-<hash>.js`). */
const isPreloadedChunk = (fileName: string): boolean =>
  [...preloaded].some((m) =>
    new RegExp(`(^|/)${path.basename(m, path.extname(m))}-[\\w-]+\\.js$`).test(fileName),
  );

/**
 * Writes the file lists src/preloadFiles.ts asks for: in place of each placeholder, the files of the
 * named module's chunk and of every chunk it imports, however deep, less those the chunk holding the
 * placeholder has loaded already (itself and what it imports). A module without a chunk of its own
 * fails the build. Chunk names carry their content's hash and a chunk's hash covers the names it
 * imports, so a chunk holding a list is renamed whenever its list changes.
 */
const preloadLists = (): Plugin => {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'loyalty-preload-lists',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transform: {
      filter: { code: FILES_OF_MARK },
      handler(code) {
        for (const [, , module] of code.matchAll(FILES_OF)) if (module) preloaded.add(module);
        return null;
      },
    },
    generateBundle(_options, bundle) {
      const closure = (from: string, files: string[] = []): string[] => {
        if (files.includes(from)) return files;
        files.push(from);
        const chunk = bundle[from];
        if (chunk?.type === 'chunk') for (const next of chunk.imports) closure(next, files);
        return files;
      };
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      for (const host of chunks) {
        if (!host.code.includes(FILES_OF_MARK)) continue;
        const loaded = closure(host.fileName);
        host.code = host.code.replace(FILES_OF, (_literal, _quote, module: string) => {
          const target = chunks.find((c) => c.facadeModuleId === path.resolve(root, module));
          if (!target) this.error(`${module} has no chunk of its own: its files cannot be listed`);
          const files = closure(target.fileName).filter((f) => !loaded.includes(f));
          return JSON.stringify(files.map((f) => `${base}${f}`));
        });
      }
    },
  };
};

// The portal build. In dev, API calls go to the server on 8080.
const api = process.env.API_PROXY ?? 'http://127.0.0.1:8080';
export default defineConfig({
  plugins: [react(), documentHead(), preloadLists(), precompress()],
  // a polyfill of node-polyglot's for what every supported browser has (src/i18n/object-entries.cjs)
  resolve: { alias: { 'object.entries': path.resolve(import.meta.dirname, 'src/i18n/object-entries.cjs') } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // two entries: the portal, and the member's pocket pages (src/pocket/), which share nothing with it
    rollupOptions: { input: { main: 'index.html', pocket: 'pocket.html' } },
    // the start and the table pages are preloaded by src/preloadFiles.ts; every other import as Vite does
    modulePreload: {
      resolveDependencies: (fileName, deps, { hostType }) =>
        hostType === 'js' && isPreloadedChunk(fileName) ? [] : deps,
    },
  },
  server: {
    proxy: {
      '/portal-main-service': api,
      '/portal-payment-service': api,
      '/portal-auth-service': api,
      '/env.js': api,
    },
  },
});
