import { type AuthProvider, useAuthProvider } from 'react-admin';
import type { LoggedInUser } from '../../contract/auth';
import type { PortalAuthProvider } from '../providers/authProvider';
import { useHttpClient } from './HttpClientContext';

/** Reloads the signed-in user: the auth provider's loadUser, which also refreshes the stored user. */
export const useReloadUser = () => {
  const authProvider = useAuthProvider<Partial<PortalAuthProvider> & AuthProvider>();
  const http = useHttpClient();
  return async (id: string | number | undefined): Promise<LoggedInUser> => {
    if (authProvider?.loadUser) return authProvider.loadUser();
    // Only reached with an auth provider that has no loadUser (another backend's, a test's).
    const res = await http<LoggedInUser>(`/user/${encodeURIComponent(String(id))}`);
    return res.data;
  };
};
