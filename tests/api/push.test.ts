// Push notifications end to end through the API and the job runner: the save rules (placeholders,
// audience targets, frozen once scheduled), schedule and cancel, the audience resolved when sending
// (and never another company's members), one delivery per member with its text filled in, members'
// app tokens, a provider failing for a while (retried), for good (FAILED, 7001) and an unregistered
// token (dropped), and two runners on one database sending each push to each member once.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SEND_PUSH_JOB } from '../../server/domains/push/push';
import { jobHandlers } from '../../server/jobs';
import { jobs, memberPushTokens, members, push, pushDeliveries } from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import {
  outboxProvider,
  type PushMessage,
  type PushOutcome,
  type PushProvider,
  TransientPushError,
} from '../../server/platform/push-providers';
import { addAcmeWithTwoBrands, addCardHolders, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const APP_KEY = 'member-app-key-for-the-push-tests';
const { t, tokens, call } = apiSuite({ env: { MEMBER_APP_KEY: APP_KEY } });
let acme: Org;
let other: Org;
/** a second brand of Acme with its own store */
let acme2: { brandId: number; storeId: number };

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

let mobileSeq = 0;
const nextMobile = () => `+6593${String(++mobileSeq).padStart(6, '0')}`;

interface Push {
  id: number;
  state: string;
  sentCount: number;
  failedCount: number;
  failureReason: string | null;
}

/** A programme of `brandId` whose cards are issued at `storeId` to each of `mobiles` (named). */
const membersWithCards = async (
  who: string,
  brandId: number,
  storeId: number,
  mobiles: readonly string[],
  stamps = 0,
) => {
  const title = `Card ${brandId}-${storeId}-${mobiles.length}`;
  await addCardHolders(call, who, { brandId, storeId }, title, mobiles, stamps);
  for (const mobile of mobiles) {
    await t.db
      .update(members)
      .set({ name: `Member ${mobile.slice(-3)}` })
      .where(eq(members.mobile, mobile));
  }
};

const newPush = async (body: Record<string, unknown>, who = 'owner') =>
  call(who, 'POST', `${MAIN}/push`, {
    title: 'Hello {name}',
    body: 'You have {stamps} stamps at {brand}',
    audience: 'ALL_MEMBERS',
    scheduledAt: new Date(Date.now() - 1000).toISOString(),
    ...body,
  });

const schedule = (id: number, who = 'owner') => call(who, 'POST', `${MAIN}/push/${id}/schedule`);
const cancel = (id: number, who = 'owner') => call(who, 'POST', `${MAIN}/push/${id}/cancel`);

const pushRow = async (id: number) => {
  const [row] = await t.db.select().from(push).where(eq(push.id, id));
  if (!row) throw new Error(`no push ${id}`);
  return row as unknown as Push;
};

const deliveriesOf = async (id: number) =>
  (await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.pushId, id))) as unknown as {
    memberMobile: string;
    title: string;
    body: string;
    state: string;
    provider: string;
    tokens: number;
    error: string | null;
  }[];

/** A provider that records what it was given and answers through `answer`. */
const standIn = (answer: (m: readonly PushMessage[], call: number) => Promise<PushOutcome[]>) => {
  const sent: PushMessage[] = [];
  let calls = 0;
  const provider: PushProvider = {
    name: 'test',
    send: async (messages) => {
      calls += 1;
      const out = await answer(messages, calls);
      sent.push(...messages);
      return out;
    },
  };
  return { provider, sent, calls: () => calls };
};

const allSent = (messages: readonly PushMessage[]): Promise<PushOutcome[]> =>
  Promise.resolve(
    messages.map((m) => ({
      memberMobile: m.memberMobile,
      state: 'SENT',
      delivered: m.tokens.length,
      dropped: [],
    })),
  );

const runnerWith = (provider: PushProvider, instanceId = 'push-test') =>
  createJobRunner({
    db: t.db,
    log: quiet,
    handlers: jobHandlers({ config: t.config, pushProvider: provider }),
    instanceId,
  });

