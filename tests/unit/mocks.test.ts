import { decodeJwt } from 'jose';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contract';
import { createMockDb, MOCK_ACCOUNTS, type MockDb } from '../../mocks/data';
import { createHandlers } from '../../mocks/handlers';
import { createProviders } from '../../src/providers';
import { getPortalEnv } from '../../src/providers/env';
import { ApiError } from '../../src/providers/httpClient';
import { createMemoryStorage, createSessionStore } from '../../src/providers/storage';

const ORIGIN = 'http://portal.test';
const MAIN = `${ORIGIN}/portal-main-service/api/v1`;
let db: MockDb = createMockDb();
// One clock for the mock server and the portal, so a test can let tokens run out.
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fresh = () => {
  offsetMs = 0;
  db = createMockDb({ now });
  server.use(...createHandlers(db));
  const env = getPortalEnv({
    apiBase: {
      main: MAIN,
      payment: `${ORIGIN}/portal-payment-service/api/v1`,
      auth: `${ORIGIN}/portal-auth-service/api/v1`,
    },
  });
  return createProviders({ env, now, storage: createSessionStore(createMemoryStorage()) });
};

const raw = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${MAIN}${path}`, init);
  return {
    status: res.status,
    requestId: res.headers.get('X-Request-Id'),
    headers: res.headers,
    body: await res.json(),
  };
};

const caught = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a failure');
};

describe('mock auth', () => {
  it('get-token answers the user in the envelope and decodable tokens in the headers', async () => {
    fresh();
    const res = await raw('/auth/get-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(MOCK_ACCOUNTS.merchant),
    });
    expect(res.status).toBe(200);
    expect(res.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({
      type: 'CR',
      code: 0,
      data: expect.objectContaining({
        id: 2,
        email: 'merchant@example.com',
        type: 'MERCHANT',
        signupState: 'APPROVAL',
        state: 'ENABLE',
        companyId: 1,
        brandId: 1,
        country: 'sg',
        groups: [],
      }),
    });
    expect(res.body.data.password).toBeUndefined();
    const claims = decodeJwt(res.headers.get('X-Access-Token') ?? '');
    expect(claims).toMatchObject({
      uid: 2,
      putyp: 'MERCHANT',
      mid: 1,
      eml: 'merchant@example.com',
      role: 'merchant',
    });
    expect(Object.keys(claims).sort()).toEqual([
      'did',
      'eml',
      'exp',
      'mid',
      'mob',
      'putyp',
      'role',
      'tid',
      'uid',
    ]);
    expect(res.headers.get('X-Refresh-Token')).toBeTruthy();
  });

  it('bad credentials answer 401 with the catalogue entry', async () => {
    fresh();
    const res = await raw('/auth/get-token', {
      method: 'POST',
      body: JSON.stringify({ email: MOCK_ACCOUNTS.merchant.email, password: 'wrong' }),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      type: 'CR',
      code: 26200,
      name: 'BAD_CREDENTIALS',
      message: 'Bad credentials',
      data: null,
    });
  });

  it('validation failure is code 2 with a field list; broken JSON is code 3', async () => {
    fresh();
    const v = await raw('/auth/get-token', { method: 'POST', body: '{}' });
    expect(v.status).toBe(400);
    expect(v.body.code).toBe(2);
    expect(v.body.data).toEqual([
      { field: 'email', message: 'must not be blank' },
      { field: 'password', message: 'must not be blank' },
    ]);
    const j = await raw('/auth/get-token', { method: 'POST', body: '{"email":' });
    expect([j.status, j.body.code, j.body.name]).toEqual([400, 3, 'JSON_PARSE_FAILED']);
  });

  it('a locked user gets 26201 and a user who must reset gets 26202 with a reset token', async () => {
    const { authProvider } = fresh();
    const locked = await caught(authProvider.login(MOCK_ACCOUNTS.locked));
    expect([locked.code, locked.name]).toEqual([26201, 'INVALID_USER_STATE']);
    const reset = await caught(authProvider.login(MOCK_ACCOUNTS.mustReset));
    expect(reset.code).toBe(26202);
    expect(typeof (reset.data as { resetPasswordToken: unknown }).resetPasswordToken).toBe('string');
  });

  it('a full session through the real providers: login, refresh near expiry, rotation reuse, logout', async () => {
    const p = fresh();
    await p.authProvider.login(MOCK_ACCOUNTS.operator);
    const firstRefresh = p.storage.getRefreshToken();
    const firstAccess = p.storage.getAccessToken();
    // Let the access token run out: the next call refreshes it first.
    offsetMs = 15 * 60_000;
    const me = await p.httpClient<{ email: string }>('/user/1');
    expect(me.data.email).toBe('operator@example.com');
    const secondAccess = p.storage.getAccessToken();
    expect(secondAccess).not.toBeNull();
    expect(secondAccess).not.toBe(firstAccess);

    // Renew the refresh token; presenting the old one again ends the whole login.
    const renewed = await raw('/auth/refresh/refresh-token', {
      method: 'POST',
      headers: { 'X-Refresh-Token': firstRefresh ?? '' },
    });
    expect(renewed.status).toBe(200);
    const reused = await raw('/auth/refresh/refresh-token', {
      method: 'POST',
      headers: { 'X-Refresh-Token': firstRefresh ?? '' },
    });
    expect([reused.status, reused.body.code]).toEqual([401, ERRORS.REFRESH_TOKEN_REUSED.code]);

    const after = await caught(p.httpClient('/user/1'));
    expect(after.code).toBe(ERRORS.TOKEN_ALREADY_LOGGED_OUT.code);
    expect(p.storage.getAccessToken()).toBeNull();
  });

  it('a refresh from another device than the login is 1015 and ends the session in the portal', async () => {
    const p = fresh();
    await p.authProvider.login(MOCK_ACCOUNTS.merchant);
    const other = await raw('/auth/refresh/token', {
      method: 'POST',
      headers: { 'X-Refresh-Token': p.storage.getRefreshToken() ?? '', 'X-Device-Id': 'someone-else' },
    });
    expect([other.status, other.body.code, other.body.name]).toEqual([401, 1015, 'REFRESH_DEVICE_MISMATCH']);
    const same = await raw('/auth/refresh/token', {
      method: 'POST',
      headers: {
        'X-Refresh-Token': p.storage.getRefreshToken() ?? '',
        'X-Device-Id': p.storage.getDeviceId(),
      },
    });
    expect(same.status).toBe(200);
    expect(decodeJwt(same.headers.get('X-Access-Token') ?? '').did).toBe(p.storage.getDeviceId());
  });

  it('calls without a token get 1601; a wrong prefix 1602', async () => {
    fresh();
    const none = await raw('/user/1');
    expect([none.status, none.body.code, none.body.name]).toEqual([401, 1601, 'HEADER_MISSING']);
    const bad = await raw('/user/1', { headers: { Authorization: 'Token abc' } });
    expect([bad.status, bad.body.code]).toEqual([401, 1602]);
  });
});

describe('mock users and config', () => {
  it('the user list pages, sorts, filters and searches with the contract page object', async () => {
    const p = fresh();
    await p.authProvider.login(MOCK_ACCOUNTS.operator);
    const list = await p.dataProvider.getList('user', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: { type: 'MERCHANT' },
    });
    expect(list.total).toBe(5);
    expect(list.data.map((u) => u.email)).toEqual(['locked@example.com', 'reset.required@example.com']);

    const res = await p.httpClient('/user', {
      query: { page: 0, size: 2, search: JSON.stringify({ email: 'MERCHANT@' }), project: '["email"]' },
    });
    expect(res.page).toEqual({ number: 0, size: 2, totalPages: 1, totalElements: 2, cursor: 'mock-2' });
    expect(res.data).toEqual([
      { id: 2, email: 'merchant@example.com' },
      { id: 3, email: 'new.merchant@example.com' },
    ]);

    const noCount = await p.httpClient('/user', { query: { page: 0, size: 1 }, noCount: true });
    expect(noCount.page).toEqual({ number: 0, size: 1, cursor: 'mock-1' });
  });

  it('a filter on an unknown field is code 2, malformed filter JSON code 3', async () => {
    const p = fresh();
    await p.authProvider.login(MOCK_ACCOUNTS.operator);
    const unknown = await caught(
      p.httpClient('/user', { query: { filter: '[{"field":"password","op":"eq","value":"x"}]' } }),
    );
    expect([unknown.code, unknown.status]).toEqual([2, 400]);
    expect(unknown.data).toEqual([{ field: 'filter[0].field', message: "unknown field 'password'" }]);
    const broken = await caught(p.httpClient('/user', { query: { filter: '[{' } }));
    expect(broken.code).toBe(3);
  });

  it('a merchant sees only their company; a user of another company answers like a missing one (26231)', async () => {
    const p = fresh();
    await p.authProvider.login(MOCK_ACCOUNTS.merchant);
    const list = await p.dataProvider.getList('user', { pagination: { page: 1, perPage: 20 } });
    expect(list.data.map((u) => u.id)).toEqual([2, 4, 5]);
    const hidden = await caught(p.dataProvider.getOne('user', { id: 1 }));
    expect([hidden.name, hidden.status]).toEqual(['USER_NOT_FOUND', 404]);
    const missing = await caught(p.httpClient('/user/999'));
    expect([missing.code, missing.status]).toEqual([26231, 404]);
  });

  it('pns/is-allow answers content.allowed: true for the owner, false for the restricted merchant', async () => {
    const p = fresh();
    await p.authProvider.login(MOCK_ACCOUNTS.merchant);
    const owner = await p.httpClient<{ allowed: boolean }>('/user/2/pns/is-allow', { method: 'POST' });
    expect(owner.data).toEqual({ allowed: true });
    const q = fresh();
    await q.authProvider.login(MOCK_ACCOUNTS.restricted);
    const restricted = await q.httpClient<{ allowed: boolean }>('/user/4/pns/is-allow', { method: 'POST' });
    expect(restricted.data).toEqual({ allowed: false });
    expect(await q.authProvider.canAccess({ action: 'list', resource: 'push' })).toBe(false);
    expect(await q.authProvider.canAccess({ action: 'list', resource: 'vouchers' })).toBe(true);
  });

  it('register then a duplicate e-mail is 26222; activation turns WAIT_EMAIL_ACTIVE into ENABLE', async () => {
    const p = fresh();
    const body = { email: 'shop@example.com', password: 'Password123!', name: 'Shop' };
    const created = await p.httpClient<{ id: number; state: string; signupState: string }>(
      '/user/merchant/register',
      {
        method: 'POST',
        auth: false,
        body,
      },
    );
    expect(created.data).toMatchObject({ state: 'WAIT_EMAIL_ACTIVE', signupState: 'SUBMITTED' });
    const dup = await caught(p.httpClient('/user/merchant/register', { method: 'POST', auth: false, body }));
    expect([dup.code, dup.name, dup.status]).toEqual([26222, 'EMAIL_ALREADY_IN_USE', 409]);
    const token = [...db.emailTokens].find(([, t]) => t.userId === created.data.id)?.[0] ?? '';
    const active = await p.httpClient<{ state: string }>('/user/active-by-email', {
      method: 'PATCH',
      auth: false,
      body: { token },
    });
    expect(active.data.state).toBe('ENABLE');
  });

  it('supported countries need no token; country config follows X-Country', async () => {
    const p = fresh();
    const res = await raw('/config/main/supported-countries');
    expect(res.status).toBe(200);
    expect(res.body.data.supportedCountries).toEqual([
      { countryCode: 'sg', currency: 'SGD' },
      { countryCode: 'my', currency: 'MYR' },
      { countryCode: 'hk', currency: 'HKD' },
    ]);
    await p.authProvider.login(MOCK_ACCOUNTS.operator);
    p.storage.setCountry('my');
    const price = await p.httpClient('/config/main/stamp-card/default-price');
    expect(price.data).toEqual({ price: 10, currency: 'MYR' });
  });

  it('anything else under a service base is the 404 envelope', async () => {
    fresh();
    const res = await raw('/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.requestId).toBeTruthy();
    expect(res.body).toEqual({ type: 'CR', code: 5, name: 'NOT_FOUND', message: 'Not found', data: null });
  });
});
