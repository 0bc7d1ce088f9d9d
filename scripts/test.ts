// npm test: every test this machine can run, in two vitest runs side by side: the browser files, two
// at a time (each drives a server and a Chromium of its own, and mostly waits on them), and the unit,
// build, portal and API projects on every core. In one vitest run the browser files would share that
// run's workers with the others, and the pages' waits would hold a core's worker idle.
// With arguments (`npm test -- tests/unit/x.test.ts`) it is one plain `vitest run` with them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');

/** Runs vitest with `args`; each output line goes through `print`, or straight through without it. */
const run = (args: string[], print?: (line: string) => void): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...args], {
      cwd: root,
      stdio: print ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (print) {
      for (const stream of [child.stdout, child.stderr]) {
        if (stream) createInterface({ input: stream }).on('line', print);
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const extra = process.argv.slice(2);
if (extra.length > 0) {
  process.exit(await run(extra));
}

const [browser, rest] = await Promise.all([
  // each line of the browser run marked, as the two runs print side by side
  run(['--project', 'e2e'], (line) => process.stdout.write(`e2e │ ${line}\n`)),
  run(['--project', '!e2e']),
]);
process.stdout.write(
  `\nnpm test: unit, build, portal and api ${rest === 0 ? 'passed' : 'FAILED'}; browser ${browser === 0 ? 'passed' : 'FAILED'}\n`,
);
process.exit(browser === 0 && rest === 0 ? 0 : 1);