/** Runs due jobs at `now` until none is left due. */
const drain = async (provider: PushProvider, now = new Date(Date.now() + 5_000)) => {
  const r = runnerWith(provider);
  while ((await r.runDue(now)) > 0) {
    /* again */
  }
};

const acmeMembers = [nextMobile(), nextMobile(), nextMobile()];
const acme2Members = [nextMobile(), nextMobile()];
const otherMembers = [nextMobile(), nextMobile()];

beforeAll(async () => {
  ({ acme, other, acme2 } = await addAcmeWithTwoBrands(t, tokens));
  await membersWithCards('owner', acme.brandId, acme.storeId, acmeMembers, 3);
  await membersWithCards('owner', acme2.brandId, acme2.storeId, acme2Members);
  await membersWithCards('stranger', other.brandId, other.storeId, otherMembers);
  // a member of both companies: Acme reaches them, and Other does too, each for itself
  await membersWithCards('stranger', other.brandId, other.storeId, [acmeMembers[0] as string]);
}, APP_TIMEOUT);

describe('saving a push', () => {
  it('refuses an unknown placeholder in the title or body, naming the field (code 2)', async () => {
    const res = await newPush({ body: 'Hi {nmae}, {stamps} stamps' });
    expect(res.json()).toMatchObject({
      code: 2,
      data: [{ field: 'body', message: expect.stringContaining('{nmae}') }],
    });
    const template = await call('owner', 'POST', `${MAIN}/push-templates`, {
      title: 'T {points}',
      body: 'b',
    });
    expect(template.json()).toMatchObject({ code: 2, data: [{ field: 'title' }] });
  });

  it.each([
    ['BRAND', 'audienceBrandId'],
    ['STORE', 'audienceStoreId'],
    ['MEMBER', 'audienceMobile'],
  ])('asks for the target of audience %s (%s)', async (audience, field) => {
    const res = await newPush({ audience });
    expect(res.json()).toMatchObject({ code: 2, data: [{ field }] });
  });

  it("refuses another company's brand as the audience", async () => {
    const res = await newPush({ audience: 'BRAND', audienceBrandId: other.brandId });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().code).not.toBe(0);
  });

  it('keeps a scheduled push as it is (11) and lets a PENDING one change', async () => {
    const created = dataOf(
      await newPush({ scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }),
    ) as Push;
    expect(
      codeOf(await call('owner', 'PUT', `${MAIN}/push/${created.id}`, { title: 'Changed {name}' })),
    ).toEqual({
      status: 200,
      code: 0,
    });
    expect(dataOf(await schedule(created.id))).toMatchObject({ state: 'SCHEDULED' });
    const res = await call('owner', 'PUT', `${MAIN}/push/${created.id}`, { title: 'Again' });
    expect(res.json()).toMatchObject({ code: 11, data: [{ field: 'title' }] });
    // nor can its state be set by hand
    const forced = await call('owner', 'PUT', `${MAIN}/push/${created.id}`, { state: 'COMPLETED' });
    expect(forced.json()).toMatchObject({ code: 2, data: [{ field: 'state' }] });
    expect(dataOf(await cancel(created.id))).toMatchObject({ state: 'PENDING' });
  });
});

