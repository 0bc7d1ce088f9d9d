// Two-factor sign-in (issue 24 item 1): enrolment with a TOTP secret and recovery codes, the
// two-step sign-in (get-token answers 26212 with a challenge; POST /auth/two-factor finishes it),
// turning it off, and System Config requiring it. Codes come from the otpauth library at a fixed
// clock (only Date is faked: Vitest's clock for the server and the test alike).
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_CHALLENGE_TTL_S,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_RECOVERY_CODE_COUNT,
} from '../../contract';
import { auditLog, twoFactorRecoveryCodes, users, userTwoFactor } from '../../server/platform/db/schema';
import { sha256 } from '../../server/platform/tokens';
import { addOrg, addUser, apiSuite, MAIN, PASSWORD } from './fixtures';
import { APP_TIMEOUT, AUTH, authHeader, codeOf, dataOf } from './helpers';

// wrong codes count in the login throttle like wrong passwords; this file makes more than 5 on purpose
const { t, tokens, call } = apiSuite({ env: { LOGIN_MAX_FAILURES: '1000' } });

const STEP_MS = 30_000;
// the middle of a time step, so that a code of "now" is one step's code on both sides
const T0 = Math.floor(Date.now() / STEP_MS) * STEP_MS + 10_000;
let clock = T0;
/** Moves the fake clock to `steps` time steps after T0 (plus `extraMs`). */
const at = (steps: number, extraMs = 0) => {
  clock = T0 + steps * STEP_MS + extraMs;
  vi.setSystemTime(clock);
};
const codeAt = (secret: string, ms = clock) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ms,
  });

const emailOf = (who: string) => `${who}@example.test`;
const ENROL = `${MAIN}/user/me/two-factor`;
let GATED = ''; // a route of their own that a merchant may call, not open before enrolment
const CONFIRM = `${MAIN}/user/me/two-factor/confirm`;

