// The table screens' code, fetched before the first click on the menu: the generated list and its
// builders (react-admin's DataTable, the filters, the declarations' displays) are some thirty chunks
// that otherwise load one after another only once a menu entry has been clicked (issue 23 item 10).
// Once the browser is idle after the menu has shown, and at once when the pointer or the keyboard
// reaches a menu entry. The same loaders as the routes' (src/routes.tsx) and the resources'
// (src/builders/lazyResources.ts), ./screenModules.ts: the chunks are the ones they load (nothing joins
// the first load), and a route whose code is here renders at once, without suspending.

import { registryModule, resourcePagesModule } from './screenModules';

let asked = false;

/** Starts loading the table screens' chunks, once; a failure is left to the click that needs them. */
export const prefetchTableScreens = (): void => {
  if (asked) return;
  asked = true;
  Promise.all([resourcePagesModule(), registryModule()])
    // the hand-written lists (audit log, approvals, brands and stores) are chunks of their own, and
    // so are the generated show, edit and create screens
    .then(([, registry]) => Promise.all([registry.prefetchListOverrides(), registry.recordViewsModule()]))
    .catch(() => {
      // offline or a new deployment: the route's own import tries again and shows its error
      asked = false;
    });
};

/**
 * Calls `prefetch` (by default prefetchTableScreens) when the browser is next idle. Without requestIdleCallback (Safari, and
 * jsdom in the portal tests) only hover and focus prefetch: a timer would load the screens' code in
 * the middle of whatever the page is doing.
 */
export const prefetchWhenIdle = (prefetch: () => void = prefetchTableScreens): (() => void) | undefined => {
  if (typeof window.requestIdleCallback !== 'function') return undefined;
  const id = window.requestIdleCallback(prefetch, { timeout: 2_000 });
  return () => window.cancelIdleCallback(id);
};
