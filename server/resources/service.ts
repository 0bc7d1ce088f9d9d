// The generic service behind every derived resource: list, get, create, update, delete (soft when
// declared), updateMany, deleteMany, transition actions and CSV export rows. Access is checked here
// (authorize.ts: the declaration's roles AND contract/access canAccess), and a merchant's scope
// (row-scope.ts) is applied IN THE QUERY of every read and write, whatever the request says. Another
// company's row answers 404, like a missing one, so ids cannot be probed. The declaration's rules
// are rules.ts, checks the rules cannot say come from the table's domain (extensions.ts), database errors become the
// catalogue's in db-error-map.ts, the export's batches export.ts.
import { and, eq, gt, inArray, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldViolation } from '../../contract/envelope';
import { fieldViolation } from '../../contract/validation';
import { refusalOf } from '../../resources/transitions';
import { type ActionDeclaration, auditsChanges, type ResourceDeclaration } from '../../resources/types';
import { type DbOrTx, recordAudit } from '../platform/audit';
import type { Db } from '../platform/db/client';
import { type DerivedTable, ownFields, storedChoice } from '../platform/db/derive-tables';
import { addedScopeColumns, effectiveScope, SCOPE_COLUMNS, scopeKey } from '../platform/db/naming';
import { AppError } from '../platform/errors';
import { assertIndexable } from '../platform/list/page';
import { listQueryOrThrow, selectPageOrThrow } from '../platform/list/query';
import type { ListSpec, ParsedList } from '../platform/list/types';
import { authorize, declaredGrant } from './authorize';
import { currencyKeyOf, withCurrency } from './currency';
import { guard } from './db-error-map';
import { type ExportPlan, exportPlan } from './export';
import type { TableExtension } from './extensions';
import type { Caller } from './principal';
import { listSpecForCaller, maskRow, maskRows } from './privacy';
import { type DerivedResource, declarationOf, tableOf } from './registry';
import { callerScopeOf, columnsOf, orgCondition } from './row-scope';
import {
  assertNotFrozen,
  assertRules,
  type Body,
  defaultsOf,
  operationOnlyViolations,
  type Row,
  ruleFields,
} from './rules';
import { isServerOwned } from './schemas';
import { VISIBILITY } from './visibility';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The resource's own not-found error (26431 for a brand ...), else 5 NOT_FOUND. */
const notFound = (decl: ResourceDeclaration): AppError => new AppError(decl.errors?.notFound ?? 'NOT_FOUND');

/**
 * The service of one declared table on `db`. `extension` is what its domain adds (a check, what a write
 * sets off: server/domains/tables/extensions.ts); a caller that only reads passes `undefined`.
 */
