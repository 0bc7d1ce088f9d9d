// The device operations end to end through the API: every arrow of the lifecycle and every refused
// one (11, 26622), the generic rules (26620 delete with transactions, 26621 store change while ACTIVE,
// lifecycle and state operation-only), merchants deregistering their own, the secret `register`
// answers once, a device signing in (`/auth/device-token`) and refreshing, what a device's token may
// and may not call (26237, 6603, 6604, a redemption at its own store), and a brand-limited colleague
// seeing only the devices of its brand's stores.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LIFECYCLE } from '../../contract/enums';
import { ERRORS } from '../../contract/errors';
import { devices as deviceTable } from '../../resources';
import { actionsFrom, movedFields, pathBetween, refusalOf } from '../../resources/transitions';
import type { ActionDeclaration } from '../../resources/types';
import {
  auditLog,
  deviceSecrets,
  devices,
  idempotencyKeys,
  loginSessions,
  stampsTransaction,
  users,
  vouchers,
} from '../../server/platform/db/schema';
import { signAccessToken } from '../../server/platform/tokens';
import { addBrand, addOrg, addStore, addUser, apiSuite, MAIN, type Org, PASSWORD } from './fixtures';
import { APP_TIMEOUT, AUTH, codeOf, dataOf, login, sgDay } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;
/** a second brand of Acme with its store (the brand-limited colleague's) */
let brand2: { brandId: number; storeId: number };
/** a second store of Acme's first brand */
let acmeStore2: number;

const DEVICES = `${MAIN}/devices`;

interface Device {
  id: number;
  serialNo: string;
  companyId: number;
  storeId: number | null;
  state: string;
  lifecycle: string;
  secret?: string;
}

let serialSeq = 0;
const nextSerial = () => `SN-T-${String(++serialSeq).padStart(4, '0')}`;

/** A new APPROVED device of Acme (created by its owner), in `storeId` unless null. */
const newDevice = async (storeId: number | null = acme.storeId, who = 'owner'): Promise<Device> =>
  dataOf(
    await call(who, 'POST', DEVICES, {
      serialNo: nextSerial(),
      name: 'Counter',
      ...(storeId ? { storeId } : {}),
    }),
  ) as Device;

const arrow = (
  id: number,
  name: string,
  body: unknown = {},
  who = 'op',
  headers: Record<string, string> = {},
) => call(who, 'POST', `${DEVICES}/${id}/${name}`, body, headers);

const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error(`no device ${id}`);
  return row as unknown as Device;
};

/** The arrows that lead from APPROVED to each lifecycle. */
const PATHS: Record<string, [string, unknown][]> = {
  APPROVED: [],
  REGISTER_FAILED: [['register', { failed: true }]],
  REGISTERED: [['register', {}]],
  DELIVERED: [
    ['register', {}],
    ['deliver', {}],
  ],
  ACTIVE: [
    ['register', {}],
    ['deliver', {}],
    ['activate', {}],
  ],
  SPOILT: [
    ['register', {}],
    ['deliver', {}],
    ['spoil', {}],
  ],
  DEREGISTERED: [
    ['register', {}],
    ['deliver', {}],
    ['activate', {}],
    ['deregister', {}],
  ],
};

/** A new device of Acme moved to `lifecycle` through the operations; `secret` when it was registered. */
const deviceAt = async (lifecycle: string, storeId: number | null = acme.storeId) => {
  const device = await newDevice(storeId);
  let secret: string | undefined;
  for (const [name, body] of PATHS[lifecycle] ?? []) {
    const data = dataOf(await arrow(device.id, name, body)) as Device;
    if (data.secret) secret = data.secret;
  }
  const row = await rowOf(device.id);
  expect(row.lifecycle).toBe(lifecycle);
  return { ...row, secret };
};

const header = (res: LightMyRequestResponse, name: string): string => {
  const v = res.headers[name];
  return typeof v === 'string' ? v : '';
};

