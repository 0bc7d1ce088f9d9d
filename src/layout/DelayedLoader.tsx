import { Box, CircularProgress, LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Loading, useLoading, useTranslate } from 'react-admin';
import { LOADER_DELAY_MS } from '../../contract';
import { bootHeadingShown } from './bootShell';

/** true once `active` has stayed true for LOADER_DELAY_MS: quick loads never flash a spinner. */
export const useDelayed = (active: boolean, delay = LOADER_DELAY_MS): boolean => {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return active && shown;
};

/** react-admin's loading indicator for the app bar, shown only after LOADER_DELAY_MS. */
export const DelayedLoadingIndicator = () => {
  const loading = useLoading();
  const show = useDelayed(loading);
  const translate = useTranslate();
  return (
    <Box sx={{ width: 40, display: 'flex', justifyContent: 'center' }}>
      {show ? (
        <CircularProgress color="inherit" size={20} thickness={4} aria-label={translate('ra.page.loading')} />
      ) : null}
    </Box>
  );
};

/** Fallback while a page's chunk loads (Suspense); none under index.html's static heading. */
export const PageLoader = () => {
  const show = useDelayed(true) && !bootHeadingShown();
  return show ? <LinearProgress data-testid="page-loader" sx={{ m: 2 }} /> : null;
};

/** The Admin's `loading` slot with the same delay. */
export const AdminLoading = () => <Loading timeout={LOADER_DELAY_MS} />;

/** The page's place while the session or a permission is asked for; none under index.html's static heading. */
export const SpinnerCentered = () => {
  const show = useDelayed(true) && !bootHeadingShown();
  return show ? (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress />
    </Box>
  ) : null;
};
