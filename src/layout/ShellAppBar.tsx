import LoyaltyIcon from '@mui/icons-material/Loyalty';
import MenuIcon from '@mui/icons-material/Menu';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  AppBar,
  Box,
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { forwardRef, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { Logout, ToggleThemeButton, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { INITIAL_HEADER_HEIGHT } from '../../contract';
import { CountrySelect } from '../components/CountrySelect';
import { LanguageMenu } from '../components/LanguageMenu';
import { useCaller } from '../components/useCaller';
import { getPortalEnv } from '../providers/env';
import { removeBootShell } from './bootShell';
import { DelayedLoadingIndicator } from './DelayedLoader';
import { nextOf, withNext } from './deepLink';
import { maySee } from './menuPermissions';
import { useSession } from './SessionContext';

const SettingsMenuItem = forwardRef<HTMLAnchorElement>((props, ref) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/settings" ref={ref} onClick={() => userMenu?.onClose()} {...props}>
      <ListItemIcon>
        <SettingsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('common.settings')}</ListItemText>
    </MenuItem>
  );
});

/** The counter's scanner, one tap away on every page (docs/decisions.md "Scan at the counter"). */
export const SCAN_PATH = '/scan';

const ScanButton = () => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const here = useLocation().pathname === SCAN_PATH;
  if (!caller || !maySee(caller.subject, SCAN_PATH)) return null;
  const label = translate('scanPages.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          component={Link}
          to={SCAN_PATH}
          aria-label={label}
          aria-current={here ? 'page' : undefined}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <QrCodeScanner />
        </IconButton>
      </Tooltip>
      <Button
        color="inherit"
        component={Link}
        to={SCAN_PATH}
        startIcon={<QrCodeScanner />}
        aria-current={here ? 'page' : undefined}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {translate('scanPages.short')}
      </Button>
    </>
  );
};

/**
 * True from the commit after the first: the app bar's controls (scan, country, language, theme, the
 * user's menu) then mount as a transition, which React renders in slices of a few milliseconds. The
 * bar, its menu button and its title come first, in the commit that replaces index.html's static bar
 * (which shows no controls either). Mounted with the bar, they were a third of the shell's first
 * render, one blocking task on a phone (issue 39: total blocking time).
 */
const useControlsShown = (): boolean => {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
};

export const ShellAppBar = ({
  showMenuButton,
  onMenuClick,
}: {
  showMenuButton: boolean;
  onMenuClick: () => void;
}) => {
  const translate = useTranslate();
  const session = useSession();
  const { identity } = useGetIdentity();
  // on the splash page a visitor was sent to, Sign in keeps the page they asked for (deepLink.ts)
  const next = nextOf(useLocation().search);
  const { portalTitle, brand } = getPortalEnv();
  // The user button shows the user's name: its accessible name must contain it (WCAG 2.5.3), where
  // react-admin's default names it "Profile" only.
  const userMenuLabel = identity?.fullName
    ? translate('common.user_menu', { name: identity.fullName })
    : 'ra.auth.user_menu';
  // index.html's static app bar stood in for this one until now; before the paint, so nothing flickers
  useLayoutEffect(removeBootShell, []);
  const controls = useControlsShown();
  return (
    <AppBar position="fixed" color="primary" elevation={1} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar
        data-testid="app-header"
        // Inline so that MUI's toolbar breakpoints (56/64 px) cannot override the spec's height.
        style={{ minHeight: INITIAL_HEADER_HEIGHT }}
        sx={{ gap: 1, px: { xs: 1, sm: 2 } }}
      >
        {showMenuButton ? (
          <IconButton
            color="inherit"
            edge="start"
            onClick={onMenuClick}
            aria-label={translate('common.menu_toggle')}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Box
          component={Link}
          to="/"
          // the title is hidden below 600 px, leaving only the icon: the link keeps its name
          aria-label={portalTitle}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
          }}
          data-brand={brand}
        >
          <LoyaltyIcon aria-hidden />
          <Typography
            variant="h6"
            component="span"
            noWrap
            sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }}
          >
            {portalTitle}
          </Typography>
        </Box>
        {/* react-admin's <Title> renders into this element */}
        <Typography
          id="react-admin-title"
          variant="subtitle1"
          component="span"
          noWrap
          sx={{ flex: 1, ml: 2, opacity: 0.85, display: { xs: 'none', md: 'block' } }}
        />
        <Box sx={{ flex: { xs: 1, md: 0 } }} />
        <DelayedLoadingIndicator />
        {controls ? (
          <>
            {session.status === 'user' ? <ScanButton /> : null}
            <CountrySelect />
            <LanguageMenu />
            <ToggleThemeButton />
            {session.status === 'user' ? (
              <UserMenu label={userMenuLabel}>
                <SettingsMenuItem />
                <Logout />
              </UserMenu>
            ) : session.status === 'loading' ? null : (
              <Button
                color="inherit"
                component={Link}
                to={withNext('/login', next)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {translate('common.sign_in')}
              </Button>
            )}
          </>
        ) : null}
      </Toolbar>
    </AppBar>
  );
};
