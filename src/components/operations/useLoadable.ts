// One GET that a page shows while it loads, fails or is ready (a pack's or a programme's figures),
// loaded again whenever its key changes: the key names what is loaded and when to ask again.
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { HttpClient } from '../../providers/httpClient';
import { useHttpClient } from '../HttpClientContext';

export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

export interface LoadRequest<T> {
  /** what is loaded, and its version: a new key loads again (the data shown stays until then) */
  key: string;
  load: (http: HttpClient) => Promise<T>;
}

/**
 * One load into a Loadable state: loading (or, with `keepShown`, the data shown so far), then ready or
 * error. Returns the effect's cleanup, which drops an answer that comes after it. The core of
 * useLoadable, and of the loaders that also reload or patch what they hold.
 */
export const loadInto = <T>(
  setState: Dispatch<SetStateAction<Loadable<T>>>,
  load: () => Promise<T>,
  { keepShown }: { keepShown: boolean },
): (() => void) => {
  let cancelled = false;
  setState((s) => (keepShown && s.status === 'ready' ? s : { status: 'loading' }));
  load()
    .then((data) => {
      if (!cancelled) setState({ status: 'ready', data });
    })
    .catch((error: unknown) => {
      if (!cancelled) setState({ status: 'error', error });
    });
  return () => {
    cancelled = true;
  };
};

/** `request` null: nothing to load (idle). */
export const useLoadable = <T>(request: LoadRequest<T> | null): Loadable<T> => {
  const http = useHttpClient();
  const [state, setState] = useState<Loadable<T>>({ status: 'idle' });
  // the latest loader; the effect runs again only when the key changes
  const load = useRef(request?.load);
  load.current = request?.load;
  const key = request?.key ?? null;
  useEffect(() => {
    const run = load.current;
    if (key === null || run === undefined) {
      setState({ status: 'idle' });
      return;
    }
    return loadInto(setState, () => run(http), { keepShown: true });
  }, [http, key]);
  return state;
};
