// Portal test setup (jsdom): jest-dom matchers, a matchMedia stub, the MSW server the files' real servers sit behind,
// and a clean localStorage, cookie jar and run-time env for every test.
import '@testing-library/jest-dom/vitest';
import { __unsafe_useEmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { BASE_PATHS } from '../../contract';
import { renewServer, server } from '../../mocks/node';
import { useSettle } from './settle';

// findBy / waitFor wait up to 5 s by default, not Testing Library's 1 s: every portal test talks to a
// real server, and on a busy 2-core machine (npm test runs the browser lane beside this one) an answer
// can take longer than a second. A test that means a longer wait says so itself.
configure({ asyncUtilTimeout: 5_000 });

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

/**
 * Emotion's speedy sheet, as in production: each rule MUI makes goes into one <style> with
 * `insertRule`. Its development default is a <style> element per rule, and a worker's files share
 * Emotion's cache (isolate: false), so a worker's document gathered thousands of them, each placed in
 * document order and each read again by every `getComputedStyle` (Testing Library's role queries,
 * user-event's pointer checks): a quarter of the portal project's CPU (docs/performance.md). Set
 * before the first rule is inserted, in the first file of each worker; later files find it set.
 * (react-admin's theme carries one rule in an old syntax, `&$disabled`, that `insertRule` refuses:
 * Emotion logs it, and a browser drops it the same way.)
 */
let emotionSheet: { isSpeedy: boolean; ctr: number } | undefined;
/** Renders nothing; keeps the sheet of Emotion's cache (its fields are not in Emotion's types). */
const GrabEmotionSheet = () => {
  emotionSheet = (__unsafe_useEmotionCache() as unknown as { sheet: typeof emotionSheet } | null)?.sheet;
  return null;
};
const speedyEmotion = (): void => {
  render(createElement(GrabEmotionSheet)).unmount();
  if (emotionSheet && !emotionSheet.isSpeedy && emotionSheet.ctr === 0) emotionSheet.isSpeedy = true;
};

const clearCookies = () => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
};

/**
 * The app's requests that have not been answered yet, body and all. A test's app outlives its test:
 * after `cleanup()` has unmounted it, react-admin still runs what it had queued (its getMany batch is
 * a 0 ms timer) and the requests it had sent still come back. MSW 3 answers through the real fetch
 * (Undici) over an intercepted socket, a few turns of the event loop per request, so a test often ends
 * while its page is still loading. Such leftovers must not meet the next test: they would find its
 * session (localStorage) gone or replaced and log it out, and move its URL (window.history) to /splash.
 * The app looks `fetch` up per call (src/providers/httpClient.ts), so wrapping the global sees them all.
 */
const trackRequests = () => {
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  const patched = globalThis.fetch; // MSW's, installed by server.listen()
  const tracked: typeof fetch = (input, init) => {
    sent += 1;
    const answer = patched(input, init);
    // answered once the whole body has arrived (read from a copy: the app reads the original)
    const done = answer.then((response) => response.clone().arrayBuffer()).catch(() => undefined);
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    return answer;
  };
  Object.defineProperty(globalThis, 'fetch', { value: tracked, writable: true, configurable: true });
  return {
    /**
     * Lets what the unmounted app still had queued run and be answered, while this test's session
     * and handlers are still in place: until a turn of the timers starts no request and none is open.
     */
    settle: async (limitMs = 5_000): Promise<void> => {
      const until = Date.now() + limitMs;
      for (;;) {
        const before = sent;
        await new Promise((resolve) => setTimeout(resolve, 0));
        await Promise.all(inFlight);
        if ((sent === before && inFlight.size === 0) || Date.now() > until) return;
      }
    },
    /** puts MSW's fetch back, for server.close() to restore the real one */
    restore: () => {
      if (globalThis.fetch === tracked) {
        Object.defineProperty(globalThis, 'fetch', { value: patched, writable: true, configurable: true });
      }
    },
  };
};
let requests: ReturnType<typeof trackRequests>;

// a fresh MSW server for each file (the files of a worker share their modules); the file's portalServer()
// puts its app in front before each test
beforeAll(() => {
  speedyEmotion();
  renewServer();
  server.listen({ onUnhandledFrame: 'error' });
  requests = trackRequests();
  useSettle(requests.settle);
});
beforeEach(() => {
  localStorage.clear();
  clearCookies();
  window.__PORTAL_ENV__ = testEnv();
  document.documentElement.removeAttribute('data-theme');
});
afterEach(async () => {
  cleanup();
  // the unmounted app's leftovers end here, under this test's session and handlers, not in the next test
  await requests.settle();
  server.resetHandlers();
  localStorage.clear();
  clearCookies();
});
afterAll(() => {
  requests.restore();
  server.close();
});
