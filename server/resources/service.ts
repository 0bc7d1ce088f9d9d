// The generic service behind every derived resource: list, get, create, update, delete (soft when
// declared), updateMany, deleteMany, transition actions and CSV export rows. Access is checked here
// (the declaration's roles AND contract/access canAccess), and a merchant's scope is applied IN THE
// QUERY of every read and write, whatever the request says. Another company's row answers 404, like
// a missing one, so ids cannot be probed.
import { and, asc, eq, getTableColumns, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldViolation } from '../../contract/envelope';
import { PUSH_PLACEHOLDERS, unknownPlaceholders } from '../../contract/push';
import { refusalOf } from '../../resources/transitions';
import type {
  ActionDeclaration,
  FieldDeclaration,
  ResourceDeclaration,
  RuleDeclaration,
} from '../../resources/types';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { assertIndexable } from '../lib/list-page';
import { listQueryOrThrow, selectPageOrThrow } from '../lib/list-query';
import { isInvalidRegexError } from '../lib/list-regex';
import type { ListSpec, ParsedList } from '../lib/list-types';
import { type DbOrTx, recordAudit } from '../services/audit';
import { authorize, declaredGrant, type Operation } from './authorize';
import {
  addedScopeColumns,
  effectiveScope,
  fieldOfConstraint,
  SCOPE_COLUMNS,
  type ScopeColumn,
  scopeKey,
} from './naming';
import type { Caller } from './principal';
import { type DerivedResource, declarationOf, tableOf } from './registry';
import { isServerOwned } from './schemas';
import { type DerivedTable, ownFields, storedChoice } from './tables';
import { VISIBILITY } from './visibility';

export type { Operation };

/** The declared defaults of a row about to be created (for rules across fields). */
const defaultsOf = (decl: ResourceDeclaration): Row =>
  Object.fromEntries(
    ownFields(decl).flatMap((f) => ('default' in f && f.default !== undefined ? [[f.name, f.default]] : [])),
  );

const columnsOf = (table: PgTable): Record<string, AnyPgColumn> => getTableColumns(table);

/**
 * SQL limiting `table` (of `decl`) to the rows of an organisation: its company, and its brand or
 * store when the resource is scoped that deep and the organisation names one. Undefined: no limit.
 */
export const orgCondition = (
  decl: ResourceDeclaration,
  table: PgTable,
  org: { companyId: number | null; brandId: number | null; storeId: number | null },
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
  return and(...parts);
};

/** The caller's scope on a resource: nothing for operators. */
export const callerScopeOf = (decl: ResourceDeclaration, table: PgTable, caller: Caller): SQL | undefined =>
  caller.type === 'OPERATOR' ? undefined : orgCondition(decl, table, caller);

// ---- database errors → catalogue -----------------------------------------------------------------

interface PgErrorInfo {
  code: string;
  constraint?: string;
  column?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const pgErrorInfo = (err: unknown): PgErrorInfo | undefined => {
  let e: unknown = err;
  for (let depth = 0; isObject(e) && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const message = typeof e.message === 'string' ? e.message : '';
      const constraint =
        typeof e.constraint === 'string' ? e.constraint : /constraint "([^"]+)"/.exec(message)?.[1];
      const column = typeof e.column === 'string' ? e.column : /column "([^"]+)"/.exec(message)?.[1];
      return {
        code: e.code,
        ...(constraint ? { constraint } : {}),
        ...(column ? { column } : {}),
      };
    }
    e = e.cause;
  }
  return undefined;
};

