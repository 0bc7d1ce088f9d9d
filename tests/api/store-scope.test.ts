// `scope: 'store'` end to end through the generic engine. No shipped table is store-scoped, so this
// file declares one of its own (`storeNotes`), builds its table with the same builder as the shipped
// ones, creates it with the DDL drizzle-kit derives from that table, and serves it with the generic
// routes (resourceRoutesFor). Who reaches which rows: an operator every row; a company-wide owner
// their company's, picking the store; a brand-limited merchant their brand's stores'; a store-limited
// merchant their store's only, the store filled in for them; nobody another company's store.
import { eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../resources/types';
import { resourceRoutesFor } from '../../server/domains/tables/tables.routes';
import { buildDerivedTables } from '../../server/platform/db/derive-tables';
import { addedScopeColumns } from '../../server/platform/db/naming';
import { brand, company, store, users } from '../../server/platform/db/schema';
import { derivedTables } from '../../server/platform/db/schema/resources';
import { listSpecFor } from '../../server/resources/list-spec';
import { EXISTING_TABLES } from '../../server/resources/registry';
import { withDrizzleKit } from '../drizzle-kit';
import { addOrg, addStore, addUser, apiSuite, MAIN, type Org, PASSWORD, signIn } from './fixtures';
import { codeOf, createUser, dataOf } from './helpers';

/** A small store-scoped table: a note kept per store. */
const storeNotes = {
  name: 'storeNotes',
  path: '/store-notes',
  permission: 'product',
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator', 'merchant'],
    UPDATE: ['operator', 'merchant'],
    DELETE: ['operator', 'merchant'],
  },
  scope: 'store',
  recordRepresentation: 'title',
  defaultSort: { field: 'title', direction: 'asc' },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 80, filter: ['eq', 'in'], sortable: true },
    { name: 'body', type: 'text', maxLength: 300 },
  ],
} as const satisfies ResourceDeclaration;

const table = buildDerivedTables([storeNotes], { ...EXISTING_TABLES, ...derivedTables }).storeNotes;
if (!table) throw new Error('storeNotes: no table');
const resource = { decl: storeNotes, table, spec: listSpecFor(storeNotes, table) };

/** The table's DDL exactly as drizzle-kit would write its migration. */
const createTableStatements = (): Promise<string[]> =>
  withDrizzleKit(({ generateDrizzleJson, generateMigration }) => {
    const before = generateDrizzleJson({ company, brand, store }, undefined, undefined, 'snake_case');
    const after = generateDrizzleJson({ company, brand, store, table }, before.id, undefined, 'snake_case');
    return generateMigration(before, after);
  });

const { t, tokens, call } = apiSuite({
  setup: (app) => {
    app.register(resourceRoutesFor([resource]));
  },
});
const BASE = `${MAIN}/store-notes`;

let A: Org;
/** A second store of A's brand, and a store of A's second brand. */
let aStore2 = 0;
let aOtherBrand = 0;
let aOtherBrandStore = 0;
let B: Org;

/** A merchant of A (full permissions, as a company's own staff) limited as told. */
const addLimited = async (who: string, limits: { brandId?: number; storeId?: number }) => {
  const email = `${who}@example.test`;
  const row = await createUser(t.db, {
    email,
    password: PASSWORD,
    type: 'MERCHANT',
    signupState: 'APPROVAL',
    companyId: A.companyId,
    brandId: limits.brandId ?? null,
  });
  if (limits.storeId) await t.db.update(users).set({ storeId: limits.storeId }).where(eq(users.id, row.id));
  await signIn(t, tokens, who, email);
};

const ids = (res: { json: () => { data: { id: number }[] } }) =>
  res
    .json()
    .data.map((r) => r.id)
    .sort();

const rows: Record<string, number> = {};

