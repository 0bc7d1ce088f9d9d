// The generic service's writes (../service.ts): create, update, update many, delete and delete many.
// Each checks access, the declaration's rules and the row's references, then writes in one transaction
// with what the write sets off and its audit entries (./audit.ts).
import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { FieldViolation } from '../../../contract/envelope';
import { fieldViolation } from '../../../contract/validation';
import type { DbOrTx } from '../../platform/audit';
import { ownFields, storedChoice } from '../../platform/db/derive-tables';
import { AppError } from '../../platform/errors';
import { authorize, declaredGrant } from '../authorize';
import { guard } from '../db-error-map';
import type { Caller } from '../principal';
import { declarationOf, tableOf } from '../registry';
import { columnsOf, orgCondition } from '../row-scope';
import {
  assertNotFrozen,
  assertRules,
  type Body,
  defaultsOf,
  operationOnlyViolations,
  type Row,
  ruleFields,
} from '../rules';
import { recordWrite, rowsBefore, updateWhere } from './audit';
import { callerScope, findVisible, notFound, type ServiceContext, shown, write } from './context';

/** The writable fields of a body as column values (server-owned and unknown keys dropped). */
const toValues = ({ writable, scopeCols }: ServiceContext, body: Body, caller: Caller): Row => {
  const row: Row = {};
  for (const f of writable) {
    if (!Object.hasOwn(body, f.name)) continue;
    const v = body[f.name];
    row[f.name] = f.type === 'datetime' && typeof v === 'string' ? new Date(v) : v;
  }
  for (const c of scopeCols) {
    if (caller.type === 'OPERATOR' && Object.hasOwn(body, c)) row[c] = body[c];
  }
  if (caller.type !== 'OPERATOR') {
    // a merchant's deeper scope (brand, store) is theirs when they have one, else their choice
    // within their company (checked with the other references)
    for (const c of scopeCols) {
      if (c === 'companyId') continue;
      const mine = c === 'brandId' ? caller.brandId : caller.storeId;
      if (mine !== null) row[c] = mine;
      else if (Object.hasOwn(body, c)) row[c] = body[c];
    }
  }
  return row;
};

/**
 * References must point at rows of the row's own company (a merchant's: theirs, with their brand
 * or store when they have one). Code 2 on the field otherwise, exactly as for a missing row.
 */
