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
import { START_FILES_PLACEHOLDER } from './src/startFiles';

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

/** The chunk of src/start.tsx, the portal's code that src/main.tsx imports after the first paint. */
const isStartChunk = (fileName: string): boolean => /(^|\/)start-[\w-]+\.js$/.test(fileName);

/**
 * src/main.tsx preloads src/start.tsx's files itself, a few per task (src/startFiles.ts): Vite's
 * preload helper gets no list for that import, and the list (the start's chunk, then every chunk it
 * imports, however deep) is written into main.tsx's chunk in place of the placeholder. Chunk names
 * carry their content's hash and a chunk's hash covers the names it imports, so main.js's own name
 * changes whenever the list does.
 */
const startFiles = (): Plugin => {
  let base = '/';
  return {
    name: 'loyalty-start-files',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const start = chunks.find((c) => isStartChunk(c.fileName));
      const entry = chunks.find((c) => c.code.includes(START_FILES_PLACEHOLDER));
      if (!entry) return;
      if (!start) this.error('src/start.tsx has no chunk of its own: main.tsx cannot be told its files');
      const closure = (from: string, files: string[] = []): string[] => {
        if (files.includes(from)) return files;
        files.push(from);
        const chunk = bundle[from];
        if (chunk?.type === 'chunk') for (const next of chunk.imports) closure(next, files);
        return files;
      };
      // main.tsx's own chunk and what it imports are loaded already (the start imports Vite's helper from it)
      const loaded = closure(entry.fileName);
      const files = closure(start.fileName).filter((f) => !loaded.includes(f));
      const literal = new RegExp(`(["'\`])${START_FILES_PLACEHOLDER}\\1`, 'g');
      entry.code = entry.code.replace(literal, JSON.stringify(files.map((f) => `${base}${f}`)));
    },
  };
};

// The portal build. In dev, API calls go to the server on 8080.
const api = process.env.API_PROXY ?? 'http://127.0.0.1:8080';
export default defineConfig({
  plugins: [react(), documentHead(), startFiles(), precompress()],
  // a polyfill of node-polyglot's for what every supported browser has (src/i18n/object-entries.cjs)
  resolve: { alias: { 'object.entries': path.resolve(import.meta.dirname, 'src/i18n/object-entries.cjs') } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // two entries: the portal, and the member's pocket pages (src/pocket/), which share nothing with it
    rollupOptions: { input: { main: 'index.html', pocket: 'pocket.html' } },
    // src/main.tsx preloads the start's files itself (startFiles above); every other import as Vite does
    modulePreload: {
      resolveDependencies: (fileName, deps, { hostType }) =>
        hostType === 'js' && isStartChunk(fileName) ? [] : deps,
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