describe('sending', () => {
  it('sends a due push once to each member of the audience, with the text filled in per member', async () => {
    const created = dataOf(await newPush({})) as Push;
    const scheduled = await schedule(created.id);
    expect(dataOf(scheduled)).toMatchObject({ id: created.id, state: 'SCHEDULED' });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.name, SEND_PUSH_JOB));
    expect(job?.payload).toMatchObject({ pushId: created.id });

    const { provider, sent } = standIn(allSent);
    await drain(provider);
    const row = await pushRow(created.id);
    expect(row).toMatchObject({ state: 'COMPLETED', sentCount: 5, failedCount: 0 });
    const delivered = await deliveriesOf(created.id);
    expect(delivered.map((d) => d.memberMobile).sort()).toEqual([...acmeMembers, ...acme2Members].sort());
    expect(sent).toHaveLength(5);
    const first = delivered.find((d) => d.memberMobile === acmeMembers[1]);
    expect(first).toMatchObject({
      title: `Hello Member ${String(acmeMembers[1]).slice(-3)}`,
      body: 'You have 3 stamps at Acme',
      state: 'SENT',
      provider: 'test',
    });
    // again: nothing more is sent
    await drain(provider);
    expect(sent).toHaveLength(5);
    expect(await deliveriesOf(created.id)).toHaveLength(5);
  });

  it('sends a push scheduled 1 s ahead within a few seconds, with the runner polling as the server does', async () => {
    const created = dataOf(
      await newPush({
        audience: 'STORE',
        audienceStoreId: acme.storeId,
        scheduledAt: new Date(Date.now() + 1000).toISOString(),
      }),
    ) as Push;
    expect(codeOf(await schedule(created.id))).toEqual({ status: 200, code: 0 });
    const r = createJobRunner({
      db: t.db,
      log: quiet,
      handlers: jobHandlers({ config: t.config, pushProvider: outboxProvider }),
      pollMs: 100,
      instanceId: 'polling',
    });
    r.start();
    try {
      await vi.waitFor(
        async () => expect(await pushRow(created.id)).toMatchObject({ state: 'COMPLETED', sentCount: 3 }),
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await r.stop();
    }
    expect((await deliveriesOf(created.id)).map((d) => d.memberMobile).sort()).toEqual(
      [...acmeMembers].sort(),
    );
  });

  it("reaches one brand's, one store's or one member's members, never another company's", async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ audience: 'BRAND', audienceBrandId: acme2.brandId }, acme2Members],
      [{ audience: 'STORE', audienceStoreId: acme.storeId }, acmeMembers],
      [{ audience: 'MEMBER', audienceMobile: acmeMembers[2] }, [acmeMembers[2] as string]],
    ];
    const { provider } = standIn(allSent);
    for (const [body, expected] of cases) {
      const created = dataOf(await newPush(body)) as Push;
      expect(codeOf(await schedule(created.id))).toEqual({ status: 200, code: 0 });
      await drain(provider);
      const delivered = (await deliveriesOf(created.id)).map((d) => d.memberMobile).sort();
      expect(delivered, JSON.stringify(body)).toEqual([...expected].sort());
      for (const m of otherMembers) expect(delivered).not.toContain(m);
    }
    // another company's member by mobile is not theirs to reach
    const foreign = dataOf(await newPush({ audience: 'MEMBER', audienceMobile: otherMembers[0] })) as Push;
    expect((await schedule(foreign.id)).json()).toMatchObject({
      code: 2,
      data: [{ field: 'audienceMobile' }],
    });
  });

  it('previews the audience: its size and the first member as placeholders see them', async () => {
    const res = await call(
      'owner',
      'GET',
      `${MAIN}/push/audience?audience=STORE&audienceStoreId=${acme.storeId}`,
    );
    expect(dataOf(res)).toEqual({
      count: 3,
      sample: {
        name: `Member ${String(acmeMembers[0]).slice(-3)}`,
        mobile: acmeMembers[0],
        brand: 'Acme Brand',
        company: 'Acme',
        stamps: '3',
        vouchers: '0',
      },
    });
    const all = await call('stranger', 'GET', `${MAIN}/push/audience?audience=ALL_MEMBERS`);
    expect(dataOf(all)).toMatchObject({ count: 3 });
    // an operator names the company
    expect((await call('op', 'GET', `${MAIN}/push/audience?audience=ALL_MEMBERS`)).json()).toMatchObject({
      code: 2,
    });
    expect(
      dataOf(
        await call('op', 'GET', `${MAIN}/push/audience?audience=ALL_MEMBERS&companyId=${acme.companyId}`),
      ),
    ).toMatchObject({
      count: 5,
    });
  });

  it("keeps a brand-limited colleague inside its brand's audience (26237)", async () => {
    const all = dataOf(await newPush({}, 'brand2')) as Push;
    expect(codeOf(await schedule(all.id, 'brand2'))).toEqual({ status: 403, code: 26237 });
    const one = dataOf(
      await newPush({ audience: 'MEMBER', audienceMobile: acme2Members[0] }, 'brand2'),
    ) as Push;
    expect(codeOf(await schedule(one.id, 'brand2'))).toEqual({ status: 403, code: 26237 });
    const own = dataOf(
      await newPush({ audience: 'BRAND', audienceBrandId: acme2.brandId }, 'brand2'),
    ) as Push;
    expect(dataOf(await schedule(own.id, 'brand2'))).toMatchObject({ state: 'SCHEDULED' });
    await drain(standIn(allSent).provider);
    expect((await deliveriesOf(own.id)).map((d) => d.memberMobile).sort()).toEqual([...acme2Members].sort());
  });

  it('cancels a scheduled push before it starts; its queued sending goes with it', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const created = dataOf(await newPush({ scheduledAt: later })) as Push;
    await schedule(created.id);
    expect(dataOf(await cancel(created.id))).toMatchObject({ state: 'PENDING' });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, SEND_PUSH_JOB), eq(jobs.state, 'queued')));
    expect(queued.filter((j) => (j.payload as { pushId?: number }).pushId === created.id)).toEqual([]);
    expect((await cancel(created.id)).json()).toMatchObject({ code: 11 });
    // once its sending has started, it cannot be cancelled
    await schedule(created.id);
    await t.db.update(push).set({ startedAt: new Date() }).where(eq(push.id, created.id));
    expect((await cancel(created.id)).json()).toMatchObject({ code: 11, data: [{ field: 'state' }] });
  });

  it('answers the portal button: schedule with no body', async () => {
    const created = dataOf(
      await newPush({ scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }),
    ) as Push;
    const res = await t.app.inject({
      method: 'POST',
      url: `${MAIN}/push/${created.id}/schedule`,
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { state: 'SCHEDULED' } });
    await cancel(created.id);
  });
});

