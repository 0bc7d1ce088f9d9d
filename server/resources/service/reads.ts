// The generic service's reads (../service.ts): a page of the list, a row, and the CSV export's rows,
// each inside the caller's scope with members' mobiles masked (privacy.ts) and money's currency added.
import { and, ne, type SQL } from 'drizzle-orm';
import { ownFields, storedChoice } from '../../platform/db/derive-tables';
import { assertIndexable } from '../../platform/list/page';
import { listQueryOrThrow, selectPageOrThrow } from '../../platform/list/query';
import type { ParsedList } from '../../platform/list/types';
import { authorize, declaredGrant } from '../authorize';
import { currencyBeside, currencyKeyOf, withCurrency, withListCurrency } from '../currency';
import { guard } from '../db-error-map';
import { type ExportPlan, exportPlan } from '../export';
import type { Caller } from '../principal';
import { listSpecForCaller, maskRows } from '../privacy';
import type { Row } from '../rules';
import { callerScope, findVisible, notFound, type ServiceContext, shown } from './context';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A soft-deleted table hides its deleted rows, unless the list filters on the field itself. */
const softDeleteCondition = ({ decl, cols }: ServiceContext, query: unknown): SQL | undefined => {
  const soft = decl.softDelete;
  const col = soft ? cols[soft.field] : undefined;
  if (!soft || !col) return undefined;
  const field = ownFields(decl).find((f) => f.name === soft.field);
  // a client filtering on the field itself (e.g. state = DELETE) asks for the deleted rows
  const raw = (query as { filter?: unknown } | undefined)?.filter;
  if (typeof raw === 'string' && raw.includes(`"${soft.field}"`)) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed) && parsed.some((f) => isObject(f) && f.field === soft.field))
        return undefined;
    } catch {
      // already validated by the list parser
    }
  }
  return ne(col, field ? storedChoice(field, soft.value) : soft.value);
};

/** The list query as `caller` may ask it (a member's mobile by the whole number only: privacy.ts). */
const parse = ({ decl, spec }: ServiceContext, query: unknown, caller: Caller): ParsedList =>
  listQueryOrThrow(query, listSpecForCaller(decl, spec, caller), { defaultSort: [decl.defaultSort] });

/** The export's list: access, then its parameters as the list checks them. */
const exportList = async (ctx: ServiceContext, caller: Caller, query: unknown): Promise<ParsedList> => {
  authorize(caller, declaredGrant(ctx.decl, 'export'));
  const list = parse(ctx, query, caller);
  // an export reads every row: a search or filter no index answers is refused on a large table,
  // as the list refuses it
  await assertIndexable(ctx.db, ctx.table, list);
  return list;
};

export const list = async (ctx: ServiceContext, caller: Caller, query: unknown, noCount: boolean) => {
  const { db, decl, table } = ctx;
  authorize(caller, declaredGrant(decl, 'list'));
  const parsed = parse(ctx, query, caller);
  const beside = currencyBeside(decl, table, ctx.cols, parsed.columns);
  const page = await guard(decl, () =>
    selectPageOrThrow(
      db,
      table,
      parsed,
      noCount,
      and(callerScope(ctx, caller), softDeleteCondition(ctx, query)),
      beside,
    ),
  );
  const rows = page.data as Row[];
  return { ...page, data: maskRows(decl, caller, beside ? withListCurrency(rows) : rows) };
};

/** What the export checks before it reads a row (a scheduled export's view is checked by it). */
export const checkExport = async (ctx: ServiceContext, caller: Caller, query: unknown): Promise<void> => {
  await exportList(ctx, caller, query);
};

/** Every filtered row for the CSV export, in batches (export.ts). */
export const exportRows = async (
  ctx: ServiceContext,
  caller: Caller,
  query: unknown,
): Promise<ExportPlan> => {
  const { db, decl, table, idCol } = ctx;
  const parsed = await exportList(ctx, caller, query);
  const where = and(callerScope(ctx, caller), softDeleteCondition(ctx, query), parsed.where);
  const sorted = (query as { sort?: unknown } | undefined)?.sort !== undefined;
  const plan = await exportPlan(db, { table, idCol, list: parsed, where, sorted }, (read) =>
    guard(decl, read),
  );
  // money's currency as a column of its own after the row's (docs/api.md "CSV export")
  const key = currencyKeyOf(decl);
  const withMoney = key !== undefined && plan.columns.includes(key);
  const batches = plan.batches;
  return {
    columns: withMoney ? [...plan.columns, 'currency'] : plan.columns,
    batches: (async function* () {
      for await (const batch of batches)
        yield maskRows(decl, caller, withMoney ? await withCurrency(db, decl, batch) : batch);
    })(),
  };
};

export const get = async (ctx: ServiceContext, caller: Caller, id: number): Promise<Row> => {
  authorize(caller, declaredGrant(ctx.decl, 'get'));
  const [row] = await withCurrency(ctx.db, ctx.decl, [await findVisible(ctx, caller, id)]);
  if (!row) throw notFound(ctx.decl);
  return shown(ctx, caller, row);
};