const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Maps a database error to the catalogue: duplicates 409, bad references and values code 2. */
export const mapDbError = (decl: ResourceDeclaration, err: unknown, deleting = false): unknown => {
  if (err instanceof AppError) return err;
  if (isInvalidRegexError(err)) {
    return new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'filter', message: 'regex is not valid' }]);
  }
  const info = pgErrorInfo(err);
  if (!info) return err;
  const field = (info.constraint && fieldOfConstraint(decl, info.constraint)) || undefined;
  const violation = (message: string): FieldViolation[] => [{ field: field ?? 'body', message }];
  switch (info.code) {
    case '23505': {
      const declared = (decl.uniques ?? []).find((u) => u.name === info.constraint);
      if (declared)
        return new AppError(declared.error, [
          { field: declared.fields.at(-1) ?? 'body', message: 'already exists' },
        ]);
      const own = field ? decl.errors?.duplicate?.[field] : undefined;
      return new AppError(own ?? 'ALREADY_EXISTS', violation('already exists'));
    }
    case '23001': // restrict_violation: ON DELETE RESTRICT refuses before 23503 could
      return new AppError(decl.errors?.inUse ?? 'STILL_REFERENCED');
    case '23503':
      return deleting
        ? new AppError(decl.errors?.inUse ?? 'STILL_REFERENCED')
        : new AppError('PARAMETER_VALIDATION_FAILED', violation('does not exist'));
    case '23514':
      return new AppError('PARAMETER_VALIDATION_FAILED', violation('is out of range'));
    case '23502':
      return new AppError('PARAMETER_VALIDATION_FAILED', [
        { field: info.column ? snakeToCamel(info.column) : 'body', message: 'is required' },
      ]);
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
      return new AppError('PARAMETER_VALIDATION_FAILED', [
        { field: 'body', message: 'a value is not valid' },
      ]);
    case '57014':
      // statement_timeout on PostgreSQL: a filter too expensive to answer
      return new AppError('PARAMETER_VALIDATION_FAILED', [
        { field: 'filter', message: 'the query took too long; narrow the filter' },
      ]);
    default:
      return err;
  }
};

const guard = async <T>(decl: ResourceDeclaration, run: () => Promise<T>, deleting = false): Promise<T> => {
  try {
    return await run();
  } catch (e) {
    throw mapDbError(decl, e, deleting);
  }
};

/** The resource's own not-found error (26431 for a brand ...), else 5 NOT_FOUND. */
const notFound = (decl: ResourceDeclaration): AppError => new AppError(decl.errors?.notFound ?? 'NOT_FOUND');

// ---- the service ------------------------------------------------------------------------------------

export type Row = Record<string, unknown>;
export type Body = Record<string, unknown>;

/** Rows per batch of the CSV export (keyset on id). */
export const EXPORT_BATCH = 500;

export interface ExportPlan {
  columns: string[];
  batches: AsyncGenerator<Row[]>;
}

/** Code 2 for each operation-only field a generic write would move (docs/operations.md principles). */
export const operationOnlyViolations = (
  decl: ResourceDeclaration,
  body: Body,
  existing?: Row,
): FieldViolation[] =>
  ownFields(decl).flatMap((f) => {
    if (!f.operationOnly || !Object.hasOwn(body, f.name)) return [];
    // an update echoing the stored value unchanged (react-admin sends records back whole) moves nothing
    if (existing && sameValue(existing[f.name], body[f.name], f)) return [];
    return [{ field: f.name, message: 'moves only through its operations' }];
  });

const sameValue = (stored: unknown, sent: unknown, f: FieldDeclaration): boolean => {
  if (stored instanceof Date)
    return typeof sent === 'string' && new Date(sent).getTime() === stored.getTime();
  if (f.type === 'select' && typeof sent === 'string') return stored === storedChoice(f, sent);
  if (stored === null || stored === undefined) return sent === null || sent === undefined;
  return stored === sent || String(stored) === String(sent);
};

/** The fields a rule reads. */
const ruleFields = (rule: RuleDeclaration): string[] =>
  rule.kind === 'order' ? [rule.first, rule.last] : [rule.field, rule.when.field];

const blank = (v: unknown): boolean => v === null || v === undefined || v === '';

/**
 * A value of an order rule as it compares: instants for datetimes (a stored row holds Dates, a body
 * ISO text: neither compares as text, "Thu ..." sorts before "Wed ..."), numbers for numbers and
 * money, text for dates (YYYY-MM-DD sorts as it reads).
 */
