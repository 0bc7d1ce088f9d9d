import { Box, Drawer, useMediaQuery } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { type LayoutProps, useCanAccess, usePermissions, useSidebarState } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { INITIAL_HEADER_HEIGHT } from '../../contract';
import type { AccessSubject } from '../../contract/access';
import { isDeclaredResourcePath } from '../builders/lazyResources';
import { CountryProvider } from '../components/CountryContext';
import { lazyFrom, moduleLoader } from '../components/lazyModule';
import { SeesContext } from '../components/SeesContext';
import { useCaller } from '../components/useCaller';
import type { PortalPermissions } from '../providers';
import { getPortalEnv } from '../providers/env';
import { canSee, findRoute, type ViewerContext } from '../routes';
import { useBootHeadingGone } from './bootShell';
import { PageLoader, SpinnerCentered } from './DelayedLoader';
import { withNext } from './deepLink';
import { layoutFor } from './layoutFor';
import { MaintenanceBanner } from './MaintenanceBanner';
import { menuFor } from './menuFor';
import { maySee } from './menuPermissions';
import { NotAllowedPage } from './NotAllowedPage';
import { PageBreadcrumbs } from './PageBreadcrumbs';
import { prefetchWhenIdle } from './prefetchScreens';
import { useSession } from './SessionContext';
import { ShellAppBar } from './ShellAppBar';
import { type Session, startupTarget } from './startup';
import { useOrgMenuFlags } from './useOrgMenuFlags';

export const MENU_WIDTH = 260;
const PAGE_MAX_WIDTH = 1280;
/**
 * The smallest width with the desktop menu (MUI's md breakpoint): ShellLayout shows the desktop menu
 * from it, and src/start.tsx asks for the menu's code before the first render from it.
 */
export const DESKTOP_MENU_QUERY = '(min-width: 900px)';

/**
 * The side menu's code (its groups, links and their icons) is a chunk of its own (issue 39): a phone
 * renders the menu only when its drawer opens and loads it once the browser is idle; a desktop asks
 * for it before the first render (src/start.tsx), so it arrives with the user.
 */
export const shellMenuModule = moduleLoader(() => import('./ShellMenu'));
const ShellMenu = lazyFrom(shellMenuModule, (m) => m.ShellMenu);

class PageErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export const viewerOf = (session: Session): ViewerContext => ({
  role: session.status === 'user' ? session.role : 'visitor',
  brand: getPortalEnv().brand,
  pnsAllowed: session.status === 'user' && session.pnsAllowed,
});

/** A react-admin screen of a declared table (/<name>, /<name>/create, /<name>/<id>[/show]) and its action. */
const resourceScreenOf = (
  pathname: string,
): { resource: string; action: 'list' | 'create' | 'edit' | 'show' } | null => {
  if (!isDeclaredResourcePath(pathname)) return null;
  const [resource = '', second, third, ...rest] = pathname.split('/').filter(Boolean);
  if (rest.length > 0) return null;
  if (second === undefined) return { resource, action: 'list' };
  if (third === undefined) return { resource, action: second === 'create' ? 'create' : 'edit' };
  return third === 'show' ? { resource, action: 'show' } : null;
};

/**
 * A table's screen shows once canAccess (the declaration and the permission rule, builders/access.ts)
 * allows its action: the same call react-admin's controller makes (cached), asked before it, so a
 * refusal is the denied page at the address asked for instead of react-admin's /access-denied.
 */
const ResourceScreenGate = ({
  resource,
  action,
  children,
}: {
  resource: string;
  action: string;
  children: ReactNode;
}) => {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return <SpinnerCentered />;
  return canAccess === false ? <NotAllowedPage /> : children;
};

const subjectOf = (permissions: PortalPermissions): AccessSubject =>
  permissions.permissions === undefined
    ? { type: permissions.type }
    : { type: permissions.type, permissions: permissions.permissions };

/**
 * What the Gate shows in the page's place (the page, the denied page) is in: index.html's static
 * heading goes in the same commit (a layout effect, before the browser paints), so the page's own h1
 * takes its place with no frame showing both or neither.
 */
const BootHeadingGone = () => {
  useBootHeadingGone();
  return null;
};

const shown = (node: ReactNode) => (
  <>
    <BootHeadingGone />
    {node}
  </>
);

/**
 * Sends the user where startup says (spec section 2), then shows the page or the denied page. The
 * denied page is decided here, before the page asks the server anything, from the caller's role and
 * permissions (the route's `who`, and VIEW on every resource the screen reads: menuPermissions.ts,
 * the same canAccess the server applies). A visitor on a page that needs a user goes to the splash
 * page with the page kept in `?next=` for after signing in (deepLink.ts).
 */
