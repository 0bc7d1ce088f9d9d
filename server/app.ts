import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { BASE_PATHS, ok } from '../contract';
import type { Config } from './config';
import type { Db } from './db/client';
import { AppError } from './errors';
import { authGate } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { envelopePlugin, genRequestId } from './plugins/envelope';
import { loggerOptions } from './plugins/logger';
import { securityPlugin } from './plugins/security';
import { authRoutes } from './routes/auth';
import { configMainRoutes } from './routes/config-main';
import { envRoutes } from './routes/env';
import { organisationRoutes } from './routes/organisation';
import { resourceRoutes } from './routes/resources';
import { stampingRoutes } from './routes/stamping';
import { spaFallback, staticRoutes } from './routes/static';
import { userGroupRoutes, usersRoutes } from './routes/users';
import { voucherRoutes } from './routes/vouchers';
import { bindEmailActions } from './services/email-actions';
import { createMailer, type Mailer } from './services/mail';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
  }
}

/** The app type route modules receive: TypeBox schemas give typed request bodies and queries. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A route module: `export const usersRoutes: RoutePlugin = async (app) => { app.get(...) }`. */
export type RoutePlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, TypeBoxTypeProvider>;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** JSON log lines go here instead of stdout (tests capture them) */
  logStream?: NodeJS.WritableStream;
  /** false: no logging at all */
  logger?: boolean;
  /** replaces the SMTP/outbox mailer (tests) */
  mailer?: Mailer;
}

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
}: BuildAppOptions): Promise<App> => {
  const app = Fastify({
    logger: logger ? loggerOptions({ config, stream: logStream }) : false,
    genReqId: genRequestId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', db);
  const mail = mailer ?? createMailer(config, db, app.log);
  app.decorate('mailer', mail);
  bindEmailActions(db, { mailer: mail, config });

  // external plugins
  await app.register(envelopePlugin, { notFoundFallback: spaFallback(config) });
  await app.register(securityPlugin, { config });
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

  // ---- route modules -------------------------------------------------------------------------
  await app.register(authRoutes); // registers its own full paths (two base paths + /user/active-by-email)
  await app.register(envRoutes);
  await app.register(staticRoutes);
  // One line per module. Other engineers add theirs here, e.g.
  //   await app.register(usersRoutes, { prefix: `${BASE_PATHS.main}/user` });
  //   await app.register(configMainRoutes, { prefix: `${BASE_PATHS.main}/config/main` });
  // ---------------------------------------------------------------------------------------------
  await app.register(usersRoutes, { prefix: `${BASE_PATHS.main}/user` });
  await app.register(userGroupRoutes, { prefix: `${BASE_PATHS.main}/user-group` });
  await app.register(configMainRoutes, { prefix: `${BASE_PATHS.main}/config/main` });
  await app.register(organisationRoutes); // registers its own full paths (organization, decisions)
  await app.register(stampingRoutes); // the stamp card operations
  await app.register(voucherRoutes); // the voucher operations (before the generic routes of the same paths)
  await app.register(resourceRoutes); // every derived resource, at its declared service base + path

  return app;
};
