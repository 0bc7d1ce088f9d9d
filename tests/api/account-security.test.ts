// Issue 24 items 2-4: the LOCK after LOGIN_MAX_FAILURES wrong passwords in a row (its mail, its
// audit entry, 26201 for the right password, 26200 for a wrong one), unlocking (POST /user/{id}/unlock
// and the e-mailed reset link), the forced reset (POST /user/{id}/require-password-reset → 26202), and
// sessions (GET /user/me/sessions, DELETE /user/me/sessions/{id}, DELETE /user/{id}/sessions); who
// may act on whom, never across companies. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginSessions, users } from '../../server/platform/db/schema';
import { apiSuite, MAIN, PASSWORD } from './fixtures';
import {
  AUTH,
  caller,
  codeOf,
  createUser,
  dataOf,
  lastMailedToken,
  readOutbox,
  userAuditRows,
} from './helpers';

const USER = `${MAIN}/user`;
const MAX = 3;
const { t, tokens } = apiSuite({
  // the per-IP throttle stays; these tests sign in from many addresses so that it never answers first
  env: { LOGIN_MAX_FAILURES: String(MAX), LOGIN_MAX_PER_IP: '1000' },
});
const call = caller(() => t.app, tokens);
const ids: Record<string, number> = {};
const refresh: Record<string, string> = {};
let ipSeq = 0;
const nextIp = () => `10.24.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const getToken = (email: string, password: string, opts: { ip?: string; ua?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${AUTH}/get-token`,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.ua ? { 'user-agent': opts.ua } : {},
    payload: { email, password },
  });

const emailOf = (who: string) => `${who}@example.test`;

const signIn = async (who: string, opts: { password?: string; ua?: string; ip?: string } = {}) => {
  const res = await getToken(emailOf(who), opts.password ?? PASSWORD, opts);
  expect(res.json().code, res.body).toBe(0);
  tokens[who] = String(res.headers['x-access-token']);
  refresh[who] = String(res.headers['x-refresh-token']);
};

const rowOf = async (who: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.id, ids[who] ?? 0));
  if (!row) throw new Error(`no user ${who}`);
  return row;
};

const auditOf = (who: string, action: string) => userAuditRows(t.db, action, ids[who]);

const openSessions = (who: string) =>
  t.db
    .select()
    .from(loginSessions)
    .where(and(eq(loginSessions.userId, ids[who] ?? 0), isNull(loginSessions.revokedAt)));

/** Sets `password` through the link last mailed to `who` (the lock mail's). */
const resetByMail = async (who: string, password: string) => {
  const token = await lastMailedToken(t.db, emailOf(who));
  const reset = await t.app.inject({
    method: 'POST',
    url: `${AUTH}/password/reset`,
    payload: { token, password },
  });
  expect(reset.json().code, reset.body).toBe(0);
};

const failTimes = async (who: string, n: number) => {
  for (let i = 0; i < n; i++) {
    const res = await getToken(emailOf(who), 'not the password');
    expect(codeOf(res)).toEqual({ status: 401, code: 26200 });
  }
};

beforeAll(async () => {
  const people: { key: string; type?: 'OPERATOR'; companyId?: number; invited?: boolean }[] = [
    { key: 'op', type: 'OPERATOR' },
    { key: 'owner-a', companyId: 1 },
    { key: 'clerk-a', companyId: 1, invited: true },
    { key: 'staff-a', companyId: 1, invited: true },
    { key: 'owner-b', companyId: 2 },
    { key: 'staff-b', companyId: 2, invited: true },
  ];
  for (const p of people) {
    const row = await createUser(t.db, {
      email: emailOf(p.key),
      password: PASSWORD,
      type: p.type ?? 'MERCHANT',
      companyId: p.companyId ?? null,
      signupState: 'APPROVAL',
    });
    ids[p.key] = row.id;
    if (p.invited) {
      await t.db
        .update(users)
        .set({ invitationType: 'MERCHANT_INVITE_MERCHANT', invitedBy: ids['owner-a'] ?? null })
        .where(eq(users.id, row.id));
    }
  }
  for (const p of people) await signIn(p.key);
  // the clerk may look at people but not change them (VIEW on user, no UPDATE)
  const granted = await call('owner-a', 'PATCH', `${USER}/${ids['clerk-a']}/permissions`, {
    permissions: [{ resource: 'user', action: 'VIEW' }],
  });
  expect(granted.json().code, granted.body).toBe(0);
});

