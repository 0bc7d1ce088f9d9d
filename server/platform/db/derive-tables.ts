// The Drizzle table of every derived declaration: one column per field (one `switch` on the field type),
// plus id, createTime/updateTime and the scope columns; checks for lengths, ranges and choices; foreign
// keys for references and scope columns; an index per filterable or sortable field; a unique index per
// unique field (per company when the resource is scoped). drizzle-kit reads the result through the
// named exports of server/platform/db/schema/resources.ts.
import { type ColumnDataType, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoredRow } from '../../../resources/rows';
import type { FieldDeclaration, ResourceDeclaration, TextFieldDeclaration } from '../../../resources/types';
import {
  addedScopeColumns,
  checkName,
  fkName,
  indexName,
  listIndexName,
  SCOPE_COLUMNS,
  scopeColumnsOf,
  scopeKey,
  snake,
  tableNameOf,
  uniqueName,
} from './naming';
import { literalList, timestamps, timestampTz } from './schema/columns';

/** A derived table: its columns are known only at run time, keyed by field name. */
export type DerivedTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: { id: AnyPgColumn; createTime: AnyPgColumn; updateTime: AnyPgColumn } & Record<
    string,
    AnyPgColumn
  >;
  dialect: 'pg';
}>;

/**
 * A column holding `T` (its SQL type is the builder's business; here only the value counts). `T`
 * already holds null where the column may (resources/rows.ts StoredRow, as isNotNull below); every
 * column counts as having a default, so an insert names what it sets and the database's NOT NULL
 * and defaults decide the rest, as before the tables were typed by value.
 */
type ValueColumn<T> = PgColumn<{
  name: string;
  tableName: string;
  dataType: ColumnDataType;
  columnType: string;
  data: T;
  driverParam: unknown;
  notNull: true;
  hasDefault: true;
  isPrimaryKey: false;
  isAutoincrement: false;
  hasRuntimeDefault: false;
  enumValues: undefined;
  baseColumn: never;
  identity: undefined;
  generated: undefined;
}>;

/** The table of one declaration, with a column per declared field typed by the value it stores. */
export type DerivedTableOf<D extends ResourceDeclaration> = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: { [K in keyof StoredRow<D> & string]: ValueColumn<StoredRow<D>[K]> };
  dialect: 'pg';
}>;

/** Anything a reference may point to: a derived table or a hand-written one, by its `id`. */
export type TableWithId = { id: AnyPgColumn };

/** The largest value numeric(14,2) holds. */
export const MONEY_MAX = 999_999_999_999.99;

/** The field types stored as plain text, one TextFieldDeclaration (lengths, text search, trigram). */
const TEXT_TYPES: Readonly<Record<TextFieldDeclaration['type'], true>> = {
  text: true,
  email: true,
  phone: true,
  url: true,
  image: true,
};

/** Whether a field holds plain text (text, email, phone, url or image). */
export const isTextField = (f: FieldDeclaration): f is TextFieldDeclaration =>
  Object.hasOwn(TEXT_TYPES, f.type);

export const isDerived = (decl: Pick<ResourceDeclaration, 'storage'>): boolean =>
  (decl.storage ?? 'derived') === 'derived';

/** A number from a declaration, inlined into DDL (drizzle-kit cannot bind parameters there). */
const literalNumber = (n: number): SQL => {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return sql.raw(String(n));
};

/** Whether a field's column is NOT NULL: required input, a default, or set by the server. */
export const isNotNull = (f: FieldDeclaration): boolean => {
  if ('default' in f && f.default !== undefined) return true;
  if ((f.type === 'date' || f.type === 'datetime') && f.auto) return true;
  return f.required === true && f.readOnly !== true;
};

/** The stored value of a select choice: its index for numeric selects, else the choice itself. */
export const storedChoice = (f: FieldDeclaration, choice: string): string | number => {
  if (f.type !== 'select' || !f.numeric) return choice;
  const i = f.choices.indexOf(choice);
  if (i < 0) throw new Error(`${f.name}: ${choice} is not a choice`);
  return i;
};