const deviceToken = (serialNo: string, secret: string) =>
  t.app.inject({ method: 'POST', url: `${AUTH}/device-token`, payload: { serialNo, secret } });

/** Signs an ACTIVE (by default) device in and keeps its access token under `who`. */
const signDeviceIn = async (who: string, lifecycle = 'ACTIVE', storeId: number | null = acme.storeId) => {
  const device = await deviceAt(lifecycle, storeId);
  const res = await deviceToken(device.serialNo, device.secret ?? '');
  expect(res.json().code, res.body).toBe(0);
  tokens[who] = header(res, 'x-access-token');
  return { device, refreshToken: header(res, 'x-refresh-token') };
};

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

// ---- vouchers to redeem ----------------------------------------------------------------------------

const shift = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return sgDay(d);
};

let packId: number;
let mobileSeq = 0;
const issueVoucher = async (): Promise<number> => {
  const memberMobile = `+6593${String(++mobileSeq).padStart(6, '0')}`;
  const res = await call('owner', 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, {
    memberMobile,
    quantity: 1,
  });
  const { vouchers } = dataOf(res) as { vouchers: { id: number }[] };
  const id = vouchers[0]?.id;
  if (!id) throw new Error('nothing issued');
  return id;
};
const redeem = (who: string, voucherId: number, storeId: number, headers: Record<string, string> = {}) =>
  call(who, 'POST', `${MAIN}/vouchers/${voucherId}/redeem`, { storeId }, headers);

beforeAll(async () => {
  acme = await addOrg(t, 'Acme');
  other = await addOrg(t, 'Other');
  acmeStore2 = await addStore(t, acme.companyId, acme.brandId, 'Acme Second Store');
  const b2 = await addBrand(t, acme.companyId, 'Acme Tea');
  brand2 = { brandId: b2, storeId: await addStore(t, acme.companyId, b2, 'Acme Tea Store') };
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'stranger', { type: 'MERCHANT', companyId: other.companyId });
  await addUser(t, tokens, 'tea', { type: 'MERCHANT', companyId: acme.companyId, brandId: brand2.brandId });
  const pack = dataOf(
    await call('owner', 'POST', `${MAIN}/voucher-packs`, {
      title: 'Free coffee',
      price: 0,
      voucherValue: 5,
      quantity: 100,
      issueLimitPerMember: 5,
      validFrom: shift(-1),
      validUntil: shift(30),
      voucherValidityDays: 14,
      giftable: false,
      brandId: acme.brandId,
    }),
  ) as { id: number };
  packId = pack.id;
}, APP_TIMEOUT);

describe('the declared lifecycle (resources/tables/devices.ts) is what the server does', () => {
  const ROLES = [
    ['op', 'operator'],
    ['owner', 'merchant'],
  ] as const;

  it('leads a new device to each lifecycle by the same arrows as these tests (the demo seed walks them)', () => {
    for (const lifecycle of DEVICE_LIFECYCLE) {
      const declared = pathBetween(deviceTable, 'lifecycle', 'APPROVED', lifecycle);
      expect(
        declared?.map((a) => [a.path ?? a.name, a.body ?? {}]),
        lifecycle,
      ).toEqual(PATHS[lifecycle]);
    }
  });

  it.each(DEVICE_LIFECYCLE)(
    'from %s, every arrow as an operator and as the owner: the server moves exactly what the portal offers',
    async (lifecycle) => {
      for (const [who, role] of ROLES) {
        const moved: string[] = [];
        for (const action of deviceTable.actions as readonly ActionDeclaration[]) {
          const device = await deviceAt(lifecycle);
          const res = await arrow(device.id, action.path ?? action.name, action.body ?? {}, who);
          const refusal = refusalOf(action, lifecycle, role);
          const what = `${action.name} from ${lifecycle} as ${role}`;
          if (refusal === null) {
            expect(codeOf(res), what).toEqual({ status: 200, code: 0 });
            expect(await rowOf(device.id), what).toMatchObject(movedFields(action));
            moved.push(action.name);
          } else {
            expect(res.json().code, what).toBe(ERRORS[refusal].code);
            expect((await rowOf(device.id)).lifecycle, what).toBe(lifecycle);
          }
        }
        // the device page's buttons (src/pages/devices/access.ts) are these
        expect(moved).toEqual(actionsFrom(deviceTable, 'lifecycle', lifecycle, role).map((a) => a.name));
      }
    },
    APP_TIMEOUT,
  );
});