const getToken = (who: string, base = AUTH) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/get-token`,
    headers: { 'x-device-id': `browser-of-${who}` },
    payload: { email: emailOf(who), password: PASSWORD },
  });
const finish = (challenge: string, code: string, base = AUTH) =>
  t.app.inject({ method: 'POST', url: `${base}/two-factor`, payload: { challenge, code } });
const challengeOf = async (who: string): Promise<string> => {
  const res = await getToken(who);
  expect(codeOf(res), res.body).toEqual({ status: 401, code: 26212 });
  return res.json().data.challenge as string;
};
const userId = async (who: string) =>
  (
    await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, emailOf(who)))
  )[0]?.id ?? 0;
const failedSignIns = async (who: string) =>
  (
    await t.db
      .select({ n: users.failedSignIns })
      .from(users)
      .where(eq(users.email, emailOf(who)))
  )[0]?.n;
const lastAudit = async (recordId: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, String(recordId))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

/** Enrols `who` (signed in as tokens[who]) and confirms at the current step; the secret and codes. */
const enrol = async (who: string) => {
  const started = dataOf(await call(who, 'POST', ENROL)) as { secret: string; recoveryCodes: string[] };
  expect(codeOf(await call(who, 'POST', CONFIRM, { code: codeAt(started.secret) }))).toEqual({
    status: 200,
    code: 0,
  });
  return started;
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
  const acme = await addOrg(t, 'Acme');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'other', { type: 'MERCHANT', companyId: acme.companyId });
}, APP_TIMEOUT);

afterAll(() => {
  vi.useRealTimers();
});

describe('two-factor sign-in', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('starts enrolment with a secret, its otpauth URL and ten recovery codes, kept sealed and hashed', async () => {
    const res = await call('owner', 'POST', ENROL);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = dataOf(res) as { secret: string; otpauthUrl: string; recoveryCodes: string[] };
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(data.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(data.secret);
    expect(url.searchParams.get('issuer')).toBe('Loyalty Portal');
    expect(decodeURIComponent(data.otpauthUrl)).toContain(emailOf('owner'));
    expect(data.recoveryCodes).toHaveLength(TWO_FACTOR_RECOVERY_CODE_COUNT);
    expect(new Set(data.recoveryCodes).size).toBe(TWO_FACTOR_RECOVERY_CODE_COUNT);
    for (const c of data.recoveryCodes) expect(c).toMatch(RECOVERY_CODE_PATTERN);

    const id = await userId('owner');
    const [row] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, id));
    expect(row?.enabledAt).toBeNull();
    expect(row?.secretSealed).not.toContain(data.secret);
    const stored = await t.db
      .select({ hash: twoFactorRecoveryCodes.codeHash })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, id));
    expect(stored.map((r) => r.hash).sort()).toEqual(data.recoveryCodes.map(sha256).sort());

    // pending: the password alone still signs in
    expect(codeOf(await getToken('owner'))).toEqual({ status: 200, code: 0 });
    secret = data.secret;
    recoveryCodes = data.recoveryCodes;
  });

  it('turns on only with a right code of the app, and audits it', async () => {
    expect(codeOf(await call('owner', 'POST', CONFIRM, { code: '000000' }))).toEqual({
      status: 400,
      code: 26213,
    });
    // a recovery code does not confirm that the app works
    expect(codeOf(await call('owner', 'POST', CONFIRM, { code: recoveryCodes[0] }))).toEqual({
      status: 400,
      code: 26213,
    });
    expect(codeOf(await call('owner', 'POST', CONFIRM, { code: codeAt(secret) }))).toEqual({
      status: 200,
      code: 0,
    });
    const id = await userId('owner');
    expect(await lastAudit(id)).toMatchObject({
      action: 'two-factor-enable',
      actorId: id,
      after: { twoFactorEnabled: true },
    });
    expect(codeOf(await call('owner', 'POST', ENROL))).toEqual({ status: 409, code: 26216 });
    expect(codeOf(await call('owner', 'POST', CONFIRM, { code: codeAt(secret) }))).toEqual({
      status: 409,
      code: 26216,
    });
  });

  it('asks for a code after the password, with no tokens, then signs in with the code', async () => {
    const res = await getToken('owner');
    expect(codeOf(res)).toEqual({ status: 401, code: 26212 });
    expect(res.headers['x-access-token']).toBeUndefined();
    expect(res.headers['x-refresh-token']).toBeUndefined();
    const { challenge, expiresInSeconds } = res.json().data;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresInSeconds).toBe(TWO_FACTOR_CHALLENGE_TTL_S);

    const wrong = await finish(challenge, '123456');
    expect(codeOf(wrong)).toEqual({ status: 400, code: 26213 });
    expect(wrong.json().data).toEqual({ attemptsLeft: TWO_FACTOR_MAX_ATTEMPTS - 1 });

    at(1); // the code confirmed at step 0 is spent: the next step's
    const done = await finish(challenge, codeAt(secret));
    expect(codeOf(done), done.body).toEqual({ status: 200, code: 0 });
    expect(done.json().data).toMatchObject({
      email: emailOf('owner'),
      type: 'MERCHANT',
      twoFactorEnabled: true,
      twoFactorRequired: false,
    });
    const access = done.headers['x-access-token'] as string;
    const refresh = done.headers['x-refresh-token'] as string;
    const me = await t.app.inject({
      method: 'GET',
      url: `${MAIN}/user/${await userId('owner')}`,
      headers: authHeader(access),
    });
    expect(codeOf(me)).toEqual({ status: 200, code: 0 });
    // refresh tokens keep working as today
    const renewed = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      headers: { 'x-refresh-token': refresh, 'x-device-id': 'browser-of-owner' },
    });
    expect(codeOf(renewed)).toEqual({ status: 200, code: 0 });
    expect(renewed.headers['x-access-token']).toBeTruthy();

    // the challenge worked once
    at(2);
    expect(codeOf(await finish(challenge, codeAt(secret)))).toEqual({ status: 401, code: 26214 });
  });

  it('takes a code of the app once only, and answers on the auth alias too', async () => {
    at(3);
    const code = codeAt(secret);
    expect(codeOf(await finish(await challengeOf('owner'), code))).toEqual({ status: 200, code: 0 });
    const replay = await finish(await challengeOf('owner'), code);
    expect(codeOf(replay)).toEqual({ status: 400, code: 26213 });
    at(4);
    const viaAlias = await finish(
      await challengeOf('owner'),
      codeAt(secret),
      '/portal-auth-service/api/v1/auth',
    );
    expect(codeOf(viaAlias)).toEqual({ status: 200, code: 0 });
  });

  it('takes each recovery code once, typed in any case and with spaces', async () => {
    const [first, second] = recoveryCodes as [string, string];
    const typed = ` ${first.toUpperCase().replace(/-/g, ' ')} `;
    expect(codeOf(await finish(await challengeOf('owner'), typed))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await finish(await challengeOf('owner'), first))).toEqual({ status: 400, code: 26213 });
    expect(codeOf(await finish(await challengeOf('owner'), second))).toEqual({ status: 200, code: 0 });
  });

  it(`kills a challenge after ${TWO_FACTOR_MAX_ATTEMPTS} wrong codes`, async () => {
    at(5);
    const challenge = await challengeOf('owner');
    for (let left = TWO_FACTOR_MAX_ATTEMPTS - 1; left >= 0; left--) {
      const res = await finish(challenge, '999999');
      expect(codeOf(res)).toEqual({ status: 400, code: 26213 });
      expect(res.json().data).toEqual({ attemptsLeft: left });
    }
    expect(codeOf(await finish(challenge, codeAt(secret)))).toEqual({ status: 401, code: 26214 });
    // each wrong code counted towards LOCK (at LOGIN_MAX_FAILURES, tests/api/account-security.test.ts),
    // and the right password alone did not clear the count
    expect(await failedSignIns('owner')).toBe(TWO_FACTOR_MAX_ATTEMPTS);
    // the right code still works with a fresh challenge, and the count starts again
    expect(codeOf(await finish(await challengeOf('owner'), codeAt(secret)))).toEqual({
      status: 200,
      code: 0,
    });
    expect(await failedSignIns('owner')).toBe(0);
  });

  it('lets a challenge expire', async () => {
    at(6);
    const challenge = await challengeOf('owner');
    at(6, TWO_FACTOR_CHALLENGE_TTL_S * 1000 + 1000);
    expect(codeOf(await finish(challenge, codeAt(secret)))).toEqual({ status: 401, code: 26214 });
    expect(codeOf(await finish('not-a-challenge', codeAt(secret)))).toEqual({ status: 401, code: 26214 });
  });

  it(`judges ${TWO_FACTOR_MAX_ATTEMPTS} of 24 wrong codes sent at once on one challenge, no more (F10)`, async () => {
    at(7);
    const challenge = await challengeOf('owner');
    const answers = await Promise.all(Array.from({ length: 24 }, () => finish(challenge, '999999')));
    const judged = answers.filter((r) => r.json().code === 26213);
    expect(judged).toHaveLength(TWO_FACTOR_MAX_ATTEMPTS);
    expect(judged.map((r) => r.json().data.attemptsLeft).sort()).toEqual(
      Array.from({ length: TWO_FACTOR_MAX_ATTEMPTS }, (_, i) => i),
    );
    expect(answers.filter((r) => r.json().code === 26214)).toHaveLength(24 - TWO_FACTOR_MAX_ATTEMPTS);
    // a fresh challenge and the right code clear the count again
    expect(codeOf(await finish(await challengeOf('owner'), codeAt(secret)))).toEqual({
      status: 200,
      code: 0,
    });
  });

  it('ends a challenge given before the password changed (F9)', async () => {
    at(8);
    const challenge = await challengeOf('owner');
    // the password is changed elsewhere (a reset by the mailed link, the profile) meanwhile
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, emailOf('owner')));
    await t.db
      .update(users)
      .set({ passwordHash: `${row?.passwordHash ?? ''}-changed` })
      .where(eq(users.email, emailOf('owner')));
    const res = await finish(challenge, codeAt(secret));
    expect(codeOf(res)).toEqual({ status: 401, code: 26214 });
    expect(res.headers['x-access-token']).toBeUndefined();
    await t.db
      .update(users)
      .set({ passwordHash: row?.passwordHash ?? null })
      .where(eq(users.email, emailOf('owner')));
  });

  it('asks for the new password, not tokens, when a reset was forced after the challenge (F9)', async () => {
    at(9);
    const challenge = await challengeOf('owner');
    await t.db
      .update(users)
      .set({ mustResetPassword: true })
      .where(eq(users.email, emailOf('owner')));
    const res = await finish(challenge, codeAt(secret));
    expect(codeOf(res)).toEqual({ status: 403, code: 26202 });
    expect(typeof res.json().data.resetPasswordToken).toBe('string');
    expect(res.headers['x-access-token']).toBeUndefined();
    await t.db
      .update(users)
      .set({ mustResetPassword: false })
      .where(eq(users.email, emailOf('owner')));
    // the refusal did not spend the challenge: with the reset taken back (an operator did), it signs in
    expect(codeOf(await finish(challenge, codeAt(secret)))).toEqual({ status: 200, code: 0 });
  });

  it('refuses malformed input with the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/two-factor`,
      payload: { challenge: 'x' },
    });
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
  });

  it('turns off with a code (not a wrong one), audits it, and sign-in is one step again', async () => {
    at(20);
    expect(codeOf(await call('owner', 'DELETE', ENROL, { code: '111111' }))).toEqual({
      status: 400,
      code: 26213,
    });
    // a recovery code turns it off too (a lost phone)
    expect(codeOf(await call('owner', 'DELETE', ENROL, { code: recoveryCodes[2] }))).toEqual({
      status: 200,
      code: 0,
    });
    const id = await userId('owner');
    expect(await lastAudit(id)).toMatchObject({ action: 'two-factor-disable', actorId: id });
    expect(
      await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id)),
    ).toEqual([]);
    const res = await getToken('owner');
    expect(codeOf(res)).toEqual({ status: 200, code: 0 });
    expect(res.json().data).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
    expect(codeOf(await call('owner', 'DELETE', ENROL, { code: '111111' }))).toEqual({
      status: 409,
      code: 26217,
    });
    expect(codeOf(await call('owner', 'POST', CONFIRM, { code: '111111' }))).toEqual({
      status: 409,
      code: 26217,
    });
  });
});

