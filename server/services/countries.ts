// Which countries the product serves: once country config holds rows, its enabled countries (with
// their currency), the default first; before that (a fresh database) the shipped list, plus any
// country main_configs names. Codes are lower-case, as sent in X-Country.
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '../../contract/constants';
import type { Db } from '../db/client';
import { countryConfig, mainConfigs } from '../db/schema';
import type { DbOrTx } from './audit';

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

/**
 * Country config's enabled countries, the default first; without country config rows, the shipped
 * countries (in their order) and any others main_configs holds, its currency winning.
 */
export const supportedCountries = async (db: Db): Promise<SupportedCountry[]> => {
  const configured = (await db
    .select({
      countryCode: countryConfig.country,
      currency: countryConfig.currency,
      enabled: countryConfig.enabled,
    })
    .from(countryConfig)
    .orderBy(asc(countryConfig.country))) as { countryCode: string; currency: string; enabled: boolean }[];
  if (configured.length > 0) {
    const enabled = configured
      .filter((c) => c.enabled)
      .map((c) => ({ countryCode: c.countryCode.toLowerCase(), currency: c.currency }));
    return [
      ...enabled.filter((c) => c.countryCode === DEFAULT_COUNTRY),
      ...enabled.filter((c) => c.countryCode !== DEFAULT_COUNTRY),
    ];
  }
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

/** The country's IANA zone when the runtime knows it, else Singapore's (the product's home). */
export const timeZoneOf = async (db: DbOrTx, country: string): Promise<string> => {
  const [row] = await db
    .select({ tz: countryConfig.timezone })
    .from(countryConfig)
    .where(eq(countryConfig.country, country))
    .limit(1);
  const tz = typeof row?.tz === 'string' ? row.tz : 'Asia/Singapore';
  return Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC' ? tz : 'Asia/Singapore';
};
