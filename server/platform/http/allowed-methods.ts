// Which methods a path takes, for the answer to a method it does not: 405 with `Allow` (RFC 9110
// 15.5.6), not the 404 of a path that does not exist. Fastify's own router answers only "no route for
// this method and path", so every route the app registers is also put, without a handler, in a
// second find-my-way router (the one Fastify is built on) with the same options, and asked per method.
// Catch-all routes are left out.
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

export interface AllowedMethods {
  /** the methods `url` has routes for, sorted; empty when the path has none at all */
  of(url: string): string[];
}

/** Collects every route `app` registers from now on (call before the routes). */
export const trackAllowedMethods = (
  app: FastifyInstance,
  options: { ignoreTrailingSlash: boolean; maxParamLength: number },
): AllowedMethods => {
  const router = FindMyWay({ ...options, defaultRoute: () => undefined });
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    // a catch-all (CORS preflight `OPTIONS *`, the portal's files) takes every path: it says
    // nothing of what this path is for, and would turn every unknown path into a 405
    if (route.url.endsWith('*')) return;
    const list = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const method of list) {
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, () => undefined);
      methods.add(method);
    }
  });
  return {
    of: (url) => {
      const path = url.split('?')[0] ?? url;
      return [...methods].filter((m) => router.find(m, path) !== null).sort();
    },
  };
};
