// A merchant's requests for an operator: filing one (any kind, the signup's too), and a new brand or
// store of an ACTIVE company, SUBMITTED with its ADD_BRAND or ADD_STORE request.
import { eq } from 'drizzle-orm';
import type { RequestKind } from '../../../contract/enums';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { brand, merchantSignup, store, type UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import {
  actorOf,
  assertNameFree,
  type BrandInput,
  type BrandRow,
  type CompanyRow,
  findCompany,
  inTransaction,
  one,
  ownBrand,
  type RequestRow,
  type StoreInput,
  type StoreRow,
} from './organisation';

export const fileRequest = async (
  tx: DbOrTx,
  user: UserRow,
  kind: RequestKind,
  rows: {
    company: CompanyRow;
    brand: BrandRow;
    store?: StoreRow;
    contactEmail?: unknown;
    contactMobile?: unknown;
  },
): Promise<RequestRow> => {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const request = await one<RequestRow>(
    tx
      .insert(merchantSignup)
      .values({
        requestKind: kind,
        approval: 'PENDING',
        userId: user.id,
        companyName: rows.company.name,
        registrationNo: text(rows.company.registrationNo),
        brandName: rows.brand.name,
        storeName: rows.store?.name ?? null,
        contactEmail: text(rows.contactEmail) ?? text(rows.company.contactEmail) ?? user.email,
        contactMobile: text(rows.contactMobile) ?? user.mobile,
        companyId: rows.company.id,
        brandId: rows.brand.id,
        storeId: rows.store?.id ?? null,
      })
      .returning(),
  );
  if (!request) throw new Error('insert returned nothing');
  return request;
};

/** The audit row of a merchant's request for a new `resource` row (`brand` or `store`), filed as `request`. */
const auditRequest = (
  tx: DbOrTx,
  user: UserRow,
  resource: 'brand' | 'store',
  row: BrandRow | StoreRow,
  request: RequestRow,
): Promise<void> =>
  recordAudit(tx, {
    actor: actorOf(user),
    action: 'request',
    resource,
    recordId: row.id,
    companyId: row.companyId,
    after: { request, [resource]: row },
  });

/** The merchant's company, ACTIVE: 26420 without one, 26433 when it is not active yet. */
const activeCompanyOf = async (tx: DbOrTx, user: UserRow): Promise<CompanyRow> => {
  if (user.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
  const row = await findCompany(tx, user.companyId);
  if (!row || row.state === 'DELETE') throw new AppError('USER_HAS_NO_COMPANY');
  if (row.state !== 'ACTIVE') throw new AppError('COMPANY_NOT_ACTIVE');
  return row;
};

export interface RequestResult<T> {
  request: RequestRow;
  row: T;
}

/** A new brand of the merchant's company, SUBMITTED, with an ADD_BRAND request for an operator. */
export const requestBrand = async (
  db: Db,
  user: UserRow,
  input: BrandInput,
): Promise<RequestResult<BrandRow>> =>
  inTransaction(db, async (tx) => {
    // someone limited to one brand or store works inside it; new brands are the company's business
    if (user.brandId !== null || user.storeId !== null) throw new AppError('ACCESS_DENIED');
    const companyRow = await activeCompanyOf(tx, user);
    await assertNameFree(tx, 'brand', {
      name: input.name,
      where: eq(brand.companyId, companyRow.id),
    });
    const row = (await one<BrandRow>(
      tx
        .insert(brand)
        .values({ ...input, companyId: companyRow.id, state: 'SUBMITTED' })
        .returning(),
    )) as BrandRow;
    const request = await fileRequest(tx, user, 'ADD_BRAND', { company: companyRow, brand: row });
    await auditRequest(tx, user, 'brand', row, request);
    return { request, row };
  });

/** A new store under one of the merchant's ACTIVE brands, SUBMITTED, with an ADD_STORE request. */
export const requestStore = async (
  db: Db,
  user: UserRow,
  input: StoreInput & { brandId: number },
): Promise<RequestResult<StoreRow>> =>
  inTransaction(db, async (tx) => {
    if (user.storeId !== null) throw new AppError('ACCESS_DENIED');
    const companyRow = await activeCompanyOf(tx, user);
    const brandRow = await ownBrand(tx, companyRow.id, input.brandId, { active: true });
    if (user.brandId !== null && user.brandId !== brandRow.id) throw new AppError('BRAND_NOT_BELONG_TO_USER');
    await assertNameFree(tx, 'store', {
      name: input.name,
      where: eq(store.brandId, brandRow.id),
    });
    const row = (await one<StoreRow>(
      tx
        .insert(store)
        .values({ ...input, companyId: companyRow.id, brandId: brandRow.id, state: 'SUBMITTED' })
        .returning(),
    )) as StoreRow;
    const request = await fileRequest(tx, user, 'ADD_STORE', {
      company: companyRow,
      brand: brandRow,
      store: row,
    });
    await auditRequest(tx, user, 'store', row, request);
    return { request, row };
  });
