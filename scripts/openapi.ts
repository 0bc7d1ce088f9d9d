// The API's OpenAPI document, as GET /docs/json answers it, without starting a server: the app is
// built on an in-memory database and asked (docs/api.md "The OpenAPI document").
//   npm run openapi -- <file>   writes it to <file> (stdout without one)
//   npm run lint:api            lints it with Spectral's OAS ruleset (.spectral.yaml): any error or
//                               warning fails
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/platform/config';
import { createDb, migrate } from '../server/platform/db/client';

export const openApiDocument = async (): Promise<unknown> => {
  const handle = await createDb({ dataDir: 'memory://' });
  try {
    await migrate(handle.db);
    const config = loadConfig({
      JWT_SECRET: 'openapi-document-only-secret-0123456789abcdef',
      DATA_DIR: '/tmp/loyalty-openapi-unused',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    try {
      await app.ready();
      return (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
};

/**
 * Spectral over `doc` with the repository's ruleset (from a file of a temporary folder, which Spectral
 * reads); throws, having printed what it found, on any finding.
 */
export const lintOpenApi = (doc: unknown): void => {
  const root = path.resolve(import.meta.dirname, '..');
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    execFileSync(
      path.join(root, 'node_modules/.bin/spectral'),
      ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'warn'],
      { stdio: 'inherit' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const doc = await openApiDocument();
  const arg = process.argv[2];
  if (arg === '--lint') {
    try {
      lintOpenApi(doc);
    } catch {
      process.exitCode = 1;
    }
  } else {
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (arg) writeFileSync(arg, text);
    else process.stdout.write(text);
  }
}
