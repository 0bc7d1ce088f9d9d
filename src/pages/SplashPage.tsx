import LoyaltyOutlined from '@mui/icons-material/LoyaltyOutlined';
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { LinkBase, useAuthState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { nextOf, withNext } from '../layout/deepLink';
import { getPortalEnv } from '../providers/env';

/**
 * The welcome screen a visitor lands on (spec section 2: full bleed, no padding). A signed-in user
 * only passes through it while the startup decides where to go, so it shows a loader then.
 */
export const SplashPage = () => {
  const translate = useTranslate();
  const { isPending, authenticated } = useAuthState();
  const { portalTitle } = getPortalEnv();
  // the page a visitor opened before being sent here: signing in lands on it
  const next = nextOf(useLocation().search);

  if (isPending || authenticated) {
    return (
      <Box
        role="status"
        aria-live="polite"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
      >
        <CircularProgress size={28} />
        <Typography color="text.secondary">{translate('pages.splash.loading')}</Typography>
      </Box>
    );
  }

  return (
    <Box
      component="div"
      sx={(theme) => ({
        // Full bleed: fills the shell's unpadded page area below its app bar.
        height: '100%',
        minHeight: 480,
        boxSizing: 'border-box',
        width: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
        // One deep gradient in both themes, so the white text keeps its contrast either way.
        color: theme.palette.common.white,
        background:
          theme.palette.mode === 'dark'
            ? 'linear-gradient(135deg, #0b1730 0%, #17306b 55%, #0f4c4a 100%)'
            : 'linear-gradient(135deg, #1d4ed8 0%, #2563eb 50%, #0f766e 100%)',
      })}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', maxWidth: 640 }}>
        <LoyaltyOutlined sx={{ fontSize: 64, opacity: 0.9 }} />
        <Typography component="h1" variant="h3" sx={{ fontWeight: 700 }}>
          {translate('pages.splash.welcome', { title: portalTitle })}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9 }}>
          {translate('pages.splash.tagline')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
          <Button
            component={LinkBase}
            to={withNext('/login', next)}
            variant="contained"
            size="large"
            sx={{ bgcolor: 'common.white', color: '#1d3f91', '&:hover': { bgcolor: 'grey.100' } }}
          >
            {translate('pages.splash.sign_in')}
          </Button>
          <Button
            component={LinkBase}
            to="/register"
            variant="outlined"
            size="large"
            sx={{
              color: 'common.white',
              borderColor: 'rgba(255,255,255,0.7)',
              '&:hover': { borderColor: 'common.white' },
            }}
          >
            {translate('pages.splash.register')}
          </Button>
        </Stack>
        <Link component={LinkBase} to="/help" sx={{ color: 'inherit', opacity: 0.85 }}>
          {translate('pages.splash.help')}
        </Link>
      </Stack>
    </Box>
  );
};
