// The MSW mocks and the real server must answer the same requests in the same SHAPES (keys and
// types of the envelope, the page object and the data; the exact error code and name), so that portal
// tests that pass against the mocks mean something against the server. Values are not compared.
import { getResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockDb } from '../../mocks/data';
import { createHandlers } from '../../mocks/handlers';
import { apiSuite } from './fixtures';
import { createUser } from './helpers';

const MAIN = '/portal-main-service/api/v1';
const PASSWORD = 'Password123!';
const OPERATOR = 'operator@example.com';
const MERCHANT = 'merchant@example.com';

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

const { t } = apiSuite();
const mockDb = createMockDb();
const handlers = createHandlers(mockDb);
const tokens = { server: '', mock: '' };
const merchantTokens = { server: '', mock: '' };
const refreshTokens = { server: '', mock: '' };

const WATCHED_HEADERS = ['x-request-id', 'x-access-token', 'x-refresh-token'];

const toServer = async (req: Req): Promise<Answer> => {
  const res = await t.app.inject({
    method: req.method,
    url: `${MAIN}${req.path}`,
    headers: { 'content-type': 'application/json', ...req.headers },
    ...(req.body === undefined ? {} : { payload: JSON.stringify(req.body) }),
  });
  const headers = Object.fromEntries(
    WATCHED_HEADERS.map((h) => {
      const v = res.headers[h];
      return [h, typeof v === 'string' ? v : null];
    }),
  );
  return { status: res.statusCode, headers, body: res.json() };
};

const toMock = async (req: Req): Promise<Answer> => {
  const request = new Request(`http://portal.test${MAIN}${req.path}`, {
    method: req.method,
    headers: { 'content-type': 'application/json', ...req.headers },
    ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
  });
  const res = await getResponse(handlers, request);
  if (!res) throw new Error(`no mock answered ${req.method} ${req.path}`);
  const headers = Object.fromEntries(WATCHED_HEADERS.map((h) => [h, res.headers.get(h)]));
  return { status: res.status, headers, body: await res.json() };
};

/** The shape of a JSON value: its type, and recursively the keys of objects and the items of arrays. */
type Shape = string | { [key: string]: Shape } | Shape[];
const shapeOf = (value: unknown): Shape => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  return typeof value;
};

/**
 * Differences between two shapes. `null` is compatible with any type (a nullable column is null in
 * one data set and set in the other), and an empty array with any array.
 */
const diff = (a: Shape, b: Shape, path = '$'): string[] => {
  if (a === 'null' || b === 'null') return [];
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b))
      return [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
    if (!a.length || !b.length) return [];
    return diff(a[0] as Shape, b[0] as Shape, `${path}[0]`);
  }
  if (typeof a === 'string' || typeof b === 'string')
    return a === b ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((k) => {
    if (!(k in a)) return [`${path}.${k}: only on the mock`];
    if (!(k in b)) return [`${path}.${k}: only on the server`];
    return diff(a[k] as Shape, b[k] as Shape, `${path}.${k}`);
  });
};

const bothAnswer = async (req: Req | ((side: 'server' | 'mock') => Req)) => {
  const of = (side: 'server' | 'mock') => (typeof req === 'function' ? req(side) : req);
  const [server, mock] = await Promise.all([toServer(of('server')), toMock(of('mock'))]);
  return { server, mock };
};

const expectSameShape = (server: Answer, mock: Answer) => {
  expect(mock.status).toBe(server.status);
  expect(diff(shapeOf(server.body), shapeOf(mock.body))).toEqual([]);
  expect(server.headers['x-request-id']).toBeTruthy();
  expect(mock.headers['x-request-id']).toBeTruthy();
};

const errorOf = (a: Answer) => {
  const b = a.body as { type?: unknown; code?: unknown; name?: unknown; message?: unknown };
  return { status: a.status, type: b.type, code: b.code, name: b.name, message: b.message };
};