beforeAll(async () => {
  for (const statement of await createTableStatements()) await t.db.execute(sql.raw(statement));
  A = await addOrg(t, 'Alpha');
  B = await addOrg(t, 'Beta');
  aStore2 = await addStore(t, A.companyId, A.brandId, 'Alpha Store 2');
  const [other] = await t.db
    .insert(brand)
    .values({ companyId: A.companyId, name: 'Alpha Other', state: 'ACTIVE' } as never)
    .returning();
  aOtherBrand = other?.id ?? 0;
  aOtherBrandStore = await addStore(t, A.companyId, aOtherBrand, 'Alpha Other Store');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: A.companyId });
  await addUser(t, tokens, 'bOwner', { type: 'MERCHANT', companyId: B.companyId });
  await addLimited('brandStaff', { brandId: A.brandId });
  await addLimited('storeStaff', { brandId: A.brandId, storeId: A.storeId });
});

describe('a store-scoped table', () => {
  it('has companyId and storeId columns (no brandId), each a foreign key, both in the list allow-list', () => {
    expect(addedScopeColumns(storeNotes)).toEqual(['companyId', 'storeId']);
    const config = getTableConfig(table);
    expect(config.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['company_id', 'store_id']));
    expect(config.columns.map((c) => c.name)).not.toContain('brand_id');
    expect(config.columns.find((c) => c.name === 'company_id')?.notNull).toBe(true);
    expect(config.foreignKeys.map((f) => f.getName()).sort()).toEqual([
      'store_notes_company_id_fk',
      'store_notes_store_id_fk',
    ]);
    expect(resource.spec.storeId?.filter).toEqual(['eq', 'in']);
  });

  it('fills a store-limited merchant’s company and store on create, whatever the body names', async () => {
    const mine = dataOf(await call('storeStaff', 'POST', BASE, { title: 'staff note' }));
    expect(mine).toMatchObject({ companyId: A.companyId, storeId: A.storeId });
    rows.staff = mine.id;
    // another store of the company, even named, is not theirs to write in: the row lands in theirs
    const named = dataOf(await call('storeStaff', 'POST', BASE, { title: 'staff note 2', storeId: aStore2 }));
    expect(named).toMatchObject({ storeId: A.storeId });
    rows.staff2 = named.id;
  });

  it('lets a company-wide merchant pick one of their stores, and requires one', async () => {
    const res = await call('owner', 'POST', BASE, { title: 'owner note', storeId: aStore2 });
    expect(dataOf(res)).toMatchObject({ companyId: A.companyId, storeId: aStore2 });
    rows.owner = res.json().data.id;
    const none = await call('owner', 'POST', BASE, { title: 'no store' });
    expect(codeOf(none)).toEqual({ status: 400, code: 2 });
    expect(none.json().data).toEqual([expect.objectContaining({ field: 'storeId' })]);
  });

  it('refuses a store of another company (code 2 on storeId, as for a brand)', async () => {
    const res = await call('owner', 'POST', BASE, { title: 'leak', storeId: B.storeId });
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
    expect(res.json().data).toEqual([{ field: 'storeId', message: 'does not exist' }]);
    // a brand-limited merchant: only their brand's stores
    const other = await call('brandStaff', 'POST', BASE, { title: 'other brand', storeId: aOtherBrandStore });
    expect(codeOf(other)).toEqual({ status: 400, code: 2 });
    const ok = dataOf(await call('brandStaff', 'POST', BASE, { title: 'brand note', storeId: aStore2 }));
    expect(ok).toMatchObject({ companyId: A.companyId, storeId: aStore2 });
    rows.brand = ok.id;
    // an operator names the company; the store must be that company's
    const mixed = await call('op', 'POST', BASE, {
      title: 'mixed',
      companyId: A.companyId,
      storeId: B.storeId,
    });
    expect(codeOf(mixed)).toEqual({ status: 400, code: 2 });
    expect(mixed.json().data).toEqual([{ field: 'storeId', message: 'does not exist' }]);
  });

  it('lets an operator pick company and store', async () => {
    const a = dataOf(
      await call('op', 'POST', BASE, { title: 'op note', companyId: A.companyId, storeId: aOtherBrandStore }),
    );
    expect(a).toMatchObject({ companyId: A.companyId, storeId: aOtherBrandStore });
    rows.otherBrand = a.id;
    const b = dataOf(
      await call('op', 'POST', BASE, { title: 'b note', companyId: B.companyId, storeId: B.storeId }),
    );
    rows.b = b.id;
    const noStore = await call('op', 'POST', BASE, { title: 'op none', companyId: A.companyId });
    expect(codeOf(noStore)).toEqual({ status: 400, code: 2 });
  });

  it('shows each caller exactly the rows of their scope, in the list, by id and in the export', async () => {
    const list = (who: string, filter?: unknown) =>
      call(
        who,
        'GET',
        `${BASE}?size=100${filter ? `&filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`,
      );
    const all = [rows.staff, rows.staff2, rows.owner, rows.brand, rows.otherBrand, rows.b] as number[];
    expect(ids(await list('op'))).toEqual([...all].sort());
    const aRows = [rows.staff, rows.staff2, rows.owner, rows.brand, rows.otherBrand] as number[];
    expect(ids(await list('owner'))).toEqual([...aRows].sort());
    // the brand's stores (A.storeId and aStore2), not the other brand's store
    expect(ids(await list('brandStaff'))).toEqual(
      [rows.staff, rows.staff2, rows.owner, rows.brand].sort() as number[],
    );
    expect(ids(await list('storeStaff'))).toEqual([rows.staff, rows.staff2].sort() as number[]);
    expect(ids(await list('bOwner'))).toEqual([rows.b]);
    // the store filter narrows within the scope, never beyond it
    expect(ids(await list('owner', [{ field: 'storeId', op: 'eq', value: aStore2 }]))).toEqual(
      [rows.owner, rows.brand].sort() as number[],
    );
    expect(ids(await list('storeStaff', [{ field: 'storeId', op: 'eq', value: aStore2 }]))).toEqual([]);
    expect(ids(await list('owner', [{ field: 'storeId', op: 'eq', value: B.storeId }]))).toEqual([]);
    // by id: another store's (company's) row is not found
    expect(codeOf(await call('storeStaff', 'GET', `${BASE}/${rows.owner}`))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await call('brandStaff', 'GET', `${BASE}/${rows.otherBrand}`))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await call('owner', 'GET', `${BASE}/${rows.b}`))).toEqual({ status: 404, code: 5 });
    expect(dataOf(await call('storeStaff', 'GET', `${BASE}/${rows.staff}`))).toMatchObject({
      storeId: A.storeId,
    });
    // the CSV: the header and the store's two rows
    const csv = await call('storeStaff', 'GET', `${BASE}/export`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\n');
    expect(lines[0]).toContain('storeId');
    expect(lines).toHaveLength(3);
  });

  it('lets nobody change or delete a row outside their scope', async () => {
    const put = (who: string, id: number | undefined, body: unknown) =>
      call(who, 'PUT', `${BASE}/${id}`, body);
    expect(codeOf(await put('storeStaff', rows.owner, { title: 'x' }))).toEqual({ status: 404, code: 5 });
    expect(codeOf(await put('brandStaff', rows.otherBrand, { title: 'x' }))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await put('owner', rows.b, { title: 'x' }))).toEqual({ status: 404, code: 5 });
    // a store-limited merchant cannot move their row to another store
    expect(dataOf(await put('storeStaff', rows.staff, { title: 'moved?', storeId: aStore2 }))).toMatchObject({
      title: 'moved?',
      storeId: A.storeId,
    });
    // a company-wide merchant moves a row within their company only
    expect(dataOf(await put('owner', rows.owner, { storeId: A.storeId }))).toMatchObject({
      storeId: A.storeId,
    });
    const away = await put('owner', rows.owner, { storeId: B.storeId });
    expect(codeOf(away)).toEqual({ status: 400, code: 2 });
    // many at once and deletes: only the caller's rows move
    const patch = await call('storeStaff', 'PATCH', BASE, {
      ids: [rows.staff, rows.brand, rows.b],
      data: { body: 'bulk' },
    });
    expect(dataOf(patch)).toEqual([rows.staff]);
    const del = await call(
      'storeStaff',
      'DELETE',
      `${BASE}?ids=${encodeURIComponent(JSON.stringify([rows.brand, rows.b, rows.staff2]))}`,
    );
    expect(dataOf(del)).toEqual([rows.staff2]);
    expect(codeOf(await call('bOwner', 'DELETE', `${BASE}/${rows.staff}`))).toEqual({ status: 404, code: 5 });
  });
});