const columnFor = (f: FieldDeclaration): PgColumnBuilderBase => {
  const name = snake(f.name);
  const notNull = isNotNull(f);
  if (isTextField(f)) {
    const c = f.default === undefined ? text(name) : text(name).default(f.default);
    return notNull ? c.notNull() : c;
  }
  switch (f.type) {
    case 'number': {
      if (f.integer) {
        const c = f.default === undefined ? integer(name) : integer(name).default(f.default);
        return notNull ? c.notNull() : c;
      }
      const c = f.default === undefined ? doublePrecision(name) : doublePrecision(name).default(f.default);
      return notNull ? c.notNull() : c;
    }
    case 'money': {
      const base = numeric(name, { precision: 14, scale: 2, mode: 'number' });
      const c = f.default === undefined ? base : base.default(f.default);
      return notNull ? c.notNull() : c;
    }
    case 'boolean': {
      const c = f.default === undefined ? boolean(name) : boolean(name).default(f.default);
      return notNull ? c.notNull() : c;
    }
    case 'date':
    case 'datetime': {
      if (f.type === 'date') {
        const c = f.auto ? date(name, { mode: 'string' }).defaultNow() : date(name, { mode: 'string' });
        return notNull ? c.notNull() : c;
      }
      if (f.auto === 'update')
        return timestampTz(name)
          .notNull()
          .defaultNow()
          .$onUpdate(() => new Date());
      const c = f.auto === 'create' ? timestampTz(name).defaultNow() : timestampTz(name);
      return notNull ? c.notNull() : c;
    }
    case 'select': {
      if (f.numeric) {
        const c =
          f.default === undefined
            ? smallint(name)
            : smallint(name).default(Number(storedChoice(f, f.default)));
        return notNull ? c.notNull() : c;
      }
      const c = f.default === undefined ? text(name) : text(name).default(f.default);
      return notNull ? c.notNull() : c;
    }
    case 'reference': {
      const c = integer(name);
      return notNull ? c.notNull() : c;
    }
    case 'json': {
      const c = jsonb(name);
      return notNull ? c.notNull() : c;
    }
    default: {
      const never: never = f;
      throw new Error(`unknown field type ${JSON.stringify(never)}`);
    }
  }
};

/** Checks a field's column must pass (lengths, ranges, choices). */
const checksFor = (table: string, f: FieldDeclaration, col: AnyPgColumn) => {
  const out = [];
  if (isTextField(f)) {
    if (f.maxLength !== undefined)
      out.push(
        check(checkName(table, f.name, 'max'), sql`char_length(${col}) <= ${literalNumber(f.maxLength)}`),
      );
    if (f.minLength !== undefined)
      out.push(
        check(checkName(table, f.name, 'min'), sql`char_length(${col}) >= ${literalNumber(f.minLength)}`),
      );
    return out;
  }
  switch (f.type) {
    case 'number':
    case 'money':
      if (f.min !== undefined)
        out.push(check(checkName(table, f.name, 'min'), sql`${col} >= ${literalNumber(f.min)}`));
      if (f.max !== undefined)
        out.push(check(checkName(table, f.name, 'max'), sql`${col} <= ${literalNumber(f.max)}`));
      break;
    case 'select':
      out.push(
        check(
          checkName(table, f.name, 'in'),
          f.numeric
            ? sql`${col} between 0 and ${literalNumber(f.choices.length - 1)}`
            : sql`${col} in (${literalList(f.choices)})`,
        ),
      );
      break;
    case 'boolean':
    case 'date':
    case 'datetime':
    case 'reference':
    case 'json':
      break;
    default: {
      const never: never = f;
      throw new Error(`unknown field type ${JSON.stringify(never)}`);
    }
  }
  return out;
};

/** The predicate of a partial unique index: `field in (choices)`, stored as the column holds them. */
const partialWhere = (
  decl: ResourceDeclaration,
  t: Record<string, AnyPgColumn>,
  where: { field: string; in: readonly string[] },
): SQL => {
  const f = decl.fields.find((x) => x.name === where.field);
  if (f?.type !== 'select') throw new Error(`${decl.name}: partial index on ${where.field}, not a select`);
  const values = where.in.map((c) => storedChoice(f, c));
  // drizzle-kit writes the predicate into the migration: inline the trusted choices
  const list = f.numeric ? sql.raw(values.join(', ')) : literalList(values.map(String));
  return sql`${columnOf(t, where.field)} in (${list})`;
};

/**
 * Whether a field gets a trigram (pg_trgm GIN) index: searchable text, the one kind the lists search
 * with a plain `ilike` on the column (other types are searched as `::text`, which no index serves).
 */
export const hasTrigramIndex = (f: FieldDeclaration): boolean => f.search === true && isTextField(f);

/** A searchable text's trigram index. */
export const trigramIndexName = (table: string, field: string): string => `${table}_${snake(field)}_trgm_idx`;

/** Every derived table has these without declaring them. */
export const IMPLIED_FIELDS = ['id', 'createTime', 'updateTime'] as const;

/** The declared fields that become columns of their own (an implied one declared again is ignored). */
export const ownFields = (decl: Pick<ResourceDeclaration, 'fields'>): readonly FieldDeclaration[] =>
  decl.fields.filter((f) => !(IMPLIED_FIELDS as readonly string[]).includes(f.name));

/**
 * Whether the server adds each row's `currency` (its company's; server/resources/currency.ts): the
 * table holds money and no currency of its own, and rows belong to a company.
 */
export const addsRowCurrency = (decl: Pick<ResourceDeclaration, 'fields' | 'scope'>): boolean => {
  const fields = ownFields(decl);
  return (
    decl.scope !== 'none' &&
    fields.some((f) => f.type === 'money') &&
    !fields.some((f) => f.name === 'currency')
  );
};

const columnOf = (t: Record<string, AnyPgColumn>, key: string): AnyPgColumn => {
  const c = t[key];
  if (!c) throw new Error(`no column ${key}`);
  return c;
};

