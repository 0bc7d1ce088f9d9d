// API keys through the API (issue 27 item 1): an owner or an operator makes a key (shown once, kept
// hashed), the key calls the operations and reads its permissions and place allow (as a bearer value or
// X-Api-Key), its calls are audited as the key, and it never reaches another company, the portal's
// writes, user management, operator routes or finance without a grant; revoke, rotate with a grace
// period, expiry; who may make keys and what they may grant.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, type ApiKeyIssued, type ApiKeyView } from '../../contract/api-keys';
import { apiKeys, auditLog, stampsTransaction } from '../../server/platform/db/schema';
import {
  addColleague,
  addOrg,
  addRewardProgramme,
  addStore,
  addUser,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
  signIn,
} from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;
let secondStore: number;
let programmeId: number;
let otherProgrammeId: number;
const nextMobile = mobileSequence('94');

/** A till's key: it reads the cards and runs the counter (issue 40 item 1), it configures nothing. */
const STAMPING = [
  { resource: 'stampCard', action: 'VIEW' },
  { resource: 'counter', action: 'ADD' },
  { resource: 'counter', action: 'UPDATE' },
] as const;

/** Makes a key as `who` and keeps it in `tokens[as]`, so `call(as, ...)` sends it as a bearer value. */
const makeKey = async (who: string, as: string, body: Record<string, unknown>): Promise<ApiKeyIssued> => {
  const issued = dataOf(await call(who, 'POST', `${MAIN}/api-keys`, body)) as ApiKeyIssued;
  tokens[as] = issued.key;
  return issued;
};

const issueCard = async (who: string, storeId = acme.storeId, programme = programmeId) =>
  call(who, 'POST', `${MAIN}/stamp-cards/${programme}/member-cards`, { memberMobile: nextMobile(), storeId });

beforeAll(async () => {
  acme = await addOrg(t, 'Acme');
  other = await addOrg(t, 'Other');
  secondStore = await addStore(t, acme.companyId, acme.brandId, 'Acme Second');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'stranger', { type: 'MERCHANT', companyId: other.companyId });
  ({ programmeId } = await addRewardProgramme(call, 'owner', acme));
  ({ programmeId: otherProgrammeId } = await addRewardProgramme(call, 'stranger', other));
  // a colleague the owner invited: not the company's owner
  await addColleague(t, 'colleague@example.test', acme.companyId);
  await signIn(t, tokens, 'colleague', 'colleague@example.test');
}, APP_TIMEOUT);

