// Step, last: every derived table the hand-written steps left empty gets rows from its declaration
// (issue 37 item 3), so adding a table is still one file: its `demo` rows, or a few rows made from its
// field types (demo-rows.ts). A scoped table gets them once per demo company, spread over the
// company's brands or stores; references point at existing rows of the same company. They are written
// with Drizzle on the derived tables, as the other steps write the rows only the server writes, so an
// operation-only field holds its default and no operation or audit entry is made up for them.
import { and, eq, getTableColumns, inArray, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SCOPE_COLUMNS, type ScopeColumn, scopeColumnsOf } from '../../resources/scope';
import type { ResourceDeclaration } from '../../resources/types';
import type { Db } from '../../server/platform/db/client';
import { ownFields, storedChoice } from '../../server/platform/db/derive-tables';
import { addedScopeColumns } from '../../server/platform/db/naming';
import { company } from '../../server/platform/db/schema/resources';
import {
  DERIVED_RESOURCES,
  type DerivedResource,
  declarationOf,
  tableOf,
} from '../../server/resources/registry';
import type { Body } from '../../server/resources/rules';
import { count, type SeedBase } from './context';
import { COMPANIES } from './data';
import { demoRow, keepDistinct, rowsPerBatch } from './demo-rows';

/** Where a table's rows came from, when not from a hand-written step. */
export type GenericSource = 'demo' | 'generated';

/** The organisation a row belongs to: null for an unscoped table's rows. */
interface Org {
  companyId: number | null;
  brandId: number | null;
  storeId: number | null;
}

/** Rows a reference may point to, at most (the first ones by id). */
const CANDIDATES = 20;

const column = (table: object, name: string): AnyPgColumn | undefined =>
  (getTableColumns(table as never) as Record<string, AnyPgColumn | undefined>)[name];

/** The rows of `name` that are not deleted softly, narrowed by `where`, first by id. */
const liveIds = async (db: Db, name: string, where: (SQL | undefined)[]): Promise<number[]> => {
  const table = tableOf(name);
  if (!table) throw new Error(`no table for ${name}`);
  const soft = declarationOf(name)?.softDelete;
  const softCol = soft ? column(table, soft.field) : undefined;
  const field = soft ? declarationOf(name)?.fields.find((f) => f.name === soft.field) : undefined;
  const alive =
    soft && softCol ? ne(softCol, field ? storedChoice(field, soft.value) : soft.value) : undefined;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(alive, ...where))
    .orderBy(table.id)
    .limit(CANDIDATES);
  return rows.map((r) => r.id as number);
};

/** The demo data set's companies (the hand-written steps made them), first by id. */
const demoCompanies = async (db: Db): Promise<number[]> => {
  const rows = await db
    .select({ id: company.id })
    .from(company)
    .where(
      inArray(
        column(company, 'registrationNo') as AnyPgColumn,
        COMPANIES.map((c) => c.registrationNo),
      ),
    )
    .orderBy(company.id);
  return rows.map((r) => r.id as number);
};

/**
 * The organisations of one batch of rows each: none for an unscoped table; per demo company its own
 * (company scope), or its brands or stores (a company with none gets no rows).
 */
const orgsOf = async (db: Db, decl: ResourceDeclaration): Promise<Org[][]> => {
  const scope = scopeColumnsOf(decl);
  if (scope.length === 0) return [[{ companyId: null, brandId: null, storeId: null }]];
  const batches: Org[][] = [];
  for (const companyId of await demoCompanies(db)) {
    const deeper = scope.find((c): c is Exclude<ScopeColumn, 'companyId'> => c !== 'companyId');
    if (!deeper) {
      batches.push([{ companyId, brandId: null, storeId: null }]);
      continue;
    }
    const target = SCOPE_COLUMNS[deeper];
    const owner = column(tableOf(target) as object, 'companyId');
    const ids = await liveIds(db, target, [owner ? eq(owner, companyId) : undefined]);
    if (ids.length === 0) continue;
    batches.push(
      ids.map((id) => ({
        companyId,
        brandId: deeper === 'brandId' ? id : null,
        storeId: deeper === 'storeId' ? id : null,
      })),
    );
  }
  return batches;
};

/**
 * The ids a reference to `target` may take from a row of `org`: the org's own company, brand or
 * store; else rows of the same company, brand and store, as far as the target has those columns; any
 * row for an unscoped row or an unscoped target.
 */
const candidatesFor = async (db: Db, target: string, org: Org): Promise<number[]> => {
  const own =
    target === 'company'
      ? org.companyId
      : target === 'brand'
        ? org.brandId
        : target === 'store'
          ? org.storeId
          : null;
  if (own !== null) return [own];
  const table = tableOf(target);
  if (!table) throw new Error(`reference to undeclared resource ${target}`);
  const within = (name: keyof Org): SQL | undefined => {
    const c = column(table, name);
    const v = org[name];
    return c && v !== null ? eq(c, v) : undefined;
  };
  return liveIds(db, target, [within('companyId'), within('brandId'), within('storeId')]);
};

