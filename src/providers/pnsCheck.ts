// The push-notification permission check (spec 6: a merchant sees Communications only when
// `POST /user/{id}/pns/is-allow` allows it), asked once per login and shared by the session (menus,
// routes: layout/SessionContext.tsx) and the Resources' registration (App.tsx), which both need it
// when the portal loads.
import type { HttpClient } from './httpClient';

interface PnsAnswer {
  content?: { allowed?: unknown };
  allowed?: unknown;
}

const lastCheck = new WeakMap<HttpClient, { key: string; allowed: Promise<boolean> }>();

/**
 * Whether the merchant `userId` may use push notifications. `login` names the login (its refresh
 * token): the same login asks once, a new one (signing in again, a refreshed login) asks again. A
 * failed check only hides Communications: it answers false, it never ends the session.
 */
export const pnsAllowedFor = (
  httpClient: HttpClient,
  userId: number,
  login: string | null,
): Promise<boolean> => {
  const key = `${userId}:${login ?? ''}`;
  const known = lastCheck.get(httpClient);
  if (known?.key === key) return known.allowed;
  const allowed = httpClient<PnsAnswer>(`/user/${userId}/pns/is-allow`, { method: 'POST' })
    .then(({ data }) => (data?.content?.allowed ?? data?.allowed) === true)
    .catch(() => false);
  lastCheck.set(httpClient, { key, allowed });
  return allowed;
};
