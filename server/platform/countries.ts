// Which countries the product serves: once country config holds rows, its enabled countries (with
// their currency and time zone), the default first; before that (a fresh database) the shipped list,
// plus any country main_configs names. Codes are lower-case, as sent in X-Country.
import { asc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTransaction } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '../../contract/constants';
import type { DbOrTx } from './audit';
import type { Db } from './db/client';
import { prepared } from './db/prepared';
import { company, countryConfig, mainConfigs } from './db/schema';

export interface SupportedCountry {
  countryCode: string;
  currency: string;
  /** the IANA zone the country's people read times in (country config's `timezone`) */
  timeZone: string;
}

export const SHIPPED_COUNTRIES: readonly SupportedCountry[] = [
  { countryCode: DEFAULT_COUNTRY, currency: DEFAULT_CURRENCY, timeZone: DEFAULT_TIME_ZONE },
  { countryCode: 'my', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' },
  { countryCode: 'hk', currency: 'HKD', timeZone: 'Asia/Hong_Kong' },
  { countryCode: 'au', currency: 'AUD', timeZone: 'Australia/Sydney' },
];

/** The IANA zones the runtime knows, listed once: building the list (~400 names) took 0.8 ms a call, and
 * a request checked a zone per country it answered. */
let runtimeZones: ReadonlySet<string> | undefined;
const isRuntimeZone = (zone: string): boolean => {
  runtimeZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return runtimeZones.has(zone);
};

/** `zone` when the runtime knows it (an IANA name or UTC), else the country's shipped zone, else the default. */
export const knownTimeZone = (zone: unknown, country: string): string => {
  if (typeof zone === 'string' && (zone === 'UTC' || isRuntimeZone(zone))) {
    return zone;
  }
  return SHIPPED_COUNTRIES.find((c) => c.countryCode === country)?.timeZone ?? DEFAULT_TIME_ZONE;
};

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
      timeZone: countryConfig.timezone,
      enabled: countryConfig.enabled,
    })
    .from(countryConfig)
    .orderBy(asc(countryConfig.country))) as {
    countryCode: string;
    currency: string;
    timeZone: string;
    enabled: boolean;
  }[];
  if (configured.length > 0) {
    const enabled = configured
      .filter((c) => c.enabled)
      .map((c) => {
        const countryCode = c.countryCode.toLowerCase();
        return { countryCode, currency: c.currency, timeZone: knownTimeZone(c.timeZone, countryCode) };
      });
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
    timeZone: c.timeZone,
  }));
  const extra = rows
    .filter((r) => !SHIPPED_COUNTRIES.some((c) => c.countryCode === r.countryCode))
    .map((r) => ({ ...r, timeZone: DEFAULT_TIME_ZONE }));
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
  return found ?? { countryCode: DEFAULT_COUNTRY, currency: DEFAULT_CURRENCY, timeZone: DEFAULT_TIME_ZONE };
};

export const defaultCurrencyOf = (country: string): string =>
  SHIPPED_COUNTRIES.find((c) => c.countryCode === country)?.currency ?? DEFAULT_CURRENCY;

/**
 * The country's IANA zone (country config's, when the runtime knows it), else its shipped zone, else
 * Singapore's (the product's home): the zone GET /config/main/supported-countries answers too.
 */
export const timeZoneOf = async (db: DbOrTx, country: string): Promise<string> => {
  const [row] = await db
    .select({ tz: countryConfig.timezone })
    .from(countryConfig)
    .where(eq(countryConfig.country, country))
    .limit(1);
  return knownTimeZone(row?.tz, country);
};

// ---- the merchant's calendar ---------------------------------------------------------------------
// Voucher, pack and programme dates are days of the company's country (issue 24 item 10): a
// Singapore voucher valid until 25 Dec is redeemable until midnight in Singapore, not in UTC.

/**
 * Every zone's offset has been a whole number of minutes since 1973 (Monrovia's −0:44:30 ended in 1972),
 * so from then on a zone's clock reads the same day, weekday and hour for a whole UTC minute.
 */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1973, 0, 1);
const MINUTE_MS = 60_000;

/** A formatter per zone and shape, made on first use, with what it read for the last minute it read. */
interface ZoneReader {
  format: Intl.DateTimeFormat;
  minute: number;
  parts: Intl.DateTimeFormatPart[];
}
const readers = new Map<string, ZoneReader>();

/**
 * `now` read in `timeZone` (its parts). Making a formatter costs far more than formatting with it, and
 * formatting costs ~50 µs a call in the server between requests (2 µs in a tight loop, where ICU's
 * caches stay warm): the operations of one minute read their company's day once.
 */
