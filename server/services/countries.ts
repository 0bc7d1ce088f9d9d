// Which countries the product serves. The shipped list is a constant, so a fresh database already
// answers /supported-countries; rows of main_configs add countries (or change a currency) at run
// time without a release. Codes are lower-case, as sent in X-Country.
import { asc } from 'drizzle-orm';
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '../../contract/constants';
import type { Db } from '../db/client';
import { mainConfigs } from '../db/schema';

export interface SupportedCountry {
  countryCode: string;
  currency: string;
}

export const SHIPPED_COUNTRIES: readonly SupportedCountry[] = [
  { countryCode: DEFAULT_COUNTRY, currency: DEFAULT_CURRENCY },
  { countryCode: 'my', currency: 'MYR' },
  { countryCode: 'hk', currency: 'HKD' },
  { countryCode: 'au', currency: 'AUD' },
];

export const COUNTRY_CODE_PATTERN = '^[a-z]{2}$';

/** Shipped countries first (in their order), then any others the table holds; the table's currency wins. */
export const supportedCountries = async (db: Db): Promise<SupportedCountry[]> => {
  const rows = await db
    .select({ countryCode: mainConfigs.country, currency: mainConfigs.currency })
    .from(mainConfigs)
    .orderBy(asc(mainConfigs.country));
  const fromTable = new Map(rows.map((r) => [r.countryCode, r.currency]));
  const shipped = SHIPPED_COUNTRIES.map((c) => ({
    countryCode: c.countryCode,
    currency: fromTable.get(c.countryCode) ?? c.currency,
  }));
  const extra = rows.filter((r) => !SHIPPED_COUNTRIES.some((c) => c.countryCode === r.countryCode));
  return [...shipped, ...extra];
};

/** The caller's country from X-Country: a supported code (any case), else the default (sg). */
export const resolveCountry = async (
  db: Db,
  header: string | string[] | undefined,
): Promise<SupportedCountry> => {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  const all = await supportedCountries(db);
  const found = all.find((c) => c.countryCode === raw) ?? all.find((c) => c.countryCode === DEFAULT_COUNTRY);
  return found ?? { countryCode: DEFAULT_COUNTRY, currency: DEFAULT_CURRENCY };
};

export const defaultCurrencyOf = (country: string): string =>
  SHIPPED_COUNTRIES.find((c) => c.countryCode === country)?.currency ?? DEFAULT_CURRENCY;
