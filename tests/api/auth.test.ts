import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../contract';
import { requireOperator, requireUser } from '../../server/domains/access/guard';
import {
  loginSessions,
  refreshTokens,
  userGroupMembers,
  userGroups,
  users,
} from '../../server/platform/db/schema';
import { signAccessToken } from '../../server/platform/tokens';
import { apiSuite } from './fixtures';
import {
  APP_TIMEOUT,
  AUTH,
  authHeader,
  captureLogs,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from './helpers';

const ME = '/portal-main-service/api/v1/probe/me';
const OPS = '/portal-main-service/api/v1/probe/operators-only';
const PASSWORD = 'correct horse battery';
let merchantId: number;

const probes = (app: TestApp['app']) => {
  app.get(ME, async (request) => ok(requireUser(request)));
  app.get(OPS, async (request) => ok(requireOperator(request).id));
};
const { t } = apiSuite({ setup: probes });

beforeAll(async () => {
  merchantId = (
    await createUser(t.db, {
      email: 'Merchant@Example.com',
      password: PASSWORD,
      name: 'Mia Merchant',
      mobile: '+6590000001',
      companyId: 7,
      brandId: 9,
    })
  ).id;
  await createUser(t.db, {
    email: 'op@example.com',
    password: PASSWORD,
    type: 'OPERATOR',
    signupState: 'APPROVAL',
  });
}, APP_TIMEOUT);

const me = (token: string) => t.app.inject({ method: 'GET', url: ME, headers: authHeader(token) });
const refresh = (
  kind: 'token' | 'refresh-token',
  token: string | undefined,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `${AUTH}/refresh/${kind}`,
    headers: { ...(token === undefined ? {} : { 'x-refresh-token': token }), ...headers },
  });

