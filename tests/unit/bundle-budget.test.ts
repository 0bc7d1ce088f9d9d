// The portal's first load stays small (issue 14): the JavaScript a browser fetches before /login can
// paint (the entry script, every chunk index.html modulepreloads, and the portal's code the entry
// imports once the document has painted, src/start.tsx with every chunk it imports) is at most 300 kB
// gzip. One real
// production build into a temporary folder, so the check sees what `npm start` serves. It runs in the
// `build` project (vitest.config.ts), beside the others, not in the quick `unit` one.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_HEADINGS_ELEMENT_ID, type BootHeadings, THEME_PAINT_SCRIPT } from '../../contract/document';
import { buildPortal } from '../../scripts/portal-build.ts';

const BUDGET_BYTES = 300 * 1024;
/** index.html itself, gzip: its static app bar and page heading, with the headings' data block (issue 39). */
const DOCUMENT_BUDGET_BYTES = 4.5 * 1024;

const outDir = mkdtempSync(path.join(tmpdir(), 'loyalty-bundle-'));

/** The entry script and its modulepreload links, as index.html names them (root-relative). */
const initialScripts = (html: string): string[] => {
  const found = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) found.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) found.add(href);
  }
  return [...found];
};

/** One chunk of Vite's build manifest: its file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The file of `from` (src/start.tsx by default) and of every chunk it imports, however deep (Vite's manifest). */
const closureFiles = (manifest: Record<string, ManifestChunk>, from = 'src/start.tsx'): string[] => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(from);
  return [...seen].map((key) => `/${manifest[key]?.file ?? key}`);
};

let files: { name: string; gzip: number }[] = [];
let manifest: Record<string, ManifestChunk> = {};

