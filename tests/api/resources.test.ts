// The derived API of representative tables: every list operator, sort, project, search, paging,
// no-count and the CSV export on vouchers (read generically, written only by their operations);
// CRUD, unique fields and deletes on push templates, references and server-owned fields on push,
// brand scoping on products, the declared transitions on devices; and the generic writes vouchers
// refuse.
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brand,
  devices,
  products,
  push,
  pushTemplates,
  users,
  vouchers,
} from '../../server/platform/db/schema';
import { apiSuite, MAIN, PASSWORD } from './fixtures';
import { APP_TIMEOUT, authHeader, createUser, expectError, login } from './helpers';

const VOUCHERS = `${MAIN}/vouchers`;
const TEMPLATES = `${MAIN}/push-templates`;
const PUSH = `${MAIN}/push`;
const PRODUCTS = `${MAIN}/products`;
const DEVICES = `${MAIN}/devices`;

const { t, tokens, call } = apiSuite();
const ids: Record<string, number> = {};

const dataOf = (res: LightMyRequestResponse) => {
  expect(res.json()).toMatchObject({ type: 'CR', code: 0 });
  return res.json().data;
};

const list = async (
  who: string,
  params: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) qs.append(k, one);
  return call(who, 'GET', `${VOUCHERS}?${qs}`, undefined, headers);
};

const codesOf = (res: LightMyRequestResponse): string[] =>
  (dataOf(res) as { code: string }[]).map((r) => r.code);

const signIn = async (key: string, email: string, extra: Parameters<typeof createUser>[1] = { email }) => {
  const row = await createUser(t.db, { ...extra, email, password: PASSWORD, signupState: 'APPROVAL' });
  ids[key] = row.id;
  const r = await login(t.app, email, PASSWORD);
  expect(r.response.json().code).toBe(0);
  tokens[key] = r.accessToken;
};

const productBody = (sku: string) => ({ name: 'Flat white', sku, price: 5.5, brandId: ids.brandA });

const deviceBy = async (serialNo: string) => {
  const [row] = await t.db.select().from(devices).where(eq(devices.serialNo, serialNo));
  if (!row) throw new Error(`no device ${serialNo}`);
  return row;
};

/** 24 vouchers of company A, brand A: V-000 … V-023, values 0, 5, 10 … 115, states cycling. */
const STATES = ['AVAILABLE', 'REDEEMED', 'EXPIRED'] as const;
const seeded = Array.from({ length: 24 }, (_, i) => ({
  code: `V-${String(i).padStart(3, '0')}`,
  title: i % 4 === 0 ? `Free Coffee ${i}` : `Cake slice ${i}`,
  value: i * 5,
  state: STATES[i % 3] as (typeof STATES)[number],
  validFrom: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  validUntil: '2026-12-31',
  memberMobile: `+65900000${String(i).padStart(2, '0')}`,
}));

