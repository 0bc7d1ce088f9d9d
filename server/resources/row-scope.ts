// Which rows of a declared table a caller reaches: their organisation's (company, and brand or store
// when the table is scoped that deep and the caller is limited to one); every row for operators. Applied
// IN THE QUERY of every read and write, by the generic service and the operations alike.
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import { effectiveScope, type ScopeColumn, scopeKey } from '../platform/db/naming';
import { store as storeTable } from '../platform/db/schema/resources';
import type { Caller } from './principal';

export const columnsOf = (table: PgTable): Record<string, AnyPgColumn> => getTableColumns(table);

/**
 * SQL limiting `table` (of `decl`) to the rows of an organisation: its company, and its brand or
 * store when the resource is scoped that deep and the organisation names one; an organisation limited
 * to a brand (and to no store) reaches a store-scoped table's rows of its brand's stores. Undefined:
 * no limit.
 */
export const orgCondition = (
  decl: ResourceDeclaration,
  table: PgTable,
  org: {
    companyId: number | Placeholder | null;
    brandId: number | Placeholder | null;
    storeId: number | Placeholder | null;
  },
): SQL | undefined => {
  const scope = effectiveScope(decl);
  if (scope === 'none') return undefined;
  if (org.companyId === null) return sql`false`;
  const cols = columnsOf(table);
  const col = (c: ScopeColumn) => {
    const column = cols[scopeKey(decl, c)];
    if (!column) throw new Error(`${decl.name} has no ${c} column`);
    return column;
  };
  const parts: SQL[] = [eq(col('companyId'), org.companyId)];
  if (scope === 'brand' && org.brandId !== null) parts.push(eq(col('brandId'), org.brandId));
  if (scope === 'store' && org.storeId !== null) parts.push(eq(col('storeId'), org.storeId));
  else if (scope === 'store' && org.brandId !== null) {
    // a store-scoped row has no brand of its own: the brand's stores (the store table is brand-scoped)
    const stores = storeTable;
    parts.push(
      sql`${col('storeId')} in (select ${stores.id} from ${stores} where ${stores.brandId} = ${org.brandId})`,
    );
  }
  return and(...parts);
};

/** The caller's scope on a resource: nothing for operators. */
export const callerScopeOf = (decl: ResourceDeclaration, table: PgTable, caller: Caller): SQL | undefined =>
  caller.type === 'OPERATOR' ? undefined : orgCondition(decl, table, caller);

/** The placeholders of a prepared caller scope, and the values a call gives them. */
export interface PreparedScope {
  /** the scope's shape: which of company, brand and store it names (a prepared statement per shape) */
  shape: string;
  /** callerScopeOf's condition with placeholders for the caller's organisation */
  condition: SQL | undefined;
  values: { scopeCompanyId?: number; scopeBrandId?: number; scopeStoreId?: number };
}

/**
 * `callerScopeOf` for a prepared statement (server/platform/db/prepared.ts): the same condition, with
 * placeholders (`scopeCompanyId`, `scopeBrandId`, `scopeStoreId`) for the caller's organisation, so a
 * hot operation builds its statement once per shape of scope instead of on every call.
 */
export const preparedCallerScope = (
  decl: ResourceDeclaration,
  table: PgTable,
  caller: Caller,
): PreparedScope => {
  if (caller.type === 'OPERATOR') return { shape: 'all', condition: undefined, values: {} };
  const { companyId, brandId, storeId } = caller;
  const condition = orgCondition(decl, table, {
    companyId: companyId === null ? null : sql.placeholder('scopeCompanyId'),
    brandId: brandId === null ? null : sql.placeholder('scopeBrandId'),
    storeId: storeId === null ? null : sql.placeholder('scopeStoreId'),
  });
  return {
    shape: `${companyId === null ? '' : 'c'}${brandId === null ? '' : 'b'}${storeId === null ? '' : 's'}`,
    condition,
    values: {
      ...(companyId === null ? {} : { scopeCompanyId: companyId }),
      ...(brandId === null ? {} : { scopeBrandId: brandId }),
      ...(storeId === null ? {} : { scopeStoreId: storeId }),
    },
  };
};
