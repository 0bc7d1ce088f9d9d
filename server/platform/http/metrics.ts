// Prometheus metrics (prom-client) at GET /metrics, for an operator's monitoring: request rate and
// latency by route, the job queue's depth, failed logins, and Node's own figures. The endpoint needs
// `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN it does not exist (404), so nothing
// about the server is public by default. One registry per app, so several apps in one process
// (tests) do not share counters.
import { timingSafeEqual } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../errors';

export interface Metrics {
  registry: Registry;
  loginFailures: Counter;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    metricsStart?: bigint;
  }
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The route's pattern (`/vouchers/:id`), never the raw URL: ids and queries would explode the labels. */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

export const metricsPlugin = fp(
  async (app: FastifyInstance, { config, db }: { config: Pick<Config, 'metricsToken'>; db: Db }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by method and route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const loginFailures = new Counter({
      name: 'login_failures_total',
      help: 'Sign-ins refused for a wrong e-mail or password',
      registers: [registry],
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting in the queue, by state (queued: due or not yet; failed: retries spent)',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const list = await db
          .select({ state: jobs.state, n: count() })
          .from(jobs)
          .where(inArray(jobs.state, ['queued', 'failed']))
          .groupBy(jobs.state);
        this.reset();
        this.set({ state: 'queued' }, 0);
        this.set({ state: 'failed' }, 0);
        for (const r of list) this.set({ state: r.state }, Number(r.n));
      },
    });
    app.decorate('metrics', { registry, loginFailures });

    app.addHook('onRequest', async (request) => {
      request.metricsStart = process.hrtime.bigint();
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = routeOf(request);
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      if (request.metricsStart !== undefined)
        latency.observe(
          { method: request.method, route },
          Number(process.hrtime.bigint() - request.metricsStart) / 1e9,
        );
    });

    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const token = config.metricsToken;
      if (!token) throw new AppError('NOT_FOUND');
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7).trim(), token))
        throw new AppError('ACCESS_DENIED', [
          { field: 'authorization', message: 'is not the metrics token' },
        ]);
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
