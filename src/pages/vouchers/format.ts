// How the loyalty screens write money, days and times.
import { useOwnCurrency } from '../../components/useOwnCurrency';

/**
 * Money in the merchant's own currency ('SGD 4.50'), whatever country the portal shows; for an
 * operator, who reads every company's rows, the bare amount ('4.50'): never a currency it may not be.
 */
export const useMoney = (): ((value: unknown) => string) => {
  const currency = useOwnCurrency();
  return (value: unknown) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (value === null || value === undefined || !Number.isFinite(n)) return '—';
    return new Intl.NumberFormat('en-SG', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      ...(currency ? { style: 'currency', currency, currencyDisplay: 'code' } : {}),
    }).format(n);
  };
};

/** A `date` column as stored ('2026-01-31'): unambiguous in every locale, and what the server checks. */
export const day = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? value.slice(0, 10) : '—';

const DATE_TIME = new Intl.DateTimeFormat('en-SG', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as the product writes it ('25 Nov 2026, 2:05 pm'), or a dash. */
export const dateTime = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : DATE_TIME.format(d);
};

export const text = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : '—');