beforeAll(async () => {
  await signIn('op', 'op@example.test', { email: 'op@example.test', type: 'OPERATOR' });
  for (const [key, name] of [
    ['companyA', 'Alpha Pte Ltd'],
    ['companyB', 'Beta Pte Ltd'],
  ] as const) {
    const res = await call('op', 'POST', `${MAIN}/companies`, {
      name,
      registrationNo: `REG-${key}`,
      contactEmail: `${key}@example.test`,
    });
    ids[key] = dataOf(res).id;
  }
  await signIn('a', 'owner-a@example.test', { email: 'owner-a@example.test', companyId: ids.companyA ?? 0 });
  await signIn('b', 'owner-b@example.test', { email: 'owner-b@example.test', companyId: ids.companyB ?? 0 });
  await signIn('clerk', 'clerk-a@example.test', {
    email: 'clerk-a@example.test',
    companyId: ids.companyA ?? 0,
  });
  await t.db
    .update(users)
    .set({ invitationType: 'MERCHANT_INVITE_MERCHANT' })
    .where(eq(users.id, ids.clerk ?? 0));
  await call('a', 'PATCH', `${MAIN}/user/${ids.clerk}/permissions`, {
    permissions: [
      { resource: 'vouchers', action: 'VIEW' },
      { resource: 'pushTemplates', action: 'VIEW' },
      { resource: 'device', action: 'VIEW' },
    ],
  });
  await signIn('solo', 'solo@example.test');

  // operators add brands directly; merchants ask for them (organisation service)
  ids.brandA = dataOf(
    await call('op', 'POST', `${MAIN}/brands`, { name: 'Alpha Coffee', companyId: ids.companyA }),
  ).id;
  ids.brandB = dataOf(
    await call('op', 'POST', `${MAIN}/brands`, { name: 'Beta Bakes', companyId: ids.companyB }),
  ).id;
  ids.packA = dataOf(
    await call('a', 'POST', `${MAIN}/voucher-packs`, {
      title: 'Coffee pack',
      price: 10,
      voucherValue: 5,
      quantity: 100,
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      brandId: ids.brandA,
    }),
  ).id;
  ids.packB = dataOf(
    await call('b', 'POST', `${MAIN}/voucher-packs`, {
      title: 'Bake pack',
      price: 10,
      voucherValue: 5,
      quantity: 100,
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      brandId: ids.brandB,
    }),
  ).id;
  await t.db.insert(vouchers).values(
    seeded.map((v) => ({
      ...v,
      companyId: ids.companyA ?? 0,
      brandId: ids.brandA ?? 0,
      voucherPackId: ids.packA ?? 0,
    })),
  );
  await t.db.insert(vouchers).values({
    code: 'B-001',
    title: 'Beta voucher',
    value: 7,
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    companyId: ids.companyB ?? 0,
    brandId: ids.brandB ?? 0,
  });
  ids.templateA = dataOf(
    await call('a', 'POST', TEMPLATES, { title: 'A-001', body: 'Alpha template', state: 'ACTIVE' }),
  ).id;
  ids.templateB = dataOf(
    await call('b', 'POST', TEMPLATES, { title: 'B-001', body: 'Beta template', state: 'ACTIVE' }),
  ).id;
  /** devices of company A: SN-A-000 … SN-A-011, every third from SN-A-001 DEREGISTERED, and one for the clerk */
  await t.db.insert(devices).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      serialNo: `SN-A-${String(i).padStart(3, '0')}`,
      state: i % 3 === 1 ? 'DEREGISTERED' : 'ACTIVE',
      lifecycle: 'ACTIVE',
      companyId: ids.companyA ?? 0,
    })),
    { serialNo: 'SN-A-CLERK', state: 'ACTIVE', lifecycle: 'ACTIVE', companyId: ids.companyA ?? 0 },
  ] as never);
}, APP_TIMEOUT);

