import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, AUTH, createUser, readOutbox } from './helpers';

const PASSWORD = 'the right password';
const { t } = apiSuite({
  env: {
    LOGIN_MAX_FAILURES: '3',
    LOGIN_BLOCK_SECONDS: '900',
    LOGIN_MAX_PER_IP: '6',
    MAIL_MAX_PER_ADDRESS: '2',
  },
});

beforeAll(async () => {
  await createUser(t.db, { email: 'target@example.com', password: PASSWORD });
  await createUser(t.db, { email: 'other@example.com', password: PASSWORD });
}, APP_TIMEOUT);

const attempt = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: `${AUTH}/get-token`,
    remoteAddress: ip,
    payload: { email, password },
  });

describe('login throttling', () => {
  it('blocks an account+IP after consecutive failures, with a 429 envelope and Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt('target@example.com', 'wrong', '10.0.0.1')).json().code).toBe(26200);
    }
    const blocked = await attempt('target@example.com', PASSWORD, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    const body = blocked.json();
    expect(body).toMatchObject({ type: 'CR', code: 6, name: 'TOO_MANY_REQUESTS' });
    expect(body.data.retryAfterSeconds).toBeGreaterThan(800);
    expect(body.data.retryAfterSeconds).toBeLessThanOrEqual(900);
    expect(blocked.headers['retry-after']).toBe(String(body.data.retryAfterSeconds));
  });

  it('does not block another account from that IP; from another IP the account answers its LOCK', async () => {
    expect((await attempt('other@example.com', PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    // the throttle is per account+IP; the third wrong password in a row also locked the account
    // itself (account-security.test.ts), which every address hears, with the right password only
    const locked = await attempt('target@example.com', PASSWORD, '10.0.0.2');
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 26201, data: { state: 'LOCK' } });
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < 2; i++) await attempt('other@example.com', 'wrong', '10.0.0.3');
    expect((await attempt('other@example.com', PASSWORD, '10.0.0.3')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await attempt('other@example.com', 'wrong', '10.0.0.3');
    expect((await attempt('other@example.com', PASSWORD, '10.0.0.3')).statusCode).toBe(200);
  });

  it('blocks an IP after too many failures over many accounts', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await attempt(`spray${i}@example.com`, 'wrong', '10.0.0.9')).statusCode).toBe(401);
    }
    const res = await attempt('other@example.com', PASSWORD, '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(6);
    expect((await attempt('other@example.com', PASSWORD, '10.0.0.10')).statusCode).toBe(200);
  });
});

describe('forgot-password mail throttling', () => {
  it('sends at most the configured number of mails per address and IP, then answers 429', async () => {
    const send = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `${AUTH}/password/send/forget/email`,
        remoteAddress: ip,
        payload: { email: 'target@example.com' },
      });
    expect((await send('10.1.0.1')).statusCode).toBe(200);
    expect((await send('10.1.0.1')).statusCode).toBe(200);
    const third = await send('10.1.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 6, name: 'TOO_MANY_REQUESTS' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // (the account's lock mail, of the login test above, is not one of them)
    const resets = (await readOutbox(t.db, 'target@example.com')).filter((m) =>
      m.subject.startsWith('Reset your password'),
    );
    expect(resets).toHaveLength(2);
    expect((await send('10.1.0.2')).statusCode).toBe(200);
  });
});
