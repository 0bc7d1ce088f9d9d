import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, countryConfig, mainConfigs } from '../../server/platform/db/schema';
import { apiSuite, PASSWORD } from './fixtures';
import { createUser, expectError, login, type Method } from './helpers';

const CONFIG = '/portal-main-service/api/v1/config/main';

const { t, tokens, call } = apiSuite();

beforeAll(async () => {
  for (const [key, type] of [
    ['op', 'OPERATOR'],
    ['m', 'MERCHANT'],
  ] as const) {
    const email = `${key}@example.test`;
    // an approved merchant: refused for being a merchant (26237), not for waiting for approval (26204)
    await createUser(t.db, {
      email,
      password: PASSWORD,
      type,
      signupState: 'APPROVAL',
      companyId: type === 'MERCHANT' ? 1 : null,
    });
    tokens[key] = (await login(t.app, email, PASSWORD)).accessToken;
  }
});

describe('GET /supported-countries', () => {
  it('answers without a token with the shipped countries', async () => {
    const res = await call(null, 'GET', `${CONFIG}/supported-countries`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      type: 'CR',
      code: 0,
      data: {
        supportedCountries: [
          { countryCode: 'sg', currency: 'SGD', timeZone: 'Asia/Singapore' },
          { countryCode: 'my', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' },
          { countryCode: 'hk', currency: 'HKD', timeZone: 'Asia/Hong_Kong' },
          { countryCode: 'au', currency: 'AUD', timeZone: 'Australia/Sydney' },
        ],
      },
    });
  });
});

