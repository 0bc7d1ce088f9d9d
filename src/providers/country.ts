import { DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '../../contract';
import type { HttpClient } from './httpClient';

export interface SupportedCountry {
  countryCode: string;
  currency: string;
  /** the IANA zone the country's times are written and picked in (src/components/dates.ts) */
  timeZone: string;
}

/** GET config/main/supported-countries: public, so it is called without a token. */
export const loadSupportedCountries = async (httpClient: HttpClient): Promise<SupportedCountry[]> => {
  const res = await httpClient<{ supportedCountries?: SupportedCountry[] } | null>(
    '/config/main/supported-countries',
    { auth: false },
  );
  const list = res.data?.supportedCountries;
  return Array.isArray(list) ? list : [];
};

const sameCountry = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

// Countries served by another country's configuration (spec section 7: tw is handled as sg).
const COUNTRY_ALIASES: Record<string, string> = { tw: 'sg' };

/** Reads a two-letter code out of the answers the common IP-to-country services give. */
const countryFromBody = (text: string): string | null => {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  try {
    const body = JSON.parse(trimmed) as Record<string, unknown>;
    for (const key of ['country_code', 'countryCode', 'country', 'cc']) {
      const value = body[key];
      if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) return value;
    }
  } catch {
    // Not JSON: try the `loc=XX` line of a trace-style answer.
    const match = /^loc=([A-Za-z]{2})$/m.exec(trimmed);
    if (match?.[1]) return match[1];
  }
  return null;
};

export interface DetectCountryOptions {
  /** the public service's URL; '' turns detection off */
  ipCountryUrl: string;
  supported: SupportedCountry[];
  fetch?: typeof fetch;
}

/**
 * The visitor's country from the public IP-to-country service, lower-cased; tw counts as sg, and an
 * unsupported country or any failure gives sg. Returns null when detection is off (no URL): the
 * caller then keeps the stored country.
 */
export const detectCountry = async ({ ipCountryUrl, supported, fetch: doFetch }: DetectCountryOptions) => {
  if (!ipCountryUrl) return null;
  try {
    const response = await (doFetch ?? globalThis.fetch)(ipCountryUrl, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return DEFAULT_COUNTRY;
    const raw = countryFromBody(await response.text());
    if (!raw) return DEFAULT_COUNTRY;
    const code = raw.toLowerCase();
    const mapped = COUNTRY_ALIASES[code] ?? code;
    return supported.some((c) => sameCountry(c.countryCode, mapped)) ? mapped : DEFAULT_COUNTRY;
  } catch {
    return DEFAULT_COUNTRY;
  }
};

export const currencyOf = (country: string, supported: SupportedCountry[]): string =>
  supported.find((c) => sameCountry(c.countryCode, country))?.currency ?? DEFAULT_CURRENCY;
