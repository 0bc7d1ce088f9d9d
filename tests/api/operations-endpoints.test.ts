// What an operator's infrastructure asks the server: /healthz (alive), /readyz (database answers,
// every migration applied, not draining) and /metrics (Prometheus text behind METRICS_TOKEN: request
// counts and latency by route, job queue depth, failed logins).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import { enqueue } from '../../server/platform/jobs';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, createTestApp, createUser, login, type TestApp } from './helpers';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const { t } = apiSuite({ env: { METRICS_TOKEN: TOKEN } });
let bare: TestApp;

beforeAll(async () => {
  bare = await createTestApp();
}, APP_TIMEOUT);

afterAll(async () => {
  await bare?.close();
});

describe('health, readiness and metrics', () => {
  it('answers /healthz and /readyz with no login; /readyz 503 (13) while draining', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
      code: 0,
      data: { status: 'ok' },
    });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 0, data: { status: 'ready' } });
    t.app.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ code: 13, data: { status: 'draining' } });
    } finally {
      t.app.draining = false;
    }
  });

  it('serves Prometheus metrics to the holder of METRICS_TOKEN only', async () => {
    await createUser(t.db, { email: 'm@example.com', password: 'metrics-Pass-1' });
    await login(t.app, 'm@example.com', 'wrong-password-1');
    await login(t.app, 'm@example.com', 'metrics-Pass-1');
    await enqueue(t.db, 'later', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await t.app.inject({ method: 'GET', url: `${BASE_PATHS.main}/vouchers` });

    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).json()).toMatchObject({ code: 26237 });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('login_failures_total 1');
    expect(res.body).toMatch(/job_queue_depth\{state="queued"\} [1-9]/);
    expect(res.body).toMatch(
      /http_requests_total\{method="GET",route="\/portal-main-service\/api\/v1\/vouchers",status="401"\} 1/,
    );
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('has no /metrics without METRICS_TOKEN', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });
});
