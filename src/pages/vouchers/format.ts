// How the voucher screens write money, days and times.
import { useCountry } from '../../components/CountryContext';

/** Money in the current country's currency ('SGD 4.50'). */
export const useMoney = (): ((value: unknown) => string) => {
  const { currency } = useCountry();
  return (value: unknown) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (value === null || value === undefined || !Number.isFinite(n)) return '—';
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(n);
  };
};

/** A `date` column as stored ('2026-01-31'): unambiguous in every locale, and what the server checks. */
export const day = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? value.slice(0, 10) : '—';

/** A time in the browser's locale, or a dash. */
export const dateTime = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString();
};

export const text = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : '—');
