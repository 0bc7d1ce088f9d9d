import type { RoutePlugin } from '../../platform/http/app-types';

/** JSON that is also safe inside a <script> element or a JS file (no `</script>`, no U+2028/9). */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * GET /env.js: the portal's run-time settings, so one build serves every brand and title.
 * Never cached, so a restart with other settings shows at once.
 */
export const envRoutes: RoutePlugin = async (app) => {
  const { brand, portalTitle, ipCountryUrl } = app.config;
  const body = `window.__PORTAL_ENV__ = ${scriptSafeJson({ brand, portalTitle, ipCountryUrl })};\n`;
  app.get('/env.js', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache, no-store, must-revalidate');
    return body;
  });
};
