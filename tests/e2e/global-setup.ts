// Once per `vitest` run of the browser project, before its files start (two at a time): the portal's
// build in ./dist and the server's bundle, made now when stale, so two `npm start`s beside each other
// never build them at once; and a folder for the prepared data folders the browser files share (see
// startServer in harness.ts), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleOf, SERVER_ENTRY } from '../../scripts/bundle.ts';
import { buildPortalIfStale } from '../../scripts/portal-build.ts';

export default async function setup(): Promise<() => void> {
  await buildPortalIfStale();
  await bundleOf(SERVER_ENTRY);
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-templates-'));
  process.env.E2E_TEMPLATES = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
