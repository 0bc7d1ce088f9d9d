import { Box, Drawer, useMediaQuery, useTheme } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { type LayoutProps, useSidebarState } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { INITIAL_HEADER_HEIGHT } from '../../contract';
import { CountryProvider } from '../components/CountryContext';
import { useCaller } from '../components/useCaller';
import { getPortalEnv } from '../providers/env';
import { canSee, findRoute, type ViewerContext } from '../routes';
import { PageLoader, SpinnerCentered } from './DelayedLoader';
import { layoutFor } from './layoutFor';
import { MaintenanceBanner } from './MaintenanceBanner';
import { menuFor } from './menuFor';
import { maySee } from './menuPermissions';
import { NotAllowedPage } from './NotAllowedPage';
import { useSession } from './SessionContext';
import { ShellAppBar } from './ShellAppBar';
import { ShellMenu } from './ShellMenu';
import { type Session, startupTarget } from './startup';
import { useOrgMenuFlags } from './useOrgMenuFlags';

export const MENU_WIDTH = 260;
const PAGE_MAX_WIDTH = 1280;

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

/** Sends the user where startup says (spec section 2), then shows the page or "not allowed". */
export const Gate = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const def = findRoute(pathname);
  const target = startupTarget(session, pathname, def ? def.who.includes('visitor') : null);

  useEffect(() => {
    if (target && target !== pathname) navigate(target, { replace: true });
  }, [target, pathname, navigate]);

  if (target && target !== pathname) return null;
  // Public pages render at once; the others wait for the user to be known.
  if (session.status === 'loading' && !def?.who.includes('visitor')) return <SpinnerCentered />;
  if (def && session.status !== 'loading' && !canSee(def, viewerOf(session))) {
    return <NotAllowedPage visitor={session.status !== 'user'} />;
  }
  return <>{children}</>;
};

/** The one layout of every route: header, side menu and page frame per layoutFor(pathname). */
export const ShellLayout = ({ children }: LayoutProps) => {
  const { pathname } = useLocation();
  const flags = layoutFor(pathname);
  const session = useSession();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
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
  const orgFlags = useOrgMenuFlags(session, sees('/organization/brand'));
  const groups = menuFor({
    role: viewerOf(session).role,
    brand,
    pnsAllowed: session.status === 'user' && session.pnsAllowed,
    ...orgFlags,
    sees,
  });

  const headerOffset = flags.header ? INITIAL_HEADER_HEIGHT : 0;
  const menu = (
    <Box data-testid="side-menu" sx={{ width: MENU_WIDTH, overflowY: 'auto' }}>
      <ShellMenu groups={groups} onNavigate={desktop ? undefined : () => setSidebarOpen(false)} />
    </Box>
  );

  return (
    <CountryProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
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
                <Gate>{children}</Gate>
              </Suspense>
            </PageErrorBoundary>
          </Box>
        </Box>
      </Box>
    </CountryProvider>
  );
};
