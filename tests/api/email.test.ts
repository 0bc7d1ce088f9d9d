import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueEmailAction } from '../../server/domains/access/email-actions';
import { countActiveLogins } from '../../server/domains/access/sessions';
import { emailActionTokens, users } from '../../server/platform/db/schema';
import { apiSuite } from './fixtures';
import { AUTH, createUser, lastMailedToken, login, readOutbox } from './helpers';

const ACTIVATE = '/portal-main-service/api/v1/user/active-by-email';
const { t } = apiSuite();

const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${AUTH}${path}`, payload });
const activate = (payload: object, url = ACTIVATE) => t.app.inject({ method: 'PATCH', url, payload });

describe('forgotten password', () => {
  it('answers 26210 for an unknown e-mail and sends nothing', async () => {
    const res = await post('/password/send/forget/email', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 26210, name: 'USER_EMAIL_NOT_EXIST' });
    expect(await readOutbox(t.db, 'ghost@example.com')).toHaveLength(0);
  });

  it('mails a link, verifies it, resets once, and ends the old logins', async () => {
    const user = await createUser(t.db, {
      email: 'forgetful@example.com',
      password: 'old password 1',
      name: 'Fay',
    });
    const oldLogin = await login(t.app, 'forgetful@example.com', 'old password 1');
    expect(oldLogin.response.statusCode).toBe(200);

    const send = await post('/password/send/forget/email', { email: 'Forgetful@Example.com' });
    expect(send.json()).toEqual({ type: 'CR', code: 0, data: null });
    const [mail] = await readOutbox(t.db, 'forgetful@example.com');
    expect(mail?.subject).toBe('Reset your password - Loyalty Portal');
    expect(mail?.link).toMatch(/^http:\/\/portal\.test\/x-action\/forget-pwd\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.text).toContain('Hello Fay,');
    const token = await lastMailedToken(t.db, 'forgetful@example.com');
    // only the hash is stored
    const stored = await t.db.select().from(emailActionTokens).where(eq(emailActionTokens.userId, user.id));
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    const verify = await post('/password/verify/forget/email', { token });
    expect(verify.json()).toEqual({ type: 'CR', code: 0, data: { email: 'forgetful@example.com' } });

    const short = await post('/password/reset', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().data).toEqual([
      {
        field: 'password',
        message: 'Enter at least 8 characters',
        key: 'validation.min_length',
        params: { min: 8 },
      },
    ]);

    const reset = await post('/password/reset', { token, password: 'new password 2' });
    expect(reset.json()).toEqual({ type: 'CR', code: 0, data: null });
    expect(await countActiveLogins(t.db, user.id)).toBe(0);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      headers: { 'x-refresh-token': oldLogin.refreshToken },
    });
    expect(refreshed.json().code).toBe(1005);

    expect((await login(t.app, 'forgetful@example.com', 'old password 1')).response.json().code).toBe(26200);
    expect((await login(t.app, 'forgetful@example.com', 'new password 2')).response.statusCode).toBe(200);

    // single use
    const again = await post('/password/reset', { token, password: 'third password 3' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 26211, name: 'EMAIL_ACTION_TOKEN_INVALID' });
    expect((await post('/password/verify/forget/email', { token })).json().code).toBe(26211);
  });

  it('refuses an expired, an unknown and a superseded token with 26211', async () => {
    const user = await createUser(t.db, { email: 'late@example.com', password: 'late password 1' });
    await post('/password/send/forget/email', { email: 'late@example.com' });
    const first = await lastMailedToken(t.db, 'late@example.com');
    await post('/password/send/forget/email', { email: 'late@example.com' });
    const second = await lastMailedToken(t.db, 'late@example.com');
    expect((await post('/password/verify/forget/email', { token: first })).json().code).toBe(26211);
    expect((await post('/password/verify/forget/email', { token: second })).statusCode).toBe(200);

    await t.db
      .update(emailActionTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailActionTokens.userId, user.id));
    expect((await post('/password/verify/forget/email', { token: second })).json().code).toBe(26211);
    expect((await post('/password/reset', { token: second, password: 'whatever 1234' })).json().code).toBe(
      26211,
    );
    expect((await post('/password/verify/forget/email', { token: 'made-up' })).json().code).toBe(26211);
  });
});

describe('activation by e-mail', () => {
  it('takes an invited user from WAIT_EMAIL_ACTIVE to ENABLE with a password, then login works', async () => {
    const user = await createUser(t.db, {
      email: 'invitee@example.com',
      password: null,
      state: 'WAIT_EMAIL_ACTIVE',
    });
    const { link } = await issueEmailAction(t.db, user.id, 'activeEmail');
    expect(link).toMatch(/^http:\/\/portal\.test\/x-action\/user-active\?token=/);
    const [mail] = await readOutbox(t.db, 'invitee@example.com');
    expect(mail?.link).toBe(link);
    expect(mail?.subject).toBe('Activate your account - Loyalty Portal');
    const token = await lastMailedToken(t.db, 'invitee@example.com');

    // a forget-password token is not an activation token
    await post('/password/send/forget/email', { email: 'invitee@example.com' });
    const wrongKind = await lastMailedToken(t.db, 'invitee@example.com');
    expect((await activate({ token: wrongKind, password: 'first password 1' })).json().code).toBe(26211);

    const noPassword = await activate({ token });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({
      code: 2,
      data: [{ field: 'password', message: 'Required', key: 'validation.required' }],
    });

    const res = await activate({ token, password: 'first password 1' });
    expect(res.json()).toEqual({
      type: 'CR',
      code: 0,
      data: { id: user.id, email: 'invitee@example.com', state: 'ENABLE' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.state).toBe('ENABLE');
    expect((await login(t.app, 'invitee@example.com', 'first password 1')).response.statusCode).toBe(200);
    expect((await activate({ token, password: 'first password 1' })).json().code).toBe(26211);
  });

  it('activates a registered user who already has a password without asking for one', async () => {
    const user = await createUser(t.db, {
      email: 'registered@example.com',
      password: 'chosen at signup',
      state: 'WAIT_EMAIL_ACTIVE',
    });
    expect((await login(t.app, 'registered@example.com', 'chosen at signup')).response.json().code).toBe(
      26201,
    );
    await issueEmailAction(t.db, user.id, 'activeEmail');
    const token = await lastMailedToken(t.db, 'registered@example.com');
    const res = await activate({ token }, '/portal-auth-service/api/v1/user/active-by-email');
    expect(res.json().data.state).toBe('ENABLE');
    expect((await login(t.app, 'registered@example.com', 'chosen at signup')).response.statusCode).toBe(200);
  });

  it('refuses a disabled user with 26201 and a bad token with 26211', async () => {
    const user = await createUser(t.db, {
      email: 'disabled-invitee@example.com',
      password: null,
      state: 'DISABLE',
    });
    await issueEmailAction(t.db, user.id, 'activeEmail');
    const token = await lastMailedToken(t.db, 'disabled-invitee@example.com');
    const res = await activate({ token, password: 'first password 1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(26201);
    expect((await activate({ token: 'nope', password: 'first password 1' })).json().code).toBe(26211);
  });
});
