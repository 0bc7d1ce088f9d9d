import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BASE_PATHS, ok } from '../contract';
import { apiKeyRoutes } from './domains/access/api-keys.routes';
import { bindEmailActions } from './domains/access/email-actions';
import { authGate } from './domains/access/guard';
import { campaignRoutes } from './domains/campaigns/campaigns.routes';
import { configMainRoutes } from './domains/config/config-main.routes';
import { maintenanceRoutes } from './domains/config/maintenance.routes';
import { systemConfigRoutes } from './domains/config/system-config.routes';
import { deviceRoutes } from './domains/devices/devices.routes';
import { fileRoutes } from './domains/files/files.routes';
import { analyticsRoutes } from './domains/insights/analytics.routes';
import { dashboardRoutes } from './domains/insights/dashboard.routes';
import { importRoutes } from './domains/integrations/imports.routes';
import { scheduledExportRoutes } from './domains/integrations/scheduled-exports.routes';
import { joinRoutes } from './domains/join/join.routes';
import { memberLevelRoutes } from './domains/members/levels.routes';
import { memberRoutes } from './domains/members/members.routes';
import { memberMessageRoutes } from './domains/members/messages.routes';
import { segmentRoutes } from './domains/members/segments.routes';
import { financeRoutes } from './domains/money/finance.routes';
import { organisationRoutes } from './domains/organisation/organisation.routes';
import { walletPassRoutes } from './domains/pocket/passes.routes';
import { pocketRoutes } from './domains/pocket/pocket.routes';
import { envRoutes } from './domains/portal/env.routes';
import { spaFallback, staticRoutes } from './domains/portal/static.routes';
import { pushRoutes } from './domains/push/push.routes';
import { signalRoutes } from './domains/stamping/signals.routes';
import { stampingRoutes } from './domains/stamping/stamping.routes';
import { resourceRoutes } from './domains/tables/tables.routes';
import { authRoutes } from './domains/users/sign-in.routes';
import { twoFactorRoutes } from './domains/users/two-factor.routes';
import { userGroupRoutes } from './domains/users/user-groups.routes';
import { usersRoutes } from './domains/users/users.routes';
import { voucherRoutes } from './domains/vouchers/vouchers.routes';
import { webhookRoutes } from './domains/webhooks/webhooks.routes';
import type { Config } from './platform/config';
import { appliedMigrations, committedMigrations, type Db } from './platform/db/client';
import { AppError } from './platform/errors';
import { type FileStore, fileStoreOf } from './platform/files';
import type { App } from './platform/http/app-types';
import { compressionPlugin } from './platform/http/compression';
import { docsPlugin } from './platform/http/docs';
import { envelopePlugin, failure, frameworkErrors, genRequestId } from './platform/http/envelope';
import { inputGuardPlugin } from './platform/http/input-guard';
import { loggerOptions } from './platform/http/logger';
import { metricsPlugin } from './platform/http/metrics';
import { appSchemaCompilers } from './platform/http/schema-compilers';
import { securityPlugin } from './platform/http/security';
import { createMailer, type Mailer } from './platform/mail';
import { wirePartners } from './platform/partners/feed';
import { partnersOf } from './platform/partners/partners';
import type { ThrottleStore } from './platform/rate-limit';
import { wireAllReactions } from './reactions';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** JSON log lines go here instead of stdout (tests capture them) */
  logStream?: NodeJS.WritableStream;
  /** false: no logging at all */
  logger?: boolean;
  /** replaces the SMTP/outbox mailer (tests) */
  mailer?: Mailer;
  /** where the throttles count (tests); default: Redis with REDIS_URL, else PostgreSQL, else memory */
  throttleStore?: ThrottleStore;
  /** the file store (tests); default: the configured bucket, else DATA_DIR/files */
  fileStore?: FileStore;
}

/** Redis when REDIS_URL is set, the database when it is PostgreSQL, memory on the embedded one. */
const throttleStoreFor = (
  config: Config,
  db: Db,
): { store: ThrottleStore; close?: () => Promise<unknown> } => {
  if (config.redisUrl) {
    const client = new Redis(config.redisUrl, { enableOfflineQueue: false, lazyConnect: false });
    // a Redis outage must not crash the process; the throttle then answers with its error (500 logged)
    client.on('error', () => undefined);
    return { store: { kind: 'redis', client }, close: () => client.quit() };
  }
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return { store: { kind: 'postgres', pool: client } };
  return { store: { kind: 'memory' } };
};

/** Fastify's router options, also given to the router that answers 405 (platform/http/allowed-methods.ts). */
const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 100 };

/**
 * The whole server as one Fastify instance, built like fastify/demo: external plugins, then the
 * app's own plugins, then the routes. server.ts listens; tests use app.inject.
 */
