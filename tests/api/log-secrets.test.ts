// The log never holds a secret, whatever fails: a failed query whose parameters include a password
// hash (drizzle writes them into its message), an unhandled error whose message carries an API key
// or a token, a job failing with such a message (logged and stored in `jobs.last_error`), and the
// bodies and headers of sign-in, device sign-in and device registration, the wallet pass settings'
// keys and passphrase (set, refused, or named in an error) and Apple Wallet's pass tokens.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import { jobs } from '../../server/platform/db/schema';
import { createJobRunner, enqueue } from '../../server/platform/jobs';
import { hashPassword } from '../../server/platform/passwords';
import { apiSuite, MAIN } from './fixtures';
import { authHeader, captureLogs, createUser, login } from './helpers';
import { makePassCertificates, makeRsaKey } from './wallet-certs';

const STRIPE_KEY = 'sk_test_51AbCdEfGhIjKlMnOpQrStUv';
const PASSWORD = 'logged-password-Pass1';
let logs: Awaited<ReturnType<typeof captureLogs>>;
let hash: string;

// the log capture and the hash exist before the app that logs into it
const { t } = apiSuite(async () => {
  logs = await captureLogs();
  hash = await hashPassword('the-hashed-one-Pass1');
  return {
    logStream: logs.stream,
    setup: (app) => {
      // probes: a route whose query fails with a hash among its parameters, one that throws a key
      app.get('/probe/failed-query', { config: { public: true } }, async () => {
        await app.db.execute(sql`select ${hash}::int as broken`);
        return 'unreachable';
      });
      app.get('/probe/thrown', { config: { public: true } }, async () => {
        throw new Error(`the provider refused ${STRIPE_KEY}`);
      });
    },
  };
});

describe('logs', () => {
  it('hold no password hash, key or token, whatever failed', async () => {
    const failed = await t.app.inject({ method: 'GET', url: '/probe/failed-query' });
    expect(failed.statusCode).toBe(500);
    expect((await t.app.inject({ method: 'GET', url: '/probe/thrown' })).statusCode).toBe(500);

    await createUser(t.db, { email: 'logged@example.com', password: PASSWORD });
    const { accessToken, refreshToken } = await login(t.app, 'logged@example.com', PASSWORD);

    // a job failing with a message that names a hash and a key
    await enqueue(t.db, 'leaky', {});
    const runner = createJobRunner({
      db: t.db,
      log: t.app.log,
      handlers: {
        leaky: async () => {
          throw new Error(`Failed query: update users set password_hash = $1\nparams: ${hash},${STRIPE_KEY}`);
        },
      },
      instanceId: 'log-test',
    });
    await runner.runDue(new Date(Date.now() + 1000));
    const [job] = await t.db.select().from(jobs).where(sql`${jobs.name} = 'leaky'`);
    expect(job?.lastError).toContain('params: [Redacted]');
    expect(job?.lastError).not.toContain(hash);

    const text = logs.text();
    // the failures were logged, without what they carried
    expect(text).toContain('"msg":"unhandled error"');
    expect(text).toContain('params: [Redacted]');
    for (const secret of [hash, hash.slice(0, 30), STRIPE_KEY, PASSWORD, accessToken, refreshToken])
      expect(text, secret.slice(0, 12)).not.toContain(secret);
    expect(text).not.toContain('$argon2id$');
  });

  it('hold no device secret from registration or device sign-in', async () => {
    await t.app.inject({
      method: 'POST',
      url: `${BASE_PATHS.main}/auth/device-token`,
      payload: { serialNo: 'SN-LOG-1', secret: 'device-secret-never-logged-0123456789' },
    });
    expect(logs.text()).not.toContain('device-secret-never-logged');
  });

  it('hold no API key, sent as a bearer value or as X-Api-Key, known or not', async () => {
    const key = `lk_${'Q'.repeat(20)}never-logged-1234567890`;
    for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }])
      await t.app.inject({ method: 'GET', url: `${MAIN}/stamp-cards`, headers });
    expect(logs.text()).not.toContain('never-logged');
  });

  it('hold no wallet pass key, passphrase or pass token', async () => {
    const certs = makePassCertificates('pass.test.logs', 'LOGS123456');
    const google = makeRsaKey();
    await createUser(t.db, { email: 'wallet-op@example.com', password: PASSWORD, type: 'OPERATOR' });
    const { accessToken } = await login(t.app, 'wallet-op@example.com', PASSWORD);
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `${MAIN}/wallet-pass-settings`,
        headers: authHeader(accessToken),
        payload,
      });
    // refused (a wrong passphrase, a key of another certificate), then set
    expect(
      (
        await put({
          appleSignerCertPem: certs.signer.certPem,
          appleSignerKeyPem: certs.encryptedSignerKeyPem,
          appleSignerKeyPassphrase: 'a-wrong-passphrase-never-logged',
        })
      ).statusCode,
    ).toBe(400);
    const set = await put({
      applePassTypeIdentifier: 'pass.test.logs',
      appleTeamIdentifier: 'LOGS123456',
      appleSignerCertPem: certs.signer.certPem,
      appleSignerKeyPem: certs.encryptedSignerKeyPem,
      appleSignerKeyPassphrase: certs.passphrase,
      appleWwdrCertPem: certs.wwdr.certPem,
      googlePrivateKeyPem: google.privatePem,
    });
    expect(set.statusCode, set.body).toBe(200);
    // Wallet's calls carry the pass's token
    const passToken = 'pass-token-never-logged-0123456789';
    await t.app.inject({
      method: 'GET',
      url: `${MAIN}/passkit/v1/passes/pass.test.logs/1`,
      headers: { authorization: `ApplePass ${passToken}` },
    });
    // a failure whose message names a key and a token
    await enqueue(t.db, 'leaky-wallet', {});
    const runner = createJobRunner({
      db: t.db,
      log: t.app.log,
      handlers: {
        'leaky-wallet': async () => {
          throw new Error(`could not sign with ${certs.signer.keyPem} for ApplePass ${passToken}`);
        },
      },
      instanceId: 'log-test-wallet',
    });
    await runner.runDue(new Date(Date.now() + 1000));
    const [job] = await t.db.select().from(jobs).where(sql`${jobs.name} = 'leaky-wallet'`);
    expect(job?.lastError).toContain('[Redacted]');

    const text = logs.text() + String(job?.lastError);
    const keyLine = (pem: string) => pem.split('\n')[1] ?? pem;
    for (const secret of [
      certs.passphrase,
      'a-wrong-passphrase-never-logged',
      keyLine(certs.encryptedSignerKeyPem),
      keyLine(certs.signer.keyPem),
      keyLine(google.privatePem),
      passToken,
    ])
      expect(text, secret.slice(0, 12)).not.toContain(secret);
  });
});
