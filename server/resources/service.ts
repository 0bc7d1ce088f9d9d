// The generic service behind every derived resource: list, get, create, update, delete (soft when
// declared), updateMany, deleteMany, transition actions and CSV export rows. Access is checked here
// (authorize.ts: the declaration's roles AND contract/access canAccess), and a merchant's scope
// (row-scope.ts) is applied IN THE QUERY of every read and write, whatever the request says. Another
// company's row answers 404, like a missing one, so ids cannot be probed. The declaration's rules
// are rules.ts, checks the rules cannot say come from the table's domain (extensions.ts), database errors become the
// catalogue's in db-error-map.ts, the export's batches export.ts.
import type { Db } from '../platform/db/client';
import type { DerivedTable } from '../platform/db/derive-tables';
import type { ListSpec } from '../platform/list/types';
import type { ExportPlan } from './export';
import type { TableExtension } from './extensions';
import type { Caller } from './principal';
import type { DerivedResource } from './registry';
import type { Body, Row } from './rules';
import { runAction, runBulkAction } from './service/actions';
import { serviceContext } from './service/context';
import { checkExport, exportRows, get, list } from './service/reads';
import { create, remove, removeMany, update, updateMany } from './service/writes';

/**
 * The service of one declared table on `db`. `extension` is what its domain adds (a check, what a write
 * sets off: server/domains/tables/extensions.ts); a caller that only reads passes `undefined`. Its parts:
 * service/reads.ts, service/writes.ts (with service/audit.ts), service/actions.ts, sharing
 * service/context.ts.
 */
export const createResourceService = (
  db: Db,
  resource: DerivedResource,
  extension: TableExtension | undefined,
) => {
  const ctx = serviceContext(db, resource, extension);
  return {
    decl: resource.decl,
    list: (caller: Caller, query: unknown, noCount: boolean) => list(ctx, caller, query, noCount),
    /** What the export checks before it reads a row (a scheduled export's view is checked by it). */
    checkExport: (caller: Caller, query: unknown): Promise<void> => checkExport(ctx, caller, query),
    /** Every filtered row for the CSV export, in batches (export.ts). */
    exportRows: (caller: Caller, query: unknown): Promise<ExportPlan> => exportRows(ctx, caller, query),
    get: (caller: Caller, id: number): Promise<Row> => get(ctx, caller, id),
    create: (caller: Caller, body: Body): Promise<Row> => create(ctx, caller, body),
    update: (caller: Caller, id: number, body: Body): Promise<Row> => update(ctx, caller, id, body),
    updateMany: (caller: Caller, ids: readonly number[], body: Body): Promise<number[]> =>
      updateMany(ctx, caller, ids, body),
    remove: (caller: Caller, id: number): Promise<Row> => remove(ctx, caller, id),
    removeMany: (caller: Caller, ids: readonly number[]): Promise<number[]> => removeMany(ctx, caller, ids),
    /** A transition: UPDATE … WHERE id AND scope AND field IN from; 409 when the state forbids it. */
    runAction: (caller: Caller, id: number, name: string): Promise<Row> => runAction(ctx, caller, id, name),
    /** A bulk transition: moves the rows that may move; the answer lists their ids. */
    runBulkAction: (caller: Caller, ids: readonly number[], name: string): Promise<number[]> =>
      runBulkAction(ctx, caller, ids, name),
  };
};

export type ResourceService = ReturnType<typeof createResourceService>;
export type { Body, DerivedTable, ExportPlan, ListSpec, Row };
