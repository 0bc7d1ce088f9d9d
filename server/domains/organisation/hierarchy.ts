// The hierarchy a merchant or an operator sees: a company with its brands and their stores, a merchant
// limited to their own company and branch.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { fieldViolation } from '../../../contract/validation';
import type { Db } from '../../platform/db/client';
import { brand, store, type UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type BrandRow, type CompanyRow, ownCompany, type StoreRow } from './organisation';

export interface Hierarchy {
  company: CompanyRow;
  brands: (BrandRow & { stores: StoreRow[] })[];
}

/**
 * A company with its brands and their stores (deleted rows left out). A merchant sees their own
 * company only (26420 without one, 26439 naming another), and only their branch when their account
 * is limited to a brand or a store.
 */
export const hierarchy = async (db: Db, user: UserRow, companyId?: number): Promise<Hierarchy> => {
  let id = companyId;
  if (user.type !== 'OPERATOR') {
    if (user.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
    id ??= user.companyId;
  }
  if (id === undefined) {
    throw new AppError('PARAMETER_VALIDATION_FAILED', [fieldViolation('companyId', 'required')]);
  }
  const companyRow = await ownCompany(db, user, id);
  const brandWhere = [eq(brand.companyId, companyRow.id), ne(brand.state, 'DELETE')];
  if (user.type !== 'OPERATOR' && user.brandId !== null) brandWhere.push(eq(brand.id, user.brandId));
  const brands = (await db
    .select()
    .from(brand)
    .where(and(...brandWhere))
    .orderBy(asc(brand.name), asc(brand.id))) as BrandRow[];
  const storeWhere = [ne(store.state, 'DELETE')];
  if (user.type !== 'OPERATOR' && user.storeId !== null) storeWhere.push(eq(store.id, user.storeId));
  const stores =
    brands.length === 0
      ? []
      : ((await db
          .select()
          .from(store)
          .where(
            and(
              inArray(
                store.brandId,
                brands.map((b) => b.id),
              ),
              ...storeWhere,
            ),
          )
          .orderBy(asc(store.name), asc(store.id))) as StoreRow[]);
  return {
    company: companyRow,
    brands: brands.map((b) => ({ ...b, stores: stores.filter((s) => s.brandId === b.id) })),
  };
};
