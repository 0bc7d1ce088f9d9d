import { Type } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, PHONE_PATTERN } from '../../contract';
import { AppError } from '../../server/platform/errors';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, createTestApp } from './helpers';

const PROBE = '/portal-main-service/api/v1/probe';
const { t } = apiSuite({
  setup: (app) => {
    app.post(
      `${PROBE}/echo`,
      {
        config: { public: true },
        schema: {
          body: Type.Object({
            email: Type.String({ format: 'email' }),
            age: Type.Integer({ minimum: 0 }),
            phone: Type.Optional(Type.String({ pattern: PHONE_PATTERN })),
          }),
          querystring: Type.Object({ size: Type.Optional(Type.Integer({ maximum: 1000 })) }),
        },
      },
      async (request) => ok(request.body),
    );
    app.get(`${PROBE}/crash`, { config: { public: true } }, async () => {
      throw new Error('secret internal detail: connection string postgres://u:p@db');
    });
    app.get(`${PROBE}/app-error`, { config: { public: true } }, async () => {
      throw new AppError('USER_NOT_FOUND');
    });
    // a deadlock PostgreSQL broke, as Drizzle wraps the driver's error (DrizzleQueryError's cause)
    app.get(`${PROBE}/deadlock`, { config: { public: true } }, async () => {
      const driverError = Object.assign(new Error('deadlock detected'), { code: '40P01' });
      throw new Error('Failed query: update voucher_packs set ...', { cause: driverError });
    });
    // a statement cancelled by the statement timeout, as a wait for another transaction's lock ends
    app.get(`${PROBE}/statement-timeout`, { config: { public: true } }, async () => {
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(2)`);
      });
      return ok(null);
    });
  },
});

describe('envelope for failures', () => {
  it('answers an unknown API route with 404 code 5', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portal-main-service/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'CR', code: 5, name: 'NOT_FOUND', message: 'Not found', data: null });
  });

  it('answers a body that is not JSON with 400 code 3', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'CR', code: 3, name: 'JSON_PARSE_FAILED', data: null });
  });

  it('lists each invalid field for a schema failure (code 2), body and query alike', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo`,
      payload: { email: 'nope', age: -1 },
    });
    expect(body.statusCode).toBe(400);
    const env = body.json();
    expect(env).toMatchObject({ type: 'CR', code: 2, name: 'PARAMETER_VALIDATION_FAILED' });
    expect(env.data.map((v: { field: string }) => v.field).sort()).toEqual(['age', 'email']);
    // plain words, not Ajv's ('must match format "email"')
    expect(env.data.find((v: { field: string }) => v.field === 'email')).toEqual({
      field: 'email',
      message: 'Enter an e-mail address, like name@example.com',
      key: 'validation.email',
    });

    // a phone field (the store's, a member's mobile): not the pattern, a sentence with an example
    const phone = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo`,
      payload: { email: 'a@b.co', age: 3, phone: '9123 4567' },
    });
    expect(phone.json().data).toEqual([
      {
        field: 'phone',
        message: 'Enter a phone number in international form, like +65 9123 4567',
        key: 'validation.phone',
      },
    ]);

    const missing = await t.app.inject({ method: 'POST', url: `${PROBE}/echo`, payload: { age: 3 } });
    expect(missing.json().data).toEqual([
      { field: 'email', message: 'Required', key: 'validation.required' },
    ]);

    const query = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo?size=5000`,
      payload: { email: 'a@b.co', age: 3 },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().data).toEqual([
      {
        field: 'query.size',
        message: expect.any(String),
        key: expect.any(String),
        params: expect.anything(),
      },
    ]);
  });

  it('reads an empty JSON body as {}: a route that needs fields answers code 2 naming each', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2);
    expect(
      res
        .json()
        .data.map((v: { field: string }) => v.field)
        .sort(),
    ).toEqual(['age', 'email']);
  });

  it('echoes a valid body in the success envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo`,
      payload: { email: 'a@b.co', age: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'CR', code: 0, data: { email: 'a@b.co', age: 3 } });
  });

  it('hides the internals of a crash behind code 1', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PROBE}/crash` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      type: 'CR',
      code: 1,
      name: 'API_FAILED',
      message: 'The request failed',
      data: null,
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers a deadlock the database broke with 503 code 16 and when to try again, not code 1', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PROBE}/deadlock` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      type: 'CR',
      code: 16,
      name: 'DATABASE_BUSY',
      message: 'The database is busy; try again in a moment',
      data: { retryAfterSeconds: 1 },
    });
    expect(res.body).not.toContain('voucher_packs');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'answers a statement PostgreSQL cancelled at its timeout with 503 code 16',
    async () => {
      const res = await t.app.inject({ method: 'GET', url: `${PROBE}/statement-timeout` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ code: 16, name: 'DATABASE_BUSY', data: { retryAfterSeconds: 1 } });
    },
  );

  it('answers an AppError with its catalogue entry', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PROBE}/app-error` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      type: 'CR',
      code: 26231,
      name: 'USER_NOT_FOUND',
      message: 'User not found',
      data: null,
    });
  });

  it('answers an unsupported content type with 415 code 8', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo`,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 8, name: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers a too large body with 413 code 7', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${PROBE}/echo`,
      payload: { email: 'a@b.co', age: 1, pad: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 7, name: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('request id', () => {
  it('generates a UUID when none is sent, on success and failure', async () => {
    const okRes = await t.app.inject({ method: 'GET', url: '/healthz' });
    const failRes = await t.app.inject({ method: 'GET', url: `${PROBE}/crash` });
    for (const res of [okRes, failRes]) {
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(okRes.headers['x-request-id']).not.toBe(failRes.headers['x-request-id']);
  });

  it('keeps a sane incoming id and replaces an insane one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'gw-12345678' },
    });
    expect(kept.headers['x-request-id']).toBe('gw-12345678');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/nothing',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.statusCode).toBe(404);
  });
});

describe('health', () => {
  it('answers the health check with the success envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'CR', code: 0, data: { status: 'ok' } });
  });
});

describe('auth gate', () => {
  it(
    'asks for a token on a gated route (1601) and checks the Bearer prefix (1602)',
    async () => {
      const setup = await createTestApp({
        setup: (app) => {
          app.get('/portal-main-service/api/v1/probe/private', async () => ok('secret'));
        },
      });
      try {
        const none = await setup.app.inject({
          method: 'GET',
          url: '/portal-main-service/api/v1/probe/private',
        });
        expect(none.statusCode).toBe(401);
        expect(none.json()).toMatchObject({ code: 1601, name: 'HEADER_MISSING', data: null });
        const basic = await setup.app.inject({
          method: 'GET',
          url: '/portal-main-service/api/v1/probe/private',
          headers: { authorization: 'Basic dTpw' },
        });
        expect(basic.json()).toMatchObject({ code: 1602, name: 'BAD_JWT_HEADER_FORMAT' });
      } finally {
        await setup.close();
      }
    },
    APP_TIMEOUT,
  );
});
