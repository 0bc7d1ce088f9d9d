// How the product writes money and times, one way everywhere (docs/decisions.md "Money and dates").
// For people: an amount always with its currency's code ("SGD 1,188.10", "MYR 400.00"); a time as the
// country writes it, day month year and a 24-hour clock ("26 Nov 2026, 07:01"), a date range the same
// way ("26 Nov 2026 – 25 Dec 2026"). For machines (CSV, audit diffs, the wire): ISO 8601 in UTC with a
// 'Z' ("2026-11-25T23:01:00.000Z"), a day as "2026-11-26".

/**
 * `made`'s value under `key`, made once: asking Intl for a locale or making a format costs far more
 * than using one, and a list renders a page of rows, each with its amounts and times, at every render.
 */
const once = <T>(made: Map<string, T>, key: string, make: () => T): T => {
  let value = made.get(key);
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
};

const locales = new Map<string, string>();

/** The locale money and dates are written in: English as the country writes it (en-SG, en-MY …). */
export const localeOf = (country: string | null | undefined): string => {
  const tag = `en-${(country || 'sg').toUpperCase()}`;
  return once(locales, tag, () => (Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-SG'));
};

const money = new Map<string, Intl.NumberFormat>();

/**
 * An amount with its currency's code, two decimals and the locale's grouping ("SGD 1,188.10"); without
 * a currency, the bare amount with two decimals (never a currency it may not be); a non-number, a dash.
 */
export const formatMoney = (
  value: unknown,
  currency: string | null | undefined,
  locale = 'en-SG',
): string => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n)) return '—';
  const format = once(
    money,
    `${locale}|${currency ?? ''}`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        ...(currency ? { style: 'currency', currency, currencyDisplay: 'code' } : {}),
      }),
  );
  // Intl puts a no-break space between the code and the amount: a plain space reads and copies the same
  return format.format(n).replace(/\u00a0/g, ' ');
};

/** Options of a time for people: day, short month, year, 24-hour clock (no seconds). */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
/** Options of a day for people: "26 Nov 2026". */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored day ("2026-11-26") as midnight UTC, which is written back in UTC: that day in every zone. */
const dayOf = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !DAY.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A time's or a day's format in `locale` and `timeZone` (else the runtime's), made once. */
const dateFormat = (kind: 'time' | 'day', locale: string, timeZone: string | undefined) =>
  once(
    dateFormats,
    `${kind}|${locale}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        ...(kind === 'time' ? DATE_TIME_OPTIONS : DATE_OPTIONS),
        ...(timeZone ? { timeZone } : {}),
      }),
  );

const toDate = (value: unknown): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  const d = dayOf(value) ?? new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * A time for people ("26 Nov 2026, 07:01"), in `timeZone` when given (the signed-in user's country's,
 * src/components/dates.tsx; else the runtime's); a stored day is its midnight; else a dash.
 */
export const formatDateTime = (value: unknown, locale = 'en-SG', timeZone?: string): string => {
  const d = toDate(value);
  return d ? dateFormat('time', locale, timeZone).format(d) : '—';
};

/**
 * A day for people ("26 Nov 2026"): a stored day ("2026-11-26") stays that day in every time zone; an
 * instant is the day it falls on in `timeZone` (else the runtime's zone); else a dash.
 */
export const formatDate = (value: unknown, locale = 'en-SG', timeZone?: string): string => {
  const day = dayOf(value);
  if (day) return dateFormat('day', locale, 'UTC').format(day);
  const d = toDate(value);
  return d ? dateFormat('day', locale, timeZone).format(d) : '—';
};

/** A range of days for people, written as its days are ("26 Nov 2026 – 25 Dec 2026"). */
export const formatDateRange = (from: unknown, to: unknown, locale = 'en-SG', timeZone?: string): string =>
  `${formatDate(from, locale, timeZone)} – ${formatDate(to, locale, timeZone)}`;

/** A time for machines (CSV, audit diffs): ISO 8601 in UTC with 'Z'. */
export const machineTime = (value: Date): string => value.toISOString();
