// The pocket bundle stays small (issue 26: the web card loads fast on a slow phone network): the
// JavaScript of src/pocket/main.ts, built for production with nothing else, is under 40 kB gzip, and
// none of the portal's libraries (React, MUI) was dragged in. One build of that entry
// alone, kept in memory (write: false): about a second.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const BUDGET_BYTES = 40 * 1024;
const ROOT = path.resolve(import.meta.dirname, '../..');

const chunks: { name: string; code: string }[] = [];
let css = '';

beforeAll(async () => {
  // Vitest sets NODE_ENV=test: build as `npm run build` does
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      root: ROOT,
      configFile: false,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false, rollupOptions: { input: path.join(ROOT, 'src/pocket/main.ts') } },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    for (const item of outputs.flatMap((o) => o.output)) {
      if (item.type === 'chunk') chunks.push({ name: item.fileName, code: item.code });
      else if (item.fileName.endsWith('.css')) css += String(item.source);
    }
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}, 120_000);

describe('the pocket bundle', () => {
  it('is under 40 kB of gzipped JavaScript', () => {
    const gzip = chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
    console.info(
      `pocket JS: ${(gzip / 1024).toFixed(1)} kB gzip in ${chunks.length} file(s); CSS ${(gzipSync(css).length / 1024).toFixed(1)} kB gzip`,
    );
    expect(chunks.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThan(BUDGET_BYTES);
  });

  it("carries none of the portal's libraries", () => {
    const code = chunks.map((c) => c.code).join('\n');
    // strings the built React and MUI carry (react-admin brings both)
    for (const marker of ['react.transitional.element', '__reactFiber', 'MuiButton']) {
      expect(code, marker).not.toContain(marker);
    }
  });

  it('has its own stylesheet', () => {
    expect(css).toContain('.wallet-card');
  });
});
