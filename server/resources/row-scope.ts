// Which rows of a declared table a caller reaches: their organisation's (company, and brand or store
// when the table is scoped that deep and the caller is limited to one); every row for operators. Applied
// IN THE QUERY of every read and write, by the generic service and the operations alike.
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import type { DbOrTx } from '../platform/audit';
import { effectiveScope, type ScopeColumn, scopeKey } from '../platform/db/naming';
import { type Executable, prepared } from '../platform/db/prepared';
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

/**
 * A statement that reads or locks rows within the caller's scope, prepared once per shape of that
 * scope (server/platform/db/prepared.ts): `build` is handed `callerScopeOf`'s condition with
 * placeholders (`scopeCompanyId`, `scopeBrandId`, `scopeStoreId`) for the caller's organisation, and
 * each call runs the shape's statement with this caller's values beside its own. A hot operation so
 * builds its SQL once per shape (operator; company; company and brand; ...) instead of on every call,
 * while `orgCondition` stays the one rule of what a caller reaches. `name` is unique in the app.
 */
export const preparedInScope = <Row>(
  name: string,
  decl: ResourceDeclaration,
  table: PgTable,
  build: (db: DbOrTx, scope: SQL | undefined) => { prepare: (name: string) => Executable },
): ((db: DbOrTx, caller: Caller, values: Record<string, unknown>) => Promise<Row[]>) => {
  const byShape = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<unknown>>();
  return (db, caller, values) => {
    const operator = caller.type === 'OPERATOR';
    const { companyId, brandId, storeId } = caller;
    const shape = operator
      ? 'all'
      : `${companyId === null ? '' : 'c'}${brandId === null ? '' : 'b'}${storeId === null ? '' : 's'}` ||
        'none';
    let run = byShape.get(shape);
    if (!run) {
      const scope = operator
        ? undefined
        : orgCondition(decl, table, {
            companyId: companyId === null ? null : sql.placeholder('scopeCompanyId'),
            brandId: brandId === null ? null : sql.placeholder('scopeBrandId'),
            storeId: storeId === null ? null : sql.placeholder('scopeStoreId'),
          });
      run = prepared(`${name}_${shape}`, (d) => build(d, scope));
      byShape.set(shape, run);
    }
    return run(db, {
      ...values,
      ...(operator ? {} : { scopeCompanyId: companyId, scopeBrandId: brandId, scopeStoreId: storeId }),
    }) as Promise<Row[]>;
  };
};
