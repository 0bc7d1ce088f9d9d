import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { DEVICE_ID_HEADER, EXPOSED_HEADERS, HEADERS, THEME_PAINT_SCRIPT } from '../../../contract';
import type { Config } from '../config';

const ALLOWED_HEADERS = [
  HEADERS.authorization,
  HEADERS.country,
  HEADERS.noCount,
  HEADERS.refreshToken,
  HEADERS.requestId,
  DEVICE_ID_HEADER,
  'Content-Type',
  'Accept',
];

/** The CSP source that allows index.html's one inline script, the theme paint, by its exact text. */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_PAINT_SCRIPT, 'utf8').digest('base64')}'`;

const originOf = (url: string): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** helmet's settings: the CSP of the portal's document, the rest as helmet defaults them. */
const helmetOptions = (config: Config): HelmetOptions => {
  const ipCountryOrigin = originOf(config.ipCountryUrl);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the bundle's files, and index.html's one inline script (the theme paint) by its hash
        scriptSrc: ["'self'", THEME_SCRIPT_SOURCE],
        // MUI/emotion injects <style> elements at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", ...(ipCountryOrigin ? [ipCountryOrigin] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // cross-origin API clients read our JSON; the portal may be hosted elsewhere
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  };
};

/**
 * The headers helmet sets with `options`, read once from its middleware: they depend on the settings
 * only, so no request rebuilds them (@fastify/helmet built helmet's middleware, parsing the CSP, on
 * every request: ~3 % of a list page's time).
 */
export const securityHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
};

/**
 * CORS and security headers. Without CORS_ORIGIN only the server's own origin is answered (the
 * built portal is served from here); CORS_ORIGIN lists other origins, or `*` to reflect any.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const allowList = config.corsOrigin;
    await app.register(cors, {
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        const host = request.headers.host;
        let allowed = false;
        if (origin) {
          if (allowList?.includes('*')) allowed = true;
          else if (allowList) allowed = allowList.includes(origin);
          else allowed = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
        }
        callback(null, {
          origin: allowed,
          exposedHeaders: [...EXPOSED_HEADERS],
          allowedHeaders: ALLOWED_HEADERS,
          methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
          maxAge: 600,
        });
      },
    });

    // every answer, errors included, carries the same security headers: worked out once at start
    const headers = securityHeaders(helmetOptions(config));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security' },
);
