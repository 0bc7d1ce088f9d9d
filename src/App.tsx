import { Suspense, useMemo } from 'react';
import { Admin, CustomRoutes, type LayoutProps, Resource, type Store, useAuthProvider } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { RESOURCES } from '../resources';
import { withDeclarationAccess } from './builders/access';
import { BUILT_RESOURCES } from './builders/registry';
import { HttpClientProvider } from './components/HttpClientContext';
import { NotificationBridge } from './components/NotificationBridge';
import { AdminLoading, PageLoader } from './layout/DelayedLoader';
import { NotAllowedPage, NotFoundPage } from './layout/NotAllowedPage';
import { SESSION_CHANGED_EVENT, type SessionLoader, SessionProvider } from './layout/SessionContext';
import { Gate, ShellLayout } from './layout/ShellLayout';
import { createProviders, type Providers } from './providers';
import { endpointsFromDeclarations } from './providers/dataProvider';
import { getPortalEnv } from './providers/env';
import { LoginPage, ROUTES } from './routes';
import { createCookieThemeStore } from './theme/cookieThemeStore';
import { darkTheme, lightTheme } from './theme/themes';

const Layout = (props: LayoutProps) => {
  // The providers' auth provider has loadUser(); react-admin only knows the AuthProvider type.
  const loader = useAuthProvider() as unknown as SessionLoader;
  return (
    <SessionProvider loader={loader}>
      <ShellLayout {...props} />
    </SessionProvider>
  );
};

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

const notifySessionChanged = () => window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));

export interface AppProps {
  /** injected by tests; the real app builds them from the run-time environment */
  providers?: Providers;
  store?: Store;
}

export const App = ({ providers: given, store: givenStore }: AppProps) => {
  const providers = useMemo(
    () =>
      given ??
      createProviders({ onSessionEnded: notifySessionChanged, paths: endpointsFromDeclarations(RESOURCES) }),
    [given],
  );
  // Declared resources are checked by their permission name and declared roles (builders/access.ts).
  const authProvider = useMemo(() => withDeclarationAccess(providers.authProvider), [providers]);
  const store = useMemo(() => givenStore ?? createCookieThemeStore(), [givenStore]);
  const { portalTitle } = getPortalEnv();
  // A browser router (not react-admin's default hash router): e-mails link to real paths such as
  // /x-action/user-active (contract EMAIL_LINK_PATHS), and the server answers index.html for them.
  return (
    <BrowserRouter>
      <HttpClientProvider client={providers.httpClient}>
        <Admin
          title={portalTitle}
          disableTelemetry
          dataProvider={providers.dataProvider}
          authProvider={authProvider}
          i18nProvider={providers.i18nProvider}
          store={store}
          layout={Layout}
          loginPage={Login}
          lightTheme={lightTheme}
          darkTheme={darkTheme}
          defaultTheme="dark"
          notification={NotificationBridge}
          catchAll={NotFoundPage}
          // one denied page everywhere (a resource's screens too), with its way back
          accessDenied={NotAllowedPage}
          loading={AdminLoading}
        >
          <CustomRoutes>
            {ROUTES.filter((r) => r.path !== '/login').map(({ path, component: Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </CustomRoutes>
          {/* Show, edit and create of every declared table at /<name>/…; who may open them is canAccess's call. */}
          {BUILT_RESOURCES.map(({ decl, module }) => (
            <Resource key={decl.name} name={decl.name} {...module} />
          ))}
        </Admin>
      </HttpClientProvider>
    </BrowserRouter>
  );
};