describe('providers failing', () => {
  it('retries a provider failing for a while, then completes', async () => {
    const created = dataOf(await newPush({ audience: 'BRAND', audienceBrandId: acme2.brandId })) as Push;
    await schedule(created.id);
    const flaky = standIn((m, n) =>
      n <= 2 ? Promise.reject(new TransientPushError('unavailable')) : allSent(m),
    );
    const r = runnerWith(flaky.provider);
    let now = Date.now() + 5_000;
    for (let i = 0; i < 5 && (await pushRow(created.id)).state === 'SCHEDULED'; i++) {
      await r.runDue(new Date(now));
      now += 60_000;
    }
    expect(flaky.calls()).toBe(3);
    expect(await pushRow(created.id)).toMatchObject({ state: 'COMPLETED', sentCount: 2 });
  });

  it('ends FAILED with 7001 once its retries are spent', async () => {
    const created = dataOf(await newPush({ audience: 'BRAND', audienceBrandId: acme2.brandId })) as Push;
    await schedule(created.id);
    const down = standIn(() => Promise.reject(new TransientPushError('provider down')));
    const r = runnerWith(down.provider);
    let now = Date.now() + 5_000;
    for (let i = 0; i < 8; i++) {
      await r.runDue(new Date(now));
      now += 120_000;
    }
    expect(down.calls()).toBe(5);
    const row = await pushRow(created.id);
    expect(row).toMatchObject({ state: 'FAILED', sentCount: 0 });
    expect(row.failureReason).toMatch(/^7001 .*provider down/);
    expect(await deliveriesOf(created.id)).toEqual([]);
  });

  it('drops a token the provider calls unregistered', async () => {
    const mobile = acme2Members[0] as string;
    const register = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `${MAIN}/members/push-tokens`,
        headers: { 'x-app-key': APP_KEY },
        payload: { mobile, token, platform: 'ANDROID' },
      });
    expect(dataOf(await register('tok-gone'))).toEqual({ mobile, platform: 'ANDROID' });
    expect(codeOf(await register('tok-live'))).toEqual({ status: 200, code: 0 });
    const created = dataOf(await newPush({ audience: 'MEMBER', audienceMobile: mobile })) as Push;
    await schedule(created.id);
    const fcmLike = standIn(async (messages) =>
      messages.map((m) => ({
        memberMobile: m.memberMobile,
        state: 'SENT' as const,
        delivered: m.tokens.filter((x) => x !== 'tok-gone').length,
        dropped: m.tokens.filter((x) => x === 'tok-gone'),
      })),
    );
    await drain(fcmLike.provider);
    expect(fcmLike.sent[0]?.tokens).toEqual(['tok-gone', 'tok-live']);
    const left = await t.db.select().from(memberPushTokens).where(eq(memberPushTokens.memberMobile, mobile));
    expect(left.map((r) => r.token)).toEqual(['tok-live']);
    expect(await deliveriesOf(created.id)).toMatchObject([{ state: 'SENT', tokens: 2 }]);
  });
});

