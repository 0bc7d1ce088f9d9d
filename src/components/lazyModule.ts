// Code split screens that render at once when their code is already here (issue 23 item 10).
//
// React.lazy suspends the first time each lazy component renders, even when the import it calls is
// already loaded (a promise never resolves synchronously): the page's <Suspense> shows its fallback
// for a moment, and React then holds back the content that replaces a fallback until 300 ms after
// that fallback appeared (react-dom's FALLBACK_THROTTLE_MS, the "Throttled" commit of a retry). The
// page's queries only start once it has committed, so every first visit of a list paid ~300 ms
// between the click and its request, although the list's code had been prefetched long before.
// A module loaded through `moduleLoader` is remembered, and `lazyFrom` hands React an already
// resolved thenable for it: the lazy component resolves within the same render and nothing suspends.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A dynamic import, asked once; `loaded()` is its module once it has arrived. */
export interface ModuleLoader<M> {
  (): Promise<M>;
  loaded(): M | undefined;
  /**
   * Forgets the module, so that the next use asks for it again. For a test that starts from a cold
   * cache: the portal tests of one worker share the module graph, so another file may have loaded it.
   */
  forget(): void;
}

export const moduleLoader = <M>(load: () => Promise<M>): ModuleLoader<M> => {
  let pending: Promise<M> | undefined;
  let value: M | undefined;
  const get = (): Promise<M> => {
    pending ??= load().then(
      (m) => {
        value = m;
        return m;
      },
      (error: unknown) => {
        // offline or a new deployment: the next use asks again
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const forget = (): void => {
    pending = undefined;
    value = undefined;
  };
  return Object.assign(get, { loaded: () => value, forget });
};

/**
 * A thenable that calls back synchronously. React.lazy's initialiser calls `then` and, when the
 * callback has already run, renders the component in the same pass instead of suspending.
 */
const resolved = <T>(value: T): Promise<T> =>
  // React.lazy only calls `then`; a real promise would call back a microtask later, too late for
  // the render that asked. Typed as the Promise React.lazy's signature asks for.
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, for React.lazy (above)
  ({ then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) }) as unknown as Promise<T>;

/** React.lazy of `pick(module)`: immediate when `mod` has already loaded, else after it loads. */
export const lazyFrom = <M, P extends object>(
  mod: ModuleLoader<M>,
  pick: (m: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> =>
  lazy(() => {
    const ready = mod.loaded();
    return ready === undefined
      ? mod().then((m) => ({ default: pick(m) }))
      : resolved({ default: pick(ready) });
  });
