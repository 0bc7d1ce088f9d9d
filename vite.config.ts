import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { THEME_PAINT_SCRIPT } from './contract/document';

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
 * index.html's head: the theme paint inline, first (contract THEME_PAINT_SCRIPT; the server's CSP
 * allows it by its hash), and no external script. The built portal gets its run-time settings from the
 * server, which writes them into the document (server/domains/portal/document.ts); the dev server has
 * no such step, so there (only) the head loads /env.js from the API server as before.
 */
const documentHead = (): Plugin => ({
  name: 'loyalty-document-head',
  transformIndexHtml(_html, ctx) {
    if (path.basename(ctx.filename) !== 'index.html') return;
    const tags: HtmlTagDescriptor[] = [
      { tag: 'script', children: THEME_PAINT_SCRIPT, injectTo: 'head-prepend' },
    ];
    if (ctx.server) tags.push({ tag: 'script', attrs: { src: '/env.js' }, injectTo: 'head' });
    return tags;
  },
});

// The portal build. In dev, API calls go to the server on 8080.
const api = process.env.API_PROXY ?? 'http://127.0.0.1:8080';
export default defineConfig({
  plugins: [react(), documentHead(), precompress()],
  // a polyfill of node-polyglot's for what every supported browser has (src/i18n/object-entries.cjs)
  resolve: { alias: { 'object.entries': path.resolve(import.meta.dirname, 'src/i18n/object-entries.cjs') } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // two entries: the portal, and the member's pocket pages (src/pocket/), which share nothing with it
    rollupOptions: { input: { main: 'index.html', pocket: 'pocket.html' } },
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
