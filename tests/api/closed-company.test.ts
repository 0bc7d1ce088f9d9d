// A company's state reaches everything it owns (issue 40 item 3, docs/decisions.md "A closed
// company"): a DISABLED or deleted company, or a disabled brand or store within it, stops every
// sign-in and token of its users, its API keys, devices, webhooks, scheduled exports, imports,
// top-ups, web cards, joins and the counter, each with the level's code (26433 / 26434 / 26435) and
// the state in `data`; the money stays, and operators see it; enabling the company again lets the
// same tokens, keys and devices work and sends what was held.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyIssued } from '../../contract/api-keys';
import type { CompanyWallet } from '../../contract/finance';
import { PUBLIC_PATHS } from '../../contract/pocket';
import { runDueExports } from '../../server/domains/integrations/scheduled-exports';
import { creditWallet } from '../../server/domains/money/wallet';
import { jobHandlers } from '../../server/jobs';
import { company, push, scheduledExports, webhookDeliveries } from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { createMailer } from '../../server/platform/mail';
import {
  addBrand,
  addMemberCard,
  addOrg,
  addRewardProgramme,
  addStore,
  addUser,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
  PASSWORD,
} from './fixtures';
import { AUTH, codeOf, dataOf, login } from './helpers';
import { webhookReceiver } from './receiver';

const hook = webhookReceiver();
const { received } = hook;