describe('LOCK after LOGIN_MAX_FAILURES wrong passwords in a row', () => {
  it('a right password before the limit starts the count again', async () => {
    await failTimes('staff-a', MAX - 1);
    expect(await rowOf('staff-a')).toMatchObject({ state: 'ENABLE', failedSignIns: MAX - 1 });
    await signIn('staff-a');
    expect(await rowOf('staff-a')).toMatchObject({ state: 'ENABLE', failedSignIns: 0, lockedAt: null });
    await failTimes('staff-a', MAX - 1);
    expect((await rowOf('staff-a')).state).toBe('ENABLE');
    await signIn('staff-a');
  });

  it('locks at the limit (from any addresses): logins end, one audit entry, one mail with a reset link', async () => {
    expect((await openSessions('staff-a')).length).toBeGreaterThan(0);
    await failTimes('staff-a', MAX);
    const row = await rowOf('staff-a');
    expect(row).toMatchObject({ state: 'LOCK', failedSignIns: MAX });
    expect(row.lockedAt).toBeInstanceOf(Date);
    // the open logins ended at once: the token of a minute ago is refused
    expect(await openSessions('staff-a')).toHaveLength(0);
    expect(codeOf(await call('staff-a', 'GET', `${USER}/${ids['staff-a']}`))).toEqual({
      status: 403,
      code: 26201,
    });

    const [entry, ...more] = await auditOf('staff-a', 'lock');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: null,
      companyId: 1,
      before: { state: 'ENABLE' },
      after: { state: 'LOCK', failedSignIns: MAX },
    });

    const [mail, ...older] = await readOutbox(t.db, emailOf('staff-a'));
    expect(older).toHaveLength(0);
    expect(mail?.subject).toBe('Your account is locked - Loyalty Portal');
    expect(mail?.text).toContain('too many wrong passwords in a row');
    expect(mail?.link).toMatch(/^http:\/\/portal\.test\/x-action\/forget-pwd\?token=/);
  });

  it('answers 26201 with state LOCK to the right password, 26200 to a wrong one (no more mail)', async () => {
    const right = await getToken(emailOf('staff-a'), PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 26201, name: 'INVALID_USER_STATE', data: { state: 'LOCK' } });
    expect(right.headers['x-access-token']).toBeUndefined();
    await failTimes('staff-a', 2);
    expect(await readOutbox(t.db, emailOf('staff-a'))).toHaveLength(1);
    expect(await auditOf('staff-a', 'lock')).toHaveLength(1);
  });

  it('shows who is locked since when, to an operator and to the owner (user and list)', async () => {
    const { lockedAt } = await rowOf('staff-a');
    for (const who of ['op', 'owner-a']) {
      const one = dataOf(await call(who, 'GET', `${USER}/${ids['staff-a']}`));
      expect(one).toMatchObject({ state: 'LOCK', lockedAt: lockedAt?.toISOString() });
      expect(one).not.toHaveProperty('failedSignIns');
      const filter = encodeURIComponent(JSON.stringify([{ field: 'state', op: 'eq', value: 'LOCK' }]));
      const list = dataOf(await call(who, 'GET', `${USER}?filter=${filter}`)) as { id: number }[];
      expect(list.find((r) => r.id === ids['staff-a'])).toMatchObject({
        state: 'LOCK',
        lockedAt: lockedAt?.toISOString(),
      });
    }
  });

  it('counts nothing for a DISABLE user: they never become LOCK', async () => {
    const row = await createUser(t.db, {
      email: emailOf('disabled-a'),
      password: PASSWORD,
      state: 'DISABLE',
      companyId: 1,
    });
    ids['disabled-a'] = row.id;
    await failTimes('disabled-a', MAX + 1);
    expect(await rowOf('disabled-a')).toMatchObject({ state: 'DISABLE', failedSignIns: 0, lockedAt: null });
    expect(await readOutbox(t.db, emailOf('disabled-a'))).toHaveLength(0);
  });

  it('locks once when the failures arrive together', async () => {
    const row = await createUser(t.db, { email: emailOf('rush'), password: PASSWORD, companyId: 3 });
    ids.rush = row.id;
    const all = await Promise.all(
      Array.from({ length: MAX + 2 }, () => getToken(emailOf('rush'), 'not the password')),
    );
    expect(all.map((r) => r.json().code)).toEqual(Array(MAX + 2).fill(26200));
    expect((await rowOf('rush')).state).toBe('LOCK');
    expect(await auditOf('rush', 'lock')).toHaveLength(1);
    expect(await readOutbox(t.db, emailOf('rush'))).toHaveLength(1);
  });
});

