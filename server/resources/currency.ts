// The currency of a row's money (docs/decisions.md "Money and dates"): a declared table with a money
// field and a company answers each row with `currency`, its company's country's (country config, else
// the shipped default), so a list of many companies' rows shows each amount in its own currency. A
// table that stores its own currency (payments, account) keeps it; a row without its company column
// (a list projected without it) gets none.
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY } from '../../contract/constants';
import type { ResourceDeclaration } from '../../resources/types';
import type { DbOrTx } from '../platform/audit';
import { defaultCurrencyOf } from '../platform/countries';
import { addsRowCurrency } from '../platform/db/derive-tables';
import { scopeKey } from '../platform/db/naming';
import { company, countryConfig } from '../platform/db/schema';
import type { Row } from './rules';

/** The row key naming the company whose currency the row's money is in, or undefined (no money, or its own). */
export const currencyKeyOf = (decl: ResourceDeclaration): string | undefined =>
  addsRowCurrency(decl) ? scopeKey(decl, 'companyId') : undefined;

/** The currency of each of `companyIds`' countries. */
export const currenciesOf = async (
  db: DbOrTx,
  companyIds: readonly number[],
): Promise<Map<number, string>> => {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: company.id, country: company.country, currency: countryConfig.currency })
    .from(company)
    .leftJoin(countryConfig, eq(countryConfig.country, sql`coalesce(${company.country}, ${DEFAULT_COUNTRY})`))
    .where(inArray(company.id, [...companyIds]));
  return new Map(rows.map((r) => [r.id, currencyOfCountry(r.country, r.currency)]));
};

/** A company's currency: its country's configured one, else the shipped default of its country. */
const currencyOfCountry = (country: unknown, configured: unknown): string =>
  typeof configured === 'string'
    ? configured
    : defaultCurrencyOf(typeof country === 'string' ? country : DEFAULT_COUNTRY);

/** `rows` each with its company's `currency` (unchanged when the table has none to add). */
export const withCurrency = async (db: DbOrTx, decl: ResourceDeclaration, rows: Row[]): Promise<Row[]> => {
  const key = currencyKeyOf(decl);
  if (!key) return rows;
  const ids = [...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))];
  const currencies = await currenciesOf(db, ids);
  return rows.map((r) => {
    const id = r[key];
    const currency = typeof id === 'number' ? currencies.get(id) : undefined;
    return currency ? { ...r, currency } : r;
  });
};

/** The key a list reads a row's currency facts under, beside its columns (no declared field takes it). */
const CURRENCY_FACTS = '__currency';

/**
 * For a list of `decl` (`table`, its columns `cols`, the list's projection `projected`): the row's company's country and configured currency, read in
 * the page's own statement (a subquery per row: ~3 µs each, where a statement of its own cost a round
 * trip on every page). Undefined when the table adds no currency. `withListCurrency` reads it.
 */
export const currencyBeside = (
  decl: ResourceDeclaration,
  table: PgTable,
  cols: Record<string, AnyPgColumn>,
  projected: Record<string, unknown>,
): Record<string, SQL> | undefined => {
  const key = currencyKeyOf(decl);
  // a row listed without its company column gets none, as withCurrency gives it none
  const col = key === undefined || !(key in projected) ? undefined : cols[key];
  if (!col) return undefined;
  return {
    // aliased and qualified: in a one-table select the query builder writes its columns unqualified
    [CURRENCY_FACTS]: sql`(select json_build_array(c.country, cc.currency) from ${company} c
      left join ${countryConfig} cc on cc.country = coalesce(c.country, ${DEFAULT_COUNTRY})
      where c.id = ${table}.${sql.identifier(col.name)})`,
  };
};

/** `rows` of a list read with `currencyBeside`: each given its `currency`, as `withCurrency` does. */
export const withListCurrency = (rows: Row[]): Row[] => {
  for (const r of rows) {
    const facts = r[CURRENCY_FACTS];
    delete r[CURRENCY_FACTS];
    if (!Array.isArray(facts)) continue;
    const [country, currency] = facts as [unknown, unknown];
    r.currency = currencyOfCountry(country, currency);
  }
  return rows;
};
