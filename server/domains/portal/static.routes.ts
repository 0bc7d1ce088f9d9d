import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { POCKET_PAGES } from '../../../contract/pocket';
import type { Config } from '../../platform/config';
import type { RoutePlugin } from '../../platform/http/app-types';
import { escapeHtml } from '../../platform/mail';
import { isApiPath } from '../access/guard';
import { portalEnvOf, renderPortalDocument } from './document';

/** Paths the portal's client-side router must never shadow. */
const NOT_SPA = [/^\/portal-[a-z]+-service\//, /^\/docs(\/|$)/, /^\/healthz$/, /^\/env\.js$/];

const notBuiltPage = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1>
<p>The portal is not built yet. Run <code>npm start</code> (it builds the portal first) or <code>npm run build</code>.</p>
<p>The API is up: see <a href="/docs">/docs</a>.</p></body></html>
`;

/** The member's public pages (contract/pocket.ts POCKET_PAGES): /c/{token}, /v/{token}, /join/{store}/{programme}. */
const POCKET_PATH = new RegExp(
  `^(${Object.values(POCKET_PAGES)
    .map((p) => p.replace(/\//g, '\\/'))
    .join('|')})`,
);

const wantsHtml = (request: FastifyRequest): boolean => {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
};

type DocumentConfig = Pick<Config, 'distDir' | 'portalTitle' | 'brand' | 'ipCountryUrl'>;

/**
 * Sends a built page: index.html with the run-time settings written into its head
 * (renderPortalDocument), pocket.html as it is. Read per request: a rebuild while the server runs is
 * picked up without a restart. Never cached; compressed per request (server/platform/http/compression.ts).
 */
const sendPage = async (config: DocumentConfig, reply: FastifyReply, page: 'index.html' | 'pocket.html') => {
  const built = await readFile(path.join(config.distDir, page), 'utf8').catch(() => null);
  const html =
    built === null
      ? notBuiltPage(config.portalTitle)
      : page === 'index.html'
        ? renderPortalDocument(built, portalEnvOf(config))
        : built;
  await reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
};

/**
 * The not-found fallback of the single-page portal: a GET for a portal route (not an API path) that
 * accepts HTML gets index.html, so deep links like /x-action/user-active?token=… load the app.
 * Returns false when the request should get the JSON 404 envelope instead.
 */
export const spaFallback =
  (config: DocumentConfig) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0] ?? '';
    if (isApiPath(pathname) || NOT_SPA.some((re) => re.test(pathname)) || !wantsHtml(request)) return false;
    // the member's pocket pages are a bundle of their own (pocket.html, src/pocket/)
    await sendPage(config, reply, POCKET_PATH.test(pathname) ? 'pocket.html' : 'index.html');
    return true;
  };

/** Headers (set by helmet, server/platform/http/security.ts) that only a document uses. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built portal from DIST_DIR (./dist); hashed assets are cached for a long time. index.html
 * is not a static file: / and /index.html send it with the run-time settings (sendPage).
 */
export const staticRoutes: RoutePlugin = async (app) => {
  const { distDir, portalTitle } = app.config;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.get('/', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(notBuiltPage(portalTitle)),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // one route per built file: unknown paths fall through to the SPA / JSON 404 handler
    wildcard: false,
    // index.html (and its compressed copies) go out through sendPage, with the settings in them
    index: false,
    globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
    // the build wrote .br and .gz copies (vite.config.ts): sent as they are to browsers that take them
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // a script, style, font or image is not a document: the document-only security headers
      // would only weigh on each of the first load's ~60 files (nosniff, CORP, HSTS and the
      // referrer policy stay)
      if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    },
  });
  for (const url of ['/', '/index.html'])
    app.get(url, { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
      sendPage(app.config, reply, 'index.html'),
    );
};