describe('making a key', () => {
  it('answers the key once and keeps only its hash; the list shows everything else', async () => {
    const issued = await makeKey('owner', 'till', { name: 'Till system', permissions: STAMPING });
    expect(issued.key).toMatch(API_KEY_PATTERN);
    expect(issued.prefix).toBe(issued.key.slice(0, 11));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, issued.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(issued.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(issued.key);

    const res = await call('owner', 'GET', `${MAIN}/api-keys`);
    expect(res.body).not.toContain(issued.key);
    expect(res.body).not.toContain('secretHash');
    const listed = (dataOf(res) as ApiKeyView[]).find((k) => k.id === issued.id);
    expect(listed).toMatchObject({
      name: 'Till system',
      prefix: issued.prefix,
      companyId: acme.companyId,
      brandId: null,
      storeId: null,
      organizationLevel: 'COMPANY',
      state: 'ACTIVE',
      createdByEmail: 'owner@example.test',
      lastUsedAt: null,
      expiresAt: null,
      permissions: expect.arrayContaining([{ resource: 'counter', action: 'ADD' }]),
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'apiKeys'), eq(auditLog.recordId, String(issued.id))));
    expect(audit).toMatchObject({
      action: 'create',
      actorEmail: 'owner@example.test',
      companyId: acme.companyId,
    });
  });

  it('lets operators make keys for a company they name, never with finance', async () => {
    expect(
      codeOf(await call('op', 'POST', `${MAIN}/api-keys`, { name: 'x', permissions: STAMPING })),
    ).toEqual({
      status: 400,
      code: 2,
    });
    const wallet = await call('op', 'POST', `${MAIN}/api-keys`, {
      name: 'x',
      companyId: acme.companyId,
      permissions: [{ resource: 'wallet', action: 'VIEW' }],
    });
    expect(codeOf(wallet)).toEqual({ status: 403, code: 26238 });
    const made = await makeKey('op', 'opKey', {
      name: 'CRM',
      companyId: other.companyId,
      permissions: STAMPING,
    });
    const listed = dataOf(
      await call('op', 'GET', `${MAIN}/api-keys?companyId=${other.companyId}`),
    ) as ApiKeyView[];
    expect(listed.map((k) => k.id)).toEqual([made.id]);
    // the owner of Acme never sees Other's keys
    const mine = dataOf(await call('owner', 'GET', `${MAIN}/api-keys`)) as ApiKeyView[];
    expect(mine.some((k) => k.id === made.id)).toBe(false);
  });

  it('lists the keys that reach a whole company, one brand or one store (organizationLevel)', async () => {
    const brandKey = await makeKey('owner', 'brandKey', {
      name: 'Brand CRM',
      brandId: acme.brandId,
      permissions: STAMPING,
    });
    const storeKey = await makeKey('owner', 'storeKey', {
      name: 'Second till',
      storeId: secondStore,
      permissions: STAMPING,
    });
    const listed = async (level: string) =>
      (dataOf(await call('owner', 'GET', `${MAIN}/api-keys?organizationLevel=${level}`)) as ApiKeyView[]).map(
        (k) => [k.name, k.organizationLevel],
      );
    expect(await listed('BRAND')).toEqual([['Brand CRM', 'BRAND']]);
    expect(await listed('STORE')).toEqual([['Second till', 'STORE']]);
    expect((await listed('COMPANY')).every(([, level]) => level === 'COMPANY')).toBe(true);
    expect((await listed('COMPANY')).length).toBeGreaterThan(0);
    expect(await listed('NULL')).toEqual([]);
    expect(codeOf(await call('owner', 'GET', `${MAIN}/api-keys?organizationLevel=GALAXY`))).toEqual({
      status: 400,
      code: 2,
    });
    for (const id of [brandKey.id, storeKey.id]) await call('owner', 'POST', `${MAIN}/api-keys/${id}/revoke`);
  });

  it('refuses colleagues, operator-only and unknown permissions, bad places and past expiries', async () => {
    const body = { name: 'x', permissions: STAMPING };
    expect(codeOf(await call('colleague', 'POST', `${MAIN}/api-keys`, body)).code).toBe(26237);
    expect(codeOf(await call('colleague', 'GET', `${MAIN}/api-keys`)).code).toBe(26237);
    const sys = await call('owner', 'POST', `${MAIN}/api-keys`, {
      name: 'x',
      permissions: [{ resource: 'systemConfig', action: 'VIEW' }],
    });
    expect(codeOf(sys)).toEqual({ status: 403, code: 26237 });
    const unknown = await call('owner', 'POST', `${MAIN}/api-keys`, {
      name: 'x',
      permissions: [{ resource: 'rockets', action: 'VIEW' }],
    });
    expect(codeOf(unknown).code).toBe(26232);
    const none = await call('owner', 'POST', `${MAIN}/api-keys`, { name: 'x', permissions: [] });
    expect(none.json()).toMatchObject({ code: 2, data: [{ field: 'permissions' }] });
    const foreignStore = await call('owner', 'POST', `${MAIN}/api-keys`, { ...body, storeId: other.storeId });
    expect(codeOf(foreignStore)).toEqual({ status: 404, code: 26432 });
    const past = await call('owner', 'POST', `${MAIN}/api-keys`, {
      ...body,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.json()).toMatchObject({
      code: 2,
      data: [{ field: 'expiresAt', message: 'must be in the future' }],
    });
    const blank = await call('owner', 'POST', `${MAIN}/api-keys`, { ...body, name: '   ' });
    expect(blank.json()).toMatchObject({ code: 2, data: [{ field: 'name' }] });
  });
});

describe('calling with a key', () => {
  it('issues and stamps as the key, by bearer value or X-Api-Key, audited as the key', async () => {
    const issued = await makeKey('owner', 'pos', { name: 'POS', permissions: STAMPING });
    const card = dataOf(await issueCard('pos')) as { id: number; code: string };
    const stamped = await t.app.inject({
      method: 'POST',
      url: `${MAIN}/member-cards/${card.id}/stamps`,
      headers: { 'x-api-key': issued.key },
      payload: { stamps: 1, storeId: acme.storeId },
      remoteAddress: '198.51.100.9',
    });
    expect(dataOf(stamped)).toMatchObject({ result: 'SUCCESS', stampsAfter: 1 });
    const [txn] = await t.db
      .select()
      .from(stampsTransaction)
      .where(eq(stampsTransaction.memberCardId, card.id));
    expect(txn).toMatchObject({ staffId: null });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, `api-key:${issued.prefix}`));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.every((a) => a.actorId !== null && a.actorId < -1_000_000_000)).toBe(true);
    const listed = (dataOf(await call('owner', 'GET', `${MAIN}/api-keys`)) as ApiKeyView[]).find(
      (k) => k.id === issued.id,
    );
    expect(listed?.lastUsedIp).toBe('198.51.100.9');
    expect(listed?.lastUsedAt).not.toBeNull();
    // the look-up by code and the list read
    expect(dataOf(await call('pos', 'GET', `${MAIN}/member-cards/by-code/${card.code}`))).toMatchObject({
      id: card.id,
    });
    const programmes = dataOf(await call('pos', 'GET', `${MAIN}/stamp-cards`)) as { id: number }[];
    expect(programmes.map((p) => p.id)).toEqual([programmeId]);
  });

  it('replays an operation sent twice with one Idempotency-Key', async () => {
    const card = dataOf(await issueCard('pos')) as { id: number };
    const send = () =>
      call(
        'pos',
        'POST',
        `${MAIN}/member-cards/${card.id}/stamps`,
        { stamps: 1, storeId: acme.storeId },
        {
          'idempotency-key': 'till-42-receipt-7',
        },
      );
    const first = await send();
    const second = await send();
    expect(second.body).toBe(first.body);
    const rows = await t.db
      .select()
      .from(stampsTransaction)
      .where(eq(stampsTransaction.memberCardId, card.id));
    expect(rows).toHaveLength(1);
  });

  it('reaches nothing beyond its permissions, company and the routes that take keys', async () => {
    // another company's card, by id and by code: as missing
    const foreign = dataOf(await issueCard('stranger', other.storeId, otherProgrammeId)) as {
      id: number;
      code: string;
    };
    expect(
      codeOf(
        await call('pos', 'POST', `${MAIN}/member-cards/${foreign.id}/stamps`, {
          stamps: 1,
          storeId: acme.storeId,
        }),
      ).status,
    ).toBe(404);
    expect(codeOf(await call('pos', 'GET', `${MAIN}/member-cards/by-code/${foreign.code}`)).status).toBe(404);
    expect(codeOf(await issueCard('pos', other.storeId, otherProgrammeId)).status).toBe(404);
    // no vouchers permission
    expect(codeOf(await call('pos', 'GET', `${MAIN}/vouchers`))).toEqual({ status: 403, code: 26237 });
    // the portal's generic writes, user management, keys, operator routes, finance: never
    const refused = [
      await call('pos', 'PUT', `${MAIN}/stamp-cards/${programmeId}`, { title: 'Hijacked' }),
      await call('pos', 'GET', `${MAIN}/user`),
      await call('pos', 'GET', `${MAIN}/api-keys`),
      await call('pos', 'POST', `${MAIN}/api-keys`, { name: 'child', permissions: STAMPING }),
      await call('pos', 'GET', `${MAIN}/member-messages?memberMobile=%2B6591234567`),
      await call('pos', 'GET', '/portal-payment-service/api/v1/wallet'),
      await call('pos', 'POST', '/portal-payment-service/api/v1/wallet/top-ups', {
        amount: 10,
        paymentMethod: 'FREE',
      }),
    ];
    expect(refused.map((r) => codeOf(r))).toEqual(refused.map(() => ({ status: 403, code: 26237 })));
  });

  it('reads the wallet only when the owner granted it', async () => {
    await makeKey('owner', 'books', { name: 'Books', permissions: [{ resource: 'wallet', action: 'VIEW' }] });
    expect(dataOf(await call('books', 'GET', '/portal-payment-service/api/v1/wallet'))).toHaveProperty(
      'balance',
    );
    const topUp = await call('books', 'POST', '/portal-payment-service/api/v1/wallet/top-ups', {
      amount: 10,
      paymentMethod: 'FREE',
    });
    expect(codeOf(topUp)).toEqual({ status: 403, code: 26237 });
  });

  it('acts for its store only when limited to one', async () => {
    const issued = await makeKey('owner', 'counter', {
      name: 'Counter',
      storeId: secondStore,
      permissions: STAMPING,
    });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, issued.id));
    expect(row).toMatchObject({ storeId: secondStore, brandId: acme.brandId });
    expect(codeOf(await issueCard('counter', secondStore)).code).toBe(0);
    expect(codeOf(await issueCard('counter', acme.storeId)).status).toBeGreaterThanOrEqual(400);
  });

  it('tells a malformed, unknown, revoked and expired key apart', async () => {
    tokens.bad = 'lk_short';
    expect(codeOf(await call('bad', 'GET', `${MAIN}/stamp-cards`))).toEqual({ status: 401, code: 1003 });
    tokens.forged = `${tokens.pos?.slice(0, 11)}${'A'.repeat(32)}`;
    expect(codeOf(await call('forged', 'GET', `${MAIN}/stamp-cards`))).toEqual({ status: 401, code: 1000 });

    const revoked = await makeKey('owner', 'gone', { name: 'Gone', permissions: STAMPING });
    const view = dataOf(await call('owner', 'POST', `${MAIN}/api-keys/${revoked.id}/revoke`)) as ApiKeyView;
    expect(view.state).toBe('REVOKED');
    expect(codeOf(await call('gone', 'GET', `${MAIN}/stamp-cards`))).toEqual({ status: 401, code: 1000 });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/api-keys/${revoked.id}/revoke`))).toEqual({
      status: 409,
      code: 11,
    });

    const expiring = await makeKey('owner', 'old', {
      name: 'Old',
      permissions: STAMPING,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(codeOf(await call('old', 'GET', `${MAIN}/stamp-cards`)).code).toBe(0);
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    expect(codeOf(await call('old', 'GET', `${MAIN}/stamp-cards`))).toEqual({ status: 401, code: 1001 });
  });

  it('rotates: the new key works, the old one for its grace period only', async () => {
    const old = await makeKey('owner', 'shop', {
      name: 'Shop',
      storeId: acme.storeId,
      permissions: STAMPING,
    });
    const next = dataOf(await call('owner', 'POST', `${MAIN}/api-keys/${old.id}/rotate`)) as ApiKeyIssued;
    tokens.shopNext = next.key;
    expect(next.key).not.toBe(old.key);
    expect(codeOf(await call('shopNext', 'GET', `${MAIN}/stamp-cards`)).code).toBe(0);
    expect(codeOf(await call('shop', 'GET', `${MAIN}/stamp-cards`)).code).toBe(0);
    const keys = dataOf(await call('owner', 'GET', `${MAIN}/api-keys`)) as ApiKeyView[];
    const was = keys.find((k) => k.id === old.id);
    const now = keys.find((k) => k.id === next.id);
    expect(was).toMatchObject({ state: 'ROTATED', replacedById: next.id });
    expect(new Date(was?.graceUntil ?? 0).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(now).toMatchObject({
      state: 'ACTIVE',
      name: 'Shop',
      storeId: acme.storeId,
      permissions: was?.permissions,
    });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/api-keys/${old.id}/rotate`))).toEqual({
      status: 409,
      code: 11,
    });
    await t.db
      .update(apiKeys)
      .set({ graceUntil: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, old.id));
    expect(codeOf(await call('shop', 'GET', `${MAIN}/stamp-cards`))).toEqual({ status: 401, code: 1001 });
    expect(codeOf(await call('shopNext', 'GET', `${MAIN}/stamp-cards`)).code).toBe(0);
    // another company's owner cannot touch it
    expect(codeOf(await call('stranger', 'POST', `${MAIN}/api-keys/${next.id}/revoke`)).status).toBe(404);
  });
});
