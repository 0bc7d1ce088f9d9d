import { CssBaseline } from '@mui/material';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  type LayoutProps,
  Resource,
  type Store,
  useAuthenticated,
  useAuthProvider,
  usePermissions,
} from 'react-admin';
import { BrowserRouter, Route, useLocation } from 'react-router-dom';
import { RESOURCES } from '../resources';
import { withDeclarationAccess } from './builders/access';
import { isDeclaredResourcePath, type ResourceViewer, resourcesFor } from './builders/lazyResources';
import { HttpClientProvider } from './components/HttpClientContext';
import { removeBootHeading, removeBootShell } from './layout/bootShell';
import { AdminLoading, PageLoader } from './layout/DelayedLoader';
import { layoutFor } from './layout/layoutFor';
import { NotAllowedPage, NotFoundPage } from './layout/NotAllowedPage';
import { SESSION_CHANGED_EVENT, type SessionLoader, SessionProvider } from './layout/SessionContext';
import { Gate, ShellLayout } from './layout/ShellLayout';
import { createProviders, type PortalPermissions, type Providers } from './providers';
import { endpointsFromDeclarations } from './providers/dataProvider';
import { getPortalEnv } from './providers/env';
import { pnsAllowedFor } from './providers/pnsCheck';
import { createQueryClient } from './providers/queryClient';
import { LoginPage, ROUTES } from './routes';
import { createCookieThemeStore } from './theme/cookieThemeStore';
import { darkTheme, lightTheme } from './theme/themes';

// Notices (and notistack, which shows them) load after the first paint; react-admin keeps what was
// notified meanwhile until the bridge takes it.
const NotificationBridge = lazy(() =>
  import('./components/NotificationBridge').then((m) => ({ default: m.NotificationBridge })),
);

/**
 * The registered resources follow the caller's permissions (below); react-admin refreshes them on a
 * sign-in and clears them on a sign-out, and this asks again when the session changes any other way
 * (a token error, another tab signing in or out).
 */
const PermissionsFollowSession = () => {
  const { refetch } = usePermissions();
  useEffect(() => {
    const onChange = () => void refetch();
    window.addEventListener('storage', onChange);
    window.addEventListener(SESSION_CHANGED_EVENT, onChange);
    return () => {
      window.removeEventListener('storage', onChange);
      window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    };
  }, [refetch]);
  return null;
};

const Layout = (props: LayoutProps) => {
  // The providers' auth provider has loadUser(); react-admin only knows the AuthProvider type.
  const loader = useAuthProvider() as unknown as SessionLoader;
  return (
    <SessionProvider loader={loader}>
      <PermissionsFollowSession />
      <ShellLayout {...props} />
    </SessionProvider>
  );
};

/** A declared table's screen the caller has no resource for: sign in first, else "not allowed". */
const UnregisteredResource = () => {
  // a visitor is sent to the login page, as react-admin does on a registered resource's screen
  const { isPending, authenticated } = useAuthenticated();
  return isPending || !authenticated ? null : <NotAllowedPage />;
};

/** Unknown paths are "not found"; a declared table's screens that were not registered are "not allowed". */
const CatchAll = () => {
  const { pathname } = useLocation();
  return isDeclaredResourcePath(pathname) ? <UnregisteredResource /> : <NotFoundPage />;
};

const isPortalPermissions = (value: unknown): value is PortalPermissions =>
  typeof value === 'object' &&
  value !== null &&
  'role' in value &&
  (value.role === 'operator' || value.role === 'merchant');

// react-admin renders the login page outside the layout, so it needs its own Suspense for the chunk
// and its own session gate: a signed-in user who opens /login goes where startup says, like on
// every other page.
const Login = () => {
  const loader = useAuthProvider() as unknown as SessionLoader;
  return (
    <SessionProvider loader={loader}>
      <Gate>
        <Suspense fallback={<PageLoader />}>
          <LoginPage />
        </Suspense>
      </Gate>
    </SessionProvider>
  );
};

/** Something outside any page failed (a page's own failure is ShellLayout's): the same notice, with Reload. */
const AppError = () => {
  // shown without the layout, so without the app bar and the page that would take index.html's
  // static ones away
  useLayoutEffect(() => {
    removeBootShell();
    removeBootHeading();
  }, []);
  return <NotAllowedPage failed />;
};