describe("members' app tokens", () => {
  it('needs the member app key (26237) and moves a token registered again', async () => {
    const body = { mobile: acmeMembers[0], token: 'tok-moving', platform: 'IOS' };
    const without = await t.app.inject({ method: 'POST', url: `${MAIN}/members/push-tokens`, payload: body });
    expect(codeOf(without)).toEqual({ status: 403, code: 26237 });
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${MAIN}/members/push-tokens`,
      headers: { 'x-app-key': `${APP_KEY}x` },
      payload: body,
    });
    expect(codeOf(wrong)).toEqual({ status: 403, code: 26237 });
    const send = (mobile: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${MAIN}/members/push-tokens`,
        headers: { 'x-app-key': APP_KEY },
        payload: { ...body, mobile },
      });
    expect(codeOf(await send(acmeMembers[0]))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await send(acmeMembers[1]))).toEqual({ status: 200, code: 0 });
    const rows = await t.db.select().from(memberPushTokens).where(eq(memberPushTokens.token, 'tok-moving'));
    expect(rows.map((r) => r.memberMobile)).toEqual([acmeMembers[1]]);
    expect((await send('not a mobile')).json()).toMatchObject({ code: 2 });
  });
});

describe('exactly once', () => {
  it('two runners working on 20 due pushes at once send each push to each member once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const created = dataOf(await newPush({ title: `Batch ${i} {name}` })) as Push;
      expect(codeOf(await schedule(created.id))).toEqual({ status: 200, code: 0 });
      ids.push(created.id);
    }
    const a = standIn(allSent);
    const b = standIn(allSent);
    const now = new Date(Date.now() + 5_000);
    const ra = runnerWith(a.provider, 'instance-a');
    const rb = runnerWith(b.provider, 'instance-b');
    for (let round = 0; round < 10; round++) {
      const [x, y] = await Promise.all([ra.runDue(now), rb.runDue(now)]);
      if (x + y === 0) break;
    }
    const sent = [...a.sent, ...b.sent].filter((m) => m.title.startsWith('Batch'));
    expect(sent).toHaveLength(ids.length * 5);
    const keys = sent.map((m) => `${m.title}|${m.memberMobile}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const id of ids) expect(await pushRow(id)).toMatchObject({ state: 'COMPLETED', sentCount: 5 });
  });

  it('the local outbox keeps every message it would have sent', async () => {
    const created = dataOf(await newPush({ audience: 'MEMBER', audienceMobile: acmeMembers[0] })) as Push;
    await schedule(created.id);
    await drain(outboxProvider);
    expect(await deliveriesOf(created.id)).toMatchObject([
      { memberMobile: acmeMembers[0], provider: 'outbox', state: 'SENT', body: 'You have 3 stamps at Acme' },
    ]);
    // and operators and the push's merchant read them through the API; another company does not
    const list = await call(
      'owner',
      'GET',
      `${MAIN}/push-deliveries?filter=${encodeURIComponent(JSON.stringify([{ field: 'pushId', op: 'eq', value: created.id }]))}`,
    );
    expect(dataOf(list)).toMatchObject([{ memberMobile: acmeMembers[0] }]);
    const foreign = await call(
      'stranger',
      'GET',
      `${MAIN}/push-deliveries?filter=${encodeURIComponent(JSON.stringify([{ field: 'pushId', op: 'eq', value: created.id }]))}`,
    );
    expect(dataOf(foreign)).toEqual([]);
  });
});
