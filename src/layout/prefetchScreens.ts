// The table screens' code, fetched before the first click on the menu: the generated list and its
// builders (react-admin's DataTable, the filters, the declarations' displays) are some thirty chunks
// that otherwise load one after another only once a menu entry has been clicked (issue 23 item 10).
// Once the browser is idle after the menu has shown, and at once when the pointer or the keyboard
// reaches a menu entry. The same dynamic imports as the routes' (src/routes.tsx) and the resources'
// (src/builders/lazyResources.ts), so the chunks are the ones they load: nothing joins the first load.

let asked = false;

/** Starts loading the table screens' chunks, once; a failure is left to the click that needs them. */
export const prefetchTableScreens = (): void => {
  if (asked) return;
  asked = true;
  Promise.all([import('../pages/resources/ResourcePages'), import('../builders/registry')]).catch(() => {
    // offline or a new deployment: the route's own import tries again and shows its error
    asked = false;
  });
};

/**
 * Calls prefetchTableScreens when the browser is next idle. Without requestIdleCallback (Safari, and
 * jsdom in the portal tests) only hover and focus prefetch: a timer would load the screens' code in
 * the middle of whatever the page is doing.
 */
export const prefetchWhenIdle = (): (() => void) | undefined => {
  if (typeof window.requestIdleCallback !== 'function') return undefined;
  const id = window.requestIdleCallback(prefetchTableScreens, { timeout: 2_000 });
  return () => window.cancelIdleCallback(id);
};