describe('POST get-token', () => {
  it('returns the logged-in user and both tokens in headers', async () => {
    const { response, accessToken, refreshToken } = await login(t.app, 'merchant@example.com', PASSWORD, {
      'x-device-id': 'browser-abc-123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      type: 'CR',
      code: 0,
      data: {
        email: 'merchant@example.com',
        groups: [],
        id: merchantId,
        name: 'Mia Merchant',
        type: 'MERCHANT',
        mobile: '+6590000001',
        companyId: 7,
        brandId: 9,
        storeId: null,
        storeName: null,
        // a brand's user: their access reaches that one brand
        organizationLevel: 'BRAND',
        signupState: 'SUBMITTED',
        state: 'ENABLE',
        country: 'sg',
        twoFactorEnabled: false,
        twoFactorRequired: false,
      },
    });
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({
      uid: merchantId,
      putyp: 'MERCHANT',
      did: 'browser-abc-123',
      mid: 7,
      mob: '+6590000001',
      eml: 'merchant@example.com',
      role: 'merchant',
    });
    expect(typeof claims.tid).toBe('string');
    const nowS = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(nowS + 800);
    expect(claims.exp).toBeLessThanOrEqual(nowS + 901);
    // the refresh token is stored only as a hash
    const rows = await t.db.select().from(refreshTokens);
    expect(rows.some((r) => r.tokenHash === refreshToken)).toBe(false);
  });

  it("lists the user's group names", async () => {
    const u = await createUser(t.db, { email: 'grouped@example.com', password: PASSWORD, companyId: 7 });
    const groups = await t.db
      .insert(userGroups)
      .values([
        { name: 'Cashiers', type: 'MERCHANT', companyId: 7 },
        { name: 'Managers', type: 'MERCHANT', companyId: 7 },
        { name: 'Not mine', type: 'MERCHANT', companyId: 7 },
      ])
      .returning();
    await t.db.insert(userGroupMembers).values([
      { userId: u.id, groupId: groups[0]?.id ?? 0 },
      { userId: u.id, groupId: groups[1]?.id ?? 0 },
    ]);
    const { response } = await login(t.app, 'grouped@example.com', PASSWORD);
    expect(response.json().data.groups).toEqual(['Cashiers', 'Managers']);
  });

  it('gives the access token to the gate, which loads the user', async () => {
    const { accessToken } = await login(t.app, 'merchant@example.com', PASSWORD);
    const res = await me(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: merchantId,
      type: 'MERCHANT',
      role: 'merchant',
      companyId: 7,
    });
    const denied = await t.app.inject({ method: 'GET', url: OPS, headers: authHeader(accessToken) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(26237);
  });

  it('answers wrong password and unknown e-mail alike with 26200', async () => {
    const wrong = await login(t.app, 'merchant@example.com', 'wrong password!');
    const unknown = await login(t.app, 'nobody@example.com', 'wrong password!');
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        type: 'CR',
        code: 26200,
        name: 'BAD_CREDENTIALS',
        message: 'Bad credentials',
        data: null,
      });
      // the tries left from this address (LOGIN_MAX_FAILURES 5), counted alike for both, in a header
      expect(response.headers['x-sign-in-attempts-left']).toBe('4');
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.headers['x-access-token']).toBeUndefined();
    }
  });

  it('refuses users in a blocked state with 26201, naming the state (the password was right)', async () => {
    for (const state of ['DISABLE', 'LOCK', 'DELETE', 'WAIT_EMAIL_ACTIVE'] as const) {
      await createUser(t.db, { email: `${state.toLowerCase()}@example.com`, password: PASSWORD, state });
      const { response } = await login(t.app, `${state.toLowerCase()}@example.com`, PASSWORD);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 26201, name: 'INVALID_USER_STATE', data: { state } });
    }
  });

  it('asks a user flagged for reset to reset (26202) with a working reset token', async () => {
    await createUser(t.db, { email: 'reset-me@example.com', password: PASSWORD, mustResetPassword: true });
    const { response } = await login(t.app, 'reset-me@example.com', PASSWORD);
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body).toMatchObject({ code: 26202, name: 'USER_SHOULD_RESET_PASSWORD' });
    expect(body.data.resetPasswordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/password/reset`,
      payload: { token: body.data.resetPasswordToken, password: 'a brand new secret' },
    });
    expect(reset.json()).toEqual({ type: 'CR', code: 0, data: null });
    expect((await login(t.app, 'reset-me@example.com', 'a brand new secret')).response.statusCode).toBe(200);
  });

  it('validates the body (code 2 with fields)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/get-token`,
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .data.map((v: { field: string }) => v.field)
      .sort();
    expect(fields).toEqual(['email', 'password']);
  });

  it('is also served under the portal-auth base path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/portal-auth-service/api/v1/auth/get-token',
      payload: { email: 'op@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.type).toBe('OPERATOR');
    expect(res.headers['x-access-token']).toBeTruthy();
  });
});