const partsIn = (timeZone: string, shape: 'day' | 'weekdayHour', now: Date): Intl.DateTimeFormatPart[] => {
  const key = `${shape} ${timeZone}`;
  let reader = readers.get(key);
  if (!reader) {
    const format = new Intl.DateTimeFormat(
      'en-US',
      shape === 'day'
        ? { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }
        : { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' },
    );
    reader = { format, minute: Number.NaN, parts: [] };
    readers.set(key, reader);
  }
  const ms = now.getTime();
  if (ms < WHOLE_MINUTE_OFFSETS_FROM) return reader.format.formatToParts(now);
  const minute = Math.floor(ms / MINUTE_MS);
  if (minute !== reader.minute) {
    // an invalid date throws here (RangeError), as formatting it always did
    reader.parts = reader.format.formatToParts(now);
    reader.minute = minute;
  }
  return reader.parts;
};

/** The calendar day (YYYY-MM-DD) `now` falls on in `timeZone`. */
export const dayIn = (timeZone: string, now: Date): string => {
  const parts = partsIn(timeZone, 'day', now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

const ISO_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The ISO weekday (1 Monday … 7 Sunday) and hour (0 … 23) `now` falls on in `timeZone`. */
export const weekdayAndHourIn = (timeZone: string, now: Date): { weekday: number; hour: number } => {
  const parts = partsIn(timeZone, 'weekdayHour', now);
  const weekday = ISO_WEEKDAYS.indexOf(parts.find((p) => p.type === 'weekday')?.value ?? '') + 1;
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  return { weekday, hour };
};

/** A company's calendar: its country and that country's configured zone, as stored (unchecked). */
export interface CompanyCalendar {
  country: unknown;
  zone: unknown;
}

const companyZone = prepared('company_zone', (db) =>
  db
    .select({ country: company.country, zone: countryConfig.timezone })
    .from(company)
    .leftJoin(countryConfig, eq(countryConfig.country, company.country))
    .where(eq(company.id, sql.placeholder('companyId')))
    .limit(1),
);

/** Calendars read in a transaction, per company: an operation and what reacts to it read one once. */
const calendarsOfTx = new WeakMap<object, Map<number, CompanyCalendar | undefined>>();

/**
 * Within one transaction (never on the database itself, where it could change between statements), a
 * company's calendar is read once: the operations that read it with their own rows say so here, and
 * `companyCalendar` answers it again without a round trip (the member's standing, the company's day).
 */
export const rememberCalendar = (
  tx: DbOrTx,
  companyId: number,
  calendar: CompanyCalendar | undefined,
): void => {
  if (!(tx instanceof PgTransaction)) return;
  let known = calendarsOfTx.get(tx);
  if (!known) {
    known = new Map();
    calendarsOfTx.set(tx, known);
  }
  known.set(companyId, calendar);
};

/** Company `companyId`'s calendar (undefined: no such company), read once per transaction. */
export const companyCalendar = async (
  db: DbOrTx,
  companyId: number,
): Promise<CompanyCalendar | undefined> => {
  const known = calendarsOfTx.get(db);
  if (known?.has(companyId)) return known.get(companyId);
  const [row] = await companyZone(db, { companyId });
  rememberCalendar(db, companyId, row);
  return row;
};

/** The day `now` falls on in company `companyId`'s country (the default country's without a company). */
export const companyDay = async (db: DbOrTx, companyId: number | null, now: Date): Promise<string> =>
  companyDayOf(companyId === null ? undefined : await companyCalendar(db, companyId), now);

/**
 * The day `now` falls on for a company whose country and its configured zone were read already (an
 * operation reading them with its own rows: `company.country` and `country_config.timezone`).
 */
export const companyDayOf = (row: CompanyCalendar | undefined, now: Date): string =>
  dayIn(calendarZone(row), now);

/** The zone of a company's calendar as read (no company: the default country's). */
export const calendarZone = (row: CompanyCalendar | undefined): string =>
  knownTimeZone(row?.zone, typeof row?.country === 'string' ? row.country : DEFAULT_COUNTRY);

/**
 * For the expiry jobs: "`day` is before today" with today taken in each company's country, for
 * the rows whose company is `companyId`. One branch per country the companies are in (a handful),
 * each with its own day; a row of no company reads the default country's day.
 */
export const beforeCompanyToday = async (
  db: DbOrTx,
  day: PgColumn,
  companyId: PgColumn,
  now: Date,
): Promise<SQL> => {
  const countries = await db
    .selectDistinct({ country: company.country, zone: countryConfig.timezone })
    .from(company)
    .leftJoin(countryConfig, eq(countryConfig.country, company.country));
  const branches = countries.map(({ country, zone }) => {
    const code = typeof country === 'string' ? country : DEFAULT_COUNTRY;
    const ofCountry = typeof country === 'string' ? eq(company.country, country) : isNull(company.country);
    return sql`(${lt(day, dayIn(knownTimeZone(zone, code), now))} and ${inArray(
      companyId,
      db.select({ id: company.id }).from(company).where(ofCountry),
    )})`;
  });
  const orphan = sql`(${companyId} is null and ${lt(day, dayIn(knownTimeZone(undefined, DEFAULT_COUNTRY), now))})`;
  return or(...branches, orphan) ?? orphan;
};
