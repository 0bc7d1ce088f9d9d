import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router-dom';
import { mustEnrolTwoFactor, roleOf } from '../../contract';
import type { LoggedInUser } from '../../contract/auth';
import { useHttpClient } from '../components/HttpClientContext';
import { pnsAllowedFor } from '../providers/pnsCheck';
import { getSessionStore } from '../providers/storage';
import type { Session } from './startup';

/** What the shell needs from the auth provider (the providers engineer's PortalAuthProvider). */
export interface SessionLoader {
  loadUser(): Promise<LoggedInUser>;
}

/** Dispatched on window when the session ends without a navigation (token error, other tab). */
export const SESSION_CHANGED_EVENT = 'portal:session-changed';

const SessionContext = createContext<Session>({ status: 'loading' });

export const useSession = (): Session => useContext(SessionContext);

/**
 * Loads the logged-in user at startup and again whenever the stored login changes (sign-in,
 * sign-out, another tab, an approved signup): the key is the stored user id and signup state plus
 * whether a token exists.
 */
export const SessionProvider = ({ loader, children }: { loader: SessionLoader; children: ReactNode }) => {
  const httpClient = useHttpClient();
  // Re-rendered on every navigation, so a sign-in (which navigates) is noticed here.
  useLocation();
  const store = getSessionStore();
  const hasToken = store.getAccessToken() !== null || store.getRefreshToken() !== null;
  // The signup state is part of the key: an approval seen by "Check again" (which reloads the stored
  // user) must reload the session, or startup keeps sending the merchant back to /signup.
  const stored = store.getUser();
  // So is having to enrol a second factor: enrolling (or being told to) must re-route at once.
  const key = hasToken
    ? `user:${stored?.id ?? '?'}:${stored?.signupState ?? ''}:${mustEnrolTwoFactor(stored) ? 'enrol' : ''}`
    : 'visitor';
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const [, setTick] = useState(0);
  const loadedKey = useRef<string | null>(null);

  // Another tab signing in or out changes localStorage, and a token error ends the session here
  // without a navigation: re-render to recompute the key.
  useEffect(() => {
    const onChange = () => setTick((t) => t + 1);
    window.addEventListener('storage', onChange);
    window.addEventListener(SESSION_CHANGED_EVENT, onChange);
    return () => {
      window.removeEventListener('storage', onChange);
      window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    };
  }, []);

  useEffect(() => {
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    if (key === 'visitor') {
      setSession({ status: 'visitor' });
      return;
    }
    let cancelled = false;
    setSession({ status: 'loading' });
    (async () => {
      const user = await loader.loadUser();
      const role = roleOf(user.type);
      let pnsAllowed = role === 'operator';
      if (role === 'merchant') {
        // A failed permission check only hides Communications; it is no reason to end the session.
        pnsAllowed = await pnsAllowedFor(httpClient, user.id, getSessionStore().getRefreshToken());
      }
      return { status: 'user', user, role, pnsAllowed } as const;
    })()
      .then((s) => {
        // the shell and the page mount on this update: a transition, so that their first render is
        // time-sliced instead of one long task (issue 39)
        if (!cancelled) startTransition(() => setSession(s));
      })
      .catch(() => {
        if (!cancelled) setSession({ status: 'failed' });
      });
    return () => {
      cancelled = true;
      // A cancelled load must run again if the same key comes back.
      loadedKey.current = null;
    };
  }, [key, loader, httpClient]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
};