/** A page without an app bar (sign-in, e-mail links) takes index.html's static one away (bootShell.ts). */
const BootShellFollowsRoute = () => {
  const header = layoutFor(useLocation().pathname).header;
  useLayoutEffect(() => {
    if (!header) removeBootShell();
  }, [header]);
  return null;
};

const notifySessionChanged = () => window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));

/** The real app's providers, from the run-time environment (src/start.tsx makes them before the first render). */
export const createPortalProviders = (): Providers =>
  createProviders({ onSessionEnded: notifySessionChanged, paths: endpointsFromDeclarations(RESOURCES) });

export interface AppProps {
  /** injected by tests; the real app builds them from the run-time environment */
  providers?: Providers;
  store?: Store;
}

export const App = ({ providers: given, store: givenStore }: AppProps) => {
  const providers = useMemo(() => given ?? createPortalProviders(), [given]);
  // Declared resources are checked by their permission name and declared roles (builders/access.ts).
  const authProvider = useMemo(() => withDeclarationAccess(providers.authProvider), [providers]);
  const store = useMemo(() => givenStore ?? createCookieThemeStore(), [givenStore]);
  // which failed reads are asked again: only those that may pass (providers/queryClient.ts)
  const queryClient = useMemo(() => createQueryClient(), []);
  const { portalTitle, brand } = getPortalEnv();
  // Only the tables the caller's role, brand and push-notification check let them use are registered
  // (their screens load on first use, builders/lazyResources.ts); the others' URLs say "not allowed".
  const resources = useCallback(
    async (permissions: unknown): Promise<ReactNode> => {
      if (!isPortalPermissions(permissions)) return null;
      const { role, type } = permissions;
      let pnsAllowed = role === 'operator';
      const user = providers.storage.getUser();
      if (role === 'merchant' && user) {
        // the session's check (layout/SessionContext.tsx), asked once for both
        pnsAllowed = await pnsAllowedFor(providers.httpClient, user.id, providers.storage.getRefreshToken());
      }
      const viewer: ResourceViewer = {
        role,
        type,
        brand,
        pnsAllowed,
        ...(permissions.permissions === undefined ? {} : { permissions: permissions.permissions }),
      };
      return resourcesFor(viewer).map(({ decl, views, recordRepresentation }) => (
        <Resource key={decl.name} name={decl.name} {...views} recordRepresentation={recordRepresentation} />
      ));
    },
    [providers, brand],
  );
  // A browser router (not react-admin's default hash router): e-mails link to real paths such as
  // /x-action/user-active (contract EMAIL_LINK_PATHS), and the server answers index.html for them.
  // Navigations commit at once (no transition): a page whose chunk is still loading shows ShellLayout's
  // PageLoader. As a transition, signing out while a table's screens were loading never committed.
  // <Admin> is <AdminContext> + <AdminUI>, and AdminUI's defaults (react-admin's own login form,
  // layout, error and not-found pages) would be bundled into the first load although every one of
  // them is replaced here: so the two halves are put together by hand, as AdminUI does.
  return (
    <BrowserRouter useTransitions={false}>
      <BootShellFollowsRoute />
      <HttpClientProvider client={providers.httpClient}>
        <AdminContext
          dataProvider={providers.dataProvider}
          authProvider={authProvider}
          i18nProvider={providers.i18nProvider}
          store={store}
          queryClient={queryClient}
          lightTheme={lightTheme}
          darkTheme={darkTheme}
          defaultTheme="dark"
        >
          <CssBaseline enableColorScheme>
            <CoreAdminUI
              title={portalTitle}
              disableTelemetry
              layout={Layout}
              loginPage={Login}
              catchAll={CatchAll}
              accessDenied={NotAllowedPage}
              loading={AdminLoading}
              error={AppError}
            >
              <CustomRoutes>
                {ROUTES.filter((r) => r.path !== '/login').map(({ path, component: Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
              </CustomRoutes>
              {/* List, show, edit and create of the caller's declared tables at /<name>/…; each button is canAccess's call. */}
              {resources}
            </CoreAdminUI>
            <Suspense fallback={null}>
              <NotificationBridge />
            </Suspense>
          </CssBaseline>
        </AdminContext>
      </HttpClientProvider>
    </BrowserRouter>
  );
};
