// What the date pickers (DatePickers.tsx) read and write, apart from React: dayjs with its utc and
// timezone plugins, the English locale as the country writes it, the formats, and the wire values.
import dayjs, { type Dayjs } from 'dayjs';
import enGb from 'dayjs/locale/en-gb';
import 'dayjs/locale/zh-cn';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

// English as the country writes it: Intl's short months ("Sept", as contract/format.ts writes it), weeks
// from Monday (en-GB's)
export const EN_LOCALE = 'en-portal';
dayjs.locale(
  {
    ...enGb,
    name: EN_LOCALE,
    monthsShort: Array.from({ length: 12 }, (_, m) =>
      new Intl.DateTimeFormat('en-SG', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, m, 1)),
    ),
  },
  undefined,
  true,
);

/** The pickers' formats: the same as contract/format.ts DATE_OPTIONS / DATE_TIME_OPTIONS write. */
export const PICKER_FORMATS = {
  en: { day: 'D MMM YYYY', time: 'D MMM YYYY, HH:mm' },
  'zh-CN': { day: 'YYYY年M月D日', time: 'YYYY年M月D日 HH:mm' },
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day on the wire ("2026-11-26") as the picker's value, else null. A day is a calendar day, the same
 * in every zone: the day picker works in UTC (DAY_ZONE), so neither the browser's zone nor the
 * country's can move it to the day before (a typed 1 Nov read as midnight in Singapore is 31 Oct in
 * New York). `_zone` is taken for the same call shape as timeFromWire.
 */
export const dayFromWire = (value: unknown, _zone?: string): Dayjs | null =>
  typeof value === 'string' && DAY.test(value) ? dayjs.utc(value) : null;

/** The zone the day picker works in: days carry no time, so no zone may shift them. */
export const DAY_ZONE = 'UTC';

/** The picker's day as the wire writes it ("2026-11-26"): the calendar day it shows. */
export const dayToWire = (value: Dayjs): string => value.format('YYYY-MM-DD');

/** A time on the wire (an ISO instant, or a Date) as the picker's value in `zone`, else null. */
export const timeFromWire = (value: unknown, zone: string): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return null;
  const d = dayjs(value);
  return d.isValid() ? d.tz(zone) : null;
};

/** The picker's time as the wire writes it: the instant in UTC with 'Z' ("2026-11-25T23:01:00.000Z"). */
export const timeToWire = (value: Dayjs): string => new Date(value.valueOf()).toISOString();