export const buildApp = async ({
  config,
  db,
  logStream,
  logger = true,
  mailer,
  throttleStore,
  fileStore,
}: BuildAppOptions): Promise<App> => {
  wireAllReactions();
  wirePartners(partnersOf(config));
  const schemas = appSchemaCompilers();
  const app = Fastify({
    logger: logger ? loggerOptions({ config, stream: logStream }) : false,
    genReqId: genRequestId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: ROUTER_OPTIONS,
    frameworkErrors,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
    schemaController: { compilersFactory: schemas.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('compileDeferred', schemas.compileDeferred);
  app.decorate('config', config);
  app.decorate('draining', false);
  const throttles = throttleStore ? { store: throttleStore } : throttleStoreFor(config, db);
  app.decorate<ThrottleStore>('throttleStore', throttles.store);
  if (throttles.close) app.addHook('onClose', async () => void (await throttles.close?.()));
  app.decorate('db', db);
  const mail = mailer ?? createMailer(config, db, app.log);
  app.decorate('mailer', mail);
  app.decorate('files', fileStore ?? fileStoreOf(config));
  bindEmailActions(db, { mailer: mail, config });

  // external plugins
  await app.register(envelopePlugin, { notFoundFallback: spaFallback(config), router: ROUTER_OPTIONS });
  await app.register(securityPlugin, { config });
  // API answers over 1 kB go out compressed (brotli or gzip, as the client accepts); the portal's
  // files are compressed once at build time (preCompressed in server/domains/portal/static.routes.ts)
  await app.register(compressionPlugin);
  await app.register(inputGuardPlugin);
  await app.register(metricsPlugin, { config, db });
  await app.register(docsPlugin);

  // app plugins
  await app.register(authGate, { db, config });

  // routes
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch (err) {
      app.log.error({ err }, 'health check: database did not answer');
      throw new AppError('DB_FAILED');
    }
    return ok({ status: 'ok' });
  });
  // ready for traffic: the database answers, every committed migration is applied, and the instance
  // is not shutting down (a load balancer stops sending it requests while it drains)
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    if (app.draining) return reply.code(503).send(failure('NOT_READY', { status: 'draining' }));
    try {
      const applied = await appliedMigrations(db);
      const committed = committedMigrations();
      if (applied < committed)
        return reply.code(503).send(failure('NOT_READY', { status: 'migrating', applied, committed }));
    } catch (err) {
      app.log.error({ err }, 'readiness check: database did not answer');
      throw new AppError('DB_FAILED');
    }
    return ok({ status: 'ready' });
  });

  // ---- route modules -------------------------------------------------------------------------
  await app.register(authRoutes); // registers its own full paths (two base paths + /user/active-by-email)
  await app.register(envRoutes);
  await app.register(staticRoutes);
  // One line per module. Other engineers add theirs here, e.g.
  //   await app.register(usersRoutes, { prefix: `${BASE_PATHS.main}/user` });
  //   await app.register(configMainRoutes, { prefix: `${BASE_PATHS.main}/config/main` });
  // ---------------------------------------------------------------------------------------------
  await app.register(twoFactorRoutes); // /user/me/two-factor (full paths; before /user/:id)
  await app.register(usersRoutes, { prefix: `${BASE_PATHS.main}/user` });
  await app.register(userGroupRoutes, { prefix: `${BASE_PATHS.main}/user-group` });
  await app.register(configMainRoutes, { prefix: `${BASE_PATHS.main}/config/main` });
  await app.register(apiKeyRoutes); // a company's API keys (issue 27)
  await app.register(organisationRoutes); // registers its own full paths (organization, decisions)
  await app.register(stampingRoutes); // the stamp card operations
  await app.register(pocketRoutes); // the member's web cards, their links, look-ups by code (issue 26)
  await app.register(voucherRoutes); // the voucher operations (before the generic routes of the same paths)
  await app.register(deviceRoutes); // the device lifecycle operations
  await app.register(dashboardRoutes); // the home page's figures
  await app.register(analyticsRoutes); // /analytics' figures
  await app.register(memberLevelRoutes); // /aotg's figures (before the generic /member-levels/:id)
  await app.register(maintenanceRoutes); // the public maintenance window
  await app.register(systemConfigRoutes); // the public system settings
  await app.register(financeRoutes); // wallet, top-ups, saved cards, Stripe's webhook and Connect
  await app.register(pushRoutes); // schedule, cancel, the audience preview, members' app tokens
  await app.register(signalRoutes); // resolving a fraud signal
  await app.register(importRoutes); // CSV imports of members and voucher issues, with a dry run (issue 27)
  await app.register(memberRoutes); // the members list, its export and a member's profile (issue 25)
  await app.register(segmentRoutes); // a segment's reach, saved or being edited
  await app.register(campaignRoutes); // a campaign's preview and results
  await app.register(scheduledExportRoutes); // a list's view mailed as CSV every day or week (issue 27)
  await app.register(webhookRoutes); // outbound webhooks: endpoints, delivery log, test and send again (issue 27)
  await app.register(joinRoutes); // joining a programme from a store's poster (public, rate-limited)
  await app.register(memberMessageRoutes); // an operator reads one member's messages (the SMS outbox)
  await app.register(walletPassRoutes); // wallet pass settings, the .pkpass, Apple's PassKit web service
  await app.register(fileRoutes); // pictures in the file store: upload and read (issue 42)
  await app.register(resourceRoutes); // every derived resource, at its declared service base + path

  return app;
};
