import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockDb, MOCK_ACCOUNTS, type MockDb } from '../../mocks/data';
import { createHandlers } from '../../mocks/handlers';
import { listSpecOf } from '../../mocks/resources';
import { createProviders } from '../../src/providers';
import { endpointsFromDeclarations } from '../../src/providers/dataProvider';
import { getPortalEnv } from '../../src/providers/env';
import { ApiError } from '../../src/providers/httpClient';
import { createMemoryStorage, createSessionStore } from '../../src/providers/storage';
import { coupons } from './fixtures/coupons';

const ORIGIN = 'http://portal.test';
const server = setupServer();
let db: MockDb;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const VOUCHER = {
  code: 'TEA-001',
  title: 'Free tea',
  value: 4.5,
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
};

const signedIn = async (who: keyof typeof MOCK_ACCOUNTS) => {
  const env = getPortalEnv({ apiBase: { main: `${ORIGIN}/portal-main-service/api/v1` } });
  const p = createProviders({
    env,
    storage: createSessionStore(createMemoryStorage()),
    paths: endpointsFromDeclarations([coupons]),
  });
  await p.authProvider.login(MOCK_ACCOUNTS[who]);
  return p;
};

const caught = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a failure');
};

describe('generic resource mocks (a declared coupons table)', () => {
  const fresh = () => {
    db = createMockDb();
    server.use(...createHandlers(db, { resources: [coupons] }));
  };

  it('the list spec holds the declared fields plus id, times and scope columns', () => {
    const spec = listSpecOf(coupons);
    expect(Object.keys(spec).sort()).toEqual(
      ['id', 'createTime', 'updateTime', 'companyId', 'brandId', ...coupons.fields.map((f) => f.name)].sort(),
    );
    expect(spec.code).toEqual({ type: 'text', filter: ['eq', 'regex'], sort: true, search: true });
    expect(spec.state).toEqual({ type: 'enum', filter: ['eq', 'in'], sort: true });
  });

  it('a merchant creates with defaults and their company, lists, searches and reads it', async () => {
    fresh();
    const p = await signedIn('merchant');
    const created = await p.dataProvider.create('coupons', { data: VOUCHER });
    expect(created.data).toMatchObject({
      ...VOUCHER,
      state: 'AVAILABLE',
      companyId: 1,
      brandId: 1,
      redeemedAt: null,
      redeemedStoreId: null,
    });
    expect(db.resourceRows.coupons).toHaveLength(1);
    await p.dataProvider.create('coupons', { data: { ...VOUCHER, code: 'CAKE-9', title: 'Cake' } });

    const found = await p.dataProvider.getList('coupons', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'code', order: 'ASC' },
      filter: { q: 'tea', state: ['AVAILABLE'] },
    });
    expect(found.total).toBe(1);
    expect(found.data.map((v) => v.code)).toEqual(['TEA-001']);
    const one = await p.dataProvider.getOne('coupons', { id: created.data.id });
    expect(one.data.title).toBe('Free tea');
  });

  it('validation: missing required fields, a bad choice and an unknown field are code 2 with each field', async () => {
    fresh();
    const p = await signedIn('merchant');
    const e = await caught(
      p.dataProvider.create('coupons', { data: { code: 'X', value: -1, state: 'LOST', colour: 'red' } }),
    );
    expect(e.code).toBe(2);
    expect(e.data).toEqual(
      expect.arrayContaining([
        { field: 'colour', message: 'is not a field of this resource' },
        { field: 'title', message: 'must not be blank' },
        { field: 'value', message: 'must be at least 0' },
        { field: 'state', message: 'must be one of AVAILABLE, REDEEMED, EXPIRED' },
        { field: 'validFrom', message: 'must not be blank' },
      ]),
    );
  });

  it('a duplicate unique code is ALREADY_EXISTS', async () => {
    fresh();
    const p = await signedIn('merchant');
    await p.dataProvider.create('coupons', { data: VOUCHER });
    const e = await caught(p.dataProvider.create('coupons', { data: VOUCHER }));
    expect([e.name, e.status, e.data]).toEqual([
      'ALREADY_EXISTS',
      409,
      [{ field: 'code', message: 'already exists' }],
    ]);
  });

  it('update changes the given fields; delete removes the row', async () => {
    fresh();
    const p = await signedIn('merchant');
    const { data } = await p.dataProvider.create('coupons', { data: VOUCHER });
    const updated = await p.dataProvider.update('coupons', {
      id: data.id,
      data: { title: 'Two teas' },
      previousData: data,
    });
    expect(updated.data).toMatchObject({ title: 'Two teas', code: 'TEA-001' });
    await p.dataProvider.delete('coupons', { id: data.id, previousData: data });
    const gone = await caught(p.dataProvider.getOne('coupons', { id: data.id }));
    expect([gone.name, gone.status]).toEqual(['NOT_FOUND', 404]);
  });

  it('the redeem action moves AVAILABLE to REDEEMED once and stamps redeemedAt', async () => {
    fresh();
    const p = await signedIn('merchant');
    const { data } = await p.dataProvider.create('coupons', { data: VOUCHER });
    const res = await p.httpClient<{ state: string; redeemedAt: string }>(`/coupons/${data.id}/redeem`, {
      method: 'POST',
    });
    expect(res.data.state).toBe('REDEEMED');
    expect(Number.isNaN(Date.parse(res.data.redeemedAt))).toBe(false);
    const again = await caught(p.httpClient(`/coupons/${data.id}/redeem`, { method: 'POST' }));
    expect(again.status).toBe(409);
    expect(again.data).toEqual([{ field: 'state', message: 'must be one of AVAILABLE' }]);
  });

  it('the operator-only bulk expire is refused to a merchant and applied by an operator', async () => {
    fresh();
    const merchant = await signedIn('merchant');
    const a = await merchant.dataProvider.create('coupons', { data: VOUCHER });
    const b = await merchant.dataProvider.create('coupons', { data: { ...VOUCHER, code: 'B' } });
    const refused = await caught(
      merchant.httpClient('/coupons/actions/expire', {
        method: 'POST',
        body: { ids: [a.data.id, b.data.id] },
      }),
    );
    expect(refused.name).toBe('ACCESS_DENIED');
    const operator = await signedIn('operator');
    const res = await operator.httpClient<{ state: string }[]>('/coupons/actions/expire', {
      method: 'POST',
      body: { ids: [a.data.id, b.data.id] },
    });
    expect(res.data.map((v) => v.state)).toEqual(['EXPIRED', 'EXPIRED']);
  });

  it('rows of another company are invisible to a merchant; the restricted merchant may not add', async () => {
    fresh();
    db.resourceRows.coupons = [
      {
        id: 900,
        companyId: 2,
        brandId: 5,
        ...VOUCHER,
        code: 'OTHER',
        state: 'AVAILABLE',
        createTime: '2026-01-01T00:00:00Z',
      },
    ];
    const p = await signedIn('merchant');
    const list = await p.dataProvider.getList('coupons', { pagination: { page: 1, perPage: 10 } });
    expect(list.total).toBe(0);
    const hidden = await caught(p.dataProvider.getOne('coupons', { id: 900 }));
    expect(hidden.status).toBe(404);
    const restricted = await signedIn('restricted');
    const denied = await caught(restricted.dataProvider.create('coupons', { data: VOUCHER }));
    expect(denied.name).toBe('ACCESS_DENIED');
    const operator = await signedIn('operator');
    expect(
      (await operator.dataProvider.getList('coupons', { pagination: { page: 1, perPage: 10 } })).total,
    ).toBe(1);
  });

  it('by default the whole registry is served, so any declared list answers an envelope', async () => {
    db = createMockDb();
    server.use(...createHandlers(db));
    const p = await signedIn('operator');
    const res = await p.httpClient('/companies', { query: { page: 0, size: 5 } });
    expect(res.page).toEqual({ number: 0, size: 5, totalElements: 0, totalPages: 0 });
    const users = await p.httpClient<unknown[]>('/user', { query: { page: 0, size: 50 } });
    expect(users.data.length).toBeGreaterThan(3);
  });
});
