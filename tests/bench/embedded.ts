// `npm run bench:embedded`: the product on its embedded database (PGlite, the default of `npm start`)
// with BENCH_EMBEDDED_ROWS stamps transactions (default 1,000,000). PGlite lives inside the server's
// process, so tests/bench/serve.ts generates the data there (once per data directory, kept in
// BENCH_EMBEDDED_DIR), times the SQL floor straight on PGlite, then listens; this process calls it
// over HTTP: first pages, search, a tenant's count, then what one slow request does to the others
// (`/healthz` timed while an operator counts a filter over most of the table). Nothing asserts a time.
import { spawn } from 'node:child_process';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_PATHS } from '../../contract';
import { EMAILS, PASSWORD } from './generate';
import { request, signIn } from './http';
import { runMain } from './main';
import { receiptOf } from './sql';
import { interleaved, ms, type Stats, stats, timed } from './stats';

const ROWS = Number(process.env.BENCH_EMBEDDED_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const DIR = process.env.BENCH_EMBEDDED_DIR ?? path.join(tmpdir(), `loyalty-bench-embedded-${ROWS}`);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const LIST = `${BASE_PATHS.main}/stamps-transactions`;

const main = async (): Promise<void> => {
  const cpu = cpus();
  console.log(
    `# The embedded database (PGlite) at ${ROWS.toLocaleString('en')} rows: ${new Date().toISOString()}`,
  );
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; data in ${DIR}`,
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(HERE, 'serve.ts'), 'embedded', DIR, String(ROWS), String(CALLS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const floors = new Map<string, Stats>();
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let nl = out.indexOf('\n');
      while (nl >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        const floor = /^floor (.+?) (\{.*\})$/.exec(line);
        if (floor?.[1] && floor[2]) floors.set(floor[1], JSON.parse(floor[2]) as Stats);
        else if (line.startsWith('listening ')) resolve(Number(line.slice(10)));
        else console.log(line);
        nl = out.indexOf('\n');
      }
    });
    child.on('exit', (code) => reject(new Error(`embedded server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = (email: string): Promise<string> => signIn(base, email, PASSWORD);
    const tokens = {
      operator: await login(EMAILS.operator),
      merchant: await login(EMAILS.merchant),
      newMerchant: await login(EMAILS.newMerchant),
    };
    const list = async (who: keyof typeof tokens, query = '') => {
      const res = await request(`${base}${LIST}${query}`, {
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
      if (res.status !== 200 || res.body.code !== 0)
        throw new Error(`list ${who} ${query}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return res.body;
    };
    const cases: [string, (i: number) => Promise<unknown>][] = [
      ['operator first page', () => list('operator')],
      ['merchant first page', () => list('merchant')],
      ['new merchant first page', () => list('newMerchant')],
      [
        'search receiptNo (trigram)',
        (i) => list('operator', `?search=${encodeURIComponent(JSON.stringify({ receiptNo: receiptOf(i) }))}`),
      ],
      ['tenant count (page of 1 + count)', () => list('merchant', '?size=1')],
    ];
    console.log(
      `\n${'case'.padEnd(34)} ${'who'.padEnd(6)} ${'n'.padStart(4)} ${'mean ms'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}  load`,
    );
    const line = (name: string, who: string, s: Stats) =>
      console.log(
        `${name.padEnd(34)} ${who.padEnd(6)} ${String(s.n).padStart(4)} ${ms(s.mean)} ${ms(s.p50)} ${ms(s.p95)}  ${s.load.toFixed(2)}`,
      );
    for (const [name, call] of cases) {
      const floor = floors.get(name);
      if (floor) line(name, 'floor', floor);
      const app = (await interleaved(CALLS, { app: call })).app;
      if (app) line(name, 'app', app);
    }
    // one slow request: an operator's list counted over a filter most rows match (an index answers
    // it, so the large-table guard lets it through); /healthz is timed while it runs
    const slow = `?filter=${encodeURIComponent(JSON.stringify([{ field: 'result', op: 'eq', value: 'SUCCESS' }]))}`;
    const alone = await timed(() => list('operator', slow));
    const health = async () => {
      const res = await request(`${base}/healthz`);
      if (res.status !== 200) throw new Error(`healthz ${res.status}`);
    };
    const quiet = (await interleaved(50, { healthz: health })).healthz;
    const during: number[] = [];
    let running = true;
    const slowCall = timed(() => list('operator', slow)).finally(() => {
      running = false;
    });
    while (running) during.push(await timed(health));
    const slowMs = await slowCall;
    console.log(
      `\nslow request (operator, filter result=SUCCESS, counted): ${alone.toFixed(0)} ms alone, ${slowMs.toFixed(0)} ms with /healthz polled`,
    );
    if (quiet) console.log(`/healthz alone: p50 ${quiet.p50.toFixed(2)} ms, p95 ${quiet.p95.toFixed(2)} ms`);
    const d = stats(during);
    console.log(
      `/healthz during it: ${d.n} answers, p50 ${d.p50.toFixed(2)} ms, max ${Math.max(...during).toFixed(0)} ms (load ${(loadavg()[0] ?? 0).toFixed(2)})`,
    );
  } finally {
    child.kill('SIGTERM');
  }
};

runMain(main);
