import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BASE_PATHS } from '../../../contract';
import { shapeDocument, shapeRoute } from './openapi-shape';

/** OpenAPI document built from the route schemas, browsable at /docs. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Loyalty Portal API',
          version: '1',
          contact: { name: 'The loyalty portal team' },
          description: `Services: ${Object.values(BASE_PATHS).join(', ')}. Every response is the CR envelope.`,
        },
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A user\'s or device\'s access token (JWT), or an API key `lk_…` (docs/api.md "API keys")',
            },
            refreshToken: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Refresh-Token',
              description: 'The refresh token a sign-in answered (the refresh and logout calls)',
            },
            apiKey: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Api-Key',
              description: 'An API key `lk_…`: the operations and the reads only (docs/api.md "API keys")',
            },
          },
        },
        security: [{ bearer: [] }, { apiKey: [] }],
        servers: [{ url: '/', description: 'This server (every path carries its service base path)' }],
      },
      transform: shapeRoute,
      transformObject: shapeDocument,
    });
    // the app-wide CSP (security.ts) covers the UI; swagger-ui's own adds upgrade-insecure-requests, which
    // breaks the page on a plain-http LAN address
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { validatorUrl: null } });
  },
  { name: 'docs' },
);

/**
 * Gives the routes `app` registers from now on (in its own plugin) the tag `tag` in /docs, unless a
 * route names its own: for a module whose routes share one.
 */
export const tagRoutes = (app: FastifyInstance, tag: string): void => {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as { tags?: string[] };
    if (!schema.tags) route.schema = { ...route.schema, tags: [tag] } as typeof route.schema;
  });
};
