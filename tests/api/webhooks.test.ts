// Outbound webhooks through the API (issue 27, docs/api.md "Webhooks"): an endpoint's create answers
// its secret once; a stamping reaches a local receiver signed per Standard Webhooks (verified with the
// `standardwebhooks` library, as a receiver would); another company's events never reach it; a
// failing endpoint is retried on the schedule, each attempt logged, and disabled after a day with its
// owner mailed; "Send test event" and "Send again"; the URL refusals and another company's refusals as
// envelopes.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_RETRY_SCHEDULE_MS,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../contract/webhooks';
import { jobHandlers } from '../../server/jobs';
import {
  countryConfig,
  mailOutbox,
  userPermissions,
  webhookEndpoints,
} from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import {
  addColleague,
  addMemberCard,
  addOrg,
  addRewardProgramme,
  addUser,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
  signIn,
} from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';
import { type Received, webhookReceiver } from './receiver';

/** what /fail answers */
let failStatus = 500;
const hook = webhookReceiver((path, res) => {
  if (path === '/fail') {
    res.writeHead(failStatus, { 'content-type': 'text/plain' });
    res.end(`${'no thanks '.repeat(200)}`);
    return true;
  }
  if (path === '/moved') {
    res.writeHead(302, { location: 'https://example.com/' });
    res.end();
    return true;
  }
  return false;
});
const { received } = hook;

const { t, tokens, call } = apiSuite({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
let acme: Org;
let other: Org;
let programmeId: number;
const nextMobile = mobileSequence('94');

/** The owner issues a member card and stamps it full (5 of 5): the card and the completing stamping. */
const completeACard = async () => {
  const card = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
  const done = dataOf(
    await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
      storeId: acme.storeId,
      stamps: 5,
    }),
  ) as { id: number; rewardVoucherId: number };
  return { card, done };
};

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
const runner = () =>
  createJobRunner({
    db: t.db,
    log: quiet,
    handlers: jobHandlers({ config: t.config }),
    instanceId: 'webhooks',
  });
/** Runs every job due at `now` (and those they enqueue for then). */
const drain = async (now = new Date()) => {
  const r = runner();
  while ((await r.runDue(now)) > 0) {
    /* again */
  }
};

const createEndpoint = async (who: string, body: Record<string, unknown>) => {
  const res = await call(who, 'POST', `${MAIN}/webhooks`, body);
  expect(res.json().code, res.body).toBe(0);
  return dataOf(res) as { id: number; secret: string };
};

const stampOnce = async () => {
  const card = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
  const res = await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
    storeId: acme.storeId,
    stamps: 1,
  });
  expect(res.json().code, res.body).toBe(0);
  return { cardId: card.id, txnId: (dataOf(res) as { id: number }).id };
};

const deliveriesOf = async (id: number, who = 'owner') =>
  dataOf(await call(who, 'GET', `${MAIN}/webhooks/${id}/deliveries`)) as WebhookDelivery[];

let good: { id: number; secret: string };
let otherHook: { id: number; secret: string };

beforeAll(async () => {
  acme = await addOrg(t, 'Acme');
  other = await addOrg(t, 'Other');
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'otherOwner', { type: 'MERCHANT', companyId: other.companyId });
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  ({ programmeId } = await addRewardProgramme(call, 'owner', acme));
  good = await createEndpoint('owner', {
    url: `${hook.base}/acme`,
    events: ['stamp.given', 'card.completed'],
  });
  // another company's endpoint, subscribed to the same event
  otherHook = await createEndpoint('op', {
    url: `${hook.base}/other`,
    events: ['stamp.given'],
    companyId: other.companyId,
  });
}, APP_TIMEOUT);