beforeAll(async () => {
  // as `npm start` builds it (React's production build under Vitest too), into a folder of its own
  await buildPortal({ logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  // the entry imports src/start.tsx once the document has painted (src/main.tsx): part of the first load
  expect(manifest['index.html']?.dynamicImports).toContain('src/start.tsx');
  files = [...new Set([...initialScripts(html), ...closureFiles(manifest)])].map((src) => ({
    name: src,
    gzip: gzipSync(readFileSync(path.join(outDir, src.replace(/^\//, '')))).length,
  }));
}, 300_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the first load of the portal', () => {
  it('fetches at most 300 kB of gzipped JavaScript before /login paints', () => {
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const biggest = [...files]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((f) => `${f.name} ${kb(f.gzip)}`);
    console.info(
      `initial JS: ${kb(total)} gzip in ${files.length} files (budget ${kb(BUDGET_BYTES)}); largest: ${biggest.join(', ')}`,
    );
    expect(files.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps the heavy libraries and the table screens out of the first load', () => {
    const read = (name: string) => readFileSync(path.join(outDir, name.replace(/^\//, '')), 'utf8');
    const initial = files.map((f) => read(f.name)).join('\n');
    const everything = readdirSync(path.join(outDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => read(`assets/${f}`))
      .join('\n');
    // strings each library's built code carries: the charts, Stripe's loader, the phone number
    // metadata, the CSV writer, and react-admin's DataTable that the generated lists render
    for (const marker of [
      'MuiChartsSurface',
      'js.stripe.com',
      'country_calling_code',
      'record_delimiter',
      'RaDataTable',
    ]) {
      expect(everything, `${marker} is somewhere in the build`).toContain(marker);
      expect(initial, `${marker} is not in the first load`).not.toContain(marker);
    }
  });

  it("writes in the file lists that src/preloadFiles.ts asks for a few per task, and leaves Vite's helper none of the start's", () => {
    const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
    const filesOf = (key: string) => new Set(closureFiles(manifest, key));
    const listIn = (code: string, first: string): string[] => {
      const at = code.indexOf(`["${first}"`);
      return at < 0 ? [] : (JSON.parse(code.slice(at, code.indexOf(']', at) + 1)) as string[]);
    };
    // no placeholder is left anywhere
    for (const file of readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'))) {
      expect(read(`assets/${file}`), file).not.toContain('__loyalty_files_of:');
    }
    // the entry: the start's chunk first, then every chunk it imports, but the entry's own
    const entryKey = 'index.html';
    const entry = read(manifest[entryKey]?.file ?? 'missing');
    const started = listIn(entry, `/${manifest['src/start.tsx']?.file}`);
    const own = filesOf(entryKey);
    expect(new Set(started)).toEqual(new Set([...filesOf('src/start.tsx')].filter((f) => !own.has(f))));
    expect(started.length).toBeGreaterThan(20);
    // Vite's preload helper is given none of them (it would add every link in one task)
    expect(entry).not.toContain('__vite__mapDeps');
    // the table pages (src/layout/screenModules.ts), less what the start has loaded
    const pagesKey = 'src/pages/resources/ResourcePages.tsx';
    const startCode = read(manifest['src/start.tsx']?.file ?? 'missing');
    const pages = listIn(startCode, `/${manifest[pagesKey]?.file}`);
    const loaded = new Set([...filesOf('src/start.tsx'), ...own]);
    expect(new Set(pages)).toEqual(new Set([...filesOf(pagesKey)].filter((f) => !loaded.has(f))));
    expect(pages.length).toBeGreaterThan(20);
    // what the idle prefetch asks for (src/layout/prefetchScreens.ts): the generated record screens
    // and three hand-written lists, each listed where it is imported, less what that chunk has loaded
    for (const key of [
      'src/builders/recordViews.ts',
      'src/pages/audit/AuditLog.tsx',
      'src/pages/approve/MerchantSignupViews.ts',
      'src/pages/organisation/OrgResourceLists.tsx',
    ]) {
      const first = `/${manifest[key]?.file}`;
      const hostKey = Object.keys(manifest).find((k) => {
        const file = manifest[k]?.file;
        return file?.endsWith('.js') === true && read(file).includes(`["${first}"`);
      });
      expect(hostKey, `a chunk lists ${key}'s files`).toBeDefined();
      const list = listIn(read(manifest[hostKey ?? '']?.file ?? 'missing'), first);
      const hostLoaded = filesOf(hostKey ?? '');
      expect(new Set(list), key).toEqual(new Set([...filesOf(key)].filter((f) => !hostLoaded.has(f))));
    }
  });

  it("starts ICU's warm-up worker from a file of its own, whole in itself (no import), which the first load does not wait for", () => {
    const entry = readFileSync(path.join(outDir, manifest['index.html']?.file ?? 'missing'), 'utf8');
    const worker = /new Worker\(new URL\(`\/(assets\/intlWarmup-[\w-]+\.js)`/.exec(entry)?.[1];
    expect(worker, 'the entry starts the worker').toBeDefined();
    const code = readFileSync(path.join(outDir, worker ?? 'missing'), 'utf8');
    // it makes the product's date and money formats (contract/format.ts), then ends
    expect(code).toContain('Intl.DateTimeFormat');
    expect(code).toContain('self.close()');
    expect(code).not.toMatch(/\bimport\b/);
    expect(files.map((f) => f.name)).not.toContain(`/${worker}`);
  });

  it('writes brotli and gzip copies of the entry for the server to send as they are', () => {
    const entry = files[0]?.name.replace(/^\//, '') ?? '';
    expect(existsSync(path.join(outDir, `${entry}.br`))).toBe(true);
    expect(existsSync(path.join(outDir, `${entry}.gz`))).toBe(true);
  });

  it("paints the theme with index.html's one inline script, the text the server's CSP hashes, and loads no script in the head", () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    // the exact text: server/platform/http/security.ts allows it by the sha256 of THEME_PAINT_SCRIPT
    expect(inline).toEqual([THEME_PAINT_SCRIPT]);
    // no render-blocking script: the entry is a module script (deferred), nothing else has a src
    const external = [...head.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[0]);
    expect(
      external.every((tag) => /\btype="module"/.test(tag)),
      external.join(' '),
    ).toBe(true);
    expect(existsSync(path.join(outDir, 'theme-init.js'))).toBe(false);
  });

  it("writes the static page headings' data block into index.html, never executed, and the document stays small", () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const block = new RegExp(
      `<script type="application/json" id="${BOOT_HEADINGS_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html.slice(0, html.indexOf('</head>')));
    const data = JSON.parse(block?.[1] ?? 'null') as BootHeadings;
    expect(data.l[0]).toBe('en');
    expect(data.p['/stamp-cards']?.slice(1, 2)).toEqual(['Stamp Card List']);
    expect(data.p['/']?.[1]).toBe('Welcome, %{name}');
    const gzip = gzipSync(html, { level: 9 }).length;
    console.info(`index.html: ${html.length} bytes, ${gzip} gzip (budget ${DOCUMENT_BUDGET_BYTES})`);
    expect(gzip).toBeLessThanOrEqual(DOCUMENT_BUDGET_BYTES);
  });
});
