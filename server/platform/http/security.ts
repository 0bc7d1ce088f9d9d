import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

    const ipCountryOrigin = originOf(config.ipCountryUrl);
    await app.register(helmet, {
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
    });
  },
  { name: 'security' },
);