const bearer = (side: 'server' | 'mock') => ({ authorization: `Bearer ${tokens[side]}` });
const merchantBearer = (side: 'server' | 'mock') => ({ authorization: `Bearer ${merchantTokens[side]}` });

beforeAll(async () => {
  await createUser(t.db, { email: OPERATOR, password: PASSWORD, type: 'OPERATOR', name: 'Olivia Operator' });
  await createUser(t.db, {
    email: MERCHANT,
    password: PASSWORD,
    type: 'MERCHANT',
    signupState: 'APPROVAL',
    name: 'Mark Merchant',
    mobile: '+6591000002',
  });
  const { server, mock } = await bothAnswer({
    method: 'POST',
    path: '/auth/get-token',
    body: { email: OPERATOR, password: PASSWORD },
  });
  tokens.server = server.headers['x-access-token'] ?? '';
  tokens.mock = mock.headers['x-access-token'] ?? '';
  const m = await bothAnswer({
    method: 'POST',
    path: '/auth/get-token',
    headers: { 'x-device-id': 'contract-test-device' },
    body: { email: MERCHANT, password: PASSWORD },
  });
  merchantTokens.server = m.server.headers['x-access-token'] ?? '';
  merchantTokens.mock = m.mock.headers['x-access-token'] ?? '';
  refreshTokens.server = m.server.headers['x-refresh-token'] ?? '';
  refreshTokens.mock = m.mock.headers['x-refresh-token'] ?? '';
});