describe('POST /user/{id}/unlock', () => {
  it("refuses another company's owner (26231), a colleague without UPDATE and oneself (26237)", async () => {
    expect(codeOf(await call('owner-b', 'POST', `${USER}/${ids['staff-a']}/unlock`))).toEqual({
      status: 404,
      code: 26231,
    });
    expect(codeOf(await call('clerk-a', 'POST', `${USER}/${ids['staff-a']}/unlock`))).toEqual({
      status: 403,
      code: 26237,
    });
    expect(codeOf(await call('op', 'POST', `${USER}/${ids.op}/unlock`))).toEqual({
      status: 403,
      code: 26237,
    });
    expect(codeOf(await call(null, 'POST', `${USER}/${ids['staff-a']}/unlock`)).status).toBe(401);
    expect((await rowOf('staff-a')).state).toBe('LOCK');
  });

  it('lets the owner unlock a colleague: ENABLE, the count cleared, audited, sign-in works', async () => {
    const before = await rowOf('staff-a');
    const res = await call('owner-a', 'POST', `${USER}/${ids['staff-a']}/unlock`);
    expect(dataOf(res)).toMatchObject({ id: ids['staff-a'], state: 'ENABLE', lockedAt: null });
    expect(await rowOf('staff-a')).toMatchObject({ state: 'ENABLE', failedSignIns: 0, lockedAt: null });
    const [entry, ...more] = await auditOf('staff-a', 'unlock');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: ids['owner-a'],
      companyId: 1,
      before: { state: 'LOCK', lockedAt: before.lockedAt?.toISOString() },
      after: { state: 'ENABLE' },
    });
    await signIn('staff-a');
  });

  it('answers an ENABLE user unchanged with no audit entry; other states 11', async () => {
    expect(dataOf(await call('op', 'POST', `${USER}/${ids['staff-a']}/unlock`))).toMatchObject({
      state: 'ENABLE',
    });
    expect(await auditOf('staff-a', 'unlock')).toHaveLength(1);
    expect(codeOf(await call('op', 'POST', `${USER}/${ids['disabled-a']}/unlock`))).toEqual({
      status: 409,
      code: 11,
    });
  });

  it('lets an operator unlock anyone', async () => {
    expect(dataOf(await call('op', 'POST', `${USER}/${ids.rush}/unlock`))).toMatchObject({ state: 'ENABLE' });
    const [entry] = await auditOf('rush', 'unlock');
    expect(entry).toMatchObject({ actorId: ids.op });
  });
});

describe('the e-mailed reset link unlocks', () => {
  it('a new password through the lock mail makes the user ENABLE, audited as their own unlock', async () => {
    await failTimes('staff-a', MAX);
    expect((await rowOf('staff-a')).state).toBe('LOCK');
    await resetByMail('staff-a', 'a brand new password');
    expect(await rowOf('staff-a')).toMatchObject({ state: 'ENABLE', failedSignIns: 0, lockedAt: null });
    const entries = await auditOf('staff-a', 'unlock');
    expect(entries.at(-1)).toMatchObject({
      actorId: ids['staff-a'],
      before: { state: 'LOCK' },
      after: { state: 'ENABLE', by: 'password-reset' },
    });
    await signIn('staff-a', { password: 'a brand new password' });
    // back to the suite's password, by the user's own change
    const back = await call('staff-a', 'PUT', `${USER}/${ids['staff-a']}/pwd`, {
      oldPassword: 'a brand new password',
      password: PASSWORD,
    });
    expect(back.json().code, back.body).toBe(0);
    await signIn('staff-a');
  });
});

