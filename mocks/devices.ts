// MSW mocks of the device operations (docs/operations.md "Devices", docs/api.md "Devices",
// server/services/devices.ts) and of the store's stamping PIN (GET / POST /stores/{id}/pin,
// server/services/stamping.ts). One operation per arrow of the lifecycle declared in
// resources/tables/devices.ts, with its roles and refusals; activating without a store of the
// device's company is 2. The rows live in the mock db's resourceRows (devices,
// store), so the generic list and show mocks (mocks/resources.ts) serve the very rows these move.
// Each operation honours the Idempotency-Key header as the server does; a replayed register answers
// the device without its secret, which is shown once.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import { canAccess, type Permission } from '../contract/access';
import { type Role, roleOf } from '../contract/claims';
import { ERRORS } from '../contract/errors';
import { devices, stampsTransaction, store } from '../resources';
import { actionOf, movedFields } from '../resources/transitions';
import type { ResourceDeclaration } from '../resources/types';
import type { MockDb, MockRow, MockUser } from './data';
import { seedOrganisation } from './organisation-hierarchy';
import { allowedMove, type Body, fail, guard, invalid, readBody, success } from './respond';
import { MOCK_PIN_MAX_FAILURES, MOCK_PIN_WINDOW_MS, STAMP_DEMO_PIN, setMockStorePin } from './stamping';

export interface DeviceMockContext {
  db: MockDb;
  /** the handlers' origin ('*' matches any) */
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
  fullPermissions: (user: MockUser) => Permission[] | null;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const PIN_PATTERN = /^[0-9]{4,8}$/;

const rowsOf = (db: MockDb, decl: ResourceDeclaration): MockRow[] => {
  db.resourceRows[decl.name] ??= [];
  return db.resourceRows[decl.name] as MockRow[];
};
const isoOf = (ms: number) => new Date(ms).toISOString();

// ---- the operations, on the data alone (the handlers, the demo seed and the tests share them) -------

/** A new device secret: 32 random bytes, base64url (as the server's). */
const newSecret = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
};

/**
 * Moves the device along the declared arrow `name` (resources/tables/devices.ts): its lifecycle and
 * what follows it; a state the arrow does not leave is refused as the server refuses it.
 */
const move = (device: MockRow, name: string, at: number): MockRow => {
  const arrow = allowedMove(devices, name, device, 'device');
  Object.assign(device, { ...movedFields(arrow), updateTime: isoOf(at) });
  return device;
};

/**
 * APPROVED or REGISTER_FAILED → REGISTERED, answering the device with a new `secret` (shown once),
 * or → REGISTER_FAILED with `failed`. Else 11.
 */
export const registerMockDevice = (
  device: MockRow,
  failed = false,
  at: number = Date.now(),
): MockRow & { secret?: string } => {
  if (failed) return move(device, 'registerFailed', at);
  return { ...move(device, 'register', at), secret: newSecret() };
};

/** REGISTERED → DELIVERED (else 11). */
export const deliverMockDevice = (device: MockRow, at: number = Date.now()): MockRow => {
  return move(device, 'deliver', at);
};

/** DELIVERED → ACTIVE (else 11), in a store of the device's company (else 2 naming storeId). */
export const activateMockDevice = (db: MockDb, device: MockRow, at: number = db.now()): MockRow => {
  allowedMove(devices, 'activate', device, 'device');
  if (device.storeId === null || device.storeId === undefined)
    return invalid('storeId', 'a device is activated in a store: set its store first');
  const where = rowsOf(db, store).find((s) => s.id === device.storeId);
  if (!where || where.companyId !== device.companyId)
    return invalid('storeId', "is not a store of the device's company");
  return move(device, 'activate', at);
};

/** DELIVERED or ACTIVE → SPOILT (else 11). */
export const spoilMockDevice = (device: MockRow, at: number = Date.now()): MockRow => {
  return move(device, 'spoil', at);
};

/** ACTIVE → DEREGISTERED; already DEREGISTERED or SPOILT 26622; other lifecycles 11. */
export const deregisterMockDevice = (device: MockRow, at: number = Date.now()): MockRow => {
  return move(device, 'deregister', at);
};

// ---- the store's stamping PIN ---------------------------------------------------------------------

