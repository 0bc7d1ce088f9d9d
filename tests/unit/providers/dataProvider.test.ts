import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../resources';
import { createDataProvider, endpointsFromDeclarations } from '../../../src/providers/dataProvider';
import { createHttpClient } from '../../../src/providers/httpClient';
import { envelope, queryOf, type Responder, recordingFetch } from './helpers';

const BASES = { main: 'https://api.test/m', payment: 'https://api.test/p', auth: 'https://api.test/a' };

/** An HTTP client on a fetch that records its calls, signed in with `token`, in Singapore. */
const recordingClient = (responder: Responder, token: string) => {
  const rec = recordingFetch(responder);
  const http = createHttpClient({
    fetch: rec.fetch,
    baseUrls: BASES,
    getAccessToken: () => token,
    getCountry: () => 'sg',
  });
  return { http, calls: rec.calls };
};

const setup = (responder: Responder = () => envelope([])) => {
  const { http, calls } = recordingClient(responder, 'tok');
  const dp = createDataProvider(http, {
    paths: {
      users: { service: 'main', path: '/user', searchable: ['name', 'email', 'mobile'] },
      payments: { service: 'payment', path: '/payment-history' },
    },
  });
  return { dp, calls };
};

describe('data provider getList', () => {
  it('translates paging, sort, q search and filters to the contract parameters', async () => {
    const rows = [{ id: 1, name: 'Jo' }];
    const { dp, calls } = setup(() =>
      envelope(rows, { page: { number: 2, size: 10, totalPages: 5, totalElements: 41 } }),
    );
    const res = await dp.getList('users', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: {
        q: ' jo ',
        state: ['ENABLE', 'LOCK'],
        type: 'MERCHANT',
        companyId: 4,
        createTime_gte: '2026-01-01T00:00:00Z',
        createTime_lte: '2026-02-01T00:00:00Z',
        name_regex: '^J',
        empty: '',
      },
      meta: { project: ['name', 'email'] },
    });
    const call = calls[0];
    expect(call?.url.startsWith('https://api.test/m/user?')).toBe(true);
    expect(call?.headers.authorization).toBe('Bearer tok');
    expect(call?.headers['x-no-count']).toBeUndefined();
    const q = queryOf(call?.url ?? '');
    expect(q.page).toBe('2');
    expect(q.size).toBe('10');
    expect(q.sort).toBe('createTime,desc');
    expect(JSON.parse(String(q.project))).toEqual(['name', 'email']);
    expect(JSON.parse(String(q.search))).toEqual({ name: 'jo', email: 'jo', mobile: 'jo' });
    expect(JSON.parse(String(q.filter))).toEqual([
      { field: 'state', op: 'in', value: ['ENABLE', 'LOCK'] },
      { field: 'type', op: 'eq', value: 'MERCHANT' },
      { field: 'companyId', op: 'eq', value: 4 },
      { field: 'createTime', op: 'gte', value: '2026-01-01T00:00:00Z' },
      { field: 'createTime', op: 'lte', value: '2026-02-01T00:00:00Z' },
      { field: 'name', op: 'regex', value: '^J' },
    ]);
    expect(res).toEqual({ data: rows, total: 41 });
  });

  it('sends only page and size when nothing else is asked, and ignores q without searchable fields', async () => {
    const { dp, calls } = setup(() =>
      envelope([], { page: { number: 0, size: 20, totalPages: 0, totalElements: 0 } }),
    );
    const res = await dp.getList('payments', { pagination: { page: 1, perPage: 20 }, filter: { q: 'x' } });
    expect(calls[0]?.url).toBe('https://api.test/p/payment-history?page=0&size=20');
    expect(res.total).toBe(0);
  });

  it('an unknown resource lives at /<name> on the main service', async () => {
    const { dp, calls } = setup(() => envelope([]));
    await dp.getList('device', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' } });
    expect(calls[0]?.url).toBe('https://api.test/m/device?page=0&size=5&sort=id%2Casc');
  });

  it('under no-count sends X-No-Count and answers pageInfo instead of total', async () => {
    const { dp, calls } = setup(() => envelope([{ id: 1 }, { id: 2 }], { page: { number: 1, size: 2 } }));
    const res = await dp.getList('users', { pagination: { page: 2, perPage: 2 }, meta: { noCount: true } });
    expect(calls[0]?.headers['x-no-count']).toBe('true');
    expect(res.total).toBeUndefined();
    expect(res.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
  });

  it('the next page of the same list goes on from the cursor the last page answered', async () => {
    const { dp, calls } = setup((call) => {
      const page = Number(queryOf(call.url).page);
      return envelope([{ id: 10 - page * 2 }, { id: 9 - page * 2 }], {
        page: { number: page, size: 2, totalPages: 3, totalElements: 6, cursor: `after-page-${page}` },
      });
    });
    const sort = { field: 'createTime', order: 'DESC' } as const;
    await dp.getList('users', { pagination: { page: 1, perPage: 2 }, sort, filter: { type: 'MERCHANT' } });
    await dp.getList('users', { pagination: { page: 2, perPage: 2 }, sort, filter: { type: 'MERCHANT' } });
    // another filter is another list: its page 2 has no cursor to go on from
    await dp.getList('users', { pagination: { page: 2, perPage: 2 }, sort, filter: { type: 'OPERATOR' } });
    expect(calls.map((c) => [queryOf(c.url).page, queryOf(c.url).cursor])).toEqual([
      ['0', undefined],
      ['1', 'after-page-0'],
      ['1', undefined],
    ]);
  });

  it("an estimated total (an operator's whole huge table) pages by next, not as a count", async () => {
    const { dp } = setup(() =>
      envelope([{ id: 1 }, { id: 2 }], {
        page: { number: 0, size: 2, totalPages: 500_003, totalElements: 1_000_005, totalEstimated: true },
      }),
    );
    const res = await dp.getList('users', { pagination: { page: 1, perPage: 2 } });
    expect(res.total).toBeUndefined();
    expect(res.pageInfo).toEqual({ hasPreviousPage: false, hasNextPage: true });
  });
});

describe('data provider single-record and write methods', () => {
  it('getOne GETs /<path>/<id>', async () => {
    const { dp, calls } = setup(() => envelope({ id: 5, name: 'E' }));
    const res = await dp.getOne('users', { id: 5 });
    expect(calls[0]?.url).toBe('https://api.test/m/user/5');
    expect(calls[0]?.method).toBe('GET');
    expect(res.data).toEqual({ id: 5, name: 'E' });
  });

  it('getMany asks for the ids with an in filter, without a count', async () => {
    const { dp, calls } = setup(() => envelope([{ id: 1 }, { id: 3 }], { page: { number: 0, size: 2 } }));
    const res = await dp.getMany('users', { ids: [1, 3] });
    const q = queryOf(calls[0]?.url ?? '');
    expect(q.page).toBe('0');
    expect(q.size).toBe('2');
    expect(JSON.parse(String(q.filter))).toEqual([{ field: 'id', op: 'in', value: [1, 3] }]);
    expect(calls[0]?.headers['x-no-count']).toBe('true');
    expect(res.data).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('getManyReference adds the target as an eq filter', async () => {
    const { dp, calls } = setup(() =>
      envelope([], { page: { number: 0, size: 25, totalElements: 0, totalPages: 0 } }),
    );
    await dp.getManyReference('users', {
      target: 'companyId',
      id: 9,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { state: 'ENABLE' },
    });
    const q = queryOf(calls[0]?.url ?? '');
    expect(q.sort).toBe('name,asc');
    expect(JSON.parse(String(q.filter))).toEqual([
      { field: 'state', op: 'eq', value: 'ENABLE' },
      { field: 'companyId', op: 'eq', value: 9 },
    ]);
  });

  it('create POSTs the record to the collection', async () => {
    const { dp, calls } = setup(() => envelope({ id: 11, country: 'my' }));
    const res = await dp.create('config/main', { data: { country: 'my' } });
    expect(calls[0]?.url).toBe('https://api.test/m/config/main');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toBe('{"country":"my"}');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(res.data).toEqual({ id: 11, country: 'my' });
  });

  it('update PUTs to /<path>/<id> and falls back to the merged record when the server answers null', async () => {
    const { dp, calls } = setup(() => envelope(null));
    const res = await dp.update('users', {
      id: 2,
      data: { name: 'New' },
      previousData: { id: 2, name: 'Old', x: 1 },
    });
    expect(calls[0]?.url).toBe('https://api.test/m/user/2');
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.body).toBe('{"name":"New"}');
    expect(res.data).toEqual({ id: 2, name: 'New', x: 1 });
  });

  it('updateMany PUTs each id', async () => {
    const { dp, calls } = setup(() => envelope({}));
    const res = await dp.updateMany('users', { ids: [1, 2], data: { state: 'LOCK' } });
    expect(calls.map((c) => `${c.method} ${c.url} ${c.body}`).sort()).toEqual([
      'PUT https://api.test/m/user/1 {"state":"LOCK"}',
      'PUT https://api.test/m/user/2 {"state":"LOCK"}',
    ]);
    expect(res.data).toEqual([1, 2]);
  });

  it('delete DELETEs /<path>/<id> and deleteMany each id', async () => {
    const { dp, calls } = setup(() => envelope(null));
    const one = await dp.delete('users', { id: 4, previousData: { id: 4, name: 'D' } });
    const many = await dp.deleteMany('users', { ids: [5, 'a b'] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE https://api.test/m/user/4',
      'DELETE https://api.test/m/user/5',
      'DELETE https://api.test/m/user/a%20b',
    ]);
    expect(one.data).toEqual({ id: 4, name: 'D' });
    expect(many.data).toEqual([5, 'a b']);
  });

  it('a failed call rejects with the ApiError of the envelope', async () => {
    const { dp } = setup(
      () =>
        new Response(
          JSON.stringify({
            type: 'CR',
            code: 26231,
            name: 'USER_NOT_FOUND',
            message: 'User not found',
            data: null,
          }),
          { status: 404 },
        ),
    );
    await expect(dp.getOne('users', { id: 404 })).rejects.toMatchObject({
      name: 'USER_NOT_FOUND',
      code: 26231,
      status: 404,
    });
  });
});

describe('endpoints from resource declarations', () => {
  it('takes path, service (default main) and the searchable fields', async () => {
    const paths = endpointsFromDeclarations([
      { name: 'vouchers', path: '/vouchers', fields: [{ name: 'name', search: true }, { name: 'price' }] },
      { name: 'wallet', path: '/wallet', service: 'payment', fields: [] },
    ]);
    expect(paths).toEqual({
      vouchers: {
        service: 'main',
        path: '/vouchers',
        searchable: ['name'],
        unwritable: ['id', 'createTime', 'updateTime'],
      },
      wallet: {
        service: 'payment',
        path: '/wallet',
        searchable: [],
        unwritable: ['id', 'createTime', 'updateTime'],
      },
    });
    const rec = recordingClient(
      () => envelope([], { page: { number: 0, size: 10, totalElements: 0, totalPages: 0 } }),
      't',
    );
    await createDataProvider(rec.http, { paths }).getList('vouchers', {
      pagination: { page: 1, perPage: 10 },
      filter: { q: 'tea' },
    });
    expect(queryOf(rec.calls[0]?.url ?? '').search).toBe('{"name":"tea"}');
    expect(rec.calls[0]?.url.startsWith('https://api.test/m/vouchers?')).toBe(true);
  });
});

describe('what a create or update of a declared resource sends', () => {
  const declared = (responder = () => envelope({ id: 1 })) => {
    const rec = recordingClient(responder, 't');
    return {
      dp: createDataProvider(rec.http, { paths: endpointsFromDeclarations(RESOURCES) }),
      calls: rec.calls,
    };
  };

  /** A voucher pack as react-admin holds it: the row the server answered, times and scope included. */
  const STORED = {
    id: 7,
    title: 'Free Kopi',
    price: 2,
    voucherValue: 4.5,
    quantity: 500,
    issuedCount: 4,
    validFrom: '2026-03-01',
    validUntil: '2026-03-31',
    giftable: true,
    state: 'ACTIVE',
    companyId: 1,
    brandId: 1,
    createTime: '2026-01-10T08:00:00.000Z',
    updateTime: '2026-01-10T08:00:00.000Z',
  };

  it('the unwritable fields of a derived table: id, times, read-only, stamped and operation-only ones', () => {
    const paths = endpointsFromDeclarations(RESOURCES);
    expect(paths.voucherPacks?.unwritable).toEqual([
      'id',
      'createTime',
      'updateTime',
      'issuedCount',
      'state',
    ]);
    // a hand-written table takes its own bodies: a user group's create names its (read-only) type
    expect(paths.userGroups?.unwritable).toEqual(['id', 'createTime', 'updateTime']);
    expect(paths.vouchers?.unwritable).toEqual(
      expect.arrayContaining(['code', 'title', 'voucherPackId', 'value', 'state', 'redeemedAt']),
    );
    expect(paths.vouchers?.unwritable).not.toContain('validUntil');
  });

  it('update sends the record without what the server owns or only operations move', async () => {
    const { dp, calls } = declared(() => envelope(null));
    await dp.update('voucherPacks', {
      id: 7,
      data: { ...STORED, title: 'Free Kopi Peng', price: 0, giftable: false },
      previousData: STORED,
    });
    expect(calls[0]?.url).toBe('https://api.test/m/voucher-packs/7');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      title: 'Free Kopi Peng',
      price: 0,
      voucherValue: 4.5,
      quantity: 500,
      validFrom: '2026-03-01',
      validUntil: '2026-03-31',
      giftable: false,
      companyId: 1,
      brandId: 1,
    });
  });

  it('create keeps a 0, an empty string, false and null: only the unwritable fields stay home', async () => {
    const { dp, calls } = declared();
    await dp.create('voucherPacks', {
      data: {
        id: 99,
        title: 'Free',
        description: '',
        image: null,
        price: 0,
        giftable: false,
        issuedCount: 3,
        state: 'DISABLED',
        companyId: 2,
        skipped: undefined,
      },
    });
    expect(calls[0]?.body).toBe(
      '{"title":"Free","description":"","image":null,"price":0,"giftable":false,"companyId":2}',
    );
  });

  it('updateMany leaves the unwritable fields out of each PUT', async () => {
    const { dp, calls } = declared(() => envelope({}));
    await dp.updateMany('voucherPacks', { ids: [1], data: { state: 'DISABLED', giftable: true } });
    expect(calls[0]?.body).toBe('{"giftable":true}');
  });

  it('declares every operation-only field of every resource unwritable', () => {
    const paths = endpointsFromDeclarations(RESOURCES);
    for (const decl of RESOURCES)
      for (const f of decl.fields)
        if ('operationOnly' in f && f.operationOnly) expect(paths[decl.name]?.unwritable).toContain(f.name);
  });
});
