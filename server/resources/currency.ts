// The currency of a row's money (docs/decisions.md "Money and dates"): a declared table with a money
// field and a company answers each row with `currency`, its company's country's (country config, else
// the shipped default), so a list of many companies' rows shows each amount in its own currency. A
// table that stores its own currency (payments, account) keeps it; a row without its company column
// (a list projected without it) gets none.
import { eq, inArray, sql } from 'drizzle-orm';
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
  return new Map(
    rows.map((r) => [r.id, r.currency ?? defaultCurrencyOf((r.country as string | null) ?? DEFAULT_COUNTRY)]),
  );
};

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