/** When each store's PIN was set, per data set (the PIN itself lives with the stamping mocks). */
const pinTimes = new WeakMap<MockDb, Map<number, number>>();
const pinTimesOf = (db: MockDb): Map<number, number> => {
  let times = pinTimes.get(db);
  if (!times) {
    times = new Map();
    pinTimes.set(db, times);
  }
  return times;
};

/** Sets a store's stamping PIN as POST /stores/{id}/pin does: the PIN for stamping, and when. */
export const setMockPin = (db: MockDb, storeId: number, pin: string, at: number = db.now()): void => {
  setMockStorePin(db, storeId, pin);
  pinTimesOf(db).set(storeId, at);
};

const INVALID_PIN = ERRORS.INVALID_PIN.code;

/**
 * Until when PIN stamping at the store is refused: 5 wrong PINs within 15 minutes since the PIN was
 * last set (a new PIN ends a lock), read from the FAILED stamps transactions the stamping mocks record.
 */
const lockedUntilOf = (db: MockDb, storeId: number, at: number): number | null => {
  const since = Math.max(at - MOCK_PIN_WINDOW_MS, pinTimesOf(db).get(storeId) ?? 0);
  const wrong = rowsOf(db, stampsTransaction)
    .filter((t) => t.storeId === storeId && t.failureCode === INVALID_PIN)
    .map((t) => Date.parse(String(t.at)))
    .filter((t) => t > since)
    .sort((a, b) => b - a)
    .slice(0, MOCK_PIN_MAX_FAILURES);
  if (wrong.length < MOCK_PIN_MAX_FAILURES) return null;
  return Math.min(...wrong) + MOCK_PIN_WINDOW_MS;
};

/** GET /stores/{id}/pin's answer. */
export const mockPinStatusOf = (db: MockDb, storeId: number, at: number = db.now()) => {
  const setAt = pinTimesOf(db).get(storeId);
  const locked = lockedUntilOf(db, storeId, at);
  return {
    storeId,
    pinSet: setAt !== undefined,
    setAt: setAt === undefined ? null : isoOf(setAt),
    lockedUntil: locked === null ? null : isoOf(locked),
  };
};

// ---- demo data -------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
const seeded = new WeakSet<MockDb>();

/** The demo devices by serial number: one of the seed merchant's company in each lifecycle. */
export const DEVICE_DEMO_SERIALS = {
  approved: 'ACME-T100-0001',
  registered: 'ACME-T100-0002',
  registerFailed: 'ACME-T100-0003',
  delivered: 'ACME-T100-0004',
  active: 'ACME-T100-0005',
  spoilt: 'ACME-T100-0006',
  deregistered: 'ACME-T100-0007',
  noStore: 'ACME-T100-0008',
  otherCompany: 'BORE-T100-0001',
} as const;

/**
 * Devices of the seed merchant's company (company 1, store 1 Acme Coffee Raffles) in every lifecycle,
 * moved there through the operations above, one delivered without a store, and one of company 2; and
 * the stamping PIN of store 1 (the stamping demo's). Once per data set.
 */
