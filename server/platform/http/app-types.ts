// The app's types, apart from app.ts which builds the app: route modules and server/domains/access/operation.ts name
// them, and app.ts imports those modules, so they import this file instead of app.ts (no cycle).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FileStore } from '../files';
import type { Mailer } from '../mail';
import type { ThrottleStore } from '../rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** set when SIGTERM arrives: /readyz answers 503 while in-flight requests finish */
    draining: boolean;
    /** where the login and mail throttles count */
    throttleStore: ThrottleStore;
    /** where pictures are kept (server/platform/files.ts) */
    files: FileStore;
    /** compiles the route schemas still waiting for their first use (server/platform/http/schema-compilers.ts) */
    compileDeferred: () => number;
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

/** The Fastify instance a route module registers on: a plugin's routes split into groups take it. */
export type RouteApp = Parameters<RoutePlugin>[0];
