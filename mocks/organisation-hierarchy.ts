// MSW handlers for the organisation hierarchy and the merchant's brand and store requests
// (docs/api.md "Organisation, signup approval and audit"): GET /organization/hierarchy,
// POST /organization/brand-requests and POST /organization/store-requests, over the company, brand
// and store rows of the generic resource mocks (db.resourceRows), with the server's 264xx rules.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import type { MockDb, MockRow, MockUser } from './data';
import { type Body, fail, guard, invalid, readBody, success } from './respond';

export interface HierarchyMockContext {
  db: MockDb;
  /** '*' or an origin, as the other handlers match */
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
}

type OrgTable = 'company' | 'brand' | 'store' | 'merchantSignup';

const rows = (db: MockDb, table: OrgTable): MockRow[] => {
  db.resourceRows[table] ??= [];
  return db.resourceRows[table] as MockRow[];
};

const T0 = '2026-01-06T08:00:00.000Z';

const seeded = new WeakSet<MockDb>();

/**
 * The demo organisation of the seed merchant (company 1, the merchant's companyId), added once per
 * data set on its first organisation call unless a company 1 exists already, so the page has
 * something to show without a server. Tests may change db.resourceRows freely afterwards.
 */
export const seedOrganisation = (db: MockDb): void => {
  if (seeded.has(db)) return;
  seeded.add(db);
  if (rows(db, 'company').some((c) => c.id === 1)) return;
  const at = { createTime: T0, updateTime: T0 };
  rows(db, 'company').push(
    {
      id: 1,
      name: 'Acme Coffee Pte Ltd',
      registrationNo: '201912345A',
      contactEmail: 'hello@acme.example.com',
      address: '1 Raffles Place, Singapore',
      phone: null,
      country: 'sg',
      state: 'ACTIVE',
      ...at,
    },
    {
      id: 2,
      name: 'Borealis Bakes Ltd',
      registrationNo: '202012345B',
      contactEmail: 'team@borealis.example.com',
      address: null,
      phone: null,
      country: 'sg',
      state: 'SUBMITTED',
      ...at,
    },
  );
  const brand = (id: number, companyId: number, name: string, state: string): MockRow => ({
    id,
    companyId,
    name,
    state,
    logo: null,
    description: null,
    industryConfigId: null,
    website: null,
    contactEmail: null,
    ...at,
  });
  rows(db, 'brand').push(
    brand(1, 1, 'Acme Coffee', 'ACTIVE'),
    brand(2, 1, 'Acme Tea House', 'SUBMITTED'),
    brand(3, 2, 'Borealis', 'SUBMITTED'),
  );
  const store = (
    id: number,
    brandId: number,
    companyId: number,
    name: string,
    address: string,
    state: string,
  ): MockRow => ({
    id,
    companyId,
    brandId,
    name,
    address,
    code: null,
    postalCode: null,
    latitude: null,
    longitude: null,
    phone: null,
    openingHours: null,
    state,
    ...at,
  });
  rows(db, 'store').push(
    store(1, 1, 1, 'Acme Coffee Raffles', '1 Raffles Place #01-01', 'ACTIVE'),
    store(2, 1, 1, 'Acme Coffee Orchard', '313 Orchard Road #B1-10', 'DISABLED'),
    store(3, 2, 1, 'Acme Tea Tiong Bahru', '55 Tiong Bahru Road', 'SUBMITTED'),
    store(4, 3, 2, 'Borealis Bugis', '200 Victoria Street', 'SUBMITTED'),
  );
};

const live = (row: MockRow) => row.state !== 'DELETE';
const byName = (a: MockRow, b: MockRow) =>
  String(a.name).localeCompare(String(b.name), undefined, { sensitivity: 'base' }) || a.id - b.id;
const sameName = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** A required text of at most `max` characters, or code 2 on the field. */
const requiredText = (body: Body, field: string, max: number): string => {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') return invalid(field, 'must not be blank');
  if (value.length > max) return invalid(field, `must be at most ${max} characters`);
  return value;
};

/** The request body's own fields of a table: anything else is code 2, as the server's schema says. */
const onlyFields = (body: Body, allowed: readonly string[]) => {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) invalid(key, 'is not allowed');
};

const BRAND_FIELDS = ['name', 'description', 'website', 'logo', 'contactEmail', 'industryConfigId'];
const STORE_FIELDS = [
  'brandId',
  'name',
  'code',
  'address',
  'postalCode',
  'latitude',
  'longitude',
  'phone',
  'openingHours',
];