describe('mocks and server answer in the same shapes', () => {
  it('login ok: the user in the envelope, both tokens in headers', async () => {
    const { server, mock } = await bothAnswer({
      method: 'POST',
      path: '/auth/get-token',
      body: { email: MERCHANT, password: PASSWORD },
    });
    expectSameShape(server, mock);
    expect((server.body as { code: number }).code).toBe(0);
    for (const side of [server, mock]) {
      expect(side.headers['x-access-token']?.split('.')).toHaveLength(3);
      expect(side.headers['x-refresh-token']).toBeTruthy();
    }
  });

  it('login with a wrong password: the same error', async () => {
    const { server, mock } = await bothAnswer({
      method: 'POST',
      path: '/auth/get-token',
      body: { email: MERCHANT, password: 'not-the-password' },
    });
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
    expect(errorOf(server)).toMatchObject({ status: 401, code: 26200, name: 'BAD_CREDENTIALS' });
  });

  it('validation failure: code 2 with a field list on both', async () => {
    const { server, mock } = await bothAnswer({ method: 'POST', path: '/auth/get-token', body: {} });
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
    for (const side of [server, mock]) {
      const data = (side.body as { data: unknown }).data;
      expect(Array.isArray(data) && data.length > 0).toBe(true);
    }
  });

  it('user list: the same rows and page object', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'GET',
      path: '/user?page=0&size=2&sort=createTime,desc',
      headers: bearer(side),
    }));
    expectSameShape(server, mock);
    for (const side of [server, mock]) {
      const body = side.body as { data: unknown[]; page: Record<string, unknown> };
      expect(body.data.length).toBeGreaterThan(0);
      expect(Object.keys(body.page).sort()).toEqual([
        'cursor',
        'number',
        'size',
        'totalElements',
        'totalPages',
      ]);
    }
  });

  it('user list under X-No-Count: the page object without totals', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'GET',
      path: '/user?page=0&size=1',
      headers: { ...bearer(side), 'x-no-count': 'true' },
    }));
    expectSameShape(server, mock);
    for (const side of [server, mock]) {
      expect(Object.keys((side.body as { page: object }).page).sort()).toEqual(['cursor', 'number', 'size']);
    }
  });

  it('a malformed filter: code 3 on both', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'GET',
      path: `/user?filter=${encodeURIComponent('[{')}`,
      headers: bearer(side),
    }));
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
  });

  it('user get: the same user object', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'GET',
      path: '/user/2',
      headers: bearer(side),
    }));
    expectSameShape(server, mock);
  });

  it('a missing user: 26231 on both', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'GET',
      path: '/user/999999',
      headers: bearer(side),
    }));
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
  });

  it('no token: 1601 on both', async () => {
    const { server, mock } = await bothAnswer({ method: 'GET', path: '/user/1' });
    expect(errorOf(mock)).toEqual(errorOf(server));
    expect(errorOf(server)).toMatchObject({ status: 401, code: 1601 });
  });

  it('supported countries: public, the same list shape', async () => {
    const { server, mock } = await bothAnswer({ method: 'GET', path: '/config/main/supported-countries' });
    expectSameShape(server, mock);
    expect(server.status).toBe(200);
  });

  it('an unknown path: the 404 envelope on both', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'GET',
      path: '/no/such/thing',
      headers: bearer(side),
    }));
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
    expect(errorOf(server)).toMatchObject({ status: 404, code: 5, name: 'NOT_FOUND' });
  });

  it.each([
    '/config/main/country',
    '/config/main/country?field=banner',
    '/config/main/country/banner',
    '/config/main/stamp-card/default-images',
    '/config/main/stamp-card/default-price',
    '/config/main?page=0&size=5',
    '/user/1/full-permissions',
    '/user/2/permissions',
  ])('GET %s: the same shape', async (path) => {
    const { server, mock } = await bothAnswer((side) => ({ method: 'GET', path, headers: bearer(side) }));
    expect(server.status).toBe(200);
    expectSameShape(server, mock);
  });

  it('pns/is-allow: content.allowed on both', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'POST',
      path: '/user/2/pns/is-allow',
      headers: merchantBearer(side),
      body: {},
    }));
    expectSameShape(server, mock);
    expect(shapeOf((server.body as { data: unknown }).data)).toEqual({ allowed: 'boolean' });
  });

  it('a merchant writing an operator-only config: the same refusal', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'PUT',
      path: '/config/main/country/banner',
      headers: merchantBearer(side),
      body: { banner: [] },
    }));
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
  });

  it('refresh/token: a new access token in the header, data null', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'POST',
      path: '/auth/refresh/token',
      headers: { 'x-refresh-token': refreshTokens[side], 'x-device-id': 'contract-test-device' },
      body: {},
    }));
    expectSameShape(server, mock);
    expect(server.status).toBe(200);
    expect(server.headers['x-access-token']).toBeTruthy();
    expect(mock.headers['x-access-token']).toBeTruthy();
  });

  it('refresh from another device: 1015 on both', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'POST',
      path: '/auth/refresh/token',
      headers: { 'x-refresh-token': refreshTokens[side], 'x-device-id': 'another-device' },
      body: {},
    }));
    expect(errorOf(mock)).toEqual(errorOf(server));
    expect(errorOf(server)).toMatchObject({ status: 401, code: 1015 });
  });

  it('an unknown refresh token: the same token error', async () => {
    const { server, mock } = await bothAnswer({
      method: 'POST',
      path: '/auth/refresh/token',
      headers: { 'x-refresh-token': 'no-such-token' },
      body: {},
    });
    expect(errorOf(mock)).toEqual(errorOf(server));
  });

  it('register, then the same e-mail again: 26222 on both', async () => {
    const body = { email: 'contract.shop@example.com', password: PASSWORD, name: 'Shop' };
    const first = await bothAnswer({ method: 'POST', path: '/user/merchant/register', body });
    expectSameShape(first.server, first.mock);
    const again = await bothAnswer({ method: 'POST', path: '/user/merchant/register', body });
    expect(errorOf(again.mock)).toEqual(errorOf(again.server));
    expect(errorOf(again.server)).toMatchObject({ status: 409, code: 26222 });
  });

  it('forget-password e-mail for an unknown address: the same answer', async () => {
    const { server, mock } = await bothAnswer({
      method: 'POST',
      path: '/auth/password/send/forget/email',
      body: { email: 'nobody@example.com' },
    });
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
  });

  it('rotate, then logout: the same shapes; the old refresh token is then refused alike', async () => {
    const rotated = await bothAnswer((side) => ({
      method: 'POST',
      path: '/auth/refresh/refresh-token',
      headers: { 'x-refresh-token': refreshTokens[side] },
      body: {},
    }));
    expectSameShape(rotated.server, rotated.mock);
    const next = {
      server: rotated.server.headers['x-refresh-token'],
      mock: rotated.mock.headers['x-refresh-token'],
    };
    expect(next.server && next.mock).toBeTruthy();
    const out = await bothAnswer((side) => ({
      method: 'POST',
      path: '/auth/logout',
      headers: { 'x-refresh-token': next[side] ?? '' },
      body: {},
    }));
    expectSameShape(out.server, out.mock);
    const after = await bothAnswer((side) => ({
      method: 'POST',
      path: '/auth/refresh/token',
      headers: { 'x-refresh-token': next[side] ?? '' },
      body: {},
    }));
    expect(errorOf(after.mock)).toEqual(errorOf(after.server));
  });

  describe('organisation: signup, approve and reject', () => {
    // new.merchant@example.com is the mocks' merchant without a company; the server gets the same one
    const SIGNUP_MERCHANT = 'new.merchant@example.com';
    const signupTokens = { server: '', mock: '' };
    const requestIds = { server: 0, mock: 0 };
    const signupBearer = (side: 'server' | 'mock') => ({ authorization: `Bearer ${signupTokens[side]}` });
    const SIGNUP = {
      company: {
        name: 'Contract Kopi Pte Ltd',
        registrationNo: '201900001K',
        contactEmail: 'kopi@example.com',
      },
      brand: { name: 'Contract Kopi', website: 'https://kopi.example.com' },
      store: { name: 'Contract Kopi Raffles', address: '1 Raffles Place', latitude: 1.28, longitude: 103.85 },
    };
    const requestIdOf = (a: Answer): number =>
      (a.body as { data: { request: { id: number } | null } }).data.request?.id ?? 0;

    beforeAll(async () => {
      await createUser(t.db, {
        email: SIGNUP_MERCHANT,
        password: PASSWORD,
        type: 'MERCHANT',
        name: 'Nina New',
      });
      const { server, mock } = await bothAnswer({
        method: 'POST',
        path: '/auth/get-token',
        body: { email: SIGNUP_MERCHANT, password: PASSWORD },
      });
      signupTokens.server = server.headers['x-access-token'] ?? '';
      signupTokens.mock = mock.headers['x-access-token'] ?? '';
    });

    it('GET /organization/signup before any application: request null on both', async () => {
      const { server, mock } = await bothAnswer((side) => ({
        method: 'GET',
        path: '/organization/signup',
        headers: signupBearer(side),
      }));
      expect(server.status).toBe(200);
      expectSameShape(server, mock);
      expect((server.body as { data: { request: unknown } }).data.request).toBeNull();
    });

    it('POST /organization/signup without the required fields: code 2 on both', async () => {
      const { server, mock } = await bothAnswer((side) => ({
        method: 'POST',
        path: '/organization/signup',
        headers: signupBearer(side),
        body: {
          company: { name: '', registrationNo: 'x', contactEmail: 'x@example.com' },
          brand: { name: 'B' },
          store: { name: 'S' },
        },
      }));
      expectSameShape(server, mock);
      expect(errorOf(mock)).toEqual(errorOf(server));
      for (const side of [server, mock]) {
        const fields = ((side.body as { data: { field: string }[] }).data ?? []).map((v) => v.field);
        expect(fields).toEqual(expect.arrayContaining(['company.name', 'store.address']));
      }
    });

    it('POST /organization/signup: the same view (request PENDING, company, brand, store)', async () => {
      const { server, mock } = await bothAnswer((side) => ({
        method: 'POST',
        path: '/organization/signup',
        headers: signupBearer(side),
        body: SIGNUP,
      }));
      expect(server.status).toBe(200);
      expectSameShape(server, mock);
      requestIds.server = requestIdOf(server);
      requestIds.mock = requestIdOf(mock);
      expect(requestIds.server && requestIds.mock).toBeTruthy();
    });

    it('a second signup while one is PENDING: 26421 on both', async () => {
      const { server, mock } = await bothAnswer((side) => ({
        method: 'POST',
        path: '/organization/signup',
        headers: signupBearer(side),
        body: SIGNUP,
      }));
      expect(errorOf(mock)).toEqual(errorOf(server));
      expect(errorOf(server)).toMatchObject({ status: 409, code: 26421 });
    });

    it('reject without a reason: code 2 on both', async () => {
      const { server, mock } = await bothAnswer((side) => ({
        method: 'POST',
        path: `/merchant-signups/${requestIds[side]}/reject`,
        headers: bearer(side),
        body: { reason: '' },
      }));
      expectSameShape(server, mock);
      expect(errorOf(mock)).toEqual(errorOf(server));
    });

    it('reject, then approve the decided request (26400), then GET shows the reason', async () => {
      const rejected = await bothAnswer((side) => ({
        method: 'POST',
        path: `/merchant-signups/${requestIds[side]}/reject`,
        headers: bearer(side),
        body: { reason: 'The registration number does not match.' },
      }));
      expect(rejected.server.status).toBe(200);
      expectSameShape(rejected.server, rejected.mock);

      const late = await bothAnswer((side) => ({
        method: 'POST',
        path: `/merchant-signups/${requestIds[side]}/approve`,
        headers: bearer(side),
      }));
      expect(errorOf(late.mock)).toEqual(errorOf(late.server));
      expect(errorOf(late.server)).toMatchObject({ status: 409, code: 26400 });

      const view = await bothAnswer((side) => ({
        method: 'GET',
        path: '/organization/signup',
        headers: signupBearer(side),
      }));
      expectSameShape(view.server, view.mock);
      for (const side of [view.server, view.mock]) {
        expect((side.body as { data: { request: { approval: string } } }).data.request.approval).toBe(
          'REJECT',
        );
      }
    });

    it('resubmit after the rejection, then approve: the same shapes', async () => {
      const again = await bothAnswer((side) => ({
        method: 'POST',
        path: '/organization/signup',
        headers: signupBearer(side),
        body: { ...SIGNUP, company: { ...SIGNUP.company, registrationNo: '201900002K' } },
      }));
      expect(again.server.status).toBe(200);
      expectSameShape(again.server, again.mock);
      const ids = { server: requestIdOf(again.server), mock: requestIdOf(again.mock) };
      const approved = await bothAnswer((side) => ({
        method: 'POST',
        path: `/merchant-signups/${ids[side]}/approve`,
        headers: bearer(side),
      }));
      expect(approved.server.status).toBe(200);
      expectSameShape(approved.server, approved.mock);
    });

    it('a merchant deciding a request: the same refusal', async () => {
      const { server, mock } = await bothAnswer((side) => ({
        method: 'POST',
        path: `/merchant-signups/${requestIds[side]}/approve`,
        headers: signupBearer(side),
      }));
      expect(errorOf(mock)).toEqual(errorOf(server));
    });
  });

  describe('people lifecycle: enable / disable, resend invitation, list groups', () => {
    const LOCKED = 'locked@example.com';
    const lockedIds = { server: 0, mock: 0 };
    const invitedIds = { server: 0, mock: 0 };

    beforeAll(async () => {
      const row = await createUser(t.db, {
        email: LOCKED,
        password: PASSWORD,
        state: 'LOCK',
        name: 'Lee Locked',
      });
      lockedIds.server = row.id;
      lockedIds.mock = mockDb.users.find((u) => u.email === LOCKED)?.id ?? 0;
      expect(lockedIds.mock).toBeGreaterThan(0);
    });

    const patchState = (who: { server: number; mock: number }, state: string) =>
      bothAnswer((side) => ({
        method: 'PATCH',
        path: `/user/${who[side]}/state`,
        headers: bearer(side),
        body: { state },
      }));

    it('PATCH /user/{id}/state: unlock, disable, disable again: the same user object', async () => {
      for (const state of ['ENABLE', 'DISABLE', 'DISABLE']) {
        const { server, mock } = await patchState(lockedIds, state);
        expectSameShape(server, mock);
        for (const side of [server, mock]) {
          expect(side.body).toMatchObject({ code: 0, data: { state, groups: [], groupIds: [] } });
        }
      }
    });

    it('PATCH /user/{id}/state on oneself: 26237 on both', async () => {
      const { server, mock } = await patchState({ server: 1, mock: 1 }, 'DISABLE');
      expect(errorOf(mock)).toEqual(errorOf(server));
      expect(errorOf(server)).toMatchObject({ status: 403, code: 26237 });
    });

    it('POST /user/{id}/invitation/resend: data null for an invitee; 11 for anyone else', async () => {
      const invited = await bothAnswer((side) => ({
        method: 'POST',
        path: '/user/operator/register',
        headers: bearer(side),
        body: { email: 'contract.invitee@example.com', name: 'Ivy Invitee' },
      }));
      expectSameShape(invited.server, invited.mock);
      invitedIds.server = (invited.server.body as { data: { id: number } }).data.id;
      invitedIds.mock = (invited.mock.body as { data: { id: number } }).data.id;
      const resent = await bothAnswer((side) => ({
        method: 'POST',
        path: `/user/${invitedIds[side]}/invitation/resend`,
        headers: bearer(side),
        body: {},
      }));
      expectSameShape(resent.server, resent.mock);
      expect(resent.server.body).toMatchObject({ code: 0, data: null });
      const notInvited = await bothAnswer((side) => ({
        method: 'POST',
        path: `/user/${lockedIds[side]}/invitation/resend`,
        headers: bearer(side),
        body: {},
      }));
      expect(errorOf(notInvited.mock)).toEqual(errorOf(notInvited.server));
      expect(errorOf(notInvited.server)).toMatchObject({ code: 11, name: 'STATE_TRANSITION_NOT_ALLOWED' });
      const switchInvitee = await patchState(invitedIds, 'ENABLE');
      expect(errorOf(switchInvitee.mock)).toEqual(errorOf(switchInvitee.server));
      expect(errorOf(switchInvitee.server)).toMatchObject({ code: 11 });
    });

    it('user list rows carry groups and groupIds on both', async () => {
      const { server, mock } = await bothAnswer((side) => ({
        method: 'GET',
        path: '/user?page=0&size=5&sort=id,asc',
        headers: bearer(side),
      }));
      expectSameShape(server, mock);
      for (const side of [server, mock]) {
        for (const row of (side.body as { data: Record<string, unknown>[] }).data) {
          expect(Array.isArray(row.groups) && Array.isArray(row.groupIds)).toBe(true);
        }
      }
      const projected = await bothAnswer((side) => ({
        method: 'GET',
        path: `/user?size=2&sort=id,asc&project=${encodeURIComponent('["groups","email"]')}`,
        headers: bearer(side),
      }));
      expectSameShape(projected.server, projected.mock);
    });
  });

  it('an unknown filter field: code 2 with the same violation list shape', async () => {
    const { server, mock } = await bothAnswer((side) => ({
      method: 'GET',
      path: `/user?filter=${encodeURIComponent('[{"field":"password","op":"eq","value":"x"}]')}`,
      headers: bearer(side),
    }));
    expectSameShape(server, mock);
    expect(errorOf(mock)).toEqual(errorOf(server));
  });
});