describe('from one address: the tries left, the pause, and an unlock that clears it (issue 40 item 5)', () => {
  const ip = '10.40.5.1';
  const fromHere = (email: string, password: string) => getToken(email, password, { ip });

  /** MAX wrong passwords from `ip`: each 26200 says how many tries are left, the last how long the pause is. */
  const failFromHere = async (email: string) => {
    const answers = [];
    for (let i = 0; i < MAX; i++) {
      const res = await fromHere(email, 'not the password');
      expect(codeOf(res)).toEqual({ status: 401, code: 26200 });
      // the envelope stays the contract's: what is left goes in headers
      expect(res.json().data).toBeNull();
      answers.push({
        attemptsLeft: res.headers['x-sign-in-attempts-left'],
        retryAfter: res.headers['retry-after'],
      });
    }
    return answers;
  };

  const paused = (email: string) =>
    fromHere(email, PASSWORD).then((res) => {
      expect(codeOf(res)).toEqual({ status: 429, code: 6 });
      return res;
    });

  it('counts tries alike for an account and an unknown e-mail, so the answer tells nobody which exists', async () => {
    await createUser(t.db, {
      email: emailOf('door-a'),
      password: PASSWORD,
      type: 'MERCHANT',
      companyId: 1,
      signupState: 'APPROVAL',
    });
    const last = { attemptsLeft: '0', retryAfter: String(15 * 60) };
    const expected = [
      ...Array.from({ length: MAX - 1 }, (_, i) => ({
        attemptsLeft: String(MAX - 1 - i),
        retryAfter: undefined,
      })),
      last,
    ];
    expect(await failFromHere(emailOf('door-a'))).toEqual(expected);
    expect(await failFromHere('nobody-here@example.test')).toEqual(expected);
    // both are paused from this address; the account is locked too
    await paused(emailOf('door-a'));
    await paused('nobody-here@example.test');
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, emailOf('door-a')));
    expect(row).toMatchObject({ state: 'LOCK', failedSignIns: MAX });
  });

  it('an unlock clears the pause: the right password works at once from the same address', async () => {
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, emailOf('door-a')));
    ids['door-a'] = row?.id ?? 0;
    const unlocked = await call('owner-a', 'POST', `${USER}/${ids['door-a']}/unlock`);
    expect(unlocked.json().code, unlocked.body).toBe(0);
    expect((await rowOf('door-a')).signInsClearedAt).toBeInstanceOf(Date);
    const res = await fromHere(emailOf('door-a'), PASSWORD);
    expect(res.json().code, res.body).toBe(0);
    // the count starts from nothing again: a wrong password has the full number of tries left
    expect((await fromHere(emailOf('door-a'), 'not the password')).headers['x-sign-in-attempts-left']).toBe(
      String(MAX - 1),
    );
    // the unknown e-mail stays paused: nothing cleared it
    await paused('nobody-here@example.test');
  });

  it('a new password by the e-mailed link clears the pause as well', async () => {
    await fromHere(emailOf('door-a'), PASSWORD);
    await failFromHere(emailOf('door-a'));
    await paused(emailOf('door-a'));
    await resetByMail('door-a', 'another new password');
    const res = await fromHere(emailOf('door-a'), 'another new password');
    expect(res.json().code, res.body).toBe(0);
  });
});