export const createHierarchyHandlers = ({ db, origin, authenticate }: HierarchyMockContext) => {
  const base = `${origin}${BASE_PATHS.main}/organization`;
  const nowIso = () => new Date(db.now()).toISOString();

  const merchant = (request: Request): MockUser => {
    const { user } = authenticate(request);
    if (user.type !== 'MERCHANT') fail('ACCESS_DENIED');
    return user;
  };

  /** The merchant's company, ACTIVE: 26420 without one, 26433 when not active. */
  const activeCompanyOf = (user: MockUser): MockRow => {
    if (user.companyId === null) return fail('USER_HAS_NO_COMPANY');
    const company = rows(db, 'company').find((c) => c.id === user.companyId && live(c));
    if (!company) return fail('USER_HAS_NO_COMPANY');
    if (company.state !== 'ACTIVE') fail('COMPANY_NOT_ACTIVE');
    return company;
  };

  /** Files the request an operator decides at /approve/merchant-signup. */
  const fileRequest = (user: MockUser, kind: 'ADD_BRAND' | 'ADD_STORE', names: Record<string, unknown>) => {
    const list = rows(db, 'merchantSignup');
    const request: MockRow = {
      id: db.nextId(),
      requestKind: kind,
      approval: 'PENDING',
      userId: user.id,
      contactEmail: user.email,
      reason: null,
      decidedBy: null,
      decidedAt: null,
      createTime: nowIso(),
      updateTime: nowIso(),
      ...names,
    };
    list.push(request);
    return request;
  };

  return [
    http.get(
      `${base}/hierarchy`,
      guard(async ({ request }) => {
        seedOrganisation(db);
        const { user } = authenticate(request);
        const raw = new URL(request.url).searchParams.get('companyId');
        let id: number | undefined;
        if (raw !== null) {
          id = Number(raw);
          if (!Number.isInteger(id) || id <= 0) return invalid('companyId', 'must be a positive integer');
        }
        if (user.type !== 'OPERATOR') {
          if (user.companyId === null) return fail('USER_HAS_NO_COMPANY');
          id ??= user.companyId;
        }
        if (id === undefined) return invalid('companyId', 'is required');
        const company = rows(db, 'company').find((c) => c.id === id && live(c));
        if (!company) return fail('COMPANY_NOT_FOUND');
        if (user.type !== 'OPERATOR' && user.companyId !== id) return fail('COMPANY_NOT_BELONG_TO_USER');
        const brands = rows(db, 'brand')
          .filter(
            (b) =>
              b.companyId === id &&
              live(b) &&
              (user.type === 'OPERATOR' || user.brandId === null || b.id === user.brandId),
          )
          .sort(byName);
        const stores = rows(db, 'store')
          .filter(
            (s) => live(s) && (user.type === 'OPERATOR' || user.storeId === null || s.id === user.storeId),
          )
          .sort(byName);
        return success({
          company,
          brands: brands.map((b) => ({ ...b, stores: stores.filter((s) => s.brandId === b.id) })),
        });
      }),
    ),

    http.post(
      `${base}/brand-requests`,
      guard(async ({ request }) => {
        seedOrganisation(db);
        const user = merchant(request);
        const body = await readBody(request);
        onlyFields(body, BRAND_FIELDS);
        const name = requiredText(body, 'name', 120);
        const company = activeCompanyOf(user);
        const brands = rows(db, 'brand');
        if (brands.some((b) => b.companyId === company.id && live(b) && sameName(b.name, name)))
          fail('BRAND_NAME_DUPLICATE', [{ field: 'name', message: 'is already taken' }]);
        const row: MockRow = {
          logo: null,
          description: null,
          industryConfigId: null,
          website: null,
          contactEmail: null,
          ...body,
          id: db.nextId(),
          companyId: company.id,
          name,
          state: 'SUBMITTED',
          createTime: nowIso(),
          updateTime: nowIso(),
        };
        brands.push(row);
        const filed = fileRequest(user, 'ADD_BRAND', {
          companyId: company.id,
          companyName: company.name,
          brandId: row.id,
          brandName: name,
          storeId: null,
          storeName: null,
        });
        return success({ request: filed, row });
      }),
    ),

    http.post(
      `${base}/store-requests`,
      guard(async ({ request }) => {
        seedOrganisation(db);
        const user = merchant(request);
        const body = await readBody(request);
        onlyFields(body, STORE_FIELDS);
        const brandId = body.brandId;
        if (!Number.isInteger(brandId) || (brandId as number) <= 0)
          return invalid('brandId', 'must be a positive integer');
        const name = requiredText(body, 'name', 120);
        requiredText(body, 'address', 300);
        const company = activeCompanyOf(user);
        const brand = rows(db, 'brand').find((b) => b.id === brandId && live(b));
        if (!brand) return fail('BRAND_NOT_FOUND');
        if (brand.companyId !== company.id) return fail('BRAND_NOT_BELONG_TO_USER');
        if (brand.state !== 'ACTIVE') return fail('BRAND_NOT_ACTIVE');
        if (user.brandId !== null && user.brandId !== brand.id) return fail('BRAND_NOT_BELONG_TO_USER');
        const stores = rows(db, 'store');
        if (stores.some((s) => s.brandId === brand.id && live(s) && sameName(s.name, name)))
          fail('STORE_NAME_DUPLICATE', [{ field: 'name', message: 'is already taken' }]);
        const row: MockRow = {
          code: null,
          postalCode: null,
          latitude: null,
          longitude: null,
          phone: null,
          openingHours: null,
          ...body,
          id: db.nextId(),
          companyId: company.id,
          brandId: brand.id,
          name,
          state: 'SUBMITTED',
          createTime: nowIso(),
          updateTime: nowIso(),
        };
        stores.push(row);
        const filed = fileRequest(user, 'ADD_STORE', {
          companyId: company.id,
          companyName: company.name,
          brandId: brand.id,
          brandName: brand.name,
          storeId: row.id,
          storeName: name,
        });
        return success({ request: filed, row });
      }),
    ),
  ];
};
