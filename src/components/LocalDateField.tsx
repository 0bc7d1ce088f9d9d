// react-admin's DateField in the product's date style (contract/format.ts, through useDates): day month
// year and a 24-hour clock ("25 Nov 2026, 14:05") in the signed-in user's country's zone; a stored day
// ("2026-11-25") as that day whatever the zone.
import { DateField, type DateFieldProps } from 'react-admin';
import { DATE_OPTIONS, DATE_TIME_OPTIONS } from '../../contract/format';
import { useDates } from './dates';

/** A stored day is its midnight UTC, written in UTC; anything else as react-admin reads it. */
const dayAsUtc = (value: unknown): Date =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00Z`)
    : value instanceof Date
      ? value
      : new Date(String(value));

export const LocalDateField = (props: DateFieldProps) => {
  const { locale, timeZone } = useDates();
  return props.showTime ? (
    <DateField locales={locale} options={{ ...DATE_TIME_OPTIONS, timeZone }} {...props} />
  ) : (
    // a declared day field: its day in UTC, the day it names
    <DateField
      locales={locale}
      options={{ ...DATE_OPTIONS, timeZone: 'UTC' }}
      transform={dayAsUtc}
      {...props}
    />
  );
};