describe('POST /webhooks', () => {
  it('answers the id and a Standard Webhooks secret, shown once: reads never carry it', async () => {
    expect(good.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const list = await call('owner', 'GET', `${MAIN}/webhooks`);
    expect(list.body).not.toContain(good.secret);
    const endpoints = dataOf(list) as WebhookEndpoint[];
    // a merchant sees only their own company's
    expect(endpoints.map((e) => e.id)).toEqual([good.id]);
    expect(endpoints[0]).toMatchObject({
      url: `${hook.base}/acme`,
      enabled: true,
      events: ['stamp.given', 'card.completed'],
    });
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, good.id));
    // stored sealed, not as given
    expect(row?.secretSealed).not.toContain(good.secret.slice(6));
  });

  it.each([
    ['http to a public host', 'http://example.com/hook'],
    ['a private 10.x address', 'https://10.0.0.8/hook'],
    ['a private 192.168.x address', 'https://192.168.1.20/hook'],
    ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest'],
    ['an IPv6 private address', 'https://[fd00::1]/hook'],
    // IPv6 forms carrying the cloud metadata or a private IPv4 address (issue 41 F11)
    ['the metadata address, IPv4-compatible', 'https://[::169.254.169.254]/hook'],
    ['the metadata address, IPv4-mapped in hex', 'https://[::ffff:a9fe:a9fe]/hook'],
    ['a private address, SIIT-translated', 'https://[::ffff:0:a00:1]/hook'],
    ['the metadata address through NAT64', 'https://[64:ff9b::a9fe:a9fe]/hook'],
    ['the metadata address through 6to4', 'https://[2002:a9fe:a9fe::1]/hook'],
    ['credentials in the URL', 'https://user:pw@example.com/hook'],
    ['another scheme', 'ftp://example.com/hook'],
  ])('refuses %s with 14 naming url', async (_what, url) => {
    const res = await call('owner', 'POST', `${MAIN}/webhooks`, { url, events: ['stamp.given'] });
    expect(codeOf(res)).toEqual({ status: 400, code: 14 });
    expect(res.json().data).toEqual([expect.objectContaining({ field: 'url' })]);
  });

  it('refuses an unknown event type and an empty list with 2', async () => {
    const bad = await call('owner', 'POST', `${MAIN}/webhooks`, {
      url: `${hook.base}/x`,
      events: ['stamp.eaten'],
    });
    expect(codeOf(bad)).toEqual({ status: 400, code: 2 });
    const none = await call('owner', 'POST', `${MAIN}/webhooks`, { url: `${hook.base}/x`, events: [] });
    expect(codeOf(none)).toEqual({ status: 400, code: 2 });
  });

  it('asks an operator which company', async () => {
    const res = await call('op', 'POST', `${MAIN}/webhooks`, {
      url: `${hook.base}/x`,
      events: ['stamp.given'],
    });
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
  });
});

