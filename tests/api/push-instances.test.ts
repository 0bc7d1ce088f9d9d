// Two real server processes (server/server.ts) on one PostgreSQL database share the push sending:
// 50 due pushes to 40 members each, one process killed (SIGKILL) while it is sending; the other
// finishes every push once its lease on the dead one's jobs has run out, and every member gets every
// push exactly once (the local outbox: one delivery row per message sent). PostgreSQL only: the
// embedded database is one process's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, members, push, pushDeliveries } from '../../server/platform/db/schema';
import { type ApiSuite, addOrg, addUser, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf, sgDay } from './helpers';
import { type Instance, killInstance, startInstance } from './instances';

const PUSHES = 50;
const MEMBERS = 40;

// the app of apiSuite(), called in the describe below: only on PostgreSQL
let t: ApiSuite['t'];
let tokens: ApiSuite['tokens'];
let call: ApiSuite['call'];
let acme: Org;
const dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-push-instances-'));
const children: Instance[] = [];

/** server/server.ts on the test's database, its jobs polled often, short leases, batches of one member. */
const start = (name: string) =>
  startInstance({
    DATABASE_URL: t.config.databaseUrl ?? '',
    DATA_DIR: path.join(dataDir, name),
    DIST_DIR: path.join(dataDir, 'no-dist'),
    ADMIN_EMAIL: `first-${name}@example.test`,
    JOB_POLL_MS: '100',
    JOB_LEASE_MS: '3000',
    PUSH_BATCH_SIZE: '1',
  }).then((i) => {
    children.push(i);
    return i;
  });

const deliveries = async () =>
  Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(pushDeliveries))[0]?.n ?? 0);

const waitFor = async (what: string, ok: () => Promise<boolean>, ms: number, everyMs = 100) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  const open = await t.db.select().from(jobs).where(sql`${jobs.state} <> 'done'`);
  const pending = await t.db
    .select({ id: push.id, state: push.state, startedAt: push.startedAt })
    .from(push)
    .where(sql`${push.state} <> 'COMPLETED'`);
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify({ open, pending })}`);
};

describe.skipIf(!process.env.DATABASE_URL)('push sending across two server instances', () => {
  ({ t, tokens, call } = apiSuite());

  beforeAll(async () => {
    acme = await addOrg(t, 'Acme');
    await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
    const day = (n: number) => sgDay(new Date(Date.now() + n * 86_400_000));
    const programme = dataOf(
      await call('owner', 'POST', `${MAIN}/stamp-cards`, {
        title: 'Card',
        stampsRequired: 10,
        price: 0,
        startDate: day(-1),
        endDate: day(30),
        brandId: acme.brandId,
      }),
    ) as { id: number };
    for (let i = 0; i < MEMBERS; i++) {
      const res = await call('owner', 'POST', `${MAIN}/stamp-cards/${programme.id}/member-cards`, {
        memberMobile: `+6594${String(i).padStart(6, '0')}`,
        storeId: acme.storeId,
      });
      expect(codeOf(res)).toEqual({ status: 200, code: 0 });
    }
    expect(await t.db.select().from(members)).toHaveLength(MEMBERS);
  }, APP_TIMEOUT);

  afterAll(async () => {
    for (const c of children) await killInstance(c);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends 50 due pushes to each member once, though one instance is killed mid-batch', async () => {
    // both instances are up before anything is due: started after the pushes, the second could still
    // be starting (a loaded machine: many seconds) while the first sends everything alone
    const [a, b] = await Promise.all([start('a'), start('b')]);
    if (!a || !b) throw new Error('instances did not start');
    const soon = new Date(Date.now() + 2_000).toISOString();
    for (let i = 0; i < PUSHES; i++) {
      const created = dataOf(
        await call('owner', 'POST', `${MAIN}/push`, {
          title: `Push ${i} for {name}`,
          body: 'Hello',
          audience: 'ALL_MEMBERS',
          scheduledAt: soon,
        }),
      ) as { id: number };
      expect(codeOf(await call('owner', 'POST', `${MAIN}/push/${created.id}/schedule`))).toEqual({
        status: 200,
        code: 0,
      });
    }
    // both are sending: freeze both at once (a count read while they run could be overtaken), then
    // kill one without warning in the middle of its batches and let the other go on
    await waitFor('sending to start', async () => (await deliveries()) > 0, 60_000, 20);
    a.child.kill('SIGSTOP');
    b.child.kill('SIGSTOP');
    const atKill = await deliveries();
    await killInstance(a);
    b.child.kill('SIGCONT');
    expect(atKill).toBeLessThan(PUSHES * MEMBERS);

    await waitFor(
      'every push COMPLETED',
      async () =>
        (await t.db.select({ id: push.id }).from(push).where(eq(push.state, 'COMPLETED'))).length === PUSHES,
      120_000,
    );
    const rows = await t.db.select().from(push);
    for (const row of rows)
      expect(row).toMatchObject({ state: 'COMPLETED', sentCount: MEMBERS, failedCount: 0 });
    const sent = await t.db
      .select({ pushId: pushDeliveries.pushId, mobile: pushDeliveries.memberMobile })
      .from(pushDeliveries);
    expect(sent).toHaveLength(PUSHES * MEMBERS);
    expect(new Set(sent.map((s) => `${s.pushId}|${s.mobile}`)).size).toBe(PUSHES * MEMBERS);
    expect(await t.db.select().from(jobs).where(eq(jobs.state, 'failed'))).toEqual([]);
  }, 240_000);
});