const { t, tokens, call } = apiSuite({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
const PAY = '/portal-payment-service/api/v1';
const nextMobile = mobileSequence('93');
const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Runs every job due at `now` (and those they enqueue for then). */
const drain = async (now = new Date()) => {
  const r = createJobRunner({ db: t.db, log: quiet, handlers: jobHandlers({ config: t.config }) });
  while ((await r.runDue(now)) > 0) {
    /* again */
  }
};

let acme: Org;
let programmeId: number;
let packId: number;
let cardId: number;
let cardToken: string;
let ownerRefresh: string;
let deviceSerial: string;
let deviceSecret: string;
let keyId: number;

/** The answer to someone acting on a closed company's rows (an operator, the public). */
const CLOSED = (state: string) => ({ status: 409, code: 26433, data: { state } });
/** The answer to the closed company's own users, keys and devices: the portal ends their session. */
const SHUT = (state: string) => ({ status: 409, code: 26433, data: { state, caller: true } });
const answerOf = (res: { statusCode: number; json: () => { code: number; data: unknown } }) => ({
  status: res.statusCode,
  code: res.json().code,
  data: res.json().data,
});

const setCompany = (id: number, action: 'disable' | 'activate') =>
  call('op', 'POST', `${MAIN}/companies/${id}/${action}`, {});

beforeAll(async () => {
  acme = await addOrg(t, 'Closing');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  ({ programmeId, packId } = await addRewardProgramme(call, 'owner', acme));
  cardId = (await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId)).id;
  cardToken = (dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${cardId}/link`)) as { token: string })
    .token;
  ownerRefresh = (await login(t.app, 'owner@example.test', PASSWORD)).refreshToken;
  // an API key that runs the counter
  const issued = dataOf(
    await call('owner', 'POST', `${MAIN}/api-keys`, {
      name: 'till',
      permissions: [
        { resource: 'stampCard', action: 'VIEW' },
        { resource: 'counter', action: 'UPDATE' },
      ],
    }),
  ) as ApiKeyIssued;
  tokens.key = issued.key;
  keyId = issued.id;
  // an ACTIVE device at the store, signed in
  const device = dataOf(
    await call('owner', 'POST', `${MAIN}/devices`, {
      serialNo: 'CLOSE-1',
      name: 'Till',
      storeId: acme.storeId,
    }),
  ) as { id: number; serialNo: string };
  deviceSerial = device.serialNo;
  for (const step of ['register', 'deliver', 'activate']) {
    const data = dataOf(await call('op', 'POST', `${MAIN}/devices/${device.id}/${step}`, {})) as {
      secret?: string;
    };
    if (data.secret) deviceSecret = data.secret;
  }
  const signed = await t.app.inject({
    method: 'POST',
    url: `${AUTH}/device-token`,
    payload: { serialNo: deviceSerial, secret: deviceSecret },
  });
  expect(signed.json().code, signed.body).toBe(0);
  tokens.device = String(signed.headers['x-access-token']);
  // money in the wallet, which stays through the closure
  await t.db.transaction((tx) =>
    creditWallet(tx, acme.companyId, '12.30', { type: 'TOP_UP_TXN', reference: 'test funds' }),
  );
});

const stampAs = (who: string) =>
  call(who, 'POST', `${MAIN}/member-cards/${cardId}/stamps`, { stamps: 1, storeId: acme.storeId });

describe('a DISABLED company', () => {
  let exportId: number;
  let pushId: number;

  beforeAll(async () => {
    // things set up while it was open: a webhook endpoint with an event on its way, a daily export and
    // a push due
    const endpoint = await call('owner', 'POST', `${MAIN}/webhooks`, {
      url: `${hook.base}/hook`,
      events: ['stamp.given'],
    });
    expect(endpoint.json().code, endpoint.body).toBe(0);
    expect(codeOf(await stampAs('owner'))).toEqual({ status: 200, code: 0 });
    const scheduled = await call('owner', 'POST', `${MAIN}/scheduled-exports`, {
      resource: 'brand',
      sort: ['name,asc'],
      every: 'DAY',
      to: ['reports@closing.example'],
    });
    exportId = (dataOf(scheduled) as { id: number }).id;
    const created = await call('owner', 'POST', `${MAIN}/push`, {
      title: 'Hello',
      body: 'Come back',
      audience: 'ALL_MEMBERS',
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    pushId = (dataOf(created) as { id: number }).id;
    expect(codeOf(await call('owner', 'POST', `${MAIN}/push/${pushId}/schedule`))).toEqual({
      status: 200,
      code: 0,
    });
    expect(codeOf(await setCompany(acme.companyId, 'disable'))).toEqual({ status: 200, code: 0 });
  });

  it("refuses its users' tokens, sign-ins and refreshes with 26433", async () => {
    expect(answerOf(await call('owner', 'GET', `${MAIN}/stamp-cards`))).toEqual(SHUT('DISABLED'));
    const again = await login(t.app, 'owner@example.test', PASSWORD);
    expect(answerOf(again.response)).toEqual(SHUT('DISABLED'));
    expect(again.accessToken).toBe('');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      headers: { 'x-refresh-token': ownerRefresh },
    });
    expect(answerOf(refreshed)).toEqual(SHUT('DISABLED'));
    // a wrong password tells nothing of the company
    expect(codeOf((await login(t.app, 'owner@example.test', 'not-the-password')).response).code).toBe(26200);
  });

  it('refuses its API keys and devices, and a device signing in', async () => {
    expect(answerOf(await call('key', 'GET', `${MAIN}/stamp-cards`))).toEqual(SHUT('DISABLED'));
    expect(answerOf(await stampAs('key'))).toEqual(SHUT('DISABLED'));
    expect(answerOf(await stampAs('device'))).toEqual(SHUT('DISABLED'));
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/device-token`,
      payload: { serialNo: deviceSerial, secret: deviceSecret },
    });
    expect(answerOf(signIn)).toEqual(SHUT('DISABLED'));
  });

  it('refuses the counter, issues, imports and pushes even to an operator; top-ups to its owner', async () => {
    expect(answerOf(await stampAs('op'))).toEqual(CLOSED('DISABLED'));
    const issueCard = await call('op', 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
      memberMobile: nextMobile(),
      storeId: acme.storeId,
    });
    expect(answerOf(issueCard)).toEqual(CLOSED('DISABLED'));
    const issueVouchers = await call('op', 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, {
      memberMobile: nextMobile(),
      quantity: 1,
    });
    expect(answerOf(issueVouchers)).toEqual(CLOSED('DISABLED'));
    const imported = await call('op', 'POST', `${MAIN}/imports`, {
      kind: 'members',
      csv: 'mobile\n+6590000123',
      dryRun: true,
      companyId: acme.companyId,
    });
    expect(answerOf(imported)).toEqual(CLOSED('DISABLED'));
    const topUp = await call('owner', 'POST', `${PAY}/wallet/top-ups`, { amount: 10, paymentMethod: 'FREE' });
    expect(answerOf(topUp)).toEqual(SHUT('DISABLED'));
  });

  it('closes its web cards and joins to the public', async () => {
    const card = await t.app.inject({ method: 'GET', url: `${MAIN}/public/cards/${cardToken}` });
    expect(answerOf(card)).toEqual(CLOSED('DISABLED'));
    const join = await t.app.inject({
      method: 'GET',
      url: `${MAIN}${PUBLIC_PATHS.join(acme.storeId, programmeId)}`,
      remoteAddress: '198.51.100.77',
    });
    expect(answerOf(join)).toEqual(CLOSED('DISABLED'));
  });

  it('holds its webhooks, scheduled exports and pushes, spending nothing', async () => {
    const later = new Date(Date.now() + 2 * 60_000);
    await drain(later);
    expect(received).toEqual([]);
    const held = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.companyId, acme.companyId));
    expect(held.map((d) => ({ state: d.state, attempts: d.attempts, next: d.nextAttemptAt }))).toEqual([
      { state: 'PENDING', attempts: 0, next: null },
    ]);
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'x@example.test' }, t.db, quiet as never);
    const outcomes = await runDueExports(t.db, mailer, { now: new Date(Date.now() + 2 * 86_400_000) });
    expect(outcomes.map((o) => o.id)).not.toContain(exportId);
    const [schedule] = await t.db.select().from(scheduledExports).where(eq(scheduledExports.id, exportId));
    expect(schedule?.lastRunAt).toBeNull();
    const [sent] = await t.db.select().from(push).where(eq(push.id, pushId));
    expect({ state: sent?.state, reason: sent?.failureReason }).toEqual({
      state: 'PENDING',
      reason: 'Not sent: the company was closed when it was due. Schedule it again.',
    });
    // nor may anyone schedule it while the company is closed
    expect(answerOf(await call('op', 'POST', `${MAIN}/push/${pushId}/schedule`))).toEqual(CLOSED('DISABLED'));
  });

  it('keeps its money, which an operator sees (and no merchant through this route)', async () => {
    const wallet = dataOf(
      await call('op', 'GET', `${PAY}/companies/${acme.companyId}/wallet`),
    ) as CompanyWallet;
    expect(wallet).toMatchObject({ companyId: acme.companyId, companyState: 'DISABLED', balance: '12.30' });
    expect(wallet.movements).toBeGreaterThan(0);
    expect(codeOf(await call('op', 'GET', `${PAY}/companies/999999/wallet`))).toEqual({
      status: 404,
      code: 26430,
    });
  });

  it('enabled again, the same token, key, refresh token and device work, and what was held goes out', async () => {
    expect(codeOf(await setCompany(acme.companyId, 'activate'))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await call('owner', 'GET', `${MAIN}/stamp-cards`))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await stampAs('key'))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await stampAs('device'))).toEqual({ status: 200, code: 0 });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      headers: { 'x-refresh-token': ownerRefresh },
    });
    expect(refreshed.json().code, refreshed.body).toBe(0);
    const card = await t.app.inject({ method: 'GET', url: `${MAIN}/public/cards/${cardToken}` });
    expect(codeOf(card)).toEqual({ status: 200, code: 0 });
    await drain();
    // the held delivery and the new stampings' went out
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, acme.companyId), eq(webhookDeliveries.state, 'SUCCEEDED')));
    expect(deliveries.length).toBe(3);
    expect(received.length).toBe(3);
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'x@example.test' }, t.db, quiet as never);
    const outcomes = await runDueExports(t.db, mailer, { now: new Date(Date.now() + 2 * 86_400_000) });
    expect(outcomes).toContainEqual(expect.objectContaining({ id: exportId, result: 'SENT' }));
    expect(keyId).toBeGreaterThan(0);
    // the route is the operators': a merchant reads their own wallet through GET /wallet
    expect(codeOf(await call('owner', 'GET', `${PAY}/companies/${acme.companyId}/wallet`))).toEqual({
      status: 403,
      code: 26237,
    });
  });
});