describe('CRUD by id', () => {
  let id = 0;

  it('creates a country row (operator)', async () => {
    const res = await call('op', 'POST', CONFIG, {
      country: 'sg',
      banner: [{ imageUrl: 'https://cdn.test/b1.png', title: 'Hello' }],
      stampCardDefaultPrice: 12.5,
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { country: 'sg', currency: 'SGD', stampCardDefaultPrice: 12.5, stampCardDefaultImages: [] },
    });
    id = res.json().data.id;
    const [row] = await t.db.select().from(mainConfigs).where(eq(mainConfigs.id, id));
    expect(row?.banner).toEqual([{ imageUrl: 'https://cdn.test/b1.png', title: 'Hello' }]);
  });

  it('answers 409 code 9 for a second row of one country', async () => {
    expectError(await call('op', 'POST', CONFIG, { country: 'sg' }), 409, 9);
  });

  it('adds a new country to supported-countries', async () => {
    expect((await call('op', 'POST', CONFIG, { country: 'jp', currency: 'JPY' })).json().code).toBe(0);
    const res = await call(null, 'GET', `${CONFIG}/supported-countries`);
    expect(res.json().data.supportedCountries.at(-1)).toEqual({
      countryCode: 'jp',
      currency: 'JPY',
      // a country the product does not ship reads times in the product's home zone until configured
      timeZone: 'Asia/Singapore',
    });
  });

  it('lists paged, filtered by country or id, for any signed-in user', async () => {
    const byCountry = encodeURIComponent(JSON.stringify([{ field: 'country', op: 'eq', value: 'jp' }]));
    const res = await call('m', 'GET', `${CONFIG}?filter=${byCountry}`);
    expect(res.json()).toMatchObject({ code: 0, page: { number: 0, size: 20, totalElements: 1 } });
    expect(res.json().data.map((r: { country: string }) => r.country)).toEqual(['jp']);
    const byId = encodeURIComponent(JSON.stringify([{ field: 'id', op: 'eq', value: id }]));
    expect(
      (await call('op', 'GET', `${CONFIG}?filter=${byId}`)).json().data.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    expectError(
      await call(
        'op',
        'GET',
        `${CONFIG}?filter=${encodeURIComponent('[{"field":"banner","op":"eq","value":1}]')}`,
      ),
      400,
      2,
    );
  });

  it('reads, updates and deletes by id', async () => {
    expect((await call('m', 'GET', `${CONFIG}/${id}`)).json().data).toMatchObject({ id, country: 'sg' });
    const put = await call('op', 'PUT', `${CONFIG}/${id}`, {
      stampCardDefaultImages: ['https://cdn.test/i.png'],
    });
    expect(put.json().data).toMatchObject({
      id,
      stampCardDefaultImages: ['https://cdn.test/i.png'],
      stampCardDefaultPrice: 12.5,
    });
    expectError(await call('op', 'PUT', `${CONFIG}/${id}`, { country: 'jp' }), 409, 9);
    expectError(await call('op', 'PUT', `${CONFIG}/${id}`, { stampCardDefaultPrice: -1 }), 400, 2);
    const [jp] = await t.db.select().from(mainConfigs).where(eq(mainConfigs.country, 'jp'));
    expect((await call('op', 'DELETE', `${CONFIG}/${jp?.id}`)).json()).toEqual({
      type: 'CR',
      code: 0,
      data: null,
    });
    expectError(await call('op', 'GET', `${CONFIG}/${jp?.id}`), 404, 5);
    expectError(await call('op', 'DELETE', `${CONFIG}/${jp?.id}`), 404, 5);
  });
});

describe("the caller's country (X-Country)", () => {
  it('reads the row of X-Country, and sg for an unknown or missing one', async () => {
    const sg = await call('m', 'GET', `${CONFIG}/country`, undefined, { 'x-country': 'sg' });
    expect(sg.json().data).toMatchObject({ country: 'sg', stampCardDefaultPrice: 12.5 });
    const unknown = await call('m', 'GET', `${CONFIG}/country`, undefined, { 'x-country': 'zz' });
    expect(unknown.json().data).toEqual(sg.json().data);
    const none = await call('m', 'GET', `${CONFIG}/country`);
    expect(none.json().data.country).toBe('sg');
  });

  it('shows the defaults of a supported country without a row yet', async () => {
    const res = await call('m', 'GET', `${CONFIG}/country`, undefined, { 'x-country': 'MY' });
    expect(res.json().data).toMatchObject({
      id: null,
      country: 'my',
      currency: 'MYR',
      banner: [],
      stampCardDefaultImages: [],
      stampCardDefaultPrice: 0,
    });
  });

  it('returns one field with ?field=', async () => {
    const res = await call('m', 'GET', `${CONFIG}/country?field=banner`, undefined, { 'x-country': 'sg' });
    expect(Object.keys(res.json().data).sort()).toEqual(['banner', 'country', 'id']);
    expect(res.json().data.banner).toEqual([{ imageUrl: 'https://cdn.test/b1.png', title: 'Hello' }]);
    expectError(await call('m', 'GET', `${CONFIG}/country?field=secret`), 400, 2);
  });

  it('PUT /country creates or updates the row of X-Country', async () => {
    const res = await call(
      'op',
      'PUT',
      `${CONFIG}/country`,
      { stampCardDefaultPrice: 3 },
      { 'x-country': 'hk' },
    );
    expect(res.json().data).toMatchObject({ country: 'hk', currency: 'HKD', stampCardDefaultPrice: 3 });
    const again = await call('op', 'PUT', `${CONFIG}/country`, { currency: 'USD' }, { 'x-country': 'hk' });
    expect(again.json().data).toMatchObject({
      id: res.json().data.id,
      currency: 'USD',
      stampCardDefaultPrice: 3,
    });
  });

  it('reads and replaces the banner', async () => {
    const banner = [
      { imageUrl: 'https://cdn.test/a.png', linkUrl: 'https://shop.test' },
      { imageUrl: 'https://cdn.test/b.png' },
    ];
    const put = await call('op', 'PUT', `${CONFIG}/country/banner`, { banner }, { 'x-country': 'au' });
    expect(put.json().data).toEqual(banner);
    expect(
      (await call('m', 'GET', `${CONFIG}/country/banner`, undefined, { 'x-country': 'au' })).json().data,
    ).toEqual(banner);
    expectError(await call('op', 'PUT', `${CONFIG}/country/banner`, { banner: [{ linkUrl: 'x' }] }), 400, 2);
  });

  it('reads and replaces the stamp-card default images, and reads the default price', async () => {
    const images = ['https://cdn.test/1.png', 'https://cdn.test/2.png'];
    const patch = await call('op', 'PATCH', `${CONFIG}/stamp-card/default-images`, { images });
    expect(patch.json().data).toEqual(images);
    expect((await call('m', 'GET', `${CONFIG}/stamp-card/default-images`)).json().data).toEqual(images);
    expect((await call('m', 'GET', `${CONFIG}/stamp-card/default-price`)).json().data).toEqual({
      price: 12.5,
      currency: 'SGD',
    });
  });
});

describe('access', () => {
  it('refuses every write to merchants with 26237 and changes nothing', async () => {
    const before = await t.db.select().from(mainConfigs);
    const writes: [Method, string, unknown][] = [
      ['POST', CONFIG, { country: 'nz' }],
      ['PUT', `${CONFIG}/${before[0]?.id}`, { stampCardDefaultPrice: 1 }],
      ['DELETE', `${CONFIG}/${before[0]?.id}`, undefined],
      ['PUT', `${CONFIG}/country`, { stampCardDefaultPrice: 1 }],
      ['PUT', `${CONFIG}/country/banner`, { banner: [] }],
      ['PATCH', `${CONFIG}/stamp-card/default-images`, { images: [] }],
    ];
    for (const [method, url, body] of writes) {
      const res = await call('m', method, url, body);
      expect({ method, url, status: res.statusCode, code: res.json().code }).toEqual({
        method,
        url,
        status: 403,
        code: 26237,
      });
    }
    expect(await t.db.select().from(mainConfigs)).toEqual(before);
  });

  it('needs a token for everything but supported-countries', async () => {
    for (const url of [
      CONFIG,
      `${CONFIG}/country`,
      `${CONFIG}/country/banner`,
      `${CONFIG}/stamp-card/default-price`,
    ]) {
      expectError(await call(null, 'GET', url), 401, 1601);
    }
  });
});

describe('supported countries once country config is filled in', () => {
  it("offers only country config's enabled countries, the default first, with their currency and zone", async () => {
    await t.db.insert(countryConfig).values([
      // the configured zone wins over the shipped one (Asia/Kuala_Lumpur)
      { country: 'my', name: 'Malaysia', currency: 'MYR', timezone: 'Asia/Kuching', enabled: true },
      { country: 'hk', name: 'Hong Kong', currency: 'HKD', timezone: 'Asia/Hong_Kong', enabled: false },
      { country: 'sg', name: 'Singapore', currency: 'SGD', timezone: 'Asia/Singapore', enabled: true },
    ] as never);
    try {
      const res = await call(null, 'GET', `${CONFIG}/supported-countries`);
      expect(res.json().data.supportedCountries).toEqual([
        { countryCode: 'sg', currency: 'SGD', timeZone: 'Asia/Singapore' },
        { countryCode: 'my', currency: 'MYR', timeZone: 'Asia/Kuching' },
      ]);
    } finally {
      await t.db.delete(countryConfig);
    }
  });
});

describe('audit (issue 24: every operation is audited)', () => {
  it('writes who changed main config, with the row before and after, and nothing on a refusal', async () => {
    const entries = () =>
      t.db.select().from(auditLog).where(eq(auditLog.resource, 'mainConfig')).orderBy(auditLog.id);
    // a country without a row yet, so the first write creates it
    await t.db.delete(mainConfigs).where(eq(mainConfigs.country, 'au'));
    const from = (await entries()).length;
    const refused = await call('m', 'PUT', `${CONFIG}/country/banner`, { banner: [] }, { 'x-country': 'au' });
    expectError(refused, 403, 26237);
    expect(await entries()).toHaveLength(from);
    const price = async (stampCardDefaultPrice: number) => {
      const res = await call(
        'op',
        'PUT',
        `${CONFIG}/country`,
        { stampCardDefaultPrice },
        { 'x-country': 'au' },
      );
      expect(res.json().code, res.body).toBe(0);
      return res.json().data as { id: number };
    };
    const row = await price(3);
    await price(4);
    const written = (await entries()).slice(from);
    expect(written.map((e) => [e.action, e.actorEmail, e.recordId])).toEqual([
      ['create', 'op@example.test', String(row.id)],
      ['update', 'op@example.test', String(row.id)],
    ]);
    expect(written[1]?.before).toMatchObject({ stampCardDefaultPrice: 3 });
    expect(written[1]?.after).toMatchObject({ stampCardDefaultPrice: 4 });
    const gone = await call('op', 'DELETE', `${CONFIG}/${row.id}`);
    expect(gone.json().code).toBe(0);
    expect((await entries()).at(-1)).toMatchObject({ action: 'delete', after: null });
  });
});
