// How the portal's screens write money: contract/format.ts, the product's one way (days and times:
// src/components/dates.ts useDates, in the signed-in user's country's zone).
import { formatMoney } from '../../contract/format';
import { useOwnCurrency } from './useOwnCurrency';

/**
 * Money with its currency ('SGD 4.50'): the row's own (the server answers each row's company's), else
 * the merchant's own; for an operator's row without one, the bare amount: never a currency it may not be.
 */
export const useMoney = (): ((value: unknown, currency?: unknown) => string) => {
  const own = useOwnCurrency();
  return (value: unknown, currency?: unknown) =>
    formatMoney(value, typeof currency === 'string' && currency !== '' ? currency : own);
};

export const text = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : '—');
