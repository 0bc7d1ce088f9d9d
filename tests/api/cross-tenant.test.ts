// Tenancy over EVERY derived resource and every method: a merchant of company A, with B's ids or with
// filters naming B (its company, its rows, rows B's rows reference), never reads, changes or deletes
// B's rows. Fixture rows are made from the declarations themselves, so a new table is covered the
// day it is declared. Positive controls (B's owner and an operator reach the same ids) prove the ids
// are real, so a 404 here means "not yours", not "wrong id".
import { eq, getTableColumns, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { canAccess, hiddenInBrand } from '../../contract/access';
import { ERRORS } from '../../contract/errors';
import { BASE_PATHS } from '../../contract/http';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { ownFields } from '../../server/platform/db/derive-tables';
import { addedScopeColumns, effectiveScope, SCOPE_COLUMNS } from '../../server/platform/db/naming';
import { members, userGroups } from '../../server/platform/db/schema';
import { DERIVED_RESOURCES, type DerivedResource, declarationOf } from '../../server/resources/registry';
import { isServerOwned } from '../../server/resources/schemas';
import { apiSuite, PASSWORD, plainFieldValue } from './fixtures';
import { APP_TIMEOUT, codeOf, createUser, login, sgDay } from './helpers';

type Row = Record<string, unknown>;
type Org = 'A' | 'B';

const { t, tokens, call } = apiSuite();
const userIds: Record<string, number> = {};
/** fixture row ids: resource → org → id (scope-none resources share one row under both keys) */
const fixtures: Record<string, Record<Org, number>> = {};
let serial = 0;

const baseOf = (decl: ResourceDeclaration) => `${BASE_PATHS[decl.service ?? 'main']}${decl.path}`;

/** A value a field accepts (within its declared lengths, ranges and choices). */
const sample = (f: FieldDeclaration, n: number, ref: (target: string) => number | null): unknown => {
  const clamp = (v: number, min?: number, max?: number) => Math.min(Math.max(v, min ?? v), max ?? v);
  switch (f.type) {
    case 'text': {
      let v = `${f.name}${n}`;
      if (f.maxLength !== undefined && v.length > f.maxLength)
        v = `${n}`.padStart(f.maxLength, 'x').slice(-f.maxLength);
      if (f.minLength !== undefined && v.length < f.minLength) v = v.padEnd(f.minLength, 'x');
      return v;
    }
    case 'email':
      return `r${n}@example.test`;
    case 'phone':
      return `+6591${String(n).padStart(6, '0')}`;
    case 'url':
    case 'image':
      return `https://example.test/${n}.png`;
    case 'number':
      return clamp(1, f.min, f.max);
    case 'money':
      return clamp(1, f.min, f.max);
    case 'reference':
      return ref(f.reference);
    case 'boolean':
    case 'date':
    case 'datetime':
    case 'select':
    case 'json':
      return plainFieldValue(f);
    default: {
      const never: never = f;
      throw new Error(`unknown field ${JSON.stringify(never)}`);
    }
  }
};

/** Derived resources in an order where every referenced resource comes first. */
const ordered = (): DerivedResource[] => {
  const out: DerivedResource[] = [];
  const seen = new Set<string>();
  const visit = (r: DerivedResource) => {
    if (seen.has(r.decl.name)) return;
    seen.add(r.decl.name);
    const targets = [
      ...ownFields(r.decl).flatMap((f) => (f.type === 'reference' ? [f.reference] : [])),
      ...addedScopeColumns(r.decl).map((c) => SCOPE_COLUMNS[c]),
    ];
    for (const target of targets) {
      const dep = DERIVED_RESOURCES.find((d) => d.decl.name === target);
      if (dep) visit(dep);
    }
    out.push(r);
  };
  for (const r of DERIVED_RESOURCES) visit(r);
  return out;
};

/** Refs of an org: its own fixture rows; the users and user groups of that org. */
const refFor =
  (org: Org) =>
  (target: string): number | null => {
    if (target === 'users') return userIds[org === 'A' ? 'a' : 'b'] ?? null;
    if (target === 'userGroups') return fixtures.userGroups?.[org] ?? null;
    return fixtures[target]?.[org] ?? null;
  };

/**
 * An unscoped table whose rows still name their company in a `companyId` field (the audit log, read
 * by a merchant through its own company's entries): each company gets a row of its own.
 */
const namesCompany = (decl: ResourceDeclaration): boolean =>
  decl.scope === 'none' && ownFields(decl).some((f) => f.name === 'companyId');

const insertFixture = async ({ decl, table }: DerivedResource, org: Org): Promise<number> => {
  const n = ++serial;
  const row: Row = {};
  for (const f of ownFields(decl)) {
    const v = sample(f, n, refFor(org));
    row[f.name] = f.type === 'datetime' && typeof v === 'string' ? new Date(v) : v;
  }
  for (const c of addedScopeColumns(decl)) row[c] = fixtures[SCOPE_COLUMNS[c]]?.[org];
  if (namesCompany(decl) && decl.name !== 'company') row.companyId = fixtures.company?.[org];
  // the row's columns are known at run time only
  const [inserted] = await t.db
    .insert(table)
    .values(row as never)
    .returning();
  const id = inserted?.id;
  if (typeof id !== 'number') throw new Error(`${decl.name}: fixture insert failed`);
  return id;
};

const snapshot = async (): Promise<Record<string, Row[]>> => {
  const out: Record<string, Row[]> = {};
  for (const { decl, table } of DERIVED_RESOURCES) {
    const id = fixtures[decl.name]?.B;
    const companyCol = getTableColumns(table).companyId;
    const rows = await t.db
      .select()
      .from(table)
      .where(
        decl.scope !== 'none' && companyCol
          ? eq(companyCol, fixtures.company?.B ?? 0)
          : inArray(table.id, [id ?? 0]),
      )
      .orderBy(table.id);
    out[decl.name] = rows as Row[];
  }
  return out;
};

/** A reference into tenant data (another company's row would be a leak), not a shared setting. */
const isTenantTarget = (target: string): boolean =>
  target === 'company' || (declarationOf(target)?.scope ?? 'none') !== 'none';

/** What a merchant may do on a resource at all (declared roles AND the access rule). */
const merchantMay = (decl: ResourceDeclaration, action: 'VIEW' | 'ADD' | 'UPDATE', deleting = false) => {
  const roles = deleting && decl.access.DELETE ? decl.access.DELETE : decl.access[action];
  return (
    roles.includes('merchant') &&
    canAccess({ type: 'MERCHANT' }, { action, resource: decl.permission }) &&
    // the test app runs brand cvi (config BRAND's default), which hides some screens from merchants
    !hiddenInBrand('cvi', 'MERCHANT', decl.permission)
  );
};

/** A body that names B's rows wherever it can (company, brand, store, references). */
const bodyNamingB = (decl: ResourceDeclaration): Row => {
  const body: Row = {};
  const n = ++serial;
  for (const f of ownFields(decl)) {
    if (isServerOwned(f)) continue;
    if (!f.required && f.type !== 'reference') continue;
    body[f.name] = sample(f, n, refFor('B'));
  }
  // what a rule asks given the rest (a MULTIPLIER campaign's multiplier), so the references decide
  for (const rule of decl.rules ?? []) {
    if (rule.kind !== 'requiredWhen' || !rule.when.in.includes(String(body[rule.when.field]))) continue;
    const f = ownFields(decl).find((field) => field.name === rule.field);
    if (f && body[f.name] === undefined) body[f.name] = sample(f, n, refFor('B'));
  }
  for (const c of addedScopeColumns(decl)) body[c] = fixtures[SCOPE_COLUMNS[c]]?.B;
  return body;
};

const before: { rows: Record<string, Row[]> } = { rows: {} };

beforeAll(async () => {
  const op = await createUser(t.db, { email: 'op@example.test', password: PASSWORD, type: 'OPERATOR' });
  userIds.op = op.id;
  for (const r of ordered()) {
    if (r.decl.name === 'company') {
      const companies = { A: await insertFixture(r, 'A'), B: await insertFixture(r, 'B') };
      fixtures.company = companies;
      // the owners and a group of each company, for references to users and user groups
      for (const [key, org] of [
        ['a', 'A'],
        ['b', 'B'],
      ] as const) {
        const u = await createUser(t.db, {
          email: `owner-${key}@example.test`,
          password: PASSWORD,
          companyId: companies[org],
          signupState: 'APPROVAL',
        });
        userIds[key] = u.id;
        const [g] = await t.db
          .insert(userGroups)
          .values({ name: `group-${key}`, type: 'MERCHANT', companyId: companies[org] })
          .returning();
        fixtures.userGroups = { ...(fixtures.userGroups ?? { A: 0, B: 0 }), [org]: g?.id ?? 0 };
      }
      continue;
    }
    if (r.decl.scope === 'none' && !namesCompany(r.decl)) {
      // a shared row (product-wide setting): the same for both companies
      const id = await insertFixture(r, 'A');
      fixtures[r.decl.name] = { A: id, B: id };
      continue;
    }
    fixtures[r.decl.name] = { A: await insertFixture(r, 'A'), B: await insertFixture(r, 'B') };
  }
  for (const [key, email] of [
    ['op', 'op@example.test'],
    ['a', 'owner-a@example.test'],
    ['b', 'owner-b@example.test'],
  ] as const) {
    const r = await login(t.app, email, PASSWORD);
    expect(r.response.json().code).toBe(0);
    tokens[key] = r.accessToken;
  }
  // a merchant sees the members holding its vouchers: B's owner issues one to the member fixture,
  // through the operation (a pack on sale today, then POST /voucher-packs/{id}/vouchers)
  const [member] = await t.db
    .select()
    .from(members)
    .where(eq(members.id, fixtures.members?.B ?? 0));
  const day = (offset: number) => sgDay(new Date(Date.now() + offset * 86_400_000));
  const pack = await call('b', 'POST', `${BASE_PATHS.main}/voucher-packs`, {
    title: 'B member pack',
    price: 0,
    voucherValue: 1,
    quantity: 10,
    validFrom: day(-1),
    validUntil: day(30),
    brandId: fixtures.brand?.B,
  });
  expect(pack.json(), pack.body).toMatchObject({ code: 0 });
  const issued = await call('b', 'POST', `${BASE_PATHS.main}/voucher-packs/${pack.json().data.id}/vouchers`, {
    memberMobile: member?.mobile,
    quantity: 1,
  });
  expect(issued.json(), issued.body).toMatchObject({ code: 0 });
  before.rows = await snapshot();
}, APP_TIMEOUT);

describe.each(DERIVED_RESOURCES.map((r) => [r.decl.name, r] as const))('%s', (_name, { decl }) => {
  const base = baseOf(decl);
  const bId = () => fixtures[decl.name]?.B ?? 0;
  const scoped = effectiveScope(decl) !== 'none' || namesCompany(decl);
  // company, brand and store answer their family's not-found code (26430 ...), the others 5
  const hidden = { status: 404, code: ERRORS[decl.errors?.notFound ?? 'NOT_FOUND'].code };
  const view = merchantMay(decl, 'VIEW');
  const update = merchantMay(decl, 'UPDATE');
  const remove = merchantMay(decl, 'UPDATE', true);

  it('has B rows that B’s owner or an operator can reach (the ids are real)', async () => {
    expect((before.rows[decl.name] ?? []).map((r) => r.id)).toContain(bId());
    const res = await call(view ? 'b' : 'op', 'GET', `${base}/${bId()}`);
    // a hand-written read (the members profile) answers the row under `member`
    const data = decl.handWritten?.includes('get') ? { member: { id: bId() } } : { id: bId() };
    expect(res.json()).toMatchObject({ code: 0, data });
  });

  it('does not show B’s row to A, by id, by list, by filter or by export', async () => {
    const get = await call('a', 'GET', `${base}/${bId()}`);
    if (!view) {
      expect(codeOf(get)).toEqual({ status: 403, code: 26237 });
      expect(codeOf(await call('a', 'GET', base))).toEqual({ status: 403, code: 26237 });
      expect(codeOf(await call('a', 'GET', `${base}/export`))).toEqual({ status: 403, code: 26237 });
      return;
    }
    if (!scoped) return; // shared rows (product-wide settings) are the same for every company
    expect(codeOf(get)).toEqual(hidden);
    const filters: unknown[][] = [[{ field: 'id', op: 'eq', value: bId() }]];
    if (addedScopeColumns(decl).includes('companyId') || namesCompany(decl))
      filters.push([{ field: 'companyId', op: 'eq', value: fixtures.company?.B }]);
    // a brand (store) scoped table's own scope column, naming B's brand (store)
    for (const c of addedScopeColumns(decl).filter((c) => c !== 'companyId'))
      filters.push([{ field: c, op: 'eq', value: fixtures[SCOPE_COLUMNS[c]]?.B }]);
    for (const f of ownFields(decl)) {
      const target = f.type === 'reference' && isTenantTarget(f.reference) ? refFor('B')(f.reference) : null;
      if (target !== null && f.filter?.includes('eq'))
        filters.push([{ field: f.name, op: 'eq', value: target }]);
    }
    for (const filter of filters) {
      const res = await call(
        'a',
        'GET',
        `${base}?size=1000&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      );
      expect(res.json(), JSON.stringify(filter)).toMatchObject({ code: 0, data: [] });
    }
    const all = await call('a', 'GET', `${base}?size=1000`);
    const ids = (all.json().data as Row[]).map((r) => r.id);
    expect(ids).toContain(fixtures[decl.name]?.A);
    expect(ids).not.toContain(bId());
    const csv = await call(
      'a',
      'GET',
      `${base}/export?filter=${encodeURIComponent(JSON.stringify(filters[0]))}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\n')).toHaveLength(1);
  });

  /** a valid body for the operations that take what a person fills in (the row is looked up after it) */
  const OPERATION_BODIES: Record<string, Row> = {
    'memberCards.stamp': { stamps: 1, storeId: 1 },
    'vouchers.redeem': { storeId: 1 },
    'vouchers.void': { reason: 'cross-tenant probe' },
    'vouchers.donate': { toMobile: '+6591230000' },
    'signals.resolve': { note: 'cross-tenant probe' },
  };

  it('does not let A change, transition or delete B’s row', async () => {
    // a field a generic write may change (operation-only fields never move that way, code 2 for anybody)
    const changeable = (f: FieldDeclaration) =>
      !isServerOwned(f) && f.type !== 'reference' && !f.operationOnly;
    const writable = ownFields(decl).find(changeable);
    const data: Row = writable ? { [writable.name]: sample(writable, ++serial, () => null) } : {};
    // many rows at once: not the fields of a rule across fields nor frozen ones (one row at a time)
    const inRule = (f: FieldDeclaration) =>
      (decl.rules ?? []).some((r) =>
        r.kind === 'order'
          ? r.first === f.name || r.last === f.name
          : [r.field, r.when.field].includes(f.name),
      ) || (decl.frozen ?? []).some((r) => r.field === f.name);
    const bulkWritable = ownFields(decl).find((f) => changeable(f) && !inRule(f));
    const bulkData: Row = bulkWritable
      ? { [bulkWritable.name]: sample(bulkWritable, ++serial, () => null) }
      : {};
    const denied = { status: 403, code: 26237 };
    const put = await call('a', 'PUT', `${base}/${bId()}`, data);
    expect(codeOf(put)).toEqual(update ? (scoped ? hidden : denied) : denied);
    const del = await call('a', 'DELETE', `${base}/${bId()}`);
    expect(codeOf(del)).toEqual(remove ? (scoped ? hidden : denied) : denied);
    const patch = await call('a', 'PATCH', base, { ids: [bId()], data: bulkData });
    if (update && bulkWritable) expect(patch.json()).toMatchObject({ code: 0, data: [] });
    else expect(patch.statusCode).toBeGreaterThanOrEqual(400);
    const delMany = await call('a', 'DELETE', `${base}?ids=${encodeURIComponent(JSON.stringify([bId()]))}`);
    if (remove) expect(delMany.json()).toMatchObject({ code: 0, data: [] });
    else expect(codeOf(delMany)).toEqual(denied);
    for (const action of decl.actions ?? []) {
      if (action.roles.length === 0) continue; // the server's own arrow (a job's): no route
      const body = action.body ?? OPERATION_BODIES[`${decl.name}.${action.name}`];
      const one = await call('a', 'POST', `${base}/${bId()}/${action.path ?? action.name}`, body);
      // an operation is guarded by its arrow's roles (stamping a card while member cards have no
      // generic update); B's row is then unknown, with the domain's code (6625 for a card)
      if (action.operation && action.roles.includes('merchant'))
        expect(codeOf(one).status, action.name).toBe(404);
      else
        expect(codeOf(one), action.name).toEqual(
          update && action.roles.includes('merchant') ? hidden : denied,
        );
      if (action.bulk) {
        const bulk = await call('a', 'POST', `${base}/actions/${action.name}`, { ids: [bId()] });
        if (update && action.roles.includes('merchant'))
          expect(bulk.json()).toMatchObject({ code: 0, data: [] });
        else expect(codeOf(bulk)).toEqual(denied);
      }
    }
  });

  it('does not let A create a row in B or pointing at B’s rows', async () => {
    const res = await call('a', 'POST', base, bodyNamingB(decl));
    if (!merchantMay(decl, 'ADD')) {
      expect(codeOf(res)).toEqual({ status: 403, code: 26237 });
      return;
    }
    const namesB = [
      ...ownFields(decl).flatMap((f) =>
        f.type === 'reference' && !isServerOwned(f) && isTenantTarget(f.reference) ? [f.name] : [],
      ),
      ...addedScopeColumns(decl).filter((c) => c !== 'companyId'),
    ];
    const onePerCompany = (decl.uniques ?? []).some(
      (u) => u.fields.length === 1 && u.fields[0] === 'companyId',
    );
    if (namesB.length > 0) {
      expect(codeOf(res)).toEqual({ status: 400, code: 2 });
      expect((res.json().data as { field: string }[]).map((v) => v.field).sort()).toEqual([...namesB].sort());
    } else if (onePerCompany) {
      // one row per company (a level rule): it would land in A's company, which holds its one already
      expect(res.json()).toMatchObject({ code: 9 });
    } else {
      // nothing but the company to name: the row lands in A's company
      expect(res.json()).toMatchObject({ code: 0, data: { companyId: fixtures.company?.A } });
    }
  });
});

describe('members (no company of their own)', () => {
  const base = `${BASE_PATHS.main}/members`;
  const id = () => fixtures.members?.B ?? 0;

  it('shows a member to the merchant holding one of their vouchers, and to operators', async () => {
    expect(codeOf(await call('b', 'GET', `${base}/${id()}`))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await call('op', 'GET', `${base}/${id()}`))).toEqual({ status: 200, code: 0 });
    const listed = await call('b', 'GET', `${base}?size=1000`);
    expect((listed.json().data as Row[]).map((r) => r.id)).toContain(id());
  });

  it('hides the member from A, who holds none of their vouchers: by id, by list, by filter or by export', async () => {
    expect(codeOf(await call('a', 'GET', `${base}/${id()}`))).toEqual({ status: 404, code: 5 });
    const listed = await call('a', 'GET', `${base}?size=1000`);
    expect((listed.json().data as Row[]).map((r) => r.id)).not.toContain(id());
    const filter = encodeURIComponent(JSON.stringify([{ field: 'id', op: 'eq', value: id() }]));
    expect((await call('a', 'GET', `${base}?filter=${filter}`)).json()).toMatchObject({ code: 0, data: [] });
    const csv = await call('a', 'GET', `${base}/export?filter=${filter}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('after every attempt', () => {
  it('left every row of company B exactly as it was', async () => {
    expect(await snapshot()).toEqual(before.rows);
  });
});
