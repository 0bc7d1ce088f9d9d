// The file store through the API (issue 42; docs/api.md "Files"): a signed-in user uploads a picture
// and gets the address to keep; anyone reads it back with its type and a long cache; bytes that are
// not the picture they say (or not a picture we take) are 29200; a store that fails is 29000; image
// fields take the store's addresses and web addresses, never a picture's bytes (data: URLs).
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileKeyOf, fileUrlOf } from '../../contract/files';
import { moveEmbeddedImages } from '../../server/domains/files/embedded-images';
import { brand, mainConfigs } from '../../server/platform/db/schema';
import { localFileStore } from '../../server/platform/files';
import { addOrg, addUser, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

/** The smallest PNG: one transparent pixel. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (suite: ReturnType<typeof apiSuite>, who: string | null, bytes: Buffer, type: string) =>
  suite.t.app.inject({
    method: 'POST',
    url: `${MAIN}/files`,
    headers: { 'content-type': type, ...(who ? { authorization: `Bearer ${suite.tokens[who]}` } : {}) },
    payload: bytes,
  });

describe('files', () => {
  const suite = apiSuite();
  let acme: Org;
  beforeAll(async () => {
    acme = await addOrg(suite.t, 'Acme');
    await addUser(suite.t, suite.tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  }, APP_TIMEOUT);

  it('keeps an uploaded picture and serves it back, public, with its type and a long cache', async () => {
    const res = await upload(suite, 'owner', ONE_PIXEL_PNG, 'image/png');
    const stored = dataOf(res) as { url: string; key: string; contentType: string; size: number };
    expect(stored).toMatchObject({ contentType: 'image/png', size: ONE_PIXEL_PNG.length });
    expect(stored.key).toMatch(/^\d{4}\/[0-9a-f-]{36}\.png$/);
    expect(stored.url).toBe(fileUrlOf(stored.key));
    const read = await suite.t.app.inject({ method: 'GET', url: stored.url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(read.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(read.rawPayload, ONE_PIXEL_PNG)).toBe(0);
    // a stamp card's picture keeps the address
    const programme = await suite.call('owner', 'POST', `${MAIN}/stamp-cards`, {
      title: 'Card with a picture',
      stampsRequired: 5,
      maxStampsPerTransaction: 1,
      price: 0,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      brandId: acme.brandId,
      image: stored.url,
    });
    expect((dataOf(programme) as { image: string }).image).toBe(stored.url);
  });

  it('refuses what is not the picture it says (29200), nobody signed in (401), a missing file (404)', async () => {
    const lying = await upload(suite, 'owner', Buffer.from('<html>not a picture</html>'), 'image/png');
    expect(codeOf(lying)).toEqual({ status: 400, code: 29200 });
    expect(lying.json().data[0]).toMatchObject({ field: 'file' });
    expect(codeOf(await upload(suite, 'owner', Buffer.alloc(0), 'image/png')).code).toBe(29200);
    // a JPEG sent as a PNG
    const jpeg = Buffer.from(
      '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
      'base64',
    );
    expect(codeOf(await upload(suite, 'owner', jpeg, 'image/png')).code).toBe(29200);
    expect(codeOf(await upload(suite, null, ONE_PIXEL_PNG, 'image/png')).status).toBe(401);
    const svg = await upload(
      suite,
      'owner',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(codeOf(svg).status).toBe(415);
    const missing = await suite.t.app.inject({
      method: 'GET',
      url: fileUrlOf('2026/00000000-0000-0000-0000-000000000000.png'),
    });
    expect(codeOf(missing)).toEqual({ status: 404, code: 5 });
  });

  it('image fields take web addresses and the store’s, never a picture’s bytes', async () => {
    const body = (image: string) => ({
      title: 'Card',
      stampsRequired: 5,
      maxStampsPerTransaction: 1,
      price: 0,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      brandId: acme.brandId,
      image,
    });
    const embedded = await suite.call(
      'owner',
      'POST',
      `${MAIN}/stamp-cards`,
      body(`data:image/png;base64,${ONE_PIXEL_PNG.toString('base64')}`),
    );
    expect(codeOf(embedded)).toEqual({ status: 400, code: 2 });
    expect(embedded.json().data[0]).toMatchObject({ field: 'image' });
    expect(
      codeOf(
        await suite.call('owner', 'POST', `${MAIN}/stamp-cards`, body('https://cdn.example.com/card.png')),
      ).code,
    ).toBe(0);
  });
});

describe('pictures written into rows before the store', () => {
  const suite = apiSuite();
  let acme: Org;
  beforeAll(async () => {
    acme = await addOrg(suite.t, 'Acme');
  }, APP_TIMEOUT);

  it('move into the store (rows keep the files’ addresses), once', async () => {
    const dataUrl = `data:image/png;base64,${ONE_PIXEL_PNG.toString('base64')}`;
    const svg = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
    await suite.t.db.update(brand).set({ logo: dataUrl }).where(eq(brand.id, acme.brandId));
    await suite.t.db.insert(mainConfigs).values({
      country: 'zz',
      currency: 'SGD',
      banner: [{ imageUrl: svg, title: 'Hello' }],
      stampCardDefaultImages: ['https://cdn.example.com/a.png', dataUrl],
      stampCardDefaultPrice: 0,
    });
    expect(await moveEmbeddedImages(suite.t.db, suite.t.app.files)).toBe(3);
    const [row] = await suite.t.db.select().from(brand).where(eq(brand.id, acme.brandId));
    const logo = String(row?.logo);
    expect(fileKeyOf(logo)).toMatch(/\.png$/);
    const read = await suite.t.app.inject({ method: 'GET', url: logo });
    expect(Buffer.compare(read.rawPayload, ONE_PIXEL_PNG)).toBe(0);
    const [config] = await suite.t.db.select().from(mainConfigs).where(eq(mainConfigs.country, 'zz'));
    expect(fileKeyOf(config?.banner[0]?.imageUrl ?? '')).toMatch(/\.svg$/);
    expect(config?.banner[0]?.title).toBe('Hello');
    expect(config?.stampCardDefaultImages[0]).toBe('https://cdn.example.com/a.png');
    expect(fileKeyOf(config?.stampCardDefaultImages[1] ?? '')).toMatch(/\.png$/);
    const svgRead = await suite.t.app.inject({ method: 'GET', url: config?.banner[0]?.imageUrl ?? '' });
    expect(svgRead.headers['content-type']).toBe('image/svg+xml');
    expect(await moveEmbeddedImages(suite.t.db, suite.t.app.files)).toBe(0);
  });
});

describe('a file store that fails', () => {
  const suite = apiSuite(async () => {
    // the store's folder is a file: nothing can be written under it
    const dir = path.join(os.tmpdir(), `files-broken-${process.pid}`);
    await mkdir(path.dirname(dir), { recursive: true });
    await writeFile(dir, 'not a folder');
    return { fileStore: localFileStore(dir) };
  });
  beforeAll(async () => {
    const acme = await addOrg(suite.t, 'Acme');
    await addUser(suite.t, suite.tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  }, APP_TIMEOUT);

  it('answers 29000 naming the file', async () => {
    const res = await upload(suite, 'owner', ONE_PIXEL_PNG, 'image/png');
    expect(codeOf(res)).toEqual({ status: 500, code: 29000 });
    expect(res.json().data[0].message).toContain('the file store could not keep the file');
  });
});