describe('the lifecycle, one operation per arrow', () => {
  it('registers, delivers, activates and deregisters, with an audit row per move', async () => {
    const device = await newDevice();
    expect(device).toMatchObject({ lifecycle: 'APPROVED', state: 'ACTIVE' });

    const registered = dataOf(await arrow(device.id, 'register')) as Device;
    expect(registered).toMatchObject({ id: device.id, lifecycle: 'REGISTERED', state: 'ACTIVE' });
    expect(registered.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // only the hash is kept
    const [kept] = await t.db.select().from(deviceSecrets).where(eq(deviceSecrets.deviceId, device.id));
    expect(kept?.secretHash).toBe(sha256(registered.secret ?? ''));

    expect(dataOf(await arrow(device.id, 'deliver'))).toMatchObject({
      lifecycle: 'DELIVERED',
      state: 'ACTIVE',
    });
    expect(dataOf(await arrow(device.id, 'activate', null))).toMatchObject({
      lifecycle: 'ACTIVE',
      state: 'ACTIVE',
    });
    expect(dataOf(await arrow(device.id, 'deregister'))).toMatchObject({
      lifecycle: 'DEREGISTERED',
      state: 'DEREGISTERED',
    });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'devices'), eq(auditLog.recordId, String(device.id))))
      .orderBy(auditLog.id);
    const rows = audit as unknown as {
      action: string;
      actorEmail: string;
      before: unknown;
      after: unknown;
    }[];
    expect(rows.map((r) => r.action).filter((a) => a !== 'create')).toEqual([
      'register',
      'deliver',
      'activate',
      'deregister',
    ]);
    const register = rows.find((r) => r.action === 'register');
    expect(register).toMatchObject({
      actorEmail: 'op@example.test',
      before: { lifecycle: 'APPROVED' },
      after: { lifecycle: 'REGISTERED' },
    });
    // the secret is never in the log
    expect(JSON.stringify(rows)).not.toContain(registered.secret);
  });

  it('keeps no secret for replays: the same Idempotency-Key answers the device without it', async () => {
    const device = await newDevice();
    const key = { 'idempotency-key': `register-${device.id}` };
    const first = await arrow(device.id, 'register', {}, 'op', key);
    const shown = dataOf(first) as Device;
    expect(shown.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const replay = await arrow(device.id, 'register', {}, 'op', key);
    expect(codeOf(replay)).toEqual({ status: 200, code: 0 });
    const again = dataOf(replay) as Device;
    expect(again).toMatchObject({ id: device.id, lifecycle: 'REGISTERED' });
    expect(again.secret).toBeUndefined();
    const [kept] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key['idempotency-key']));
    expect(kept?.body).toBeTruthy();
    expect(kept?.body).not.toContain(shown.secret ?? '');
  });

  it('records a failed registration and lets register be retried from there', async () => {
    const device = await newDevice();
    const failed = dataOf(await arrow(device.id, 'register', { failed: true })) as Device;
    expect(failed).toMatchObject({ lifecycle: 'REGISTER_FAILED', state: 'ACTIVE' });
    expect(failed.secret).toBeUndefined();
    expect(await t.db.select().from(deviceSecrets).where(eq(deviceSecrets.deviceId, device.id))).toEqual([]);
    const again = dataOf(await arrow(device.id, 'register', {})) as Device;
    expect(again).toMatchObject({ lifecycle: 'REGISTERED' });
    expect(again.secret).toBeTruthy();
  });

  it.each(['DELIVERED', 'ACTIVE'])(
    'spoils a %s device: lifecycle SPOILT, state DEREGISTERED',
    async (from) => {
      const device = await deviceAt(from);
      expect(dataOf(await arrow(device.id, 'spoil'))).toMatchObject({
        lifecycle: 'SPOILT',
        state: 'DEREGISTERED',
      });
    },
  );

  const REFUSED: [string, string][] = [
    ['APPROVED', 'deliver'],
    ['APPROVED', 'activate'],
    ['APPROVED', 'spoil'],
    ['APPROVED', 'deregister'],
    ['REGISTER_FAILED', 'deliver'],
    ['REGISTER_FAILED', 'activate'],
    ['REGISTER_FAILED', 'spoil'],
    ['REGISTER_FAILED', 'deregister'],
    ['REGISTERED', 'register'],
    ['REGISTERED', 'activate'],
    ['REGISTERED', 'spoil'],
    ['REGISTERED', 'deregister'],
    ['DELIVERED', 'register'],
    ['DELIVERED', 'deliver'],
    ['DELIVERED', 'deregister'],
    ['ACTIVE', 'register'],
    ['ACTIVE', 'deliver'],
    ['ACTIVE', 'activate'],
    ['SPOILT', 'register'],
    ['SPOILT', 'deliver'],
    ['SPOILT', 'activate'],
    ['SPOILT', 'spoil'],
    ['DEREGISTERED', 'register'],
    ['DEREGISTERED', 'deliver'],
    ['DEREGISTERED', 'activate'],
    ['DEREGISTERED', 'spoil'],
  ];
  it.each(REFUSED)('refuses %s → %s with 11 naming lifecycle, changing nothing', async (from, name) => {
    const device = await deviceAt(from);
    const before = await rowOf(device.id);
    const res = await arrow(device.id, name);
    expect(codeOf(res)).toEqual({ status: 409, code: 11 });
    expect(res.json().data).toEqual([expect.objectContaining({ field: 'lifecycle' })]);
    expect(await rowOf(device.id)).toEqual(before);
  });

  it.each(['DEREGISTERED', 'SPOILT'])('refuses to deregister a %s device with 26622', async (from) => {
    const device = await deviceAt(from);
    const before = await rowOf(device.id);
    expect(codeOf(await arrow(device.id, 'deregister'))).toEqual({ status: 409, code: 26622 });
    expect(await rowOf(device.id)).toEqual(before);
  });

  it('refuses deregistering twice with 26622', async () => {
    const device = await deviceAt('ACTIVE');
    expect(dataOf(await arrow(device.id, 'deregister', {}, 'owner'))).toMatchObject({
      lifecycle: 'DEREGISTERED',
    });
    expect(codeOf(await arrow(device.id, 'deregister', {}, 'owner'))).toEqual({ status: 409, code: 26622 });
  });

  it('activates only a device that names a store (2 naming storeId)', async () => {
    const device = await deviceAt('DELIVERED', null);
    const res = await arrow(device.id, 'activate');
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
    expect(res.json().data).toEqual([expect.objectContaining({ field: 'storeId' })]);
    expect((await rowOf(device.id)).lifecycle).toBe('DELIVERED');
    // the generic update may place it while it is not ACTIVE; then it activates
    dataOf(await call('owner', 'PUT', `${DEVICES}/${device.id}`, { storeId: acme.storeId }));
    expect(dataOf(await arrow(device.id, 'activate'))).toMatchObject({
      lifecycle: 'ACTIVE',
      storeId: acme.storeId,
    });
  });

  it('answers an Idempotency-Key repeat with the first answer, moving once', async () => {
    const device = await deviceAt('REGISTERED');
    const headers = { 'idempotency-key': `deliver-${device.id}` };
    const first = await arrow(device.id, 'deliver', {}, 'op', headers);
    const second = await arrow(device.id, 'deliver', {}, 'op', headers);
    expect(second.body).toBe(first.body);
    expect((await rowOf(device.id)).lifecycle).toBe('DELIVERED');
  });
});

