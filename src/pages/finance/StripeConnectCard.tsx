// The company's Stripe account on /finance: its state as Stripe reports it (GET /stripe/connect) and
// the way to connect it (POST /stripe/connect answers Stripe's onboarding link, which the browser
// opens; Stripe sends the user back to /x-action/stripe-account-connect). Without Stripe keys on the
// server the card says so and offers nothing.
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { StripeConnectState } from '../../../contract/finance';
import { useHttpClient } from '../../components/HttpClientContext';
import { newIdempotencyKey } from '../../components/operations/api';
import { failureOf } from '../../components/operations/failure';
import { useLoadable } from '../../components/operations/useLoadable';
import { fetchConnect, fetchStripeConfig, startConnect } from './api';

const K = 'financePages.connect';

const CHIP_COLOR: Record<StripeConnectState, 'default' | 'warning' | 'success'> = {
  NOT_CONNECTED: 'default',
  PENDING: 'warning',
  CONNECTED: 'success',
};

/** Where the browser goes to reach Stripe's onboarding (a seam for tests). */
export const openExternal = { go: (url: string) => window.location.assign(url) };

export const StripeConnectCard = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = useLoadable({
    key: 'stripe-connect-card',
    load: async (h) => {
      const config = await fetchStripeConfig(h);
      return { config, connect: config.enabled ? await fetchConnect(h) : null };
    },
  });

  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      const link = await startConnect(http, newIdempotencyKey());
      openExternal.go(link.url);
    } catch (e) {
      setError(failureOf(e).message);
      setBusy(false);
    }
  };

  const connectState = state.status === 'ready' ? state.data.connect?.state : undefined;
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} component="section" aria-labelledby="stripe-connect">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <AccountBalanceIcon color="primary" fontSize="large" aria-hidden />
          <Box sx={{ flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography id="stripe-connect" variant="h6" component="h2">
                {translate(`${K}.title`)}
              </Typography>
              {connectState ? (
                <Chip
                  size="small"
                  variant="outlined"
                  color={CHIP_COLOR[connectState]}
                  label={translate(`${K}.states.${connectState}`)}
                />
              ) : null}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {state.status === 'error'
                ? translate(`${K}.failed`)
                : state.status !== 'ready'
                  ? translate(`${K}.loading`)
                  : state.data.config.enabled
                    ? translate(`${K}.explain.${connectState ?? 'NOT_CONNECTED'}`)
                    : translate(`${K}.not_set_up`)}
            </Typography>
          </Box>
          {connectState === 'NOT_CONNECTED' || connectState === 'PENDING' ? (
            <Button variant="outlined" onClick={connect} disabled={busy}>
              {translate(connectState === 'PENDING' ? `${K}.continue` : `${K}.connect`)}
            </Button>
          ) : null}
        </Stack>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
};