describe('delivery', () => {
  it('posts stamp.given after a stamping, signed so that standardwebhooks verifies it; other companies hear nothing', async () => {
    received.length = 0;
    const { cardId, txnId } = await stampOnce();
    await drain();
    const mine = received.filter((r) => r.path === '/acme');
    expect(mine).toHaveLength(1);
    expect(received.filter((r) => r.path === '/other')).toHaveLength(0);
    const got = mine[0] as Received;
    const verified = new Webhook(good.secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({
      type: 'stamp.given',
      data: {
        companyId: acme.companyId,
        memberCardId: cardId,
        transactionId: txnId,
        stamps: 1,
        stampsAfter: 1,
      },
    });
    // a wrong secret does not verify
    expect(() =>
      new Webhook(otherHook.secret).verify(got.body, {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      }),
    ).toThrow();
    const [delivery] = await deliveriesOf(good.id);
    expect(delivery).toMatchObject({ state: 'SUCCEEDED', attempts: 1, eventType: 'stamp.given' });
    expect(delivery?.messageId).toBe(got.headers['webhook-id']);
    expect(delivery?.log[0]).toMatchObject({ status: 200, responseExcerpt: '{"ok":true}', error: '' });
  });

  it('records nothing for a company without a subscribed endpoint', async () => {
    const before = await deliveriesOf(otherHook.id, 'otherOwner');
    await stampOnce();
    expect(await deliveriesOf(otherHook.id, 'otherOwner')).toEqual(before);
  });

  it('takes a redirect as a failure and does not follow it', async () => {
    const moved = await createEndpoint('owner', { url: `${hook.base}/moved`, events: ['stamp.voided'] });
    const test = await call('owner', 'POST', `${MAIN}/webhooks/${moved.id}/test`);
    expect(codeOf(test)).toEqual({ status: 200, code: 0 });
    await drain();
    const [d] = await deliveriesOf(moved.id);
    expect(d).toMatchObject({ state: 'FAILED', eventType: 'webhook.test' });
    expect(d?.log[0]).toMatchObject({ status: 302 });
    expect(d?.log[0]?.error).toMatch(/redirect/);
    await call('owner', 'DELETE', `${MAIN}/webhooks/${moved.id}`);
  });
});

describe('a failing endpoint', () => {
  let failing: { id: number; secret: string };
  const t0 = new Date(Date.now() + 60_000);

  beforeAll(async () => {
    failing = await createEndpoint('owner', { url: `${hook.base}/fail`, events: ['stamp.given'] });
    await stampOnce();
  });

  it('is retried on the schedule, each attempt logged with status, duration and a capped excerpt', async () => {
    await drain(t0);
    let [d] = await deliveriesOf(failing.id);
    expect(d).toMatchObject({ state: 'PENDING', attempts: 1 });
    expect(d?.nextAttemptAt).toBe(new Date(t0.getTime() + (WEBHOOK_RETRY_SCHEDULE_MS[1] ?? 0)).toISOString());
    expect(d?.log[0]).toMatchObject({ status: 500, error: 'answered HTTP 500' });
    expect(d?.log[0]?.responseExcerpt).toHaveLength(1024);
    expect(typeof d?.log[0]?.durationMs).toBe('number');
    // not yet due: nothing happens
    await drain(new Date(t0.getTime() + 1_000));
    [d] = await deliveriesOf(failing.id);
    expect(d?.attempts).toBe(1);
    await drain(new Date(t0.getTime() + 6_000));
    [d] = await deliveriesOf(failing.id);
    expect(d).toMatchObject({ state: 'PENDING', attempts: 2 });
    expect(d?.log).toHaveLength(2);
  });

  it('"Send again" tries once more at once; a success ends the delivery SUCCEEDED', async () => {
    const [d] = await deliveriesOf(failing.id);
    failStatus = 204;
    const res = await call('owner', 'POST', `${MAIN}/webhook-deliveries/${d?.id}/retry`);
    expect(codeOf(res)).toEqual({ status: 200, code: 0 });
    await drain();
    const [after] = await deliveriesOf(failing.id);
    expect(after).toMatchObject({ id: d?.id, state: 'SUCCEEDED', attempts: 3 });
    expect(after?.log[0]).toMatchObject({ status: 204 });
    failStatus = 500;
  });

  it('is disabled after a day of failures, its pending deliveries failed and its owner mailed', async () => {
    await call('owner', 'PATCH', `${MAIN}/webhooks/${failing.id}`, { enabled: true });
    await stampOnce();
    let at = t0.getTime() + 10 * 60_000;
    // the schedule's waits, run as each comes due
    for (const wait of WEBHOOK_RETRY_SCHEDULE_MS) {
      at += wait;
      await drain(new Date(at));
    }
    const endpoint = dataOf(await call('owner', 'GET', `${MAIN}/webhooks/${failing.id}`)) as WebhookEndpoint;
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for a day' });
    const [d] = await deliveriesOf(failing.id);
    expect(d?.state).toBe('FAILED');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'owner@example.test'));
    expect(mails.map((m) => m.subject)).toContain('A webhook endpoint was disabled');
    // a disabled endpoint gets no new deliveries
    await stampOnce();
    expect((await deliveriesOf(failing.id))[0]?.id).toBe(d?.id);
  });
});

