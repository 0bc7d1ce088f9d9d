// Once per `vitest` run of the browser project: a folder for the prepared data folders the browser
// files share (see startServer in harness.ts), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-templates-'));
  process.env.E2E_TEMPLATES = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
