// `node scripts/run.ts <script> [args…]`: runs one of the scripts that open the server's database
// (create-user, seed-demo, backup) from its bundle (scripts/bundle.ts), as `npm start` runs the
// server: about a second and a half of a core less than through tsx, which the browser tests pay for
// every user they add. The script sees the command line it would see run directly (argv[1] is its
// own path), so its own check of being run directly holds. Plain Node runs this file (type stripping).
import path from 'node:path';
import { loadBundle } from './bundle.ts';

const [script] = process.argv.splice(2, 1);
if (!script) {
  process.stderr.write('usage: node scripts/run.ts <script.ts> [args…]\n');
  process.exit(2);
}
process.argv[1] = path.resolve(script);
await loadBundle(script);
