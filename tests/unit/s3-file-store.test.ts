// The file store on an S3-compatible bucket (server/platform/files.ts s3FileStore), against a small
// stand-in of S3's PUT and GET object calls (path style, as MinIO and R2 take them): what is put comes
// back with its type, a missing key is null, and a failing service is 29000.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/platform/errors';
import { type FileStore, newFileKey, s3FileStore } from '../../server/platform/files';

const objects = new Map<string, { body: Buffer; type: string }>();
let failing = false;
const s3 = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    if (failing) {
      res.writeHead(500, { 'content-type': 'application/xml' });
      res.end('<Error><Code>InternalError</Code><Message>down</Message></Error>');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
      res.writeHead(200, { etag: '"1"' });
      res.end();
      return;
    }
    const found = objects.get(key);
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end('<Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
      return;
    }
    res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length });
    res.end(found.body);
  });
});

let store: FileStore;
beforeAll(async () => {
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  const { port } = s3.address() as AddressInfo;
  store = s3FileStore(
    { bucket: 'pictures', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1' },
    { credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, maxAttempts: 1 },
  );
});
afterAll(() => new Promise((resolve) => s3.close(resolve)));

describe('the S3 file store', () => {
  it('keeps a file in the bucket and gives it back with its type', async () => {
    const key = newFileKey('png');
    await store.put(key, Buffer.from('picture'), 'image/png');
    expect(objects.get(`/pictures/${key}`)?.body.toString()).toBe('picture');
    const back = await store.get(key);
    expect(back?.bytes.toString()).toBe('picture');
    expect(back?.contentType).toBe('image/png');
    expect(store.name).toBe('s3:pictures');
  });

  it('answers null for a missing file and 29000 when the service fails', async () => {
    expect(await store.get(newFileKey('png'))).toBeNull();
    failing = true;
    try {
      const error = await store
        .put(newFileKey('png'), Buffer.from('x'), 'image/png')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(29000);
    } finally {
      failing = false;
    }
  });
});