describe('System Config requires a second factor', () => {
  const setting = async (key: string, value: string) =>
    dataOf(await call('op', 'POST', `${MAIN}/system-config`, { key, value })) as { id: number };

  it('lets a merchant without one sign in, but only to enrol, until they have', async () => {
    at(22);
    const before = await getToken('other');
    const oldRefresh = before.headers['x-refresh-token'] as string;
    const oldAccess = before.headers['x-access-token'] as string;
    const row = await setting('requireTwoFactorMerchants', 'true');

    const res = await getToken('other');
    expect(codeOf(res)).toEqual({ status: 200, code: 0 });
    expect(res.json().data).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    tokens.other = res.headers['x-access-token'] as string;
    const id = await userId('other');
    GATED = `${MAIN}/user/${id}/permissions`;
    // the portal's start-up reads of oneself work; anything else answers 26215
    expect(codeOf(await call('other', 'GET', `${MAIN}/user/${id}`))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await call('other', 'GET', `${MAIN}/user/${id}/full-permissions`))).toEqual({
      status: 200,
      code: 0,
    });
    expect(codeOf(await call('other', 'GET', `${MAIN}/user/${await userId('owner')}`))).toEqual({
      status: 403,
      code: 26215,
    });
    expect(codeOf(await call('other', 'GET', GATED))).toEqual({ status: 403, code: 26215 });

    // a login made before the setting: its old access token still passes until it is refreshed ...
    expect(
      codeOf(await t.app.inject({ method: 'GET', url: GATED, headers: authHeader(oldAccess) })).code,
    ).toBe(0);
    const renewed = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      headers: { 'x-refresh-token': oldRefresh, 'x-device-id': 'browser-of-other' },
    });
    expect(codeOf(renewed)).toEqual({ status: 200, code: 0 });
    // ... and from the refresh on, the login too only enrols
    expect(codeOf(await t.app.inject({ method: 'GET', url: GATED, headers: authHeader(oldAccess) }))).toEqual(
      { status: 403, code: 26215 },
    );

    // operators are not required by the merchants' setting
    const op = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/get-token`,
      payload: { email: emailOf('op'), password: PASSWORD },
    });
    expect(op.json().data).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });

    const { secret: otherSecret } = await enrol('other');
    // the same login now reaches everything
    expect(codeOf(await call('other', 'GET', GATED))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await t.app.inject({ method: 'GET', url: GATED, headers: authHeader(oldAccess) }))).toEqual(
      { status: 200, code: 0 },
    );

    // turning it off while it is required: back to enrolment only
    at(23);
    expect(codeOf(await call('other', 'DELETE', ENROL, { code: codeAt(otherSecret) })).code).toBe(0);
    expect(codeOf(await call('other', 'GET', GATED))).toEqual({ status: 403, code: 26215 });

    await call('op', 'PUT', `${MAIN}/system-config/${row.id}`, { value: 'false' });
    const free = await getToken('other');
    expect(free.json().data).toMatchObject({ twoFactorRequired: false });
    expect(
      codeOf(
        await t.app.inject({
          method: 'GET',
          url: GATED,
          headers: authHeader(free.headers['x-access-token'] as string),
        }),
      ),
    ).toEqual({ status: 200, code: 0 });
  });

  it('keeps the requirement settings out of the public settings', async () => {
    await setting('requireTwoFactorOperators', 'false');
    const pub = dataOf(await call(null, 'GET', `${MAIN}/system-config/public`)) as Record<string, unknown>;
    expect(Object.keys(pub)).not.toContain('requireTwoFactorOperators');
    expect(Object.keys(pub)).not.toContain('requireTwoFactorMerchants');
  });
});

describe('an administrator resets a lost second factor', () => {
  it('ends the factor, its codes and every login; the next sign-in is the password alone', async () => {
    at(24);
    await addUser(t, tokens, 'lost', { type: 'OPERATOR' });
    await enrol('lost');
    const id = await userId('lost');
    const url = `${MAIN}/user/${id}/two-factor`;
    expect(dataOf(await call('op', 'GET', `${MAIN}/user/${id}`))).toMatchObject({ twoFactorEnabled: true });
    // a merchant may not act on an operator; nobody resets their own this way (26237)
    expect(codeOf(await call('owner', 'DELETE', url)).status).not.toBe(200);
    expect(codeOf(await call('lost', 'DELETE', url))).toEqual({ status: 403, code: 26237 });
    expect(await challengeOf('lost')).toMatch(/./);

    at(25);
    const reset = await call('op', 'DELETE', url);
    expect(codeOf(reset)).toEqual({ status: 200, code: 0 });
    expect(reset.json().data).toMatchObject({ id, twoFactorEnabled: false });
    expect(await lastAudit(id)).toMatchObject({ action: 'two-factor-reset', actorId: await userId('op') });
    expect(
      await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id)),
    ).toEqual([]);
    // their logins ended at once
    expect(codeOf(await call('lost', 'GET', `${MAIN}/user/${id}`))).toEqual({ status: 401, code: 1005 });
    // and the password alone signs them in again
    expect(codeOf(await getToken('lost'))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await call('op', 'DELETE', url))).toEqual({ status: 409, code: 26217 });
    // the people list shows who has one
    const list = dataOf(
      await call(
        'op',
        'GET',
        `${MAIN}/user?filter=${encodeURIComponent(JSON.stringify([{ field: 'id', op: 'eq', value: id }]))}`,
      ),
    ) as {
      twoFactorEnabled: boolean;
    }[];
    expect(list).toEqual([expect.objectContaining({ id, twoFactorEnabled: false })]);
  });
});
