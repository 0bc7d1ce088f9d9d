// The bench's HTTP client: node:http with keep-alive, asking for brotli or gzip as a browser does and
// decompressing in one zlib call as a browser does natively. fetch (undici) is not used: its
// streaming decompression costs the client ~1.5 ms per 10 kB answer, which would be charged to the
// server that compresses (the app) and not to the one that does not (the peer).
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BASE_PATHS } from '../../contract';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

type Options = { method?: string; headers?: Record<string, string>; body?: string };

/**
 * One call. A kept-alive socket the server closed meanwhile (its idle timeout: Node's 5 s by
 * default) fails at once with ECONNRESET: the call is then made again once, on a new socket.
 */
export const request = async (url: string, options: Options = {}): Promise<Answer> => {
  try {
    return await once(url, options);
  } catch (err) {
    if ((err as { reused?: boolean }).reused) return once(url, options);
    throw err;
  }
};

const once = (url: string, options: Options): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: { 'accept-encoding': 'br, gzip', ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
          ).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
          } catch (err) {
            reject(new Error(`${url}: ${res.statusCode} not JSON: ${text.slice(0, 200)}`, { cause: err }));
          }
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(Object.assign(err, { reused: req.reusedSocket && err.code === 'ECONNRESET' })),
    );
    req.end(options.body);
  });

/** Signs in at the app on `base` and answers the access token (throws when refused). */
export const signIn = async (base: string, email: string, password: string): Promise<string> => {
  const res = await request(`${base}${BASE_PATHS.main}/auth/get-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers['x-access-token'];
  if (res.status !== 200 || res.body.code !== 0 || typeof token !== 'string')
    throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return token;
};