export const createResourceService = (
  db: Db,
  { decl, table, spec }: DerivedResource,
  extension: TableExtension | undefined,
) => {
  const cols = columnsOf(table);
  const visibility = VISIBILITY[decl.name];
  const writeCheck = extension?.check;
  const hooks = extension?.hooks;
  /** The caller's scope, plus the declaration's own visibility rule for merchants. */
  const callerScope = (d: ResourceDeclaration, t: PgTable, caller: Caller): SQL | undefined =>
    caller.type === 'OPERATOR' || !visibility
      ? callerScopeOf(d, t, caller)
      : and(callerScopeOf(d, t, caller), visibility(db, caller));
  const idCol = table.id;
  const writable = ownFields(decl).filter((f) => !isServerOwned(f));
  const scopeCols = addedScopeColumns(decl);
  const references: { field: string; target: string }[] = [
    ...ownFields(decl).flatMap((f) =>
      f.type === 'reference' ? [{ field: f.name, target: f.reference }] : [],
    ),
    ...scopeCols.filter((c) => c !== 'companyId').map((c) => ({ field: c, target: SCOPE_COLUMNS[c] })),
  ];
  const companyKey = decl.scope === 'none' ? undefined : scopeKey(decl, 'companyId');

  const softDeleteCondition = (query: unknown): SQL | undefined => {
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
  const parse = (query: unknown, caller: Caller): ParsedList =>
    listQueryOrThrow(query, listSpecForCaller(decl, spec, caller), { defaultSort: [decl.defaultSort] });
  /** The export's list: access, then its parameters as the list checks them. */
  const exportList = async (caller: Caller, query: unknown): Promise<ParsedList> => {
    authorize(caller, declaredGrant(decl, 'export'));
    const list = parse(query, caller);
    // an export reads every row: a search or filter no index answers is refused on a large table,
    // as the list refuses it
    await assertIndexable(db, table, list);
    return list;
  };

  /** A row as `caller` may see it (members' mobiles masked: privacy.ts). */
  const shown = (caller: Caller, row: Row): Row => maskRow(decl, caller, row);

  /** The row `id` if the caller may see it, else 404. */
  const findVisible = async (caller: Caller, id: number): Promise<Row> => {
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(idCol, id), callerScope(decl, table, caller)))
      .limit(1);
    if (!row) throw notFound(decl);
    return row;
  };

  /** The writable fields of a body as column values (server-owned and unknown keys dropped). */
  const toValues = (body: Body, caller: Caller): Row => {
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
  const checkReferences = async (values: Row, caller: Caller, companyId: number | null): Promise<void> => {
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

  /** Runs a write; inside one transaction with its audit entries when the declaration is audited. */
  const write = <T>(run: (tx: DbOrTx) => Promise<T>): Promise<T> =>
    auditsChanges(decl) ? db.transaction((tx) => run(tx)) : run(db);

  const companyOfRow = (row: Row | undefined): number | null => {
    if (!row) return null;
    // the company table's company is the row itself; an unscoped row may name one (merchantSignup)
    const v = row[effectiveScope(decl) === 'none' ? 'companyId' : scopeKey(decl, 'companyId')];
    return typeof v === 'number' ? v : null;
  };

  /** One audit entry per changed row (audited declarations only). */
  const audit = async (
    tx: DbOrTx,
    caller: Caller,
    action: string,
    pairs: { before?: Row; after?: Row }[],
  ) => {
    // what the write sets off (its domain's hooks, extensions.ts), in its transaction; every write path records here
    if (hooks?.afterWrite && pairs.length > 0) await hooks.afterWrite(tx, pairs);
    if (!auditsChanges(decl)) return;
    for (const { before, after } of pairs) {
      const row = after ?? before;
      await recordAudit(tx, {
        actor: { id: caller.id, email: caller.email },
        action,
        resource: decl.name,
        recordId: typeof row?.id === 'number' ? row.id : null,
        companyId: companyOfRow(row),
        before,
        after,
      });
    }
  };

  /** The rows a multi-row write will touch, read first when they are to be audited. */
  const rowsBefore = async (tx: DbOrTx, where: SQL | undefined): Promise<Map<unknown, Row>> => {
    if (!auditsChanges(decl)) return new Map();
    const rows = (await tx.select().from(table).where(where)) as Row[];
    return new Map(rows.map((row) => [row.id, row]));
  };

  /** UPDATE … SET `set` WHERE `where`, audited as `action`: answers the changed rows. */
  const updateWhere = async (
    tx: DbOrTx,
    caller: Caller,
    action: string,
    set: Row,
    where: SQL | undefined,
  ) => {
    const before = await rowsBefore(tx, where);
    const rows = (await tx.update(table).set(set).where(where).returning()) as Row[];
    await audit(
      tx,
      caller,
      action,
      rows.map((after) => ({ before: before.get(after.id), after })),
    );
    return rows;
  };

  /**
   * The declaration's delete guards (a company's wallet holding money, a brand's open stores and live
   * cards or vouchers, a store's registered devices): the rows about to be deleted are locked first,
   * so a guard read in this transaction cannot be overtaken by another delete of the same rows.
   */
  const assertDeletable = async (tx: DbOrTx, where: SQL | undefined): Promise<void> => {
    const guards = decl.deleteGuards ?? [];
    if (guards.length === 0) return;
    const locked = await tx.select({ id: idCol }).from(table).where(where).for('update');
    const ids = locked.map((r) => r.id as number);
    if (ids.length === 0) return;
    for (const g of guards) {
      const dependent = tableOf(g.resource);
      const dependentDecl = declarationOf(g.resource);
      if (!dependent || !dependentDecl)
        throw new Error(`${decl.name}: delete guard on unknown ${g.resource}`);
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

  /** Deletes (softly when declared) the rows of `where`, audited: answers the deleted rows. */
  const deleteWhere = async (tx: DbOrTx, caller: Caller, where: SQL | undefined): Promise<Row[]> => {
    await assertDeletable(tx, where);
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
      return updateWhere(tx, caller, 'delete', { [soft.field]: storedChoice(field, soft.value) }, where);
    const before = await rowsBefore(tx, where);
    const rows = (await tx.delete(table).where(where).returning()) as Row[];
    await audit(
      tx,
      caller,
      'delete',
      rows.map((row) => ({ before: before.get(row.id) })),
    );
    return rows;
  };

  const actionOf = (name: string, bulk: boolean): ActionDeclaration => {
    // an action served by an operation of its own is never run generically
    const action = decl.actions?.find((a) => a.name === name && a.operation !== true && (!bulk || a.bulk));
    if (!action) throw new AppError('NOT_FOUND');
    return action;
  };

  const assertActionAllowed = (caller: Caller, action: ActionDeclaration) => {
    authorize(caller, declaredGrant(decl, 'action'));
    authorize(caller, { resource: decl.permission, action: 'UPDATE', roles: action.roles });
  };

  const transitionSet = (action: ActionDeclaration): { set: Row; from: (string | number)[] } => {
    const field = ownFields(decl).find((f) => f.name === action.field);
    if (!field) throw new Error(`${decl.name}.${action.name}: no field ${action.field}`);
    const set: Row = { [action.field]: storedChoice(field, action.to) };
    // the fields that follow it (resources/transitions.ts movedFields), stored as their choices are
    for (const [name, value] of Object.entries(action.set ?? {})) {
      const other = ownFields(decl).find((f) => f.name === name);
      if (!other) throw new Error(`${decl.name}.${action.name}: no field ${name}`);
      set[name] = storedChoice(other, value);
    }
    if (action.stampField) set[action.stampField] = new Date();
    return { set, from: action.from.map((s) => storedChoice(field, s)) };
  };

  /** A stored value of the action's field as its choice (a numeric select stores the index). */
  const choiceName = (action: ActionDeclaration, stored: unknown): unknown => {
    const field = ownFields(decl).find((f) => f.name === action.field);
    return field?.type === 'select' && field.numeric && typeof stored === 'number'
      ? field.choices[stored]
      : stored;
  };

  const transitionColumn = (action: ActionDeclaration): AnyPgColumn => {
    const col = cols[action.field];
    if (!col) throw new Error(`${decl.name}.${action.name}: no column ${action.field}`);
    return col;
  };

  return {
    decl,

    list: async (caller: Caller, query: unknown, noCount: boolean) => {
      authorize(caller, declaredGrant(decl, 'list'));
      const list = parse(query, caller);
      const page = await guard(decl, () =>
        selectPageOrThrow(
          db,
          table,
          list,
          noCount,
          and(callerScope(decl, table, caller), softDeleteCondition(query)),
        ),
      );
      return { ...page, data: maskRows(decl, caller, await withCurrency(db, decl, page.data as Row[])) };
    },

    /** Every filtered row for the CSV export, in batches (export.ts). */
    /** What the export checks before it reads a row (a scheduled export's view is checked by it). */
    checkExport: async (caller: Caller, query: unknown): Promise<void> => {
      await exportList(caller, query);
    },

    exportRows: async (caller: Caller, query: unknown): Promise<ExportPlan> => {
      const list = await exportList(caller, query);
      const where = and(callerScope(decl, table, caller), softDeleteCondition(query), list.where);
      const sorted = (query as { sort?: unknown } | undefined)?.sort !== undefined;
      const plan = await exportPlan(db, { table, idCol, list, where, sorted }, (read) => guard(decl, read));
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
    },

    get: async (caller: Caller, id: number): Promise<Row> => {
      authorize(caller, declaredGrant(decl, 'get'));
      const [row] = await withCurrency(db, decl, [await findVisible(caller, id)]);
      if (!row) throw notFound(decl);
      return shown(caller, row);
    },

    create: async (caller: Caller, body: Body): Promise<Row> => {
      authorize(caller, declaredGrant(decl, 'create'));
      const moved = operationOnlyViolations(decl, body);
      if (moved.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', moved);
      const values = toValues(body, caller);
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
      const companyId = companyKey && companyKey !== 'id' ? values[companyKey] : undefined;
      await checkReferences(values, caller, typeof companyId === 'number' ? companyId : null);
      await writeCheck?.check(
        db,
        { ...defaultsOf(decl), ...values },
        typeof companyId === 'number' ? companyId : null,
      );
      return guard(decl, () =>
        write(async (tx) => {
          // the table's columns are known at run time only; `values` holds only its writable keys
          const [row] = (await tx
            .insert(table)
            .values(values as never)
            .returning()) as Row[];
          if (!row) throw new Error('insert returned nothing');
          await audit(tx, caller, 'create', [{ after: row }]);
          return shown(caller, row);
        }),
      );
    },

    update: async (caller: Caller, id: number, body: Body): Promise<Row> => {
      authorize(caller, declaredGrant(decl, 'update'));
      const existing = await findVisible(caller, id);
      const moved = operationOnlyViolations(decl, body, existing);
      if (moved.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', moved);
      const values = toValues(body, caller);
      if (Object.keys(values).length === 0) return shown(caller, existing);
      assertRules(decl, { ...existing, ...values });
      assertNotFrozen(decl, existing, values);
      const companyId = companyKey ? (values[companyKey] ?? existing[companyKey]) : undefined;
      await checkReferences(values, caller, typeof companyId === 'number' ? companyId : null);
      await writeCheck?.check(
        db,
        { ...existing, ...values },
        typeof companyId === 'number' ? companyId : null,
      );
      return guard(decl, () =>
        write(async (tx) => {
          const [row] = (await tx
            .update(table)
            .set(values)
            .where(and(eq(idCol, id), callerScope(decl, table, caller)))
            .returning()) as Row[];
          if (!row) throw notFound(decl);
          await audit(tx, caller, 'update', [{ before: existing, after: row }]);
          return shown(caller, row);
        }),
      );
    },

    updateMany: async (caller: Caller, ids: readonly number[], body: Body): Promise<number[]> => {
      authorize(caller, declaredGrant(decl, 'update'));
      const moved = operationOnlyViolations(decl, body);
      if (moved.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', moved);
      if ((decl.rules ?? []).some((r) => ruleFields(r).some((f) => Object.hasOwn(body, f))))
        throw new AppError('PARAMETER_VALIDATION_FAILED', [
          { field: 'data', message: 'fields with a rule between them are changed one row at a time' },
        ]);
      // a check of the whole row (checks.ts) reads one row at a time
      if (writeCheck?.fields.some((f) => Object.hasOwn(body, f)))
        throw new AppError('PARAMETER_VALIDATION_FAILED', [
          { field: 'data', message: 'rows of this table are changed one at a time' },
        ]);
      if ((decl.frozen ?? []).some((r) => Object.hasOwn(body, r.field)))
        throw new AppError('PARAMETER_VALIDATION_FAILED', [
          { field: 'data', message: 'a field that may be frozen is changed one row at a time' },
        ]);
      const values = toValues(body, caller);
      if (Object.keys(values).length === 0)
        throw new AppError('PARAMETER_VALIDATION_FAILED', [
          { field: 'data', message: 'names no writable field' },
        ]);
      const companyId = companyKey && companyKey !== 'id' ? values[companyKey] : undefined;
      await checkReferences(values, caller, typeof companyId === 'number' ? companyId : null);
      const where = and(inArray(idCol, [...ids]), callerScope(decl, table, caller));
      return guard(decl, () =>
        write(async (tx) =>
          (await updateWhere(tx, caller, 'update', values, where)).map((r) => r.id as number),
        ),
      );
    },

    remove: async (caller: Caller, id: number): Promise<Row> => {
      authorize(caller, declaredGrant(decl, 'delete'));
      const where = and(eq(idCol, id), callerScope(decl, table, caller));
      const [row] = await guard(decl, () => write((tx) => deleteWhere(tx, caller, where)), true);
      if (!row) throw notFound(decl);
      return shown(caller, row);
    },

    removeMany: async (caller: Caller, ids: readonly number[]): Promise<number[]> => {
      authorize(caller, declaredGrant(decl, 'delete'));
      const where = and(inArray(idCol, [...ids]), callerScope(decl, table, caller));
      const rows = await guard(decl, () => write((tx) => deleteWhere(tx, caller, where)), true);
      return rows.map((r) => r.id as number);
    },

    /** A transition: UPDATE … WHERE id AND scope AND field IN from; 409 when the state forbids it. */
    runAction: async (caller: Caller, id: number, name: string): Promise<Row> => {
      const action = actionOf(name, false);
      assertActionAllowed(caller, action);
      const { set, from } = transitionSet(action);
      const scope = callerScope(decl, table, caller);
      const where = and(eq(idCol, id), scope, inArray(transitionColumn(action), from));
      const [row] = await guard(decl, () => write((tx) => updateWhere(tx, caller, action.name, set, where)));
      if (row) return shown(caller, row);
      const current = await findVisible(caller, id); // 404 when it is not there (or not the caller's)
      // 11, or the code the declaration gives that state (`refuse`)
      throw new AppError(
        refusalOf(action, choiceName(action, current[action.field])) ?? 'STATE_TRANSITION_NOT_ALLOWED',
        [
          {
            field: action.field,
            message: `${action.name} needs ${action.field} in ${action.from.join(', ')}`,
          },
        ],
      );
    },

    /** A bulk transition: moves the rows that may move; the answer lists their ids. */
    runBulkAction: async (caller: Caller, ids: readonly number[], name: string): Promise<number[]> => {
      const action = actionOf(name, true);
      assertActionAllowed(caller, action);
      const { set, from } = transitionSet(action);
      const where = and(
        inArray(idCol, [...ids]),
        callerScope(decl, table, caller),
        inArray(transitionColumn(action), from),
      );
      const rows = await guard(decl, () => write((tx) => updateWhere(tx, caller, action.name, set, where)));
      return rows.map((r) => r.id as number);
    },
  };
};

export type ResourceService = ReturnType<typeof createResourceService>;
export type { Body, DerivedTable, ExportPlan, ListSpec, Row };