export const seedDeviceDemo = (db: MockDb): Record<keyof typeof DEVICE_DEMO_SERIALS, MockRow> => {
  seedOrganisation(db);
  const rows = rowsOf(db, devices);
  const bySerial = (serial: string) => rows.find((d) => d.serialNo === serial);
  const existing = Object.fromEntries(
    Object.entries(DEVICE_DEMO_SERIALS).map(([key, serial]) => [key, bySerial(serial)]),
  ) as Record<keyof typeof DEVICE_DEMO_SERIALS, MockRow | undefined>;
  if (seeded.has(db) && Object.values(existing).every((d) => d !== undefined))
    return existing as Record<keyof typeof DEVICE_DEMO_SERIALS, MockRow>;
  seeded.add(db);
  const now = db.now();
  const at = (days: number) => now - days * DAY_MS;
  const device = (
    serialNo: string,
    values: Partial<MockRow>,
    created: number,
    steps: ((row: MockRow) => unknown)[] = [],
  ): MockRow => {
    const row: MockRow = {
      id: db.nextId(),
      serialNo,
      name: null,
      model: 'T100',
      storeId: 1,
      state: 'ACTIVE',
      lifecycle: 'APPROVED',
      firmwareVersion: '2.4.1',
      lastSeenAt: null,
      companyId: 1,
      createTime: isoOf(at(created)),
      updateTime: isoOf(at(created)),
      ...values,
    };
    rows.push(row);
    for (const step of steps) step(row);
    return row;
  };
  const register = (row: MockRow) => registerMockDevice(row, false, at(20));
  const deliver = (row: MockRow) => deliverMockDevice(row, at(15));
  const activate = (row: MockRow) => activateMockDevice(db, row, at(14));
  const s = DEVICE_DEMO_SERIALS;
  const made = {
    approved: device(s.approved, { name: 'Counter 3' }, 2),
    registered: device(s.registered, { name: 'Counter 2' }, 25, [register]),
    registerFailed: device(s.registerFailed, { name: 'Spare till' }, 25, [
      (row) => registerMockDevice(row, true, at(20)),
    ]),
    delivered: device(s.delivered, { name: 'Drive-through' }, 30, [register, deliver]),
    active: device(s.active, { name: 'Front counter', lastSeenAt: isoOf(now - 5 * 60 * 1000) }, 40, [
      register,
      deliver,
      activate,
    ]),
    spoilt: device(s.spoilt, { name: 'Old till', storeId: 2 }, 60, [
      register,
      deliver,
      (row) => spoilMockDevice(row, at(10)),
    ]),
    deregistered: device(s.deregistered, { name: 'Pop-up stall', lastSeenAt: isoOf(at(8)) }, 90, [
      register,
      deliver,
      activate,
      (row) => deregisterMockDevice(row, at(7)),
    ]),
    noStore: device(s.noStore, { name: 'Not placed yet', storeId: null }, 12, [register, deliver]),
    otherCompany: device(s.otherCompany, { name: 'Bugis counter', storeId: 4, companyId: 2 }, 5),
  };
  // the stamping demo's PIN of store 1, with the time it was set
  setMockPin(db, 1, STAMP_DEMO_PIN, at(30));
  return made;
};

// ---- handlers ----------------------------------------------------------------------------------------

type Params = Record<string, string | readonly string[] | undefined>;