export const Gate = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { permissions, isPending: permissionsPending } = usePermissions<PortalPermissions | null>();
  const def = findRoute(pathname);
  const screen = def ? null : resourceScreenOf(pathname);
  const isPublic = def ? def.who.includes('visitor') : screen ? false : null;
  const target = startupTarget(session, pathname, isPublic);
  const to = target === '/splash' ? withNext(target, `${pathname}${search}${hash}`) : target;

  useEffect(() => {
    if (target && to && target !== pathname) navigate(to, { replace: true });
  }, [target, to, pathname, navigate]);

  if (target && target !== pathname) return null;
  // Public pages render at once; the others wait for the user and their permissions to be known.
  if (!isPublic && (session.status === 'loading' || (session.status === 'user' && permissionsPending))) {
    return <SpinnerCentered />;
  }
  if (def && session.status !== 'loading') {
    const allowed =
      canSee(def, viewerOf(session)) &&
      (session.status !== 'user' || !permissions || maySee(subjectOf(permissions), pathname));
    if (!allowed) return shown(<NotAllowedPage visitor={session.status !== 'user'} />);
  }
  if (screen && session.status === 'user') {
    return shown(
      <ResourceScreenGate resource={screen.resource} action={screen.action}>
        {children}
      </ResourceScreenGate>,
    );
  }
  return shown(children);
};

/** The one layout of every route: header, side menu and page frame per layoutFor(pathname). */
export const ShellLayout = ({ children }: LayoutProps) => {
  const { pathname } = useLocation();
  const flags = layoutFor(pathname);
  const session = useSession();
  const desktop = useMediaQuery(DESKTOP_MENU_QUERY, { noSsr: true });
  // The desktop menu keeps its stored open/closed state; on a smaller screen the menu is a drawer over
  // the page that starts closed on every load (the stored state is the desktop's: restored on a
  // phone it covered the page after each reload).
  const [storedOpen, setStoredOpen] = useSidebarState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarOpen = desktop ? storedOpen : drawerOpen;
  const setSidebarOpen = desktop ? setStoredOpen : setDrawerOpen;
  const menuOpen = flags.menu && sidebarOpen;
  const { brand } = getPortalEnv();
  const { caller } = useCaller();
  const sees = (path: string) => (caller ? maySee(caller.subject, path) : true);
  // the pages inside the shell hide the links the caller may not open (none until the caller is known)
  const pageSees = useCallback((path: string) => (caller ? maySee(caller.subject, path) : false), [caller]);
  const orgFlags = useOrgMenuFlags(session, sees('/organization/brand'));
  const groups = menuFor({
    role: viewerOf(session).role,
    brand,
    pnsAllowed: session.status === 'user' && session.pnsAllowed,
    ...orgFlags,
    sees,
  });

  useEffect(
    () => (flags.menu ? prefetchWhenIdle(() => void shellMenuModule().catch(() => undefined)) : undefined),
    [flags.menu],
  );

  const headerOffset = flags.header ? INITIAL_HEADER_HEIGHT : 0;
  const menu = (
    <Box data-testid="side-menu" sx={{ width: MENU_WIDTH, overflowY: 'auto' }}>
      <Suspense fallback={null}>
        <ShellMenu groups={groups} onNavigate={desktop ? undefined : () => setSidebarOpen(false)} />
      </Suspense>
    </Box>
  );

  return (
    <CountryProvider>
      <SeesContext.Provider value={pageSees}>
        <Box
          sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}
        >
          {flags.header ? (
            <ShellAppBar showMenuButton={flags.menu} onMenuClick={() => setSidebarOpen(!sidebarOpen)} />
          ) : null}
          {flags.menu ? (
            <Drawer
              variant={desktop ? 'persistent' : 'temporary'}
              open={menuOpen}
              onClose={() => setSidebarOpen(false)}
              sx={{
                width: desktop && menuOpen ? MENU_WIDTH : 0,
                flexShrink: 0,
                transition: (t) => t.transitions.create('width'),
                '& .MuiDrawer-paper': {
                  width: MENU_WIDTH,
                  boxSizing: 'border-box',
                  // Below the app bar on every screen size: the app bar sits above drawers (z-index).
                  top: headerOffset,
                  height: `calc(100% - ${headerOffset}px)`,
                  borderRight: 1,
                  borderColor: 'divider',
                },
              }}
            >
              {menu}
            </Drawer>
          ) : null}
          <Box
            component="main"
            data-testid="page-frame"
            data-padding={String(flags.padding)}
            data-full-width={String(flags.fullWidth)}
            sx={{ flex: 1, minWidth: 0, pt: `${headerOffset}px`, display: 'flex', flexDirection: 'column' }}
          >
            <Box
              sx={{
                flex: 1,
                width: '100%',
                p: flags.padding ? { xs: 2, sm: 3 } : 0,
                maxWidth: flags.fullWidth ? 'none' : PAGE_MAX_WIDTH,
                mx: flags.fullWidth ? 0 : 'auto',
                boxSizing: 'border-box',
              }}
            >
              {session.status === 'user' && session.role === 'operator' && flags.menu ? (
                <MaintenanceBanner />
              ) : null}
              <PageErrorBoundary key={pathname} fallback={<NotAllowedPage failed />}>
                <Suspense fallback={<PageLoader />}>
                  <Gate>
                    {flags.menu ? <PageBreadcrumbs pathname={pathname} /> : null}
                    {children}
                  </Gate>
                </Suspense>
              </PageErrorBoundary>
            </Box>
          </Box>
        </Box>
      </SeesContext.Provider>
    </CountryProvider>
  );
};