/** A body as Drizzle writes it: datetimes as Dates. */
const toColumns = (decl: ResourceDeclaration, row: Body): Body => {
  const out: Body = { ...row };
  for (const f of ownFields(decl))
    if (f.type === 'datetime' && typeof out[f.name] === 'string')
      out[f.name] = new Date(out[f.name] as string);
  return out;
};

/** The fields a `requiredWhen` rule asks of demo row `index` (a MULTIPLIER campaign names its programme). */
const requiredBy = (decl: ResourceDeclaration, index: number): Set<string> => {
  const demo = decl.demo?.rows[index];
  const needed = new Set<string>();
  for (const rule of decl.rules ?? [])
    if (rule.kind === 'requiredWhen' && demo && rule.when.in.includes(String(demo[rule.when.field])))
      needed.add(rule.field);
  return needed;
};

/**
 * Writes one table's demo or generated rows (whatever it holds already) and says how many, and
 * from where. A row whose required reference has nothing to point to in its organisation is left out. Run on an empty table by `seedGeneric`; tests run it on every table.
 */
export const fillTable = async (
  db: Db,
  { decl, table }: DerivedResource,
  now: Date,
): Promise<{ rows: number; from: GenericSource }> => {
  const references = ownFields(decl).flatMap((f) => (f.type === 'reference' ? [f] : []));
  const scopeCols = addedScopeColumns(decl);
  const perBatch = rowsPerBatch(decl);
  const rows: Body[] = [];
  let n = 0;
  for (const orgs of await orgsOf(db, decl)) {
    const cache = new Map<string, Promise<number[]>>();
    for (let index = 0; index < perBatch; index++) {
      const org = orgs[index % orgs.length] as Org;
      const refs: Record<string, readonly number[]> = {};
      for (const f of references) {
        const key = `${f.reference}|${org.companyId}|${org.brandId}|${org.storeId}`;
        if (!cache.has(key)) cache.set(key, candidatesFor(db, f.reference, org));
        refs[f.name] = await (cache.get(key) as Promise<number[]>);
      }
      // a brand without a programme gets no cards: no row rather than one pointing at another brand's
      const needed = requiredBy(decl, index);
      if (references.some((f) => (f.required || needed.has(f.name)) && refs[f.name]?.length === 0)) continue;
      n += 1;
      const row = demoRow(decl, { index, n, references: refs, now });
      for (const c of scopeCols) row[c] = org[c];
      rows.push(row);
    }
  }
  // a unique value some row already holds is left to that row
  const taken = new Set<string>();
  if (decl.uniques?.length || ownFields(decl).some((f) => f.unique))
    keepDistinct(decl, (await db.select().from(table)) as Body[], taken);
  const kept = keepDistinct(decl, rows, taken);
  if (kept.length > 0) await db.insert(table).values(kept.map((r) => toColumns(decl, r)) as never);
  return { rows: kept.length, from: decl.demo ? 'demo' : 'generated' };
};

/**
 * The empty tables in an order that writes a referenced table before the tables that point at it
 * (a reference that closes a loop is left to the rows already there, or null).
 */
const fillOrder = (empty: readonly DerivedResource[]): DerivedResource[] => {
  const pending = new Map(empty.map((r) => [r.decl.name, r]));
  const order: DerivedResource[] = [];
  const waitsFor = (r: DerivedResource, requiredOnly: boolean) =>
    ownFields(r.decl).some(
      (f) =>
        f.type === 'reference' &&
        f.reference !== r.decl.name &&
        pending.has(f.reference) &&
        (!requiredOnly || f.required === true),
    );
  while (pending.size > 0) {
    const ready =
      [...pending.values()].find((r) => !waitsFor(r, false)) ??
      [...pending.values()].find((r) => !waitsFor(r, true));
    if (!ready)
      throw new Error(`seed:demo: required references in a loop: ${[...pending.keys()].join(', ')}`);
    order.push(ready);
    pending.delete(ready.decl.name);
  }
  return order;
};

/**
 * Fills every derived table that is still empty once the hand-written steps ran (a table declared
 * after them), counting its rows; returns which tables it filled and from where.
 */
export const seedGeneric = async (
  seed: Pick<SeedBase, 'tx' | 'now' | 'counts'>,
  resources: readonly DerivedResource[] = DERIVED_RESOURCES,
): Promise<Record<string, GenericSource>> => {
  const empty: DerivedResource[] = [];
  for (const r of resources) {
    const [any] = await seed.tx.select({ id: r.table.id }).from(r.table).limit(1);
    if (!any) empty.push(r);
  }
  const filled: Record<string, GenericSource> = {};
  for (const r of fillOrder(empty)) {
    const { rows, from } = await fillTable(seed.tx, r, seed.now);
    count(seed, r.decl.name, rows);
    filled[r.decl.name] = from;
  }
  return filled;
};
