import { createAuthProvider, type PortalAuthProvider } from './authProvider';
import { createDataProvider, type ResourceEndpoint } from './dataProvider';
import { getPortalEnv, type PortalEnv } from './env';
import { createHttpClient, type HttpClient } from './httpClient';
import { createI18nProvider, type LoadTranslations } from './i18nProvider';
import { getSessionStore, type SessionStore } from './storage';

export interface ProvidersOptions {
  fetch?: typeof fetch;
  env?: PortalEnv;
  storage?: SessionStore;
  /** react-admin resource → endpoint (from the resource declarations) */
  paths?: Record<string, ResourceEndpoint>;
  loadTranslations?: LoadTranslations;
  onSessionEnded?: () => void;
  now?: () => number;
}

export interface Providers {
  httpClient: HttpClient;
  dataProvider: ReturnType<typeof createDataProvider>;
  authProvider: PortalAuthProvider;
  i18nProvider: ReturnType<typeof createI18nProvider>;
  storage: SessionStore;
}

/** The providers of the real app, wired: every authenticated call first asks the auth provider for a fresh token. */
export const createProviders = (options: ProvidersOptions = {}): Providers => {
  const env = options.env ?? getPortalEnv();
  const storage = options.storage ?? getSessionStore();
  // The http client needs the auth provider's token getter and the auth provider needs the http
  // client; the getter closes over this binding, which is set before any call is made.
  let authProvider: PortalAuthProvider | undefined;
  const httpClient = createHttpClient({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    baseUrls: env.apiBase,
    getCountry: () => storage.getCountry(),
    getAccessToken: () => (authProvider ? authProvider.ensureFreshToken() : storage.getAccessToken()),
    onTokenError: (error) => authProvider?.handleTokenError(error),
  });
  authProvider = createAuthProvider({
    httpClient,
    storage,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onSessionEnded ? { onSessionEnded: options.onSessionEnded } : {}),
  });
  return {
    httpClient,
    dataProvider: createDataProvider(httpClient, options.paths ? { paths: options.paths } : {}),
    authProvider,
    i18nProvider: createI18nProvider(options.loadTranslations ? { load: options.loadTranslations } : {}),
    storage,
  };
};

export type { PortalAuthProvider, PortalPermissions } from './authProvider';
export type { HttpClient, HttpRequestOptions, HttpResponse } from './httpClient';
export { ApiError, isApiError } from './httpClient';
export type { SessionStore } from './storage';