describe('access token errors', () => {
  const otherSecret = new TextEncoder().encode('another-secret-another-secret-another-secret');
  const claims = (exp: number) => ({
    tid: 'x',
    uid: 1,
    putyp: 'OPERATOR' as const,
    did: 'd',
    mid: 0,
    mob: '',
    eml: 'op@example.com',
    role: 'operator' as const,
    exp,
  });
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const code = async (authorization: string | undefined) => {
    const res = await t.app.inject({
      method: 'GET',
      url: ME,
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(res.statusCode).toBe(401);
    return res.json().code;
  };

  it('1601 without Authorization, 1602 without the Bearer prefix', async () => {
    expect(await code(undefined)).toBe(1601);
    const { accessToken } = await login(t.app, 'op@example.com', PASSWORD);
    expect(await code(`Token ${accessToken}`)).toBe(1602);
  });

  it('1003 for something that is not a JWT', async () => {
    expect(await code('Bearer not-a-jwt')).toBe(1003);
    expect(await code('Bearer a.b.c')).toBe(1003);
  });

  it('1004 for a bad signature', async () => {
    const forged = await signAccessToken(claims(Math.floor(Date.now() / 1000) + 600), otherSecret);
    expect(await code(`Bearer ${forged}`)).toBe(1004);
  });

  it('1001 for an expired token', async () => {
    const expired = await signAccessToken(claims(Math.floor(Date.now() / 1000) - 10), t.config.jwtSecret);
    expect(await code(`Bearer ${expired}`)).toBe(1001);
  });

  it('1006 for alg none and for algorithms outside the allow-list', async () => {
    const payload = b64(claims(Math.floor(Date.now() / 1000) + 600));
    expect(await code(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBe(1006);
    const hs512 = await new SignJWT(claims(Math.floor(Date.now() / 1000) + 600))
      .setProtectedHeader({ alg: 'HS512' })
      .sign(t.config.jwtSecret);
    expect(await code(`Bearer ${hs512}`)).toBe(1006);
  });

  it('1002 for a token of another type', async () => {
    const other = await new SignJWT(claims(Math.floor(Date.now() / 1000) + 600))
      .setProtectedHeader({ alg: 'HS256', typ: 'refresh+jwt' })
      .sign(t.config.jwtSecret);
    expect(await code(`Bearer ${other}`)).toBe(1002);
  });

  it('1005 once the login is logged out', async () => {
    const { accessToken } = await login(t.app, 'op@example.com', PASSWORD);
    expect((await me(accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: authHeader(accessToken),
    });
    expect(out.json()).toEqual({ type: 'CR', code: 0, data: null });
    expect(await code(`Bearer ${accessToken}`)).toBe(1005);
  });

  it('26201 once the user is disabled', async () => {
    const u = await createUser(t.db, { email: 'soon-disabled@example.com', password: PASSWORD });
    const { accessToken } = await login(t.app, 'soon-disabled@example.com', PASSWORD);
    await t.db.update(users).set({ state: 'DISABLE' }).where(eq(users.id, u.id));
    const res = await me(accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(26201);
  });
});

describe('refresh', () => {
  it('refresh/token gives a new, working access token for the same login', async () => {
    const first = await login(t.app, 'merchant@example.com', PASSWORD);
    const res = await refresh('token', first.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'CR', code: 0, data: null });
    const access = String(res.headers['x-access-token']);
    expect(decodeJwt(access).tid).toBe(decodeJwt(first.accessToken).tid);
    expect((await me(access)).statusCode).toBe(200);
    // the refresh token is not rotated by this call
    expect((await refresh('token', first.refreshToken)).statusCode).toBe(200);
  });

  it('1601 without the header, 1000 for an unknown token', async () => {
    expect((await refresh('token', undefined)).json().code).toBe(1601);
    expect((await refresh('refresh-token', undefined)).json().code).toBe(1601);
    const unknown = await refresh('refresh-token', 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 1000, name: 'TOKEN_NOT_EXIST' });
  });

  it('1001 when the login has passed its absolute lifetime', async () => {
    const { accessToken, refreshToken } = await login(t.app, 'merchant@example.com', PASSWORD);
    const tid = String(decodeJwt(accessToken).tid);
    await t.db
      .update(loginSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginSessions.id, tid));
    expect((await refresh('token', refreshToken)).json().code).toBe(1001);
    expect((await refresh('refresh-token', refreshToken)).json().code).toBe(1001);
  });

  it('1015 when X-Device-Id differs from the login device', async () => {
    const { refreshToken } = await login(t.app, 'merchant@example.com', PASSWORD, {
      'x-device-id': 'device-one',
    });
    expect((await refresh('token', refreshToken, { 'x-device-id': 'device-two' })).json().code).toBe(1015);
    expect((await refresh('refresh-token', refreshToken, { 'x-device-id': 'device-two' })).json().code).toBe(
      1015,
    );
    expect((await refresh('token', refreshToken, { 'x-device-id': 'device-one' })).statusCode).toBe(200);
  });

  it('rotates: the new token works, the old one is used up', async () => {
    const { refreshToken: r1 } = await login(t.app, 'merchant@example.com', PASSWORD);
    const res = await refresh('refresh-token', r1);
    expect(res.statusCode).toBe(200);
    const r2 = String(res.headers['x-refresh-token']);
    expect(r2).not.toBe(r1);
    expect(r2).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await refresh('token', r2)).statusCode).toBe(200);
  });

  it('answers two tabs refreshing together with the same current token (grace window)', async () => {
    const { refreshToken: r1 } = await login(t.app, 'merchant@example.com', PASSWORD);
    const a = await refresh('refresh-token', r1);
    const b = await refresh('refresh-token', r1);
    expect(b.statusCode).toBe(200);
    expect(b.headers['x-refresh-token']).toBe(a.headers['x-refresh-token']);
    // a chain of two rotations still leads the stale tab to the newest token
    const c = await refresh('refresh-token', String(a.headers['x-refresh-token']));
    const stale = await refresh('refresh-token', r1);
    expect(stale.headers['x-refresh-token']).toBe(c.headers['x-refresh-token']);
  });

  it('a replayed token after the grace window ends the whole login (1007)', async () => {
    const { accessToken, refreshToken: r1 } = await login(t.app, 'merchant@example.com', PASSWORD);
    const r2 = String((await refresh('refresh-token', r1)).headers['x-refresh-token']);
    await t.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 11_000) })
      .where(eq(refreshTokens.sessionId, String(decodeJwt(accessToken).tid)));
    const replay = await refresh('refresh-token', r1);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 1007, name: 'REFRESH_TOKEN_REUSED' });
    // everything of that login stops working
    expect((await refresh('token', r2)).json().code).toBe(1005);
    expect((await me(accessToken)).json().code).toBe(1005);
    // other logins of the same user are untouched
    const other = await login(t.app, 'merchant@example.com', PASSWORD);
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });

  it('26201 when the user was disabled since the login', async () => {
    const u = await createUser(t.db, { email: 'refresh-disabled@example.com', password: PASSWORD });
    const { refreshToken } = await login(t.app, 'refresh-disabled@example.com', PASSWORD);
    await t.db.update(users).set({ state: 'LOCK' }).where(eq(users.id, u.id));
    expect((await refresh('token', refreshToken)).json().code).toBe(26201);
  });
});