describe('who moves devices', () => {
  it('lets merchants deregister their own devices only, and nothing else', async () => {
    const own = await deviceAt('ACTIVE');
    expect(codeOf(await arrow(own.id, 'deregister', {}, 'stranger'))).toEqual({ status: 404, code: 5 });
    expect(dataOf(await arrow(own.id, 'deregister', {}, 'owner'))).toMatchObject({
      lifecycle: 'DEREGISTERED',
    });
    const fresh = await newDevice();
    for (const name of ['register', 'deliver', 'activate', 'spoil']) {
      expect(codeOf(await arrow(fresh.id, name, {}, 'owner'))).toEqual({ status: 403, code: 26237 });
    }
    expect((await rowOf(fresh.id)).lifecycle).toBe('APPROVED');
  });

  it('keeps lifecycle and state to the operations: a generic write of them is code 2', async () => {
    const device = await newDevice();
    for (const body of [{ lifecycle: 'ACTIVE' }, { state: 'DEREGISTERED' }]) {
      const res = await call('op', 'PUT', `${DEVICES}/${device.id}`, body);
      expect(res.json()).toMatchObject({ code: 2, data: [{ field: Object.keys(body)[0] }] });
    }
    expect(await rowOf(device.id)).toMatchObject({ lifecycle: 'APPROVED', state: 'ACTIVE' });
  });

  it('keeps an ACTIVE device in its store (26621)', async () => {
    const device = await deviceAt('ACTIVE');
    const res = await call('op', 'PUT', `${DEVICES}/${device.id}`, { storeId: acmeStore2 });
    expect(codeOf(res)).toEqual({ status: 409, code: 26621 });
    expect((await rowOf(device.id)).storeId).toBe(acme.storeId);
    // renaming it is fine
    expect(dataOf(await call('op', 'PUT', `${DEVICES}/${device.id}`, { name: 'Till 1' }))).toMatchObject({
      name: 'Till 1',
      storeId: acme.storeId,
    });
  });

  it('refuses to delete a device with stamps transactions (26620) and deletes one without', async () => {
    const used = await deviceAt('ACTIVE');
    await t.db.insert(stampsTransaction).values({
      companyId: acme.companyId,
      brandId: acme.brandId,
      storeId: acme.storeId,
      deviceId: used.id,
      memberMobile: '+6591111111',
      result: 'SUCCESS',
      stamps: 1,
      amount: 0,
      at: new Date(),
    } as never);
    expect(codeOf(await call('op', 'DELETE', `${DEVICES}/${used.id}`))).toEqual({ status: 409, code: 26620 });
    expect((await rowOf(used.id)).id).toBe(used.id);
    const unused = await deviceAt('REGISTERED');
    expect(codeOf(await call('op', 'DELETE', `${DEVICES}/${unused.id}`))).toEqual({ status: 200, code: 0 });
  });
});

