// One GET that a page shows while it loads, fails or is ready (a pack's or a programme's figures),
// loaded again whenever its key changes: the key names what is loaded and when to ask again.
import { useEffect, useRef, useState } from 'react';
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
    let cancelled = false;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    run(http)
      .then((data) => {
        if (!cancelled) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'error', error });
      });
    return () => {
      cancelled = true;
    };
  }, [http, key]);
  return state;
};