const checkReferences = async (
  { db, references }: ServiceContext,
  values: Row,
  caller: Caller,
  companyId: number | null,
): Promise<void> => {
  const org =
    caller.type === 'OPERATOR'
      ? { companyId, brandId: null, storeId: null }
      : { companyId: caller.companyId, brandId: caller.brandId, storeId: caller.storeId };
  if (org.companyId === null) return; // an operator's row of no company: the foreign keys decide
  const violations: FieldViolation[] = [];
  for (const ref of references) {
    const v = values[ref.field];
    if (typeof v !== 'number') continue;
    // the request schema's number coercion turns "1e400" into Infinity past its maximum: no row has
    // that id, and the database would refuse to compare with it (a 500)
    if (!Number.isSafeInteger(v)) {
      violations.push({ field: ref.field, message: 'does not exist' });
      continue;
    }
    const targetDecl = declarationOf(ref.target);
    const target = tableOf(ref.target);
    if (!targetDecl || !target) continue;
    const condition = orgCondition(targetDecl, target, org);
    if (!condition) continue;
    const [hit] = await db
      .select({ id: target.id })
      .from(target)
      .where(and(eq(target.id, v), condition))
      .limit(1);
    if (!hit) violations.push({ field: ref.field, message: 'does not exist' });
  }
  if (violations.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', violations);
};

const companyIdOf = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The body may not set what only an operation moves (code 2 naming those fields). */
const assertNoOperationFields = (ctx: ServiceContext, body: Body, existing?: Row): void => {
  const moved = operationOnlyViolations(ctx.decl, body, existing);
  if (moved.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', moved);
};

export const create = async (ctx: ServiceContext, caller: Caller, body: Body): Promise<Row> => {
  const { db, decl, table, scopeCols, companyKey } = ctx;
  authorize(caller, declaredGrant(decl, 'create'));
  assertNoOperationFields(ctx, body);
  const values = toValues(ctx, body, caller);
  assertRules(decl, { ...defaultsOf(decl), ...values });
  if (caller.type !== 'OPERATOR' && scopeCols.includes('companyId')) {
    if (caller.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
    values.companyId = caller.companyId;
  }
  // a brand's (store's) row names its brand (store): a company owner picks one of theirs
  const missing = scopeCols.filter(
    (c) => c !== 'companyId' && (values[c] === undefined || values[c] === null),
  );
  if (missing.length > 0)
    throw new AppError(
      'PARAMETER_VALIDATION_FAILED',
      missing.map((field) => fieldViolation(field, 'required')),
    );
  const companyId = companyIdOf(companyKey && companyKey !== 'id' ? values[companyKey] : undefined);
  await checkReferences(ctx, values, caller, companyId);
  await ctx.writeCheck?.check(db, { ...defaultsOf(decl), ...values }, companyId);
  return guard(decl, () =>
    write(ctx, async (tx) => {
      // the table's columns are known at run time only; `values` holds only its writable keys
      const [row] = (await tx
        .insert(table)
        .values(values as never)
        .returning()) as Row[];
      if (!row) throw new Error('insert returned nothing');
      await recordWrite(ctx, tx, caller, 'create', [{ after: row }]);
      return shown(ctx, caller, row);
    }),
  );
};

export const update = async (ctx: ServiceContext, caller: Caller, id: number, body: Body): Promise<Row> => {
  const { db, decl, table, idCol, companyKey } = ctx;
  authorize(caller, declaredGrant(decl, 'update'));
  const existing = await findVisible(ctx, caller, id);
  assertNoOperationFields(ctx, body, existing);
  const values = toValues(ctx, body, caller);
  if (Object.keys(values).length === 0) return shown(ctx, caller, existing);
  assertRules(decl, { ...existing, ...values });
  assertNotFrozen(decl, existing, values);
  const companyId = companyIdOf(companyKey ? (values[companyKey] ?? existing[companyKey]) : undefined);
  await checkReferences(ctx, values, caller, companyId);
  await ctx.writeCheck?.check(db, { ...existing, ...values }, companyId);
  return guard(decl, () =>
    write(ctx, async (tx) => {
      const [row] = (await tx
        .update(table)
        .set(values)
        .where(and(eq(idCol, id), callerScope(ctx, caller)))
        .returning()) as Row[];
      if (!row) throw notFound(decl);
      await recordWrite(ctx, tx, caller, 'update', [{ before: existing, after: row }]);
      return shown(ctx, caller, row);
    }),
  );
};

/** Why a bulk update of `body` must be made one row at a time, if it must. */
const oneAtATime = ({ decl, writeCheck }: ServiceContext, body: Body): string | undefined => {
  if ((decl.rules ?? []).some((r) => ruleFields(r).some((f) => Object.hasOwn(body, f))))
    return 'fields with a rule between them are changed one row at a time';
  // a check of the whole row (its domain's, extensions.ts) reads one row at a time
  if (writeCheck?.fields.some((f) => Object.hasOwn(body, f)))
    return 'rows of this table are changed one at a time';
  if ((decl.frozen ?? []).some((r) => Object.hasOwn(body, r.field)))
    return 'a field that may be frozen is changed one row at a time';
  return undefined;
};

export const updateMany = async (
  ctx: ServiceContext,
  caller: Caller,
  ids: readonly number[],
  body: Body,
): Promise<number[]> => {
  const { decl, idCol, companyKey } = ctx;
  authorize(caller, declaredGrant(decl, 'update'));
  assertNoOperationFields(ctx, body);
  const why = oneAtATime(ctx, body);
  if (why) throw new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'data', message: why }]);
  const values = toValues(ctx, body, caller);
  if (Object.keys(values).length === 0)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'data', message: 'names no writable field' },
    ]);
  const companyId = companyIdOf(companyKey && companyKey !== 'id' ? values[companyKey] : undefined);
  await checkReferences(ctx, values, caller, companyId);
  const where = and(inArray(idCol, [...ids]), callerScope(ctx, caller));
  return guard(decl, () =>
    write(ctx, async (tx) =>
      (await updateWhere(ctx, tx, caller, 'update', values, where)).map((r) => r.id as number),
    ),
  );
};

