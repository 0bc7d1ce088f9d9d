import { BASE_PATHS, BRANDS, type Brand, PORTAL_ENV_ELEMENT_ID, type ServiceName } from '../../contract';

export interface PortalEnv {
  brand: Brand;
  portalTitle: string;
  /** Public IP-to-country service; '' turns country detection off. */
  ipCountryUrl: string;
  apiBase: Record<ServiceName, string>;
}

/**
 * What the server writes into index.html (`<script type="application/json" id="portal-env">`), or what
 * `/env.js` puts on `window.__PORTAL_ENV__` (the dev server); every key is optional.
 */
export interface RawPortalEnv {
  brand?: string;
  portalTitle?: string;
  ipCountryUrl?: string;
  apiBase?: Partial<Record<ServiceName, string>>;
}

declare global {
  interface Window {
    __PORTAL_ENV__?: RawPortalEnv;
  }
}

export const DEFAULT_PORTAL_TITLE = 'Loyalty Portal';

const isBrand = (value: unknown): value is Brand => (BRANDS as readonly unknown[]).includes(value);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

// A trailing slash would double up with the contract paths, which all start with '/'.
const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** The settings block the server wrote into the document, or `window.__PORTAL_ENV__`, or nothing. */
const readRawEnv = (): RawPortalEnv | undefined => {
  if (typeof window === 'undefined') return undefined;
  const text = document.getElementById(PORTAL_ENV_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') return parsed as RawPortalEnv;
    } catch {
      // a broken block: the defaults below
    }
  }
  return window.__PORTAL_ENV__;
};

/**
 * The portal's runtime configuration. It is read at run time rather than baked in at build time so
 * that one build can be pointed at any backend (docs/contract.md "Services and base paths").
 */
export const getPortalEnv = (raw: RawPortalEnv | undefined = readRawEnv()): PortalEnv => {
  const base = raw?.apiBase ?? {};
  return {
    brand: isBrand(raw?.brand) ? raw.brand : 'cvi',
    portalTitle: nonEmpty(raw?.portalTitle) ? raw.portalTitle : DEFAULT_PORTAL_TITLE,
    ipCountryUrl: nonEmpty(raw?.ipCountryUrl) ? raw.ipCountryUrl.trim() : '',
    apiBase: {
      main: nonEmpty(base.main) ? trimSlash(base.main) : BASE_PATHS.main,
      payment: nonEmpty(base.payment) ? trimSlash(base.payment) : BASE_PATHS.payment,
      auth: nonEmpty(base.auth) ? trimSlash(base.auth) : BASE_PATHS.auth,
    },
  };
};
