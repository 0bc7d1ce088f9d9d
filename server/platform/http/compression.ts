// Compression of API answers. An answer the app has in hand (a serialized envelope: a string or a
// Buffer) over 1 kB is compressed in one call, in the encoding the client accepts; the portal's
// files come compressed from the build (server/domains/portal/static.routes.ts) and streams (the CSV exports) go through
// @fastify/compress. Why not @fastify/compress for all of it: it turns every answer into a stream
// piped through zlib and written in chunks, which cost ~1.6 ms of a ~5 ms list page at a million
// rows (docs/performance.md); one zlib call on a 4-20 kB page costs ~0.05 ms.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/** Above this, compress on libuv's thread pool instead of the event loop (a large export page). */
const ASYNC_ABOVE = 64 * 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/**
 * Brotli at quality 2, told the body's size. On a 20-row page (6.5 kB of JSON) quality 4, which
 * @fastify/compress defaults to, cost 57 µs of CPU for 697 bytes, quality 2 32 µs for 746 (gzip: 840):
 * 50 bytes more on the wire for half the work on every list (docs/performance.md).
 */
const brotliOptions = (size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript))/i;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

const compressed = async (encoding: Encoding, body: string | Buffer): Promise<Buffer> => {
  const size = Buffer.byteLength(body);
  if (size > ASYNC_ABOVE) return encoding === 'br' ? brotliAsync(body, brotliOptions(size)) : gzipAsync(body);
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(size)) : zlib.gzipSync(body);
};

const addVary = (reply: FastifyReply): void => {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
};

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // streams only, in practice: this plugin's hook below runs first (app hooks run before the route
    // hooks @fastify/compress adds) and marks what it compressed, which @fastify/compress then skips
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: [...ENCODINGS],
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      if (request.headers['x-no-compression'] !== undefined) return payload;
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && !COMPRESSIBLE.test(type)) return payload;
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
      if (!encoding) return payload;
      const body = await compressed(encoding, payload);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      addVary(reply);
      return body;
    });
  },
  { name: 'compression' },
);
