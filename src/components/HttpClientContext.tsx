import { createContext, type ReactNode, useContext } from 'react';
import type { HttpClient } from '../providers/httpClient';

// The http client lives in context (not a module singleton) so tests and pages can inject one
// that talks to MSW or records requests.
const HttpClientContext = createContext<HttpClient | null>(null);

export const HttpClientProvider = ({ client, children }: { client: HttpClient; children: ReactNode }) => (
  <HttpClientContext.Provider value={client}>{children}</HttpClientContext.Provider>
);

export const useHttpClient = (): HttpClient => {
  const client = useContext(HttpClientContext);
  if (!client) throw new Error('useHttpClient() needs an <HttpClientProvider> above it');
  return client;
};
