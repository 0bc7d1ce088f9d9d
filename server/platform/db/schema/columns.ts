import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  integer,
  text,
  timestamp,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';
import { ORGANIZATION_REACH, type OrganizationLevel } from '../../../../contract/enums';
import { snake } from '../naming';

/** Time column with time zone, read as a JS Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * When the row was written, set by the database: the createTime of a table whose rows are not
 * updated afterwards (tokens, outbox rows, logs); a table that is updated spreads `timestamps`.
 */
export const createTimeColumn = () => timestampTz('create_time').notNull().defaultNow();

/**
 * createTime / updateTime, shared by every table so that the list filters on createTime behave the
 * same everywhere. Spread them into a table: `{ id: serial('id').primaryKey(), ...timestamps }`.
 */
export const timestamps = {
  createTime: createTimeColumn(),
  updateTime: timestampTz('update_time')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * A required reference to another table's integer id, e.g. the owning company of a row:
 * `companyId: requiredRef('company_id', () => company.id, 'cascade')`. `onDelete` says what deleting
 * the referenced row does to this one.
 */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  integer(name).notNull().references(target, { onDelete });

/**
 * A primary key that is also a reference to another table's integer id: a table with at most one row
 * per row of that table (a store's PIN, a user's second factor, a card's wallet pass).
 */
export const primaryKeyRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  integer(name).primaryKey().references(target, { onDelete });

/**
 * A SQL list of string literals, inlined into DDL (drizzle-kit cannot bind parameters there): for
 * trusted values from contract/, quotes doubled anyway.
 */
export const literalList = (values: readonly string[]): SQL =>
  sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

/** A check constraint that `column` holds one of `values` (a contract/ enumeration). */
export const oneOfCheck = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${literalList(values)})`);

/**
 * A row's organization level (contract/enums.ts organizationLevelOf) as a stored generated column of
 * its company_id / brand_id / store_id (a table without store_id passes `hasStore: false`): lists filter
 * and sort it like any column, and nothing can write it out of step.
 */
export const organizationLevelColumn = (hasStore = true) => {
  const reach = ORGANIZATION_REACH.filter(([, key]) => hasStore || key !== 'storeId');
  const cases = reach.map(([level, key]) => `WHEN ${snake(key)} IS NOT NULL THEN '${level}'`).join(' ');
  return text('organization_level')
    .$type<OrganizationLevel>()
    .notNull()
    .generatedAlwaysAs(sql.raw(`CASE ${cases} ELSE 'NULL' END`));
};