describe('POST /user/{id}/require-password-reset (26202)', () => {
  it("refuses another company's owner (26231), a merchant on an operator (26231), the clerk and oneself (26237)", async () => {
    const path = (who: string) => `${USER}/${ids[who]}/require-password-reset`;
    expect(codeOf(await call('owner-b', 'POST', path('staff-a')))).toEqual({ status: 404, code: 26231 });
    expect(codeOf(await call('owner-a', 'POST', path('op')))).toEqual({ status: 404, code: 26231 });
    expect(codeOf(await call('clerk-a', 'POST', path('staff-a')))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('owner-a', 'POST', path('owner-a')))).toEqual({ status: 403, code: 26237 });
    expect((await rowOf('staff-a')).mustResetPassword).toBe(false);
  });

  it('sets the flag and ends the logins at once; the next sign-in answers 26202 with a working reset token', async () => {
    const res = await call('owner-a', 'POST', `${USER}/${ids['staff-a']}/require-password-reset`);
    expect(dataOf(res)).toMatchObject({ id: ids['staff-a'], mustResetPassword: true });
    expect(await openSessions('staff-a')).toHaveLength(0);
    expect(codeOf(await call('staff-a', 'GET', `${USER}/${ids['staff-a']}`))).toEqual({
      status: 401,
      code: 1005,
    });
    const [entry] = await auditOf('staff-a', 'require-password-reset');
    expect(entry).toMatchObject({
      actorId: ids['owner-a'],
      before: { resetRequired: false },
      after: { resetRequired: true },
    });

    const refused = await getToken(emailOf('staff-a'), PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 26202, name: 'USER_SHOULD_RESET_PASSWORD' });
    const resetPasswordToken = refused.json().data.resetPasswordToken as string;
    expect(resetPasswordToken.length).toBeGreaterThan(20);
    expect(refused.headers['x-access-token']).toBeUndefined();
    // a wrong password still says only 26200
    expect((await getToken(emailOf('staff-a'), 'not the password')).json().code).toBe(26200);

    const reset = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/password/reset`,
      payload: { token: resetPasswordToken, password: 'chosen after a leak' },
    });
    expect(reset.json().code, reset.body).toBe(0);
    expect((await rowOf('staff-a')).mustResetPassword).toBe(false);
    await signIn('staff-a', { password: 'chosen after a leak' });
  });

  it('lets an operator require it of an operator; refuses a user still invited (11)', async () => {
    const other = await createUser(t.db, {
      email: emailOf('op2'),
      password: PASSWORD,
      type: 'OPERATOR',
      signupState: 'APPROVAL',
    });
    ids.op2 = other.id;
    expect(dataOf(await call('op', 'POST', `${USER}/${ids.op2}/require-password-reset`))).toMatchObject({
      mustResetPassword: true,
    });
    // asking again answers the same, with no second audit entry
    expect(dataOf(await call('op', 'POST', `${USER}/${ids.op2}/require-password-reset`))).toMatchObject({
      mustResetPassword: true,
    });
    expect(await auditOf('op2', 'require-password-reset')).toHaveLength(1);
    const invited = await createUser(t.db, { email: emailOf('invited'), state: 'WAIT_EMAIL_ACTIVE' });
    expect(codeOf(await call('op', 'POST', `${USER}/${invited.id}/require-password-reset`))).toEqual({
      status: 409,
      code: 11,
    });
  });
});

describe('sessions', () => {
  interface Session {
    id: string;
    browser: string;
    userAgent: string | null;
    ip: string | null;
    lastUsedAt: string;
    current: boolean;
  }
  const mine = async (who: string) => dataOf(await call(who, 'GET', `${USER}/me/sessions`)) as Session[];

  it('lists the caller’s working logins with browser, address and last use, the current one marked', async () => {
    await signIn('owner-b', { ua: SAFARI_IPHONE, ip: '10.99.0.2' });
    const phone = tokens['owner-b'] ?? '';
    await signIn('owner-b', { ua: CHROME_WIN, ip: '10.99.0.1' });
    const list = await mine('owner-b');
    // the beforeAll's login (no user agent) and the two above
    expect(list).toHaveLength(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      browser: 'Chrome 131 on Windows',
      ip: '10.99.0.1',
      userAgent: CHROME_WIN,
    });
    expect(list.find((s) => s.ip === '10.99.0.2')).toMatchObject({
      browser: 'Safari 17 on iOS',
      current: false,
    });
    // an agent it cannot read is shown as sent (the test client's here)
    expect(list.some((s) => s.browser === 'lightMyRequest')).toBe(true);
    // the phone's own view marks the phone's login
    tokens.phone = phone;
    const fromPhone = await mine('phone');
    expect(fromPhone.find((s) => s.current)?.ip).toBe('10.99.0.2');
  });

  it('a refresh marks the login used, from its new address', async () => {
    const [current] = (await mine('owner-b')).filter((s) => s.current);
    const id = current?.id ?? '';
    const long = new Date(Date.now() - 3_600_000);
    await t.db.update(loginSessions).set({ lastUsedAt: long }).where(eq(loginSessions.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      remoteAddress: '10.99.0.9',
      headers: { 'x-refresh-token': refresh['owner-b'] ?? '' },
    });
    expect(res.json().code, res.body).toBe(0);
    const after = (await mine('owner-b')).find((s) => s.id === id);
    expect(after?.ip).toBe('10.99.0.9');
    expect(new Date(after?.lastUsedAt ?? 0).getTime()).toBeGreaterThan(long.getTime() + 60_000);
    // and the most recently used comes first
    expect((await mine('owner-b'))[0]?.id).toBe(id);
  });

  it('signs one of the caller’s own sessions out; another user’s id is 5, alike an unknown one', async () => {
    const list = await mine('owner-b');
    const phone = list.find((s) => s.ip === '10.99.0.2');
    expect(phone).toBeDefined();
    const res = await call('owner-b', 'DELETE', `${USER}/me/sessions/${phone?.id}`);
    expect(res.json().code, res.body).toBe(0);
    expect(codeOf(await call('phone', 'GET', `${USER}/${ids['owner-b']}`))).toEqual({
      status: 401,
      code: 1005,
    });
    expect((await mine('owner-b')).map((s) => s.id)).not.toContain(phone?.id);
    // twice: already ended
    expect(codeOf(await call('owner-b', 'DELETE', `${USER}/me/sessions/${phone?.id}`))).toEqual({
      status: 404,
      code: 5,
    });
    // someone else's login is not found either, and stays open
    const [theirs] = await mine('owner-a');
    expect(codeOf(await call('owner-b', 'DELETE', `${USER}/me/sessions/${theirs?.id}`))).toEqual({
      status: 404,
      code: 5,
    });
    expect((await call('owner-a', 'GET', `${USER}/${ids['owner-a']}`)).json().code).toBe(0);
  });

  it('DELETE /user/me/sessions ends every other session of the caller and keeps this one', async () => {
    await signIn('owner-b', { ua: SAFARI_IPHONE, ip: '10.99.0.3' });
    tokens.phone2 = tokens['owner-b'] ?? '';
    await signIn('owner-b', { ua: CHROME_WIN, ip: '10.99.0.4' });
    const before = await mine('owner-b');
    expect(before.length).toBeGreaterThan(1);
    const res = await call('owner-b', 'DELETE', `${USER}/me/sessions`);
    expect(dataOf(res)).toEqual({ ended: before.length - 1 });
    const after = await mine('owner-b');
    expect(after.map((one) => ({ ip: one.ip, current: one.current }))).toEqual([
      { ip: '10.99.0.4', current: true },
    ]);
    expect(codeOf(await call('phone2', 'GET', `${USER}/${ids['owner-b']}`))).toEqual({
      status: 401,
      code: 1005,
    });
    // someone else's sessions are not touched
    expect((await call('owner-a', 'GET', `${USER}/${ids['owner-a']}`)).json().code).toBe(0);
  });

  it('DELETE /user/{id}/sessions: the owner for a colleague, an operator for anyone, never across companies', async () => {
    const path = (who: string) => `${USER}/${ids[who]}/sessions`;
    expect(codeOf(await call('owner-a', 'DELETE', path('staff-b')))).toEqual({ status: 404, code: 26231 });
    expect(codeOf(await call('owner-a', 'DELETE', path('op')))).toEqual({ status: 404, code: 26231 });
    expect(codeOf(await call('clerk-a', 'DELETE', path('staff-a')))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('owner-a', 'DELETE', path('owner-a')))).toEqual({ status: 403, code: 26237 });
    expect((await call('staff-b', 'GET', `${USER}/${ids['staff-b']}`)).json().code).toBe(0);

    await signIn('staff-a', { password: 'chosen after a leak' });
    const ended = dataOf(await call('owner-a', 'DELETE', path('staff-a')));
    expect(ended.ended).toBeGreaterThanOrEqual(1);
    expect(await openSessions('staff-a')).toHaveLength(0);
    expect(codeOf(await call('staff-a', 'GET', `${USER}/${ids['staff-a']}`))).toEqual({
      status: 401,
      code: 1005,
    });
    const [entry] = await auditOf('staff-a', 'sign-out-everywhere');
    expect(entry).toMatchObject({ actorId: ids['owner-a'], after: { sessionsEnded: ended.ended } });

    expect(dataOf(await call('op', 'DELETE', path('staff-b'))).ended).toBeGreaterThanOrEqual(1);
    expect(codeOf(await call('staff-b', 'GET', `${USER}/${ids['staff-b']}`))).toEqual({
      status: 401,
      code: 1005,
    });
  });

  it('disabling ends every login at once', async () => {
    await signIn('staff-b');
    expect((await openSessions('staff-b')).length).toBe(1);
    const res = await call('owner-b', 'PATCH', `${USER}/${ids['staff-b']}/state`, { state: 'DISABLE' });
    expect(res.json().code, res.body).toBe(0);
    expect(await openSessions('staff-b')).toHaveLength(0);
  });
});
