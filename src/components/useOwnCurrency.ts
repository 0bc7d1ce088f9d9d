// The currency money is in when a row does not say (issue 12: switching country must never relabel
// money). A merchant's rows are in their own country's currency, whatever country the portal shows;
// an operator reads every company's rows, so without the row's own currency there is none to name.
import { useGetIdentity } from 'react-admin';
import { DEFAULT_CURRENCY } from '../../contract/constants';
import { useCountry } from './CountryContext';

export const useOwnCurrency = (): string | null => {
  const { identity } = useGetIdentity();
  const { supported } = useCountry();
  if (!identity || identity.type === 'OPERATOR') return null;
  const country = typeof identity.country === 'string' ? identity.country.toLowerCase() : '';
  return supported.find((c) => c.countryCode.toLowerCase() === country)?.currency ?? DEFAULT_CURRENCY;
};
