// What goes over the wire compressed: API answers over 1 kB in the encoding the client accepts (and
// small ones as they are), and the portal's built files as the build compressed them (.br, .gz).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import { addUser, apiSuite } from './fixtures';
import { APP_TIMEOUT } from './helpers';

const dist = mkdtempSync(path.join(tmpdir(), 'loyalty-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
// over 1 kB, like the real one: the build writes its compressed copies too
const page = `<!doctype html><head><title>Portal</title></head><!-- ${'p'.repeat(2000)} -->\n`;
/** index.html as the server sends it: the run-time settings written in before </head> */
const served = (text: string): string => {
  expect(text).toMatch(/<script type="application\/json" id="portal-env">\{[^<]*\}<\/script>\n<\/head>/);
  return text.replace(/<script type="application\/json" id="portal-env">[^<]*<\/script>\n/, '');
};
// removed once the app is closed (registered before apiSuite: after hooks run in reverse order)
afterAll(() => rmSync(dist, { recursive: true, force: true }));

// the built portal is written before the app starts serving it
const { t, tokens, call } = apiSuite(() => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(page));
  writeFileSync(path.join(dist, 'assets', 'app.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app.js.gz'), gzipSync(script));
  return { env: { DIST_DIR: dist } };
});

beforeAll(async () => {
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  for (let i = 0; i < 20; i++)
    await call('op', 'POST', `${BASE_PATHS.main}/industry-config`, {
      code: `i${i}`,
      name: `Industry number ${i}`,
    });
}, APP_TIMEOUT);

describe('compression', () => {
  it('compresses an API answer over 1 kB in the encoding the client takes', async () => {
    const url = `${BASE_PATHS.main}/industry-config?size=100`;
    const plain = await call('op', 'GET', url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await call('op', 'GET', url, undefined, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await call('op', 'GET', url, undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 0 });
  });

  it("sends the portal's files as the build compressed them, cached for good when hashed", async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toContain('immutable');
    // a file is not a document: no document-only headers, the ones that guard a file stay
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the gzip copy to a client that takes gzip only', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed but never cached, at / and at a deep link', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-encoding']).toBe('br');
    expect(served(brotliDecompressSync(root.rawPayload).toString())).toBe(page);
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.headers['content-security-policy']).toContain("default-src 'self'");
    expect(root.headers['x-frame-options']).toBe('SAMEORIGIN');
    const deep = await t.app.inject({
      method: 'GET',
      url: '/x-action/user-active?token=abc',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    // the client-side routes (/login ...) are the not-found handler's answer: compressed all the same
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(deep.headers.vary).toContain('Accept-Encoding');
    expect(served(gunzipSync(deep.rawPayload).toString())).toBe(page);
    const login = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(login.headers['content-encoding']).toBe('br');
    expect(served(brotliDecompressSync(login.rawPayload).toString())).toBe(page);
  });

  it('leaves an answer as it is for a client that takes no encoding, or asks for none', async () => {
    const url = `${BASE_PATHS.main}/industry-config?size=100`;
    const identity = await call('op', 'GET', url, undefined, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toMatchObject({ code: 0 });
    const refused = await call('op', 'GET', url, undefined, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const noCompression = await call('op', 'GET', url, undefined, {
      'accept-encoding': 'gzip',
      'x-no-compression': '1',
    });
    expect(noCompression.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a CSV export as a stream', async () => {
    const res = await call('op', 'GET', `${BASE_PATHS.main}/industry-config/export`, undefined, {
      'accept-encoding': 'gzip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text =
      res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(text.split('\n')[0]).toContain('code');
    expect(text).toContain('Industry number 19');
  });
});
