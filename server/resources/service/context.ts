// What every part of one declared table's generic service shares (../service.ts): the declaration,
// its table and columns, the fields a body may write, its scope columns and references, and what its
// domain adds (extensions.ts); with the few reads every part needs: the caller's rows, a visible row,
// a row as the caller may see it, and a write's transaction.
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditsChanges, type ResourceDeclaration } from '../../../resources/types';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { type DerivedTable, ownFields } from '../../platform/db/derive-tables';
import { addedScopeColumns, SCOPE_COLUMNS, type ScopeColumn, scopeKey } from '../../platform/db/naming';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list/types';
import type { TableExtension, WriteCheck, WriteHooks } from '../extensions';
import type { Caller } from '../principal';
import { maskRow } from '../privacy';
import type { DerivedResource } from '../registry';
import { callerScopeOf, columnsOf } from '../row-scope';
import type { Row } from '../rules';
import { isServerOwned } from '../schemas';
import { VISIBILITY } from '../visibility';

export interface ServiceContext {
  db: Db;
  decl: ResourceDeclaration;
  table: DerivedTable;
  spec: ListSpec;
  cols: Record<string, AnyPgColumn>;
  idCol: AnyPgColumn;
  /** the fields a request body may write (server-owned ones are the operations') */
  writable: ReturnType<typeof ownFields>;
  /** the scope columns the table adds (companyId, brandId, storeId) */
  scopeCols: readonly ScopeColumn[];
  /** the fields that name another table's row: checked to be the row's own company's */
  references: readonly { field: string; target: string }[];
  /** the column holding the row's company (`id` for the company table itself) */
  companyKey: string | undefined;
  writeCheck: WriteCheck | undefined;
  hooks: WriteHooks | undefined;
  visibility: (typeof VISIBILITY)[string] | undefined;
}

export const serviceContext = (
  db: Db,
  { decl, table, spec }: DerivedResource,
  extension: TableExtension | undefined,
): ServiceContext => {
  const scopeCols = addedScopeColumns(decl);
  return {
    db,
    decl,
    table,
    spec,
    cols: columnsOf(table),
    idCol: table.id,
    writable: ownFields(decl).filter((f) => !isServerOwned(f)),
    scopeCols,
    references: [
      ...ownFields(decl).flatMap((f) =>
        f.type === 'reference' ? [{ field: f.name, target: f.reference }] : [],
      ),
      ...scopeCols.filter((c) => c !== 'companyId').map((c) => ({ field: c, target: SCOPE_COLUMNS[c] })),
    ],
    companyKey: decl.scope === 'none' ? undefined : scopeKey(decl, 'companyId'),
    writeCheck: extension?.check,
    hooks: extension?.hooks,
    visibility: VISIBILITY[decl.name],
  };
};

/** The resource's own not-found error (26431 for a brand ...), else 5 NOT_FOUND. */
export const notFound = (decl: ResourceDeclaration): AppError =>
  new AppError(decl.errors?.notFound ?? 'NOT_FOUND');

/** The caller's rows, plus the declaration's own visibility rule for merchants. */
export const callerScope = (ctx: ServiceContext, caller: Caller): SQL | undefined =>
  caller.type === 'OPERATOR' || !ctx.visibility
    ? callerScopeOf(ctx.decl, ctx.table, caller)
    : and(callerScopeOf(ctx.decl, ctx.table, caller), ctx.visibility(ctx.db, caller));

/** A row as `caller` may see it (members' mobiles masked: privacy.ts). */
export const shown = (ctx: ServiceContext, caller: Caller, row: Row): Row => maskRow(ctx.decl, caller, row);

/** The row `id` if the caller may see it, else 404. */
export const findVisible = async (ctx: ServiceContext, caller: Caller, id: number): Promise<Row> => {
  const [row] = await ctx.db
    .select()
    .from(ctx.table)
    .where(and(eq(ctx.idCol, id), callerScope(ctx, caller)))
    .limit(1);
  if (!row) throw notFound(ctx.decl);
  return row;
};

/** Runs a write; inside one transaction with its audit entries when the declaration is audited. */
export const write = <T>(ctx: ServiceContext, run: (tx: DbOrTx) => Promise<T>): Promise<T> =>
  auditsChanges(ctx.decl) ? ctx.db.transaction((tx) => run(tx)) : run(ctx.db);