/**
 * Builds every derived declaration's table. `existing` holds the hand-written tables of the
 * declarations with storage 'existing', by declaration name, so references can point at them.
 * Foreign keys resolve lazily (drizzle calls them when it reads the table config), so the order of
 * the declarations does not matter and two tables may reference each other.
 */
export const buildDerivedTables = (
  decls: readonly ResourceDeclaration[],
  existing: Readonly<Record<string, TableWithId>>,
): Readonly<Record<string, DerivedTable>> => {
  const tables: Record<string, DerivedTable> = {};
  const target = (name: string): TableWithId => {
    const t = tables[name] ?? existing[name];
    if (!t) throw new Error(`reference to undeclared resource ${name}`);
    return t;
  };
  for (const decl of decls) {
    if (!isDerived(decl)) continue;
    const table = tableNameOf(decl);
    const scoped = addedScopeColumns(decl);
    const columns: Record<string, PgColumnBuilderBase> = { id: serial('id').primaryKey() };
    for (const c of scoped) columns[c] = c === 'companyId' ? integer(snake(c)).notNull() : integer(snake(c));
    for (const f of ownFields(decl)) columns[f.name] = columnFor(f);
    Object.assign(columns, timestamps);
    // the company a unique value is unique within; none for unscoped resources
    const companyKey = decl.scope === 'none' ? undefined : scopeKey(decl, 'companyId');

    const built = pgTable(table, columns, (tRaw) => {
      const t = tRaw as unknown as Record<string, AnyPgColumn>;
      const extras = [];
      for (const c of scoped) {
        extras.push(
          foreignKey({
            name: fkName(table, c),
            columns: [columnOf(t, c)],
            foreignColumns: [target(SCOPE_COLUMNS[c]).id],
          }).onDelete('restrict'),
        );
      }
      extras.push(index(indexName(table, 'createTime')).on(columnOf(t, 'createTime')));
      // a list's first page: its scope (each level a merchant may be limited to), then its default
      // sort, then id (the tie-breaker): `where company_id = $1 order by at desc, id limit 20` reads
      // twenty index entries whatever the table's size. Operators' lists (no scope) have their own.
      // as the list query orders: PostgreSQL's defaults, nulls first when descending
      const sorted = () => {
        const col = columnOf(t, decl.defaultSort.field) as unknown as ExtraConfigColumn; // the extra-config view of the column
        return decl.defaultSort.direction === 'desc' ? col.desc().nullsFirst() : col.asc().nullsLast();
      };
      for (const c of scopeColumnsOf(decl)) {
        const key = scopeKey(decl, c);
        if (key === 'id') continue;
        extras.push(
          index(listIndexName(table, key, decl.defaultSort.field)).on(
            columnOf(t, key),
            sorted(),
            columnOf(t, 'id'),
          ),
        );
      }
      extras.push(index(listIndexName(table, '', decl.defaultSort.field)).on(sorted(), columnOf(t, 'id')));
      for (const f of ownFields(decl)) {
        const col = columnOf(t, f.name);
        extras.push(...checksFor(table, f, col));
        if (f.type === 'reference') {
          extras.push(
            foreignKey({
              name: fkName(table, f.name),
              columns: [col],
              foreignColumns: [target(f.reference).id],
            }).onDelete(f.cascade ? 'cascade' : 'restrict'),
          );
        }
        if (f.unique) {
          const on = companyKey && companyKey !== 'id' ? [columnOf(t, companyKey), col] : [col];
          extras.push(uniqueIndex(uniqueName(table, f.name)).on(on[0] as AnyPgColumn, ...on.slice(1)));
        } else {
          if ((f.filter && f.filter.length > 0) || f.sortable || f.type === 'reference') {
            // references are indexed too: a restricted delete looks them up
            extras.push(index(indexName(table, f.name)).on(col));
          }
          const byValue = f.filter?.some((op) => op === 'eq' || op === 'in');
          if (byValue && f.name !== decl.defaultSort.field) {
            // a filtered list's first page (`where result = $1 order by at desc, id limit 20`) reads
            // its twenty rows in order, however many rows hold that value
            extras.push(
              index(listIndexName(table, f.name, decl.defaultSort.field)).on(
                col,
                sorted(),
                columnOf(t, 'id'),
              ),
            );
          }
        }
        if (hasTrigramIndex(f)) {
          // `ilike '%text%'` (the lists' search) and `~` (regex filters) read a trigram index
          extras.push(
            index(trigramIndexName(table, f.name)).using(
              'gin',
              (col as unknown as ExtraConfigColumn).op('gin_trgm_ops'),
            ),
          );
        }
      }
      for (const u of decl.uniques ?? []) {
        const [first, ...rest] = u.fields.map((name) => columnOf(t, name));
        if (!first) throw new Error(`${decl.name}: unique ${u.name} names no field`);
        const idx = uniqueIndex(u.name).on(first, ...rest);
        extras.push(u.where ? idx.where(partialWhere(decl, t, u.where)) : idx);
      }
      return extras;
    });
    tables[decl.name] = built as unknown as DerivedTable;
  }
  return tables;
};
