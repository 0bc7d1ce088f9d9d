// Two instances of the server count failed logins together: on PostgreSQL the throttles keep their
// counters in the database, with REDIS_URL in Redis. Two apps built on one database (as two processes
// behind a load balancer would be) share one budget: failures split between them still block.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/platform/config';
import { rateLimits } from '../../server/platform/db/schema';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, createUser, login, TEST_ENV, type TestApp } from './helpers';

const PASSWORD = 'throttled-Pass-1';

/** Five failures, split between the instances, then one more try on each. */
const failAcross = async (a: TestApp['app'], b: TestApp['app'], email: string) => {
  const ip = { 'x-forwarded-for': '203.0.113.9' };
  for (let i = 0; i < 5; i++) {
    const res = await login(i % 2 === 0 ? a : b, email, `wrong-password-${i}`, ip);
    expect(res.response.json().code).toBe(26200);
  }
  // the sixth try is blocked on both, the right password included
  for (const app of [a, b]) {
    const res = await login(app, email, PASSWORD, ip);
    expect(res.response.statusCode).toBe(429);
    expect(res.response.json().code).toBe(6);
  }
};

describe.skipIf(!process.env.DATABASE_URL)('throttles shared through PostgreSQL', () => {
  const { t } = apiSuite();
  let second: TestApp['app'];

  beforeAll(async () => {
    second = await buildApp({ config: t.config, db: t.db, logger: false });
    await second.ready();
  }, APP_TIMEOUT);

  afterAll(async () => {
    await second?.close();
  });

  it('blocks an account after failures split between two instances', async () => {
    expect(t.app.throttleStore.kind).toBe('postgres');
    await createUser(t.db, { email: 'split@example.com', password: PASSWORD });
    await failAcross(t.app, second, 'split@example.com');
    expect((await t.db.select().from(rateLimits)).length).toBeGreaterThan(0);
  });
});

const redisUp = async (): Promise<boolean> => {
  const client = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
};

describe.skipIf(!(await redisUp()))('throttles shared through Redis (REDIS_URL)', () => {
  const { t } = apiSuite({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
  let second: TestApp['app'];

  beforeAll(async () => {
    const config = loadConfig({ ...TEST_ENV, REDIS_URL: 'redis://127.0.0.1:6379' });
    second = await buildApp({ config, db: t.db, logger: false });
    await second.ready();
  }, APP_TIMEOUT);

  afterAll(async () => {
    await second?.close();
  });

  it('blocks an account after failures split between two instances', async () => {
    expect(t.app.throttleStore.kind).toBe('redis');
    // a fresh address per run: Redis outlives the test database
    const email = `redis-${randomBytes(4).toString('hex')}@example.com`;
    await createUser(t.db, { email, password: PASSWORD });
    await failAcross(t.app, second, email);
  });
});
