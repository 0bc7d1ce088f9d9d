// The real server behind a portal test: the file's own app on an in-memory database (the API tests'
// createTestApp), holding the world of tests/portal/world.ts, with every request the portal sends to the
// test origin handed to it in-process (app.inject) through one MSW handler. What a test sees for a
// call is what the server answers: its rules, codes and rows, not a copy of them in mocks/.
// A test may still put a handler of its own in front (server.use) for what only a mock can do: a
// fault, a slow answer, a code the server cannot be brought to give.
import { http } from 'msw';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { server } from '../../mocks/node';
import { APP_TIMEOUT, createTestApp, type TestApp } from '../api/helpers';
import { TEST_ORIGIN } from './setup';
import { resetWorld } from './world';

/**
 * Vitest's jsdom environment puts jsdom's Uint8Array on the global object, so a Uint8Array that Node
 * made (TextEncoder, Buffer, crypto) is not `instanceof Uint8Array` there, and the server's JWT library
 * (jose) refuses its own key. While the server runs, the global is Node's again, as in production.
 */
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;

const BASE = /^\/portal-(main|payment|auth)-service\/api\/v1/;

/** Hands `request` to `app` and its answer back, as the network would. */
const forward = async (app: TestApp['app'], request: Request): Promise<Response> => {
  const url = new URL(request.url);
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const headers = Object.fromEntries(request.headers);
  // the answer goes back as a body, not through a socket: nothing would undo a compression
  delete headers['accept-encoding'];
  const answer = await app.inject({
    method: request.method as 'GET', // inject's union of methods; the request's is one of them
    url: `${url.pathname}${url.search}`,
    headers,
    ...(body && body.byteLength > 0 ? { payload: Buffer.from(body) } : {}),
  });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(v));
  }
  // the Response measures its own body
  answerHeaders.delete('content-length');
  answerHeaders.delete('transfer-encoding');
  const empty = answer.statusCode === 204 || answer.statusCode === 304 || request.method === 'HEAD';
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    headers: answerHeaders,
  });
};

/** A request the page sent, as a test reads it. */
export interface SentRequest {
  method: string;
  /** path after the service base, e.g. '/auth/get-token' */
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

export interface RealBackend {
  /** the file's app and database (read in a hook or a test) */
  readonly t: TestApp;
  /** Hands a request to the server and returns its answer (for a test's own handler in front). */
  handle: (request: Request) => Promise<Response>;
  /** Every request sent in this test so far, optionally only those to `path` (after the service base). */
  sent: (method?: string, path?: string) => Promise<SentRequest[]>;
}

/**
 * The file's real server: made before the file's tests and closed after them. Before each test its
 * database is set back to the world (tests/portal/world.ts) and its handler goes in front (setup.ts
 * resets the handlers after each test). Call it at the top of a file or describe block.
 */
export const portalServer = (): RealBackend => {
  let current: TestApp | undefined;
  let requests: Promise<SentRequest>[] = [];
  const jsdomUint8Array = globalThis.Uint8Array;
  beforeAll(async () => {
    globalThis.Uint8Array = NodeUint8Array;
    current = await createTestApp({
      env: { LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_FAILURES: '1000' },
      // PORTAL_SERVER_LOG=1 prints the server's log lines (what it received, what failed and why)
      ...(process.env.PORTAL_SERVER_LOG ? { logStream: process.stdout } : {}),
    });
  }, APP_TIMEOUT);
  afterAll(async () => {
    await current?.close();
    current = undefined;
    globalThis.Uint8Array = jsdomUint8Array;
  });
  beforeEach(async () => {
    requests = [];
    if (!current) throw new Error('portalServer: the app was not made');
    const { app } = current;
    await resetWorld(current.db);
    // every request the page sends, whichever handler answers it
    const onStart = ({ request }: { request: Request }) => {
      const copy = request.clone();
      const url = new URL(copy.url);
      requests.push(
        copy.text().then((text) => ({
          method: copy.method,
          path: url.pathname.replace(BASE, ''),
          search: url.search,
          headers: copy.headers,
          // a JSON body as its value; a file (POST /files) as its size
          body: !text
            ? undefined
            : copy.headers.get('content-type')?.includes('json')
              ? (JSON.parse(text) as unknown)
              : { bytes: text.length },
        })),
      );
    };
    server.events.on('request:start', onStart);
    server.use(http.all(`${TEST_ORIGIN}/*`, ({ request }) => forward(app, request)));
    return () => server.events.removeListener('request:start', onStart);
  });
  return {
    get t() {
      if (!current)
        throw new Error('portalServer: the app is made in beforeAll; use it inside a hook or a test');
      return current;
    },
    handle: (request) => {
      if (!current) throw new Error('portalServer: no app');
      return forward(current.app, request);
    },
    sent: async (method, path) => {
      const all = await Promise.all(requests);
      return all.filter((r) => (!method || r.method === method) && (!path || r.path === path));
    },
  };
};
