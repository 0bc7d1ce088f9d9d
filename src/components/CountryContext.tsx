import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useRefresh } from 'react-admin';
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '../../contract';
import {
  currencyOf,
  detectCountry,
  loadSupportedCountries,
  type SupportedCountry,
} from '../providers/country';
import { getPortalEnv } from '../providers/env';
import { getSessionStore, STORAGE_KEYS } from '../providers/storage';
import { useHttpClient } from './HttpClientContext';

export interface CountryState {
  /** lower-case country code, sent as X-Country */
  country: string;
  /** currency of the current country (default SGD) */
  currency: string;
  supported: readonly SupportedCountry[];
  setCountry: (country: string) => void;
}

const CountryContext = createContext<CountryState>({
  country: DEFAULT_COUNTRY,
  currency: DEFAULT_CURRENCY,
  supported: [],
  setCountry: () => undefined,
});

export const useCountry = (): CountryState => useContext(CountryContext);

/**
 * The current country (spec section 3 "Country state"): the stored choice, or on a first visit the
 * one the IP-to-country service reports (tw → sg, unsupported → sg; off when ipCountryUrl is empty).
 */
export const CountryProvider = ({
  children,
  fetchImpl,
}: {
  children: ReactNode;
  /** for the IP-to-country call; defaults to the global fetch */
  fetchImpl?: typeof fetch;
}) => {
  const httpClient = useHttpClient();
  const refresh = useRefresh();
  const store = getSessionStore();
  const [country, setCountryState] = useState<string>(() => store.getCountry());
  const [supported, setSupported] = useState<readonly SupportedCountry[]>([]);

  useEffect(() => {
    let cancelled = false;
    const firstVisit = store.getItem(STORAGE_KEYS.country) === null;
    (async () => {
      const list = await loadSupportedCountries(httpClient).catch(() => [] as SupportedCountry[]);
      if (cancelled) return;
      setSupported(list);
      if (!firstVisit) return;
      const { ipCountryUrl } = getPortalEnv();
      const detected = await detectCountry({
        ipCountryUrl,
        supported: list,
        fetch: fetchImpl ?? ((input, init) => globalThis.fetch(input, init)),
      });
      // null: detection is off (no ipCountryUrl); the default stays and nothing is stored.
      if (cancelled || detected === null) return;
      // Stored even when it is the default, so detection runs on the first visit only.
      store.setCountry(detected);
      setCountryState(store.getCountry());
    })();
    return () => {
      cancelled = true;
    };
  }, [httpClient, fetchImpl, store]);

  const setCountry = useCallback(
    (next: string) => {
      store.setCountry(next);
      setCountryState(store.getCountry());
      // Every list and record depends on X-Country: fetch them again.
      refresh();
    },
    [store, refresh],
  );

  const value = useMemo<CountryState>(
    () => ({ country, currency: currencyOf(country, [...supported]), supported, setCountry }),
    [country, supported, setCountry],
  );
  return <CountryContext.Provider value={value}>{children}</CountryContext.Provider>;
};