describe('vouchers list', () => {
  it('answers the envelope with the page and the default sort (createTime desc, id tie-breaker)', async () => {
    const res = await list('a', { size: '5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().page).toEqual({
      number: 0,
      size: 5,
      totalPages: 5,
      totalElements: 24,
      cursor: expect.any(String),
    });
    // one insert gives every row the same createTime, so the id tie-breaker orders them
    expect(codesOf(res)).toEqual(['V-000', 'V-001', 'V-002', 'V-003', 'V-004']);
    expect(dataOf(res)[0]).toMatchObject({
      code: 'V-000',
      value: 0,
      state: 'AVAILABLE',
      validFrom: '2026-01-01',
      companyId: ids.companyA,
      brandId: ids.brandA,
      voucherPackId: ids.packA,
      redeemedAt: null,
    });
  });

  it('filters with eq', async () => {
    expect(
      codesOf(await list('a', { filter: JSON.stringify([{ field: 'code', op: 'eq', value: 'V-007' }]) })),
    ).toEqual(['V-007']);
  });

  it('filters with in', async () => {
    const res = await list('a', {
      size: '100',
      filter: JSON.stringify([{ field: 'state', op: 'in', value: ['REDEEMED', 'EXPIRED'] }]),
    });
    expect(codesOf(res)).toEqual(seeded.filter((v) => v.state !== 'AVAILABLE').map((v) => v.code));
  });

  it('filters with regex', async () => {
    const res = await list('a', {
      filter: JSON.stringify([{ field: 'code', op: 'regex', value: '^V-01[0-2]$' }]),
    });
    expect(codesOf(res)).toEqual(['V-010', 'V-011', 'V-012']);
  });

  it('filters with gte and lte on money and dates', async () => {
    const money = await list('a', {
      filter: JSON.stringify([
        { field: 'value', op: 'gte', value: 20 },
        { field: 'value', op: 'lte', value: 30 },
      ]),
    });
    expect(codesOf(money)).toEqual(['V-004', 'V-005', 'V-006']);
    const dates = await list('a', {
      filter: JSON.stringify([{ field: 'validFrom', op: 'gte', value: '2026-01-22' }]),
    });
    expect(codesOf(dates)).toEqual(['V-021', 'V-022', 'V-023']);
  });

  it('sorts in both directions', async () => {
    const asc = codesOf(await list('a', { sort: 'value,asc', size: '3' }));
    const desc = codesOf(await list('a', { sort: 'value,desc', size: '3' }));
    expect(asc).toEqual(['V-000', 'V-001', 'V-002']);
    expect(desc).toEqual(['V-023', 'V-022', 'V-021']);
    const twoKeys = dataOf(await list('a', { sort: ['state,desc', 'value,desc'], size: '2' }));
    expect(twoKeys.map((r: { code: string }) => r.code)).toEqual(['V-022', 'V-019']);
  });

  it('projects only the asked fields (and id)', async () => {
    const res = await list('a', { project: '["code","state"]', size: '1' });
    expect(Object.keys(dataOf(res)[0]).sort()).toEqual(['code', 'id', 'state']);
  });

  it('searches the searchable fields, case-insensitively', async () => {
    const res = await list('a', { search: '{"title":"COFFEE"}', size: '100' });
    expect(codesOf(res)).toEqual(['V-000', 'V-004', 'V-008', 'V-012', 'V-016', 'V-020']);
  });

  it('pages without overlap and counts', async () => {
    const p0 = await list('a', { size: '10', sort: 'code,asc' });
    const p2 = await list('a', { size: '10', page: '2', sort: 'code,asc' });
    expect(codesOf(p0)).toEqual(seeded.slice(0, 10).map((v) => v.code));
    expect(codesOf(p2)).toEqual(seeded.slice(20).map((v) => v.code));
    expect(p2.json().page).toEqual({ number: 2, size: 10, totalPages: 3, totalElements: 24 });
  });

  it('leaves the totals out under X-No-Count', async () => {
    const res = await list('a', { size: '5', page: '1' }, { 'x-no-count': 'true' });
    expect(res.json().page).toEqual({ number: 1, size: 5, cursor: expect.any(String) });
    expect(codesOf(res)).toHaveLength(5);
  });

  it('shows a merchant only their company, whatever the filter names', async () => {
    const all = await list('a', { size: '100' });
    expect(codesOf(all)).not.toContain('B-001');
    const named = await list('a', {
      filter: JSON.stringify([{ field: 'companyId', op: 'eq', value: ids.companyB }]),
    });
    expect(dataOf(named)).toEqual([]);
    const op = await list('op', { filter: JSON.stringify([{ field: 'code', op: 'eq', value: 'B-001' }]) });
    expect(codesOf(op)).toEqual(['B-001']);
  });

  it('gives a merchant without a company an empty list', async () => {
    const res = await list('solo', {});
    expect(dataOf(res)).toEqual([]);
  });
});

describe('vouchers list: bad input', () => {
  const bad: [string, Record<string, string>, number][] = [
    ['unknown filter field', { filter: '[{"field":"secret","op":"eq","value":1}]' }, 2],
    ['undeclared operator', { filter: '[{"field":"code","op":"in","value":["V-001"]}]' }, 2],
    ['undeclared filter on a declared field', { filter: '[{"field":"title","op":"eq","value":"x"}]' }, 2],
    ['unsortable field', { sort: 'memberMobile,asc' }, 2],
    ['unknown project field', { project: '["code","passwordHash"]' }, 2],
    ['unsearchable field', { search: '{"state":"AVA"}' }, 2],
    ['bad JSON', { filter: '[{"field":' }, 3],
    ['bad JSON in project', { project: 'code' }, 3],
    [
      'nested quantifier (a+)+$',
      { filter: JSON.stringify([{ field: 'code', op: 'regex', value: '(a+)+$' }]) },
      2,
    ],
    [
      'huge bound (.*){1,1000}',
      { filter: JSON.stringify([{ field: 'code', op: 'regex', value: '(.*){1,1000}' }]) },
      2,
    ],
    ['back-reference', { filter: JSON.stringify([{ field: 'code', op: 'regex', value: '(a)\\1' }]) }, 2],
    ['lookahead', { filter: JSON.stringify([{ field: 'code', op: 'regex', value: '(?=a)' }]) }, 2],
    ['size over the limit', { size: '5000' }, 2],
  ];
  for (const [name, params, code] of bad) {
    it(`refuses ${name} with code ${code}`, async () => {
      expectError(await list('a', params), 400, code);
    });
  }

  it('names the offending parameter', async () => {
    const res = await list('a', { filter: '[{"field":"code","op":"gte","value":"x"}]' });
    expect(res.json().data).toEqual([{ field: 'filter[0].op', message: 'code cannot be filtered with gte' }]);
  });
});

