import { scriptSafeJson } from '../../../contract/document';
import type { RoutePlugin } from '../../platform/http/app-types';
import { portalEnvOf } from './document';

/**
 * GET /env.js: the portal's run-time settings as a script setting `window.__PORTAL_ENV__`, so one
 * build serves every brand and title. The built portal no longer loads it (the server writes the
 * same settings into index.html, server/domains/portal/document.ts); the dev server (vite) and other
 * clients still do. Never cached, so a restart with other settings shows at once.
 */
export const envRoutes: RoutePlugin = async (app) => {
  const body = `window.__PORTAL_ENV__ = ${scriptSafeJson(portalEnvOf(app.config))};\n`;
  app.get('/env.js', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache, no-store, must-revalidate');
    return body;
  });
};
