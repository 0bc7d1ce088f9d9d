// What every generic write records (../service.ts): its domain's hooks run in its transaction
// (extensions.ts), then one audit entry per changed row when the declaration is audited, with the
// rows as they were before, read first for a write of many rows.
import type { SQL } from 'drizzle-orm';
import { auditsChanges } from '../../../resources/types';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { effectiveScope, scopeKey } from '../../platform/db/naming';
import type { Caller } from '../principal';
import type { Row } from '../rules';
import type { ServiceContext } from './context';

const companyOfRow = ({ decl }: ServiceContext, row: Row | undefined): number | null => {
  if (!row) return null;
  // the company table's company is the row itself; an unscoped row may name one (merchantSignup)
  const v = row[effectiveScope(decl) === 'none' ? 'companyId' : scopeKey(decl, 'companyId')];
  return typeof v === 'number' ? v : null;
};

/** What the write sets off, then one audit entry per changed row (audited declarations only). */
export const recordWrite = async (
  ctx: ServiceContext,
  tx: DbOrTx,
  caller: Caller,
  action: string,
  pairs: { before?: Row; after?: Row }[],
): Promise<void> => {
  // what the write sets off (its domain's hooks, extensions.ts), in its transaction; every write path records here
  if (ctx.hooks?.afterWrite && pairs.length > 0) await ctx.hooks.afterWrite(tx, pairs);
  if (!auditsChanges(ctx.decl)) return;
  for (const { before, after } of pairs) {
    const row = after ?? before;
    await recordAudit(tx, {
      actor: { id: caller.id, email: caller.email },
      action,
      resource: ctx.decl.name,
      recordId: typeof row?.id === 'number' ? row.id : null,
      companyId: companyOfRow(ctx, row),
      before,
      after,
    });
  }
};

/** The rows a multi-row write will touch, read first when they are to be audited. */
export const rowsBefore = async (
  { decl, table }: ServiceContext,
  tx: DbOrTx,
  where: SQL | undefined,
): Promise<Map<unknown, Row>> => {
  if (!auditsChanges(decl)) return new Map();
  const rows = (await tx.select().from(table).where(where)) as Row[];
  return new Map(rows.map((row) => [row.id, row]));
};

/** UPDATE … SET `set` WHERE `where`, recorded as `action`: answers the changed rows. */
export const updateWhere = async (
  ctx: ServiceContext,
  tx: DbOrTx,
  caller: Caller,
  action: string,
  set: Row,
  where: SQL | undefined,
): Promise<Row[]> => {
  const before = await rowsBefore(ctx, tx, where);
  const rows = (await tx.update(ctx.table).set(set).where(where).returning()) as Row[];
  await recordWrite(
    ctx,
    tx,
    caller,
    action,
    rows.map((after) => ({ before: before.get(after.id), after })),
  );
  return rows;
};
