// Portal test setup (jsdom): jest-dom matchers, a matchMedia stub, the MSW server over the mock data,
// and a clean localStorage, cookie jar and run-time env for every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { BASE_PATHS } from '../../contract';
import { renewMockServer, server } from '../../mocks/node';

/** jsdom resolves fetch URLs against nothing: the API bases must be absolute in tests. */
export const TEST_ORIGIN = 'http://localhost:3000';
export const testEnv = (extra: Record<string, unknown> = {}) => ({
  apiBase: {
    main: `${TEST_ORIGIN}${BASE_PATHS.main}`,
    payment: `${TEST_ORIGIN}${BASE_PATHS.payment}`,
    auth: `${TEST_ORIGIN}${BASE_PATHS.auth}`,
  },
  ...extra,
});

// jsdom has no matchMedia; react-admin and MUI need one. min-width queries answer as a desktop
// (1280 px wide), max-width ones as not matching, prefers-color-scheme as no preference.
const matches = (query: string): boolean => {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (min) return Number(min[1]) <= 1280;
  return false;
};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// MUI's Collapse/Popper and notistack measure elements; jsdom has no layout, so give them a no-op.
if (!('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: NoopResizeObserver, configurable: true });
}

const clearCookies = () => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
};

// a fresh mock data set and server for each file (the files of a worker share their modules)
beforeAll(() => {
  renewMockServer();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  localStorage.clear();
  clearCookies();
  window.__PORTAL_ENV__ = testEnv();
  document.documentElement.removeAttribute('data-theme');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  clearCookies();
});
afterAll(() => server.close());