describe('a disabled brand or store within an open company', () => {
  it('stops the users, keys and counter of that brand (26434) or store (26435) only', async () => {
    const brandId = await addBrand(t, acme.companyId, 'Closing Tea');
    const storeId = await addStore(t, acme.companyId, brandId, 'Closing Tea Store');
    await addUser(t, tokens, 'teaLead', { type: 'MERCHANT', companyId: acme.companyId, brandId });
    const disabled = await call('owner', 'POST', `${MAIN}/brands/${brandId}/disable`, {});
    expect(codeOf(disabled)).toEqual({ status: 200, code: 0 });
    expect(answerOf(await call('teaLead', 'GET', `${MAIN}/stamp-cards`))).toEqual({
      status: 409,
      code: 26434,
      data: { state: 'DISABLED', caller: true },
    });
    const again = await login(t.app, 'teaLead@example.test', PASSWORD);
    expect(codeOf(again.response).code).toBe(26434);
    // the company's owner still works, and so does its other brand
    expect(codeOf(await stampAs('owner'))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/brands/${brandId}/enable`, {}))).toEqual({
      status: 200,
      code: 0,
    });
    expect(codeOf(await call('teaLead', 'GET', `${MAIN}/stamp-cards`))).toEqual({ status: 200, code: 0 });
    // a disabled store stops a stamping there: 26435
    expect(codeOf(await call('owner', 'POST', `${MAIN}/stores/${acme.storeId}/disable`, {}))).toEqual({
      status: 200,
      code: 0,
    });
    expect(answerOf(await stampAs('owner'))).toEqual({
      status: 409,
      code: 26435,
      data: { state: 'DISABLED' },
    });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/stores/${acme.storeId}/enable`, {}))).toEqual({
      status: 200,
      code: 0,
    });
    expect(storeId).toBeGreaterThan(0);
  });
});