describe('test events and another company', () => {
  it('"Send test event" delivers webhook.test to this endpoint only', async () => {
    await drain();
    received.length = 0;
    const res = await call('owner', 'POST', `${MAIN}/webhooks/${good.id}/test`);
    expect(dataOf(res)).toMatchObject({ eventType: 'webhook.test', state: 'PENDING' });
    await drain();
    expect(received.map((r) => [r.path, JSON.parse(r.body).type])).toEqual([['/acme', 'webhook.test']]);
  });

  it('logs a refused connection in plain words with its code, and a test event is tried once', async () => {
    // a port nothing listens on: the listener is opened and closed to find one
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const closed = await createEndpoint('owner', {
      url: `http://127.0.0.1:${port}/x`,
      events: ['stamp.given'],
    });
    await call('owner', 'POST', `${MAIN}/webhooks/${closed.id}/test`);
    await drain();
    const [d] = await deliveriesOf(closed.id);
    expect(d).toMatchObject({ eventType: 'webhook.test', state: 'FAILED', attempts: 1 });
    expect(d?.log[0]).toMatchObject({
      status: null,
      error: 'the connection was refused: nothing listens at that address and port (ECONNREFUSED)',
    });
    await call('owner', 'DELETE', `${MAIN}/webhooks/${closed.id}`);
  });

  it("answers 5 for another company's endpoint or delivery", async () => {
    const [d] = await deliveriesOf(good.id);
    for (const [method, url, body] of [
      ['GET', `${MAIN}/webhooks/${good.id}`, undefined],
      ['GET', `${MAIN}/webhooks/${good.id}/deliveries`, undefined],
      ['PATCH', `${MAIN}/webhooks/${good.id}`, { enabled: false }],
      ['DELETE', `${MAIN}/webhooks/${good.id}`, undefined],
      ['POST', `${MAIN}/webhooks/${good.id}/test`, undefined],
      ['POST', `${MAIN}/webhook-deliveries/${d?.id}/retry`, undefined],
    ] as const) {
      const res = await call('otherOwner', method, url, body);
      expect(codeOf(res), `${method} ${url}`).toEqual({ status: 404, code: 5 });
    }
    // an operator sees every company's
    const all = dataOf(await call('op', 'GET', `${MAIN}/webhooks`)) as WebhookEndpoint[];
    expect(all.map((e) => e.companyId)).toEqual(expect.arrayContaining([acme.companyId, other.companyId]));
  });
});

describe('the events', () => {
  it('tells a card issued, its stamps, its completion, the reward voucher issued, redeemed and voided, and a top-up', async () => {
    const all = await createEndpoint('owner', {
      url: `${hook.base}/all`,
      events: [
        'member_card.issued',
        'stamp.given',
        'card.completed',
        'voucher.issued',
        'voucher.redeemed',
        'voucher.voided',
        'topup.succeeded',
      ],
    });
    await drain();
    received.length = 0;
    const { card, done } = await completeACard();
    const voucherId = done.rewardVoucherId;
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${voucherId}/redeem`, { storeId: acme.storeId })),
    ).toEqual({ status: 200, code: 0 });
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${voucherId}/void`, { reason: 'wrong member' })),
    ).toEqual({ status: 200, code: 0 });
    await t.db
      .insert(countryConfig)
      .values({
        country: 'sg',
        name: 'Singapore',
        currency: 'SGD',
        timezone: 'Asia/Singapore',
        freeTopUp: true,
      } as never)
      .onConflictDoNothing();
    const top = await call('owner', 'POST', '/portal-payment-service/api/v1/wallet/top-ups', {
      amount: 12.5,
      paymentMethod: 'FREE',
    });
    expect(top.json().code, top.body).toBe(0);
    await drain();
    const heard = received
      .filter((r) => r.path === '/all')
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(heard.map((e) => e.type).sort()).toEqual(
      [
        'member_card.issued',
        'stamp.given',
        'card.completed',
        'voucher.issued',
        'voucher.redeemed',
        'voucher.voided',
        'topup.succeeded',
      ].sort(),
    );
    expect(heard.find((e) => e.type === 'card.completed')?.data).toMatchObject({
      memberCardId: card.id,
      rewardVoucherId: voucherId,
    });
    expect(heard.find((e) => e.type === 'voucher.redeemed')?.data).toMatchObject({
      voucher: { id: voucherId },
      storeId: acme.storeId,
    });
    expect(heard.find((e) => e.type === 'topup.succeeded')?.data).toMatchObject({
      amount: '12.50',
      paymentMethod: 'FREE',
    });
    await call('owner', 'DELETE', `${MAIN}/webhooks/${all.id}`);
  });
});