/**
 * The declaration's delete guards (a company's wallet holding money, a brand's open stores and live
 * cards or vouchers, a store's registered devices): the rows about to be deleted are locked first,
 * so a guard read in this transaction cannot be overtaken by another delete of the same rows.
 */
const assertDeletable = async (
  { decl, table, idCol }: ServiceContext,
  tx: DbOrTx,
  where: SQL | undefined,
) => {
  const guards = decl.deleteGuards ?? [];
  if (guards.length === 0) return;
  const locked = await tx.select({ id: idCol }).from(table).where(where).for('update');
  const ids = locked.map((r) => r.id as number);
  if (ids.length === 0) return;
  for (const g of guards) {
    const dependent = tableOf(g.resource);
    const dependentDecl = declarationOf(g.resource);
    if (!dependent || !dependentDecl) throw new Error(`${decl.name}: delete guard on unknown ${g.resource}`);
    const dc = columnsOf(dependent);
    const link = dc[g.field];
    const cond = dc[g.when.field];
    if (!link || !cond) throw new Error(`${decl.name}: delete guard on unknown field of ${g.resource}`);
    const condField = ownFields(dependentDecl).find((f) => f.name === g.when.field);
    const holds =
      g.when.in !== undefined
        ? inArray(
            cond,
            g.when.in.map((v) => (condField ? storedChoice(condField, v) : v)),
          )
        : gt(cond, String(g.when.gt ?? 0));
    const [hit] = await tx
      .select({ id: dependent.id })
      .from(dependent)
      .where(and(inArray(link, ids), holds))
      .limit(1);
    if (hit) throw new AppError(g.error);
  }
};

/** Deletes (softly when declared) the rows of `where`, recorded: answers the deleted rows. */
const deleteWhere = async (ctx: ServiceContext, tx: DbOrTx, caller: Caller, where: SQL | undefined) => {
  const { decl, table, idCol, hooks } = ctx;
  await assertDeletable(ctx, tx, where);
  if (hooks?.beforeDelete) {
    const doomed = await tx.select({ id: idCol }).from(table).where(where);
    await hooks.beforeDelete(
      tx,
      doomed.map((r) => r.id as number),
    );
  }
  const soft = decl.softDelete;
  const field = soft ? ownFields(decl).find((f) => f.name === soft.field) : undefined;
  if (soft && field)
    return updateWhere(ctx, tx, caller, 'delete', { [soft.field]: storedChoice(field, soft.value) }, where);
  const before = await rowsBefore(ctx, tx, where);
  const rows = (await tx.delete(table).where(where).returning()) as Row[];
  await recordWrite(
    ctx,
    tx,
    caller,
    'delete',
    rows.map((row) => ({ before: before.get(row.id) })),
  );
  return rows;
};

export const remove = async (ctx: ServiceContext, caller: Caller, id: number): Promise<Row> => {
  authorize(caller, declaredGrant(ctx.decl, 'delete'));
  const where = and(eq(ctx.idCol, id), callerScope(ctx, caller));
  const [row] = await guard(ctx.decl, () => write(ctx, (tx) => deleteWhere(ctx, tx, caller, where)), true);
  if (!row) throw notFound(ctx.decl);
  return shown(ctx, caller, row);
};

export const removeMany = async (
  ctx: ServiceContext,
  caller: Caller,
  ids: readonly number[],
): Promise<number[]> => {
  authorize(caller, declaredGrant(ctx.decl, 'delete'));
  const where = and(inArray(ctx.idCol, [...ids]), callerScope(ctx, caller));
  const rows = await guard(ctx.decl, () => write(ctx, (tx) => deleteWhere(ctx, tx, caller, where)), true);
  return rows.map((r) => r.id as number);
};
