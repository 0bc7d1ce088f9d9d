// How the portal's screens write money, days and times: contract/format.ts, the product's one way.
import { formatDate, formatDateRange, formatDateTime, formatMoney } from '../../../contract/format';
import { useOwnCurrency } from '../../components/useOwnCurrency';

/**
 * Money with its currency ('SGD 4.50'): the row's own (the server answers each row's company's), else
 * the merchant's own; for an operator's row without one, the bare amount: never a currency it may not be.
 */
export const useMoney = (): ((value: unknown, currency?: unknown) => string) => {
  const own = useOwnCurrency();
  return (value: unknown, currency?: unknown) =>
    formatMoney(value, typeof currency === 'string' && currency !== '' ? currency : own);
};

/** A day ('31 Jan 2026'), or a dash. */
export const day = (value: unknown): string => formatDate(value);

/** A range of days ('26 Nov 2026 – 25 Dec 2026'). */
export const dayRange = (from: unknown, to: unknown): string => formatDateRange(from, to);

/** A time as the product writes it ('25 Nov 2026, 14:05'), or a dash. */
export const dateTime = (value: unknown): string => formatDateTime(value);

export const text = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : '—');