describe('a brand-limited colleague', () => {
  it("sees only the devices of its brand's stores", async () => {
    const mine = await newDevice(brand2.storeId);
    const theirs = await newDevice(acme.storeId);
    const nowhere = await newDevice(null);
    const seen = (dataOf(await call('tea', 'GET', `${DEVICES}?size=1000`)) as Device[]).map((d) => d.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    expect(seen).not.toContain(nowhere.id);
    expect(seen.length).toBeGreaterThan(0);
    for (const id of seen) expect((await rowOf(id)).storeId).toBe(brand2.storeId);
    expect(codeOf(await call('tea', 'GET', `${DEVICES}/${theirs.id}`))).toEqual({ status: 404, code: 5 });
    // the owner sees all three
    const owners = (dataOf(await call('owner', 'GET', `${DEVICES}?size=1000`)) as Device[]).map((d) => d.id);
    expect(owners).toEqual(expect.arrayContaining([mine.id, theirs.id, nowhere.id]));
  });

  it("deregisters its brand's devices only", async () => {
    const mine = await deviceAt('ACTIVE', brand2.storeId);
    const theirs = await deviceAt('ACTIVE', acme.storeId);
    expect(codeOf(await arrow(theirs.id, 'deregister', {}, 'tea'))).toEqual({ status: 404, code: 5 });
    expect(dataOf(await arrow(mine.id, 'deregister', {}, 'tea'))).toMatchObject({
      lifecycle: 'DEREGISTERED',
    });
  });
});

describe('signing a device in', () => {
  it('answers tokens as for users, with a login of the device and did device:<id>', async () => {
    const device = await deviceAt('REGISTERED');
    const res = await deviceToken(device.serialNo, device.secret ?? '');
    expect(dataOf(res)).toMatchObject({
      id: device.id,
      serialNo: device.serialNo,
      companyId: acme.companyId,
    });
    expect(res.json().data.secret).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const access = header(res, 'x-access-token');
    expect(header(res, 'x-refresh-token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(access);
    expect(claims).toMatchObject({
      uid: -device.id,
      did: `device:${device.id}`,
      putyp: 'MERCHANT',
      role: 'merchant',
      mid: acme.companyId,
    });
    const [session] = await t.db
      .select()
      .from(loginSessions)
      .where(eq(loginSessions.id, String(claims.tid)));
    expect(session).toMatchObject({ terminalId: device.id, userId: null, deviceId: `device:${device.id}` });
  });

  it.each(['DELIVERED', 'ACTIVE'])('signs a %s device in', async (lifecycle) => {
    const device = await deviceAt(lifecycle);
    expect(codeOf(await deviceToken(device.serialNo, device.secret ?? ''))).toEqual({ status: 200, code: 0 });
  });

  it('refuses a wrong secret, an unknown serial number and an unregistered device alike (26200)', async () => {
    const device = await deviceAt('REGISTERED');
    const approved = await newDevice();
    const answers = [
      await deviceToken(device.serialNo, 'not-the-secret'),
      await deviceToken('SN-NO-SUCH-DEVICE', device.secret ?? ''),
      await deviceToken(approved.serialNo, device.secret ?? ''),
    ];
    for (const res of answers) {
      expect(codeOf(res)).toEqual({ status: 401, code: 26200 });
      expect(header(res, 'x-access-token')).toBe('');
    }
    const bodies = answers.map((r) => {
      const { requestId: _r, ...rest } = r.json() as Record<string, unknown>;
      return rest;
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('refuses the right secret of a device that may no longer sign in (26201)', async () => {
    const device = await deviceAt('ACTIVE');
    dataOf(await arrow(device.id, 'spoil'));
    expect(codeOf(await deviceToken(device.serialNo, device.secret ?? ''))).toEqual({
      status: 403,
      code: 26201,
    });
  });

  it('answers the secret once: a new register replaces it and ends the old logins', async () => {
    const device = await deviceAt('REGISTERED');
    const first = await deviceToken(device.serialNo, device.secret ?? '');
    tokens.oldSecret = header(first, 'x-access-token');
    // the secret is not readable afterwards
    const shown = dataOf(await call('op', 'GET', `${DEVICES}/${device.id}`)) as Record<string, unknown>;
    expect(shown.secret).toBeUndefined();
    expect(JSON.stringify(shown)).not.toContain(device.secret);
    // a registration that failed at the till after all: register may be retried from there
    await t.db
      .update(devices)
      .set({ lifecycle: 'REGISTER_FAILED' } as never)
      .where(eq(devices.id, device.id));
    const again = dataOf(await arrow(device.id, 'register')) as Device;
    expect(again.secret).toBeTruthy();
    expect(again.secret).not.toBe(device.secret);
    expect(await t.db.select().from(deviceSecrets).where(eq(deviceSecrets.deviceId, device.id))).toHaveLength(
      1,
    );
    expect(codeOf(await deviceToken(device.serialNo, device.secret ?? ''))).toEqual({
      status: 401,
      code: 26200,
    });
    expect(codeOf(await deviceToken(device.serialNo, again.secret ?? ''))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await redeem('oldSecret', 1, acme.storeId))).toEqual({ status: 401, code: 1005 });
  });

  it("refreshes a device's login through the users' refresh calls, with the same rotation rules", async () => {
    const { device, refreshToken } = await signDeviceIn('refresher');
    const refresh = (url: string, token: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${AUTH}${url}`,
        headers: { 'x-refresh-token': token, ...headers },
      });

    const renewed = await refresh('/refresh/token', refreshToken);
    expect(codeOf(renewed)).toEqual({ status: 200, code: 0 });
    const access = header(renewed, 'x-access-token');
    expect(decodeJwt(access)).toMatchObject({
      uid: -device.id,
      did: `device:${device.id}`,
      role: 'merchant',
    });
    tokens.refreshed = access;
    const voucher = await issueVoucher();
    expect(dataOf(await redeem('refreshed', voucher, acme.storeId))).toMatchObject({ state: 'REDEEMED' });

    const rotated = await refresh('/refresh/refresh-token', refreshToken, {
      'x-device-id': `device:${device.id}`,
    });
    const next = header(rotated, 'x-refresh-token');
    expect(next).toBeTruthy();
    expect(next).not.toBe(refreshToken);
    // the replaced token again within the grace window: the token that replaced it
    expect(header(await refresh('/refresh/refresh-token', refreshToken), 'x-refresh-token')).toBe(next);
    // another device's id: 1015
    expect(codeOf(await refresh('/refresh/token', next, { 'x-device-id': 'someone-else' }))).toEqual({
      status: 401,
      code: 1015,
    });
    expect(codeOf(await refresh('/refresh/token', next))).toEqual({ status: 200, code: 0 });
  });

  it('refuses to refresh the login of a deregistered device (26201)', async () => {
    const { device, refreshToken } = await signDeviceIn('toDeregister');
    dataOf(await arrow(device.id, 'deregister'));
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      headers: { 'x-refresh-token': refreshToken },
    });
    expect(codeOf(res)).toEqual({ status: 403, code: 26201 });
  });
});

describe("a device's token", () => {
  it('calls only the operations that accept devices (26237 elsewhere)', async () => {
    await signDeviceIn('till');
    for (const [method, url] of [
      ['GET', DEVICES],
      ['GET', `${MAIN}/vouchers`],
      ['GET', `${MAIN}/voucher-packs/${packId}/summary`],
      ['GET', `${MAIN}/user/profile`],
      ['POST', `${MAIN}/voucher-packs/${packId}/vouchers`],
    ] as const) {
      const res = await call(
        'till',
        method,
        url,
        method === 'POST' ? { memberMobile: '+6590000009', quantity: 1 } : undefined,
      );
      expect(codeOf(res), url).toEqual({ status: 403, code: 26237 });
    }
  });

  it('redeems at its own store while ACTIVE, as the device (audit and idempotency)', async () => {
    const { device } = await signDeviceIn('counter');
    const voucher = await issueVoucher();
    const key = { 'idempotency-key': `redeem-${voucher}` };
    const first = await redeem('counter', voucher, acme.storeId, key);
    expect(dataOf(first)).toMatchObject({ id: voucher, state: 'REDEEMED', redeemedStoreId: acme.storeId });
    expect((await redeem('counter', voucher, acme.storeId, key)).body).toBe(first.body);
    const [kept] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key['idempotency-key']));
    expect(kept?.userId).toBe(-device.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'vouchers'),
          eq(auditLog.action, 'redeem'),
          eq(auditLog.recordId, String(voucher)),
        ),
      );
    expect(audit).toMatchObject({ actorId: -device.id, actorEmail: `device:${device.serialNo}` });
  });

  it('looks a voucher up by the code its QR carries, within its company only (issue 26)', async () => {
    await signDeviceIn('scanner');
    const voucher = await issueVoucher();
    const [row] = await t.db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, voucher));
    const found = await call('scanner', 'GET', `${MAIN}/vouchers/by-code/${row?.code}`);
    expect(dataOf(found)).toMatchObject({ id: voucher, state: 'AVAILABLE' });
    expect(codeOf(await call('scanner', 'GET', `${MAIN}/vouchers/by-code/NOSUCH2345`))).toEqual({
      status: 404,
      code: 5,
    });
  });

  it('refuses another store (6604), even of the same brand', async () => {
    await signDeviceIn('wrongStore');
    const voucher = await issueVoucher();
    expect(codeOf(await redeem('wrongStore', voucher, acmeStore2))).toEqual({ status: 409, code: 6604 });
  });

  it('refuses a device that is not ACTIVE (6603): delivered, and deregistered after signing in', async () => {
    await signDeviceIn('delivered', 'DELIVERED');
    const voucher = await issueVoucher();
    expect(codeOf(await redeem('delivered', voucher, acme.storeId))).toEqual({ status: 409, code: 6603 });
    const { device } = await signDeviceIn('gone');
    dataOf(await arrow(device.id, 'deregister', {}, 'owner'));
    expect(codeOf(await redeem('gone', voucher, acme.storeId))).toEqual({ status: 409, code: 6603 });
  });

  it('stops working when its login is logged out or the device is deleted (1005)', async () => {
    const { device } = await signDeviceIn('loggedOut');
    expect(codeOf(await call('loggedOut', 'POST', `${AUTH}/logout`))).toEqual({ status: 200, code: 0 });
    const voucher = await issueVoucher();
    expect(codeOf(await redeem('loggedOut', voucher, acme.storeId))).toEqual({ status: 401, code: 1005 });
    const second = await deviceToken(device.serialNo, device.secret ?? '');
    tokens.deleted = header(second, 'x-access-token');
    expect(codeOf(await call('op', 'DELETE', `${DEVICES}/${device.id}`))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await redeem('deleted', voucher, acme.storeId))).toEqual({ status: 401, code: 1005 });
  });

  it("is no user's: a user's login is never a device's, nor a device's a user's", async () => {
    const { device } = await signDeviceIn('realDevice');
    const owner = await login(t.app, 'owner@example.test', PASSWORD, {
      'x-device-id': `device:${device.id}`,
    });
    const ownerClaims = decodeJwt(owner.accessToken);
    const deviceClaims = decodeJwt(tokens.realDevice ?? '');
    const forge = (claims: Record<string, unknown>) =>
      signAccessToken(
        {
          tid: String(claims.tid),
          uid: Number(claims.uid),
          putyp: 'MERCHANT',
          did: String(claims.did),
          mid: acme.companyId,
          mob: '',
          eml: '',
          role: 'merchant',
          exp: Math.floor(Date.now() / 1000) + 600,
        },
        t.config.jwtSecret,
      );
    // the user's login presented as the device, and the device's as the owner
    tokens.userAsDevice = await forge({ ...ownerClaims, uid: -device.id });
    const [ownerRow] = await t.db.select().from(users).where(eq(users.email, 'owner@example.test'));
    tokens.deviceAsUser = await forge({ ...deviceClaims, uid: ownerRow?.id });
    const voucher = await issueVoucher();
    expect(codeOf(await redeem('userAsDevice', voucher, acme.storeId))).toEqual({ status: 401, code: 1005 });
    expect(codeOf(await call('deviceAsUser', 'GET', DEVICES))).toEqual({ status: 401, code: 1005 });
    // the owner's own token (whatever X-Device-Id it logged in with) is a user's: no device limits
    tokens.ownerViaDeviceId = owner.accessToken;
    expect(dataOf(await redeem('ownerViaDeviceId', voucher, acmeStore2))).toMatchObject({
      redeemedStoreId: acmeStore2,
    });
    expect(codeOf(await call('ownerViaDeviceId', 'GET', DEVICES))).toEqual({ status: 200, code: 0 });
  });
});