describe('vouchers CSV export', () => {
  it('streams every filtered row with a header, not one page', async () => {
    const many = Array.from({ length: 1100 }, (_, i) => ({
      code: `BULK-${String(i).padStart(4, '0')}`,
      title: i === 0 ? 'Title, with "quotes"' : 'Bulk',
      value: 1,
      validFrom: '2026-02-01',
      validUntil: '2026-12-31',
      companyId: ids.companyA ?? 0,
      brandId: ids.brandA ?? 0,
    }));
    await t.db.insert(vouchers).values(many);
    const res = await call(
      'a',
      'GET',
      `${VOUCHERS}/export?size=5&project=${encodeURIComponent('["code","title","value"]')}&filter=${encodeURIComponent(
        '[{"field":"code","op":"regex","value":"^BULK-"}]',
      )}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vouchers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe('id,code,title,value');
    expect(lines).toHaveLength(1101);
    expect(lines[1]).toMatch(/^\d+,BULK-0000,"Title, with ""quotes""",1$/);
    expect(lines[1100]).toMatch(/^\d+,BULK-1099,Bulk,1$/);
    const sorted = await call(
      'a',
      'GET',
      `${VOUCHERS}/export?sort=code,desc&project=${encodeURIComponent('["code"]')}&filter=${encodeURIComponent(
        '[{"field":"code","op":"regex","value":"^BULK-"}]',
      )}`,
    );
    const codes = sorted.body
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[1]);
    expect(codes).toHaveLength(1100);
    expect(codes).toEqual([...codes].sort().reverse());
    expect(new Set(codes).size).toBe(1100);
    await t.db.delete(vouchers).where(
      inArray(
        vouchers.code,
        many.map((m) => m.code),
      ),
    );
  });

  it('exports only the caller’s company and every field by default', async () => {
    const res = await call('b', 'GET', `${VOUCHERS}/export`);
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,companyId,brandId,code,title,voucherPackId,memberMobile,issuedToMobile,value,state,validFrom,validUntil,giftable,redeemedStoreId,redeemedAt,createTime,updateTime,currency',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',B-001,Beta voucher,');
    // the amount's currency, the company's (docs/api.md)
    expect(lines[1]).toMatch(/,[A-Z]{3}$/);
  });

  it('refuses a bad filter with the envelope, not a broken file', async () => {
    const res = await call(
      'a',
      'GET',
      `${VOUCHERS}/export?filter=${encodeURIComponent('[{"field":"nope","op":"eq","value":1}]')}`,
    );
    expectError(res, 400, 2);
  });
});

// Vouchers move through their operations (server/domains/vouchers/vouchers.routes.ts): the generic writes of CRUD,
// unique codes, references, deletes and transitions are proven on declared tables that still have them.

describe('push templates CRUD', () => {
  const body = (title: string) => ({ title, body: 'Come in for a coffee', state: 'ACTIVE' });

  it('creates in the merchant’s company whatever the body says, and reads it back', async () => {
    const res = await call('a', 'POST', TEMPLATES, { ...body('NEW-1'), companyId: ids.companyB });
    const created = dataOf(res);
    expect(created).toMatchObject({
      title: 'NEW-1',
      body: 'Come in for a coffee',
      state: 'ACTIVE',
      companyId: ids.companyA,
    });
    const [row] = await t.db.select().from(pushTemplates).where(eq(pushTemplates.id, created.id));
    expect(row?.companyId).toBe(ids.companyA);
    expect(dataOf(await call('a', 'GET', `${TEMPLATES}/${created.id}`)).title).toBe('NEW-1');
  });

  it('validates the body: required, unknown and out-of-range fields are code 2 with the field', async () => {
    const { title: _t, ...noTitle } = body('NEW-2');
    const missing = await call('a', 'POST', TEMPLATES, noTitle);
    expectError(missing, 400, 2);
    expect(missing.json().data).toEqual([
      { field: 'title', message: 'Required', key: 'validation.required' },
    ]);
    const extra = await call('a', 'POST', TEMPLATES, { ...body('NEW-2'), secret: 1 });
    expectError(extra, 400, 2);
    expect(extra.json().data).toEqual([
      { field: 'secret', message: 'This field cannot be sent here', key: 'validation.not_allowed' },
    ]);
    const state = await call('a', 'POST', TEMPLATES, { ...body('NEW-2'), state: 'LOST' });
    expectError(state, 400, 2);
    expect(state.json().data[0].field).toBe('state');
    // past the declared max length (title: 65)
    const long = await call('a', 'POST', TEMPLATES, body('x'.repeat(66)));
    expectError(long, 400, 2);
    // in plain words, with the key and params a client translates (contract/validation.ts)
    expect(long.json().data).toEqual([
      {
        field: 'title',
        message: 'Enter at most 65 characters',
        key: 'validation.max_length',
        params: { max: 65 },
      },
    ]);
    // a number out of its range (products: price 0 … 100000, stamps earned 0 … 10)
    const price = await call('a', 'POST', PRODUCTS, { ...productBody('RANGE-1'), price: -1 });
    expectError(price, 400, 2);
    expect(price.json().data).toEqual([
      { field: 'price', message: 'Enter 0 or more', key: 'validation.min_value', params: { min: 0 } },
    ]);
    const stamps = await call('a', 'POST', PRODUCTS, { ...productBody('RANGE-1'), stampsEarned: 11 });
    expectError(stamps, 400, 2);
    expect(stamps.json().data[0].field).toBe('stampsEarned');
    const bodyJson = await t.app.inject({
      method: 'POST',
      url: TEMPLATES,
      headers: { ...authHeader(tokens.a ?? ''), 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expectError(bodyJson, 400, 3);
    const made = await t.db.select().from(pushTemplates).where(eq(pushTemplates.title, 'NEW-2'));
    expect(made).toEqual([]);
  });

  it('answers 409 ALREADY_EXISTS on a duplicate unique field within the company, with the field', async () => {
    dataOf(await call('a', 'POST', TEMPLATES, body('DUP-1')));
    const res = await call('a', 'POST', TEMPLATES, body('DUP-1'));
    expectError(res, 409, 9);
    expect(res.json().data).toEqual([{ field: 'title', message: 'already exists' }]);
    // another company may use the same title
    const other = await call('b', 'POST', TEMPLATES, body('DUP-1'));
    expect(dataOf(other).companyId).toBe(ids.companyB);
  });

  it('needs a company from an operator creating a scoped row', async () => {
    const res = await call('op', 'POST', TEMPLATES, body('OP-1'));
    expectError(res, 400, 2);
    expect(res.json().data).toEqual([
      { field: 'companyId', message: 'Required', key: 'validation.required' },
    ]);
    const ok = await call('op', 'POST', TEMPLATES, { ...body('OP-1'), companyId: ids.companyA });
    expect(dataOf(ok).companyId).toBe(ids.companyA);
  });

  it('updates many and deletes one and many, within the caller’s company only', async () => {
    const a1 = dataOf(await call('a', 'POST', TEMPLATES, body('DEL-1'))).id;
    const a2 = dataOf(await call('a', 'POST', TEMPLATES, body('DEL-2'))).id;
    const a3 = dataOf(await call('a', 'POST', TEMPLATES, body('DEL-3'))).id;
    const bId = ids.templateB ?? 0;
    const patched = await call('a', 'PATCH', TEMPLATES, {
      ids: [a1, a2, bId],
      data: { body: 'Patched' },
    });
    expect(dataOf(patched).sort()).toEqual([a1, a2].sort());
    const rows = await t.db
      .select()
      .from(pushTemplates)
      .where(inArray(pushTemplates.id, [a1, a2, bId]));
    expect(rows.map((r) => r.body).sort()).toEqual(['Beta template', 'Patched', 'Patched']);

    expect(dataOf(await call('a', 'DELETE', `${TEMPLATES}/${a1}`)).id).toBe(a1);
    expectError(await call('a', 'GET', `${TEMPLATES}/${a1}`), 404, 5);
    const many = await call(
      'a',
      'DELETE',
      `${TEMPLATES}?ids=${encodeURIComponent(JSON.stringify([a2, a3, bId]))}`,
    );
    expect(dataOf(many).sort()).toEqual([a2, a3].sort());
    const left = await t.db
      .select()
      .from(pushTemplates)
      .where(inArray(pushTemplates.id, [a1, a2, a3, bId]));
    expect(left.map((r) => r.title)).toEqual(['B-001']);
    expectError(await call('a', 'DELETE', `${TEMPLATES}?ids=${encodeURIComponent('[1,')}`), 400, 3);
    expectError(await call('a', 'DELETE', `${TEMPLATES}?ids=${encodeURIComponent('["x"]')}`), 400, 2);
  });

  it('answers 404 for another company’s id and for a missing one alike', async () => {
    const [bRow] = await t.db
      .select()
      .from(pushTemplates)
      .where(eq(pushTemplates.id, ids.templateB ?? 0));
    expect(bRow?.title).toBe('B-001');
    expectError(await call('a', 'GET', `${TEMPLATES}/${bRow?.id}`), 404, 5);
    expectError(await call('a', 'GET', `${TEMPLATES}/999999`), 404, 5);
    expectError(await call('a', 'PUT', `${TEMPLATES}/${bRow?.id}`, { title: 'Mine now' }), 404, 5);
    expectError(await call('a', 'DELETE', `${TEMPLATES}/${bRow?.id}`), 404, 5);
    const [after] = await t.db
      .select()
      .from(pushTemplates)
      .where(eq(pushTemplates.id, ids.templateB ?? 0));
    expect(after).toEqual(bRow);
  });

  it('lets permissions narrow a merchant: a clerk with VIEW only cannot create, update, delete or transition', async () => {
    expect(dataOf(await call('clerk', 'GET', `${TEMPLATES}?size=1`))).toHaveLength(1);
    expectError(await call('clerk', 'POST', TEMPLATES, body('CLERK-1')), 403, 26237);
    const [row] = await t.db.select().from(pushTemplates).where(eq(pushTemplates.title, 'A-001'));
    expectError(await call('clerk', 'PUT', `${TEMPLATES}/${row?.id}`, { title: 'x' }), 403, 26237);
    expectError(await call('clerk', 'DELETE', `${TEMPLATES}/${row?.id}`), 403, 26237);
    const device = await deviceBy('SN-A-CLERK');
    expectError(await call('clerk', 'POST', `${DEVICES}/${device.id}/deregister`), 403, 26237);
    expect((await deviceBy('SN-A-CLERK')).state).toBe('ACTIVE');
    const [after] = await t.db.select().from(pushTemplates).where(eq(pushTemplates.title, 'A-001'));
    expect(after).toEqual(row);
  });

  it('refuses a merchant without a company on create with 26420', async () => {
    expectError(await call('solo', 'POST', TEMPLATES, body('SOLO-1')), 409, 26420);
  });
});

describe('push: references and server-owned fields', () => {
  const body = (title: string, templateId = ids.templateA) => ({
    templateId,
    title,
    body: 'Two for one today',
    audience: 'ALL_MEMBERS',
    scheduledAt: '2026-12-01T09:00:00.000Z',
  });

  it('refuses a reference that coerces to Infinity ("1e400", "Infinity") as code 2 on the field', async () => {
    for (const templateId of ['1e400', 'Infinity']) {
      const res = await call('op', 'POST', PUSH, { ...body('NEW-INF'), templateId, companyId: ids.companyA });
      expectError(res, 400, 2);
      expect(res.json().data).toEqual([expect.objectContaining({ field: 'templateId' })]);
    }
    expect(await t.db.select().from(push).where(eq(push.title, 'NEW-INF'))).toEqual([]);
  });

  it('refuses a reference to a missing row or to another company’s row as code 2 on the field', async () => {
    const missing = await call('op', 'POST', PUSH, {
      ...body('NEW-3', 999_999),
      companyId: ids.companyA,
    });
    expectError(missing, 400, 2);
    expect(missing.json().data).toEqual([{ field: 'templateId', message: 'does not exist' }]);
    const foreign = await call('a', 'POST', PUSH, body('NEW-3', ids.templateB));
    expectError(foreign, 400, 2);
    expect(foreign.json().data).toEqual([{ field: 'templateId', message: 'does not exist' }]);
    const made = await t.db.select().from(push).where(eq(push.title, 'NEW-3'));
    expect(made).toEqual([]);
  });

  it('updates a row partially, ignoring the server-owned fields react-admin sends back', async () => {
    const created = dataOf(await call('a', 'POST', PUSH, body('UPD-1')));
    expect(created).toMatchObject({ state: 'PENDING', sentAt: null, sentCount: 0 });
    const res = await call('a', 'PUT', `${PUSH}/${created.id}`, {
      ...created,
      title: 'Renamed',
      sentAt: '2030-01-01T00:00:00Z',
      sentCount: 99,
      companyId: ids.companyB,
    });
    expect(dataOf(res)).toMatchObject({
      id: created.id,
      title: 'Renamed',
      state: 'PENDING',
      sentAt: null,
      sentCount: 0,
      companyId: ids.companyA,
    });
    const [row] = await t.db.select().from(push).where(eq(push.id, created.id));
    expect(row).toMatchObject({
      title: 'Renamed',
      state: 'PENDING',
      sentAt: null,
      sentCount: 0,
      companyId: ids.companyA,
    });
    const cleared = await call('a', 'PUT', `${PUSH}/${created.id}`, { title: null });
    expectError(cleared, 400, 2);
    // the state is the operations' (schedule, cancel, the sender): a write naming it is refused
    const forced = await call('a', 'PUT', `${PUSH}/${created.id}`, { state: 'COMPLETED' });
    expectError(forced, 400, 2);
  });

  it('answers 409 STILL_REFERENCED when a row others point at is deleted, and keeps it', async () => {
    const template = dataOf(
      await call('a', 'POST', TEMPLATES, { title: 'Referenced', body: 'In use', state: 'ACTIVE' }),
    );
    dataOf(await call('a', 'POST', PUSH, body('Uses it', template.id)));
    expectError(await call('a', 'DELETE', `${TEMPLATES}/${template.id}`), 409, 12);
    const [after] = await t.db.select().from(pushTemplates).where(eq(pushTemplates.id, template.id));
    expect(after?.id).toBe(template.id);
  });
});

describe('products: brand-scoped rows', () => {
  it('needs a brand from a company owner, and one of their own company', async () => {
    const { brandId: _b, ...noBrand } = productBody('BR-1');
    const missing = await call('a', 'POST', PRODUCTS, noBrand);
    expectError(missing, 400, 2);
    expect(missing.json().data).toEqual([
      { field: 'brandId', message: 'Required', key: 'validation.required' },
    ]);
    const foreignBrand = await call('a', 'POST', PRODUCTS, { ...productBody('BR-1'), brandId: ids.brandB });
    expectError(foreignBrand, 400, 2);
    expect(foreignBrand.json().data).toEqual([{ field: 'brandId', message: 'does not exist' }]);
    expect(await t.db.select().from(products).where(eq(products.sku, 'BR-1'))).toEqual([]);
    const made = dataOf(await call('a', 'POST', PRODUCTS, productBody('BR-1')));
    expect(made).toMatchObject({ sku: 'BR-1', companyId: ids.companyA, brandId: ids.brandA });
  });

  it('refuses a merchant moving a row to another company’s brand, changing nothing', async () => {
    const made = dataOf(await call('a', 'POST', PRODUCTS, productBody('BR-2')));
    const [before] = await t.db.select().from(products).where(eq(products.id, made.id));
    const res = await call('a', 'PUT', `${PRODUCTS}/${made.id}`, { brandId: ids.brandB });
    expectError(res, 400, 2);
    expect(res.json().data).toEqual([{ field: 'brandId', message: 'does not exist' }]);
    const [after] = await t.db.select().from(products).where(eq(products.id, made.id));
    expect(after).toEqual(before);
  });
});

describe('soft delete (brands)', () => {
  it('sets the declared value instead of deleting, hides the row from lists unless the filter asks for it', async () => {
    const made = dataOf(
      await call('op', 'POST', `${MAIN}/brands`, { name: 'Short-lived brand', companyId: ids.companyA }),
    );
    // operators delete brands (issue 24: its merchant gets 26237, tests/api/org-delete.test.ts)
    const res = await call('op', 'DELETE', `${MAIN}/brands/${made.id}`);
    expect(dataOf(res)).toMatchObject({ id: made.id, state: 'DELETE' });
    const [row] = await t.db.select().from(brand).where(eq(brand.id, made.id));
    expect(row?.state).toBe('DELETE');
    const names = (r: LightMyRequestResponse) => (dataOf(r) as { name: string }[]).map((b) => b.name);
    expect(names(await call('a', 'GET', `${MAIN}/brands?size=100`))).not.toContain('Short-lived brand');
    const deleted = await call(
      'a',
      'GET',
      `${MAIN}/brands?filter=${encodeURIComponent('[{"field":"state","op":"eq","value":"DELETE"}]')}`,
    );
    expect(names(deleted)).toEqual(['Short-lived brand']);
  });
});

describe('vouchers: no generic create, delete or state change', () => {
  const byCode = async (code: string) => {
    const [row] = await t.db.select().from(vouchers).where(eq(vouchers.code, code));
    if (!row) throw new Error(`no voucher ${code}`);
    return row;
  };
  const voucherBody = () => ({
    code: 'NEW-V',
    title: 'New voucher',
    value: 12.5,
    validFrom: '2026-03-01',
    validUntil: '2026-03-31',
    voucherPackId: ids.packA,
    brandId: ids.brandA,
  });

  it('refuses a generic create to merchants and operators alike (26237): vouchers are issued', async () => {
    expectError(await call('a', 'POST', VOUCHERS, voucherBody()), 403, 26237);
    expectError(
      await call('op', 'POST', VOUCHERS, { ...voucherBody(), companyId: ids.companyA }),
      403,
      26237,
    );
    expect(await t.db.select().from(vouchers).where(eq(vouchers.code, 'NEW-V'))).toEqual([]);
  });

  it('refuses a generic delete (26237), keeping the row', async () => {
    const v = await byCode('V-019');
    expectError(await call('a', 'DELETE', `${VOUCHERS}/${v.id}`), 403, 26237);
    expectError(await call('op', 'DELETE', `${VOUCHERS}?ids=${encodeURIComponent(`[${v.id}]`)}`), 403, 26237);
    expect(await byCode('V-019')).toEqual(v);
  });

  it('refuses a PUT changing the state (code 2 naming state), changing nothing', async () => {
    const v = await byCode('V-006');
    expect(v.state).toBe('AVAILABLE');
    const res = await call('a', 'PUT', `${VOUCHERS}/${v.id}`, { state: 'REDEEMED' });
    expectError(res, 400, 2);
    expect(res.json().data).toEqual([{ field: 'state', message: 'moves only through its operations' }]);
    const op = await call('op', 'PUT', `${VOUCHERS}/${v.id}`, { state: 'EXPIRED', value: 1 });
    expectError(op, 400, 2);
    expect((op.json().data as { field: string }[]).map((x) => x.field).sort()).toEqual(['state', 'value']);
    expect(await byCode('V-006')).toEqual(v);
  });

  it('lets a generic update move the validity dates only, the record echoed back unchanged', async () => {
    const v = await byCode('V-012');
    const shown = dataOf(await call('a', 'GET', `${VOUCHERS}/${v.id}`));
    const res = await call('a', 'PUT', `${VOUCHERS}/${v.id}`, { ...shown, validUntil: '2027-01-31' });
    expect(dataOf(res)).toMatchObject({ id: v.id, state: v.state, value: v.value, validUntil: '2027-01-31' });
    expect(await byCode('V-012')).toMatchObject({ state: v.state, code: v.code, validUntil: '2027-01-31' });
  });
});

describe('API docs', () => {
  it('documents the derived routes with their body schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        DEVICES,
        `${DEVICES}/export`,
        `${DEVICES}/{id}`,
        // the lifecycle moves through the device operations (server/domains/devices/devices.routes.ts), not actions
        `${DEVICES}/{id}/deregister`,
        `${DEVICES}/{id}/spoil`,
        VOUCHERS,
        `${VOUCHERS}/{id}`,
        `${VOUCHERS}/{id}/redeem`,
      ]),
    );
    // serialNo: maxLength 64
    expect(JSON.stringify(doc.paths[DEVICES]?.post?.requestBody)).toContain('"maxLength":64');
  });
});

describe('devices operations (the lifecycle has no generic actions)', () => {
  it('deregisters an active device', async () => {
    const d = await deviceBy('SN-A-003');
    expect(d.state).toBe('ACTIVE');
    const res = await call('a', 'POST', `${DEVICES}/${d.id}/deregister`);
    expect(dataOf(res)).toMatchObject({ id: d.id, state: 'DEREGISTERED', lifecycle: 'DEREGISTERED' });
    const after = await deviceBy('SN-A-003');
    expect(after.state).toBe('DEREGISTERED');
  });

  it('refuses a transition the current state does not allow with 409 code 11, changing nothing', async () => {
    const d = await deviceBy('SN-A-003');
    expect(d.lifecycle).toBe('DEREGISTERED');
    const res = await call('op', 'POST', `${DEVICES}/${d.id}/spoil`);
    expectError(res, 409, 11);
    expect(res.json().data).toEqual([
      { field: 'lifecycle', message: 'cannot spoil a device that is DEREGISTERED' },
    ]);
    expect(await deviceBy('SN-A-003')).toEqual(d);
  });

  it('keeps an operation to its roles and to the caller’s company', async () => {
    const d = await deviceBy('SN-A-006');
    expectError(await call('a', 'POST', `${DEVICES}/${d.id}/spoil`), 403, 26237);
    expectError(await call('b', 'POST', `${DEVICES}/${d.id}/deregister`), 404, 5);
    expectError(await call('a', 'POST', `${DEVICES}/${d.id}/unknown`), 404, 5);
    expect(await deviceBy('SN-A-006')).toEqual(d);
  });

  it('has no bulk transition: a bulk deregister moves nothing', async () => {
    const active = await deviceBy('SN-A-009');
    const res = await call('op', 'POST', `${DEVICES}/actions/deregister`, { ids: [active.id] });
    expect(res.json().code).not.toBe(0);
    expect(await deviceBy('SN-A-009')).toEqual(active);
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('bounds every statement of a request with statement_timeout', async () => {
    const res = await t.db.execute(sql`show statement_timeout`);
    expect((res as unknown as { rows: { statement_timeout: string }[] }).rows[0]?.statement_timeout).toBe(
      '5s',
    );
  });
});