const orderValue = (type: string | undefined, v: unknown): number | string => {
  if (type === 'datetime' || v instanceof Date)
    return v instanceof Date ? v.getTime() : Date.parse(String(v));
  if (type === 'number' || type === 'money') return Number(v);
  return String(v);
};

/**
 * The declaration's rules on a (merged) row: order rules (`first` ≤ `last`, else the rule's error),
 * required-when rules (code 2 naming the field) and placeholder texts (code 2 naming the field).
 */
export const assertRules = (decl: ResourceDeclaration, row: Row): void => {
  for (const rule of decl.rules ?? []) {
    if (rule.kind === 'requiredWhen') {
      const when = row[rule.when.field];
      if (blank(row[rule.field]) && rule.when.in.includes(String(when)))
        throw new AppError('PARAMETER_VALIDATION_FAILED', [
          { field: rule.field, message: `is required when ${rule.when.field} is ${String(when)}` },
        ]);
      continue;
    }
    const first = row[rule.first];
    const last = row[rule.last];
    if (first === null || first === undefined || last === null || last === undefined) continue;
    const type = ownFields(decl).find((f) => f.name === rule.first)?.type;
    const a = orderValue(type, first);
    const b = orderValue(type, last);
    if (a > b) {
      const relation = type === 'number' || type === 'money' ? 'less than' : 'before';
      throw new AppError(rule.error, [
        { field: rule.last, message: `must not be ${relation} ${rule.first}` },
      ]);
    }
  }
  const unknown = ownFields(decl).flatMap((f) => {
    const v = row[f.name];
    if (!('placeholders' in f) || f.placeholders !== true || typeof v !== 'string') return [];
    const names = unknownPlaceholders(v);
    return names.length === 0
      ? []
      : [
          {
            field: f.name,
            message: `names unknown placeholder ${names.map((n) => `{${n}}`).join(', ')}; known: ${PUSH_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
          },
        ];
  });
  if (unknown.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', unknown);
};

/** The declaration's frozen fields: an update may not change `field` while the row's `while` holds. */
export const assertNotFrozen = (decl: ResourceDeclaration, existing: Row, values: Row): void => {
  for (const rule of decl.frozen ?? []) {
    if (!Object.hasOwn(values, rule.field)) continue;
    const now = existing[rule.while.field];
    if (!rule.while.in.includes(String(now))) continue;
    if (String(values[rule.field] ?? null) === String(existing[rule.field] ?? null)) continue;
    throw new AppError(rule.error, [
      { field: rule.field, message: `cannot change while ${rule.while.field} is ${String(now)}` },
    ]);
  }
};

/** A field's own catalogue error (6801 for a negative pack price ...) for a value past its min or max. */
export const fieldRuleViolation = (decl: ResourceDeclaration, body: unknown): AppError | undefined => {
  if (!isObject(body)) return undefined;
  for (const f of ownFields(decl)) {
    if (!f.error || (f.type !== 'number' && f.type !== 'money')) continue;
    const v = body[f.name];
    if (typeof v !== 'number') continue;
    if ((f.min !== undefined && v < f.min) || (f.max !== undefined && v > f.max)) {
      const range = `${f.min ?? '…'} to ${f.max ?? '…'}`;
      return new AppError(f.error, [{ field: f.name, message: `must be ${range}` }]);
    }
  }
  return undefined;
};

export const createResourceService = (db: Db, { decl, table, spec }: DerivedResource) => {
  const cols = columnsOf(table);
  const visibility = VISIBILITY[decl.name];
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

  const parse = (query: unknown): ParsedList =>
    listQueryOrThrow(query, spec, { defaultSort: [decl.defaultSort] });

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
    decl.audit ? db.transaction((tx) => run(tx)) : run(db);

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
    if (!decl.audit) return;
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
    if (!decl.audit) return new Map();
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

  /** Deletes (softly when declared) the rows of `where`, audited: answers the deleted rows. */
  const deleteWhere = async (tx: DbOrTx, caller: Caller, where: SQL | undefined): Promise<Row[]> => {
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
      const list = parse(query);
      return guard(decl, () =>
        selectPageOrThrow(
          db,
          table,
          list,
          noCount,
          and(callerScope(decl, table, caller), softDeleteCondition(query)),
        ),
      );
    },

    /**
     * Every filtered row for the CSV export, in id order, in keyset batches (never capped at one
     * page). The first batch is read before anything is sent, so a bad filter still answers the
     * envelope.
     */
    exportRows: async (caller: Caller, query: unknown): Promise<ExportPlan> => {
      authorize(caller, declaredGrant(decl, 'export'));
      const list = parse(query);
      // an export reads every row: a search or filter no index answers is refused on a large table,
      // as the list refuses it
      await assertIndexable(db, table, list);
      const where = and(callerScope(decl, table, caller), softDeleteCondition(query), list.where);
      // no sort asked: keyset on id (cheap at any depth); a sort asked: the list's order (its id
      // tie-breaker makes the offsets stable), batch by batch
      const sorted = (query as { sort?: unknown } | undefined)?.sort !== undefined;
      const batch = (after: number, offset: number) =>
        (sorted
          ? db
              .select(list.columns)
              .from(table)
              .where(where)
              .orderBy(...list.orderBy)
              .limit(EXPORT_BATCH)
              .offset(offset)
          : db
              .select(list.columns)
              .from(table)
              .where(and(where, gt(idCol, after)))
              .orderBy(asc(idCol))
              .limit(EXPORT_BATCH)) as Promise<Row[]>;
      const first = await guard(decl, () => batch(0, 0));
      async function* batches(): AsyncGenerator<Row[]> {
        let rows = first;
        let offset = 0;
        while (rows.length > 0) {
          yield rows;
          if (rows.length < EXPORT_BATCH) return;
          offset += rows.length;
          const last = rows[rows.length - 1]?.id;
          if (typeof last !== 'number') return;
          rows = await batch(last, offset);
        }
      }
      return { columns: Object.keys(list.columns), batches: batches() };
    },

    get: async (caller: Caller, id: number): Promise<Row> => {
      authorize(caller, declaredGrant(decl, 'get'));
      return findVisible(caller, id);
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
          missing.map((field) => ({ field, message: 'is required' })),
        );
      const companyId = companyKey && companyKey !== 'id' ? values[companyKey] : undefined;
      await checkReferences(values, caller, typeof companyId === 'number' ? companyId : null);
      return guard(decl, () =>
        write(async (tx) => {
          // the table's columns are known at run time only; `values` holds only its writable keys
          const [row] = (await tx
            .insert(table)
            .values(values as never)
            .returning()) as Row[];
          if (!row) throw new Error('insert returned nothing');
          await audit(tx, caller, 'create', [{ after: row }]);
          return row;
        }),
      );
    },

    update: async (caller: Caller, id: number, body: Body): Promise<Row> => {
      authorize(caller, declaredGrant(decl, 'update'));
      const existing = await findVisible(caller, id);
      const moved = operationOnlyViolations(decl, body, existing);
      if (moved.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', moved);
      const values = toValues(body, caller);
      if (Object.keys(values).length === 0) return existing;
      assertRules(decl, { ...existing, ...values });
      assertNotFrozen(decl, existing, values);
      const companyId = companyKey ? (values[companyKey] ?? existing[companyKey]) : undefined;
      await checkReferences(values, caller, typeof companyId === 'number' ? companyId : null);
      return guard(decl, () =>
        write(async (tx) => {
          const [row] = (await tx
            .update(table)
            .set(values)
            .where(and(eq(idCol, id), callerScope(decl, table, caller)))
            .returning()) as Row[];
          if (!row) throw notFound(decl);
          await audit(tx, caller, 'update', [{ before: existing, after: row }]);
          return row;
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
      return row;
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
      if (row) return row;
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
export type { DerivedTable, ListSpec };