describe('logout', () => {
  it('with the refresh token ends the login: access and refresh both stop working', async () => {
    const { accessToken, refreshToken } = await login(t.app, 'merchant@example.com', PASSWORD);
    const out = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: { 'x-refresh-token': refreshToken, 'content-type': 'application/json' },
    });
    expect(out.json()).toEqual({ type: 'CR', code: 0, data: null });
    expect((await refresh('token', refreshToken)).json().code).toBe(1005);
    expect((await me(accessToken)).json().code).toBe(1005);
  });

  it('with the access token ends the refresh token too; twice is still fine', async () => {
    const { accessToken, refreshToken } = await login(t.app, 'merchant@example.com', PASSWORD);
    const logout = () =>
      t.app.inject({ method: 'POST', url: `${AUTH}/logout`, headers: authHeader(accessToken) });
    expect((await logout()).statusCode).toBe(200);
    expect((await logout()).statusCode).toBe(200);
    expect((await refresh('refresh-token', refreshToken)).json().code).toBe(1005);
  });

  it('needs a token (1601)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${AUTH}/logout` });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(1601);
  });
});

describe('logs', () => {
  it(
    'never contain the password or the tokens of a login',
    async () => {
      const logs = await captureLogs();
      const app = await createTestApp({ logStream: logs.stream });
      try {
        await createUser(app.db, { email: 'logged@example.com', password: 'very-secret-password-42' });
        const { accessToken, refreshToken } = await login(
          app.app,
          'logged@example.com',
          'very-secret-password-42',
        );
        await login(app.app, 'logged@example.com', 'another-wrong-password-77');
        const r = await app.app.inject({
          method: 'POST',
          url: `${AUTH}/refresh/refresh-token`,
          headers: { 'x-refresh-token': refreshToken, authorization: `Bearer ${accessToken}` },
        });
        const linkToken = 'mailed-link-token-0123456789abcdef';
        await app.app.inject({
          method: 'GET',
          url: `/x-action/forget-pwd?token=${linkToken}`,
          headers: { accept: 'text/html' },
        });
        const text = logs.text();
        expect(text).toContain('/x-action/forget-pwd?token=%5BRedacted%5D');
        expect(text).toContain('"url":"/portal-main-service/api/v1/auth/get-token"');
        for (const secret of [
          'very-secret-password-42',
          'another-wrong-password-77',
          accessToken,
          refreshToken,
          String(r.headers['x-refresh-token']),
        ]) {
          expect(secret.length).toBeGreaterThan(10);
          expect(text).not.toContain(secret);
        }
      } finally {
        await app.close();
      }
    },
    APP_TIMEOUT,
  );
});