export const createDeviceHandlers = ({ db, origin, authenticate, fullPermissions }: DeviceMockContext) => {
  const main = `${origin}${BASE_PATHS.main}`;
  // (caller id, key) → the first successful answer and what it answered (path and body)
  const answers = new Map<string, { request: string; data: unknown }>();

  const subjectOf = (user: MockUser) => {
    const permissions = fullPermissions(user);
    return permissions === null ? { type: user.type } : { type: user.type, permissions };
  };

  /** 26237 unless the role is among `roles` and canAccess allows `action`; unapproved merchants 26204. */
  const allow = (
    user: MockUser,
    decl: ResourceDeclaration,
    action: 'VIEW' | 'UPDATE',
    roles: readonly Role[],
  ) => {
    if (
      !roles.includes(roleOf(user.type)) ||
      !canAccess(subjectOf(user), { action, resource: decl.permission })
    )
      fail('ACCESS_DENIED');
    if (action !== 'VIEW' && user.type === 'MERCHANT' && user.signupState !== 'APPROVAL')
      fail('MERCHANT_NOT_APPROVED');
  };

  const idOf = (params: Params): number => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return invalid('id', 'must be a positive integer');
    return id;
  };

  /** A store's brand, for a colleague limited to a brand. */
  const brandOfStore = (storeId: unknown) => rowsOf(db, store).find((s) => s.id === storeId)?.brandId;

  /**
   * The device as the caller may move it, else 5: operators any; merchants their company's, and a
   * colleague limited to a brand only the devices placed in that brand's stores.
   */
  const findDevice = (user: MockUser, params: Params): MockRow => {
    const id = idOf(params);
    const row = rowsOf(db, devices).find((d) => d.id === id);
    const visible =
      row !== undefined &&
      (user.type === 'OPERATOR' ||
        (user.companyId !== null &&
          row.companyId === user.companyId &&
          (user.brandId === null || brandOfStore(row.storeId) === user.brandId)));
    if (!row || !visible) return fail('NOT_FOUND');
    return row;
  };

  /** The store as the caller may see it, else 26432 (another company's reads as a missing one). */
  const findStore = (user: MockUser, params: Params): MockRow => {
    const id = idOf(params);
    const row = rowsOf(db, store).find((s) => s.id === id && s.state !== 'DELETE');
    const visible =
      row !== undefined &&
      (user.type === 'OPERATOR' ||
        (user.companyId !== null &&
          row.companyId === user.companyId &&
          (user.brandId === null || row.brandId === user.brandId)));
    if (!row || !visible) return fail('STORE_NOT_FOUND');
    return row;
  };

  /** The body's own fields only, as the server's schemas (additionalProperties: false). */
  const onlyFields = (body: Body, allowed: readonly string[]) => {
    for (const key of Object.keys(body)) if (!allowed.includes(key)) invalid(key, 'is not allowed');
  };

  /**
   * POST `path` as an operation: the caller, access, Idempotency-Key, body, then `run`; the first
   * successful answer of a key is replayed (as `replayAs` makes it: the secret is shown once).
   */
  const operation = (
    path: string,
    access: { decl: ResourceDeclaration; roles: readonly Role[] },
    run: (args: { user: MockUser; params: Params; body: Body }) => unknown,
    replayAs: (data: unknown) => unknown = (data) => data,
  ) =>
    http.post(
      `${main}${path}`,
      guard(async ({ request, params }) => {
        const { user } = authenticate(request);
        allow(user, access.decl, 'UPDATE', access.roles);
        const key = request.headers.get('Idempotency-Key');
        if (key !== null && !KEY_PATTERN.test(key))
          return invalid('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
        const body = await readBody(request);
        const fingerprint = `${new URL(request.url).pathname} ${JSON.stringify(body)}`;
        const slot = key === null ? null : `${user.id}:${key}`;
        const stored = slot === null ? undefined : answers.get(slot);
        if (stored) {
          if (stored.request !== fingerprint)
            return invalid('Idempotency-Key', 'was already used for another request');
          return success(stored.data);
        }
        const data: unknown = JSON.parse(JSON.stringify(run({ user, params, body })));
        if (slot !== null) answers.set(slot, { request: fingerprint, data: replayAs(data) });
        return success(data);
      }),
    );

  const rolesOf = (name: string) => ({ decl: devices, roles: actionOf(devices, name).roles });
  const withoutSecret = (data: unknown) => {
    if (typeof data !== 'object' || data === null || !('secret' in data)) return data;
    const { secret: _shownOnce, ...rest } = data as Record<string, unknown>;
    return rest;
  };
  const noBody = (body: Body) => onlyFields(body, []);

  return [
    operation(
      '/devices/:id/register',
      rolesOf('register'),
      ({ user, params, body }) => {
        onlyFields(body, ['failed']);
        if (body.failed !== undefined && typeof body.failed !== 'boolean')
          return invalid('failed', 'must be true or false');
        return registerMockDevice(findDevice(user, params), body.failed === true, db.now());
      },
      withoutSecret,
    ),
    operation('/devices/:id/deliver', rolesOf('deliver'), ({ user, params, body }) => {
      noBody(body);
      return deliverMockDevice(findDevice(user, params), db.now());
    }),
    operation('/devices/:id/activate', rolesOf('activate'), ({ user, params, body }) => {
      noBody(body);
      return activateMockDevice(db, findDevice(user, params));
    }),
    operation('/devices/:id/spoil', rolesOf('spoil'), ({ user, params, body }) => {
      noBody(body);
      return spoilMockDevice(findDevice(user, params), db.now());
    }),
    operation('/devices/:id/deregister', rolesOf('deregister'), ({ user, params, body }) => {
      noBody(body);
      return deregisterMockDevice(findDevice(user, params), db.now());
    }),
    http.get(
      `${main}/stores/:id/pin`,
      guard(async ({ request, params }) => {
        const { user } = authenticate(request);
        allow(user, store, 'VIEW', store.access.VIEW);
        return success(mockPinStatusOf(db, findStore(user, params).id));
      }),
    ),
    operation(
      '/stores/:id/pin',
      { decl: store, roles: ['operator', 'merchant'] },
      ({ user, params, body }) => {
        onlyFields(body, ['pin']);
        const pin = body.pin;
        if (typeof pin !== 'string' || !PIN_PATTERN.test(pin))
          return invalid('pin', `must match pattern "${PIN_PATTERN.source}"`);
        const where = findStore(user, params);
        setMockPin(db, where.id, pin);
        return mockPinStatusOf(db, where.id);
      },
    ),
  ];
};