describe('a deleted company', () => {
  it('stops its owner (26433, state DELETE) and keeps its ledger for operators', async () => {
    const gone = await addOrg(t, 'Gone');
    await addUser(t, tokens, 'goneOwner', { type: 'MERCHANT', companyId: gone.companyId });
    const res = await call('op', 'DELETE', `${MAIN}/companies/${gone.companyId}`);
    expect(codeOf(res)).toEqual({ status: 200, code: 0 });
    const [row] = await t.db.select().from(company).where(eq(company.id, gone.companyId));
    expect(row?.state).toBe('DELETE');
    expect(answerOf(await call('goneOwner', 'GET', `${MAIN}/stamp-cards`))).toEqual(SHUT('DELETE'));
    const topUp = await call('goneOwner', 'POST', `${PAY}/wallet/top-ups`, {
      amount: 10,
      paymentMethod: 'FREE',
    });
    expect(answerOf(topUp)).toEqual(SHUT('DELETE'));
    expect(codeOf((await login(t.app, 'goneOwner@example.test', PASSWORD)).response).code).toBe(26433);
    const wallet = dataOf(
      await call('op', 'GET', `${PAY}/companies/${gone.companyId}/wallet`),
    ) as CompanyWallet;
    expect(wallet).toMatchObject({ companyState: 'DELETE', balance: '0.00', movements: 0 });
  });
});