describe('a colleague', () => {
  it('tells a CRM that a stamp void withdrew the reward voucher (voucher.voided) as well as the void', async () => {
    const voids = await createEndpoint('owner', {
      url: `${hook.base}/voids`,
      events: ['stamp.voided', 'voucher.voided'],
    });
    await drain();
    received.length = 0;
    const { done } = await completeACard();
    expect(
      codeOf(
        await call('owner', 'POST', `${MAIN}/stamps-transactions/${done.id}/void`, { reason: 'wrong card' }),
      ),
    ).toEqual({ status: 200, code: 0 });
    await drain();
    const heard = received
      .filter((r) => r.path === '/voids')
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(heard.map((e) => e.type).sort()).toEqual(['stamp.voided', 'voucher.voided']);
    expect(heard.find((e) => e.type === 'voucher.voided')?.data).toMatchObject({
      voucher: { id: done.rewardVoucherId, state: 'EXPIRED' },
      reason: 'wrong card',
      stampsTransactionId: done.id,
    });
    await call('owner', 'DELETE', `${MAIN}/webhooks/${voids.id}`);
  });

  it('needs the webhook permission: without it 26237, with VIEW only reads', async () => {
    // invited by the owner: bound by the permissions granted
    const add = (who: string) => addColleague(t, `${who}@example.test`, acme.companyId);
    await add('plain');
    const viewer = await add('viewer');
    await t.db
      .insert(userPermissions)
      .values({ userId: viewer.id, resource: 'webhook', action: 'VIEW' } as never);
    await signIn(t, tokens, 'plain', 'plain@example.test');
    await signIn(t, tokens, 'viewer', 'viewer@example.test');
    expect(codeOf(await call('plain', 'GET', `${MAIN}/webhooks`))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('viewer', 'GET', `${MAIN}/webhooks`))).toEqual({ status: 200, code: 0 });
    const create = await call('viewer', 'POST', `${MAIN}/webhooks`, {
      url: `${hook.base}/x`,
      events: ['stamp.given'],
    });
    expect(codeOf(create)).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('viewer', 'POST', `${MAIN}/webhooks/${good.id}/test`))).toEqual({
      status: 403,
      code: 26237,
    });
  });
});

describe('without WEBHOOK_ALLOW_LOOPBACK', () => {
  const strict = apiSuite();
  it('refuses a loopback endpoint with 14', async () => {
    const org = await addOrg(strict.t, 'Strict');
    await addUser(strict.t, strict.tokens, 'owner', { type: 'MERCHANT', companyId: org.companyId });
    for (const url of [
      'http://127.0.0.1:9/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/x',
    ]) {
      const res = await strict.call('owner', 'POST', `${MAIN}/webhooks`, { url, events: ['stamp.given'] });
      expect(codeOf(res), url).toEqual({ status: 400, code: 14 });
    }
  });
});
