// The server as an operator runs it: real processes. A crash (SIGKILL in the middle of a burst of
// writes) loses no write the server acknowledged, on the embedded database and on PostgreSQL. Two
// instances behind a round-robin proxy behave as one: the login throttle counts across both, and a
// refresh token rotated on one and replayed on the other ends the login. (A job enqueued on one runs
// once: tests/api/push-instances.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import { createDb } from '../../server/platform/db/client';
import { refreshTokens } from '../../server/platform/db/schema';
import { createUser, freshMigratedPgDatabase, migratedDataDir } from './helpers';
import { INSTANCE_ENV, type Instance, killInstance, startInstance, stopInstance } from './instances';

const MAIN = BASE_PATHS.main;
const AUTH = `${MAIN}/auth`;
const ADMIN = 'first.operator@example.test';
const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-instances-'));
const running: Instance[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const i of running) await killInstance(i);
  for (const c of cleanups) await c();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (env: Record<string, string>) => {
  const i = await startInstance({ DIST_DIR: path.join(dir, 'no-dist'), ADMIN_EMAIL: ADMIN, ...env });
  running.push(i);
  return i;
};

const signIn = async (url: string, email: string, password: string) =>
  fetch(`${url}${AUTH}/get-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** Where the crash test keeps its data: a data folder, or a fresh PostgreSQL database. */
const crashTargets = async (): Promise<[string, Record<string, string>][]> => {
  const out: [string, Record<string, string>][] = [
    ['the embedded database', { DATA_DIR: await migratedDataDir(path.join(dir, 'crash')), DATABASE_URL: '' }],
  ];
  if (process.env.DATABASE_URL) {
    const pg = await freshMigratedPgDatabase(process.env.DATABASE_URL);
    cleanups.push(pg.drop);
    out.push(['PostgreSQL', { DATA_DIR: path.join(dir, 'crash-pg'), DATABASE_URL: pg.url }]);
  }
  return out;
};

describe('a crash', async () => {
  it.each(await crashTargets())(
    'loses no acknowledged write (%s)',
    async (_, env) => {
      let server = await start(env);
      const token = (await signIn(server.url, ADMIN, INSTANCE_ENV.ADMIN_PASSWORD)).headers.get(
        'x-access-token',
      );
      const acked: string[] = [];
      let stop = false;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const name = `Crash ${w}-${i}`;
          try {
            const res = await fetch(`${server.url}${MAIN}/industry-config`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ code: `c${w}x${i}`, name }),
            });
            if ((await res.json()).code === 0) acked.push(name);
          } catch {
            return; // the server is gone
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      // killed in the middle of the burst, once enough writes have been acknowledged to be worth checking
      await vi.waitFor(() => expect(acked.length).toBeGreaterThanOrEqual(40), {
        timeout: 60_000,
        interval: 5,
      });
      await killInstance(server);
      stop = true;
      await Promise.all(workers);
      expect(acked.length).toBeGreaterThanOrEqual(40);

      server = await start(env);
      const again = (await signIn(server.url, ADMIN, INSTANCE_ENV.ADMIN_PASSWORD)).headers.get(
        'x-access-token',
      );
      const list = await (
        await fetch(`${server.url}${MAIN}/industry-config?size=1000`, {
          headers: { authorization: `Bearer ${again}` },
        })
      ).json();
      const present = new Set((list.data as { name: string }[]).map((r) => r.name));
      expect(acked.filter((n) => !present.has(n))).toEqual([]);
      expect(await stopInstance(server)).toBe(0);
    },
    180_000,
  );
});

/** A round-robin reverse proxy in front of `targets`, setting X-Forwarded-For as nginx would. */
const roundRobin = (targets: readonly string[]): Promise<{ url: string; server: Server }> => {
  let next = 0;
  const server = createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length] ?? '');
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, server });
    }),
  );
};

describe.skipIf(!process.env.DATABASE_URL)('two instances behind a proxy', () => {
  it('count failed logins together and end a login whose rotated refresh token is replayed elsewhere', async () => {
    const pg = await freshMigratedPgDatabase(process.env.DATABASE_URL ?? '');
    cleanups.push(pg.drop);
    const env = { DATABASE_URL: pg.url, TRUST_PROXY: 'true', DATA_DIR: path.join(dir, 'pair') };
    const a = await start(env);
    const b = await start(env);
    const proxy = await roundRobin([a.url, b.url]);
    cleanups.push(() => new Promise((r) => proxy.server.close(() => r())));
    const handle = await createDb({ databaseUrl: pg.url });
    cleanups.push(handle.close);
    await createUser(handle.db, { email: 'pair@example.com', password: 'pair-Password-1' });
    await createUser(handle.db, { email: 'rotating@example.com', password: 'pair-Password-1' });

    // five failures through the proxy (alternating instances): the sixth try is refused everywhere
    for (let i = 0; i < 5; i++)
      expect((await (await signIn(proxy.url, 'pair@example.com', `wrong-${i}-Password`)).json()).code).toBe(
        26200,
      );
    for (let i = 0; i < 2; i++)
      expect((await signIn(proxy.url, 'pair@example.com', 'pair-Password-1')).status).toBe(429);

    // a login on one instance, its refresh token rotated on the other, then the old one replayed
    const login = await signIn(a.url, 'rotating@example.com', 'pair-Password-1');
    const access = login.headers.get('x-access-token') ?? '';
    const r1 = login.headers.get('x-refresh-token') ?? '';
    const rotate = (url: string, token: string) =>
      fetch(`${url}${AUTH}/refresh/refresh-token`, { method: 'POST', headers: { 'x-refresh-token': token } });
    const rotated = await rotate(b.url, r1);
    expect(rotated.status).toBe(200);
    const r2 = rotated.headers.get('x-refresh-token') ?? '';
    // past the grace window for two tabs refreshing together
    await handle.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.sessionId, String(decodeJwt(access).tid)));
    const replay = await rotate(a.url, r1);
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe(1007);
    // the whole login ended, on both instances
    expect((await (await rotate(b.url, r2)).json()).code).toBe(1005);
  }, 180_000);
});
