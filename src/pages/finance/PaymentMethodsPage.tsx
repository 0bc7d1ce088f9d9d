// /finance/payment-methods: the company's saved cards (one default), made default or deleted behind the
// spec's confirm, and a new card saved through Stripe Elements when the server has Stripe keys.
import CreditCardIcon from '@mui/icons-material/CreditCard';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SetupIntentAnswer } from '../../../contract/finance';
import { useHttpClient } from '../../components/HttpClientContext';
import { newIdempotencyKey } from '../../components/operations/api';
import { failureOf } from '../../components/operations/failure';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { useLoadable } from '../../components/operations/useLoadable';
import { PageHeading } from '../../components/PageHeading';
import {
  deleteCard,
  fetchCards,
  fetchStripeConfig,
  makeDefaultCard,
  startCardSetup,
  syncCardSetup,
} from './api';
import { NoCompany } from './NoCompany';
import { useHasWallet } from './useFinanceCompany';

const StripePayment = lazy(() => import('./StripePayment'));

const K = 'financePages.cards';

export const PaymentMethodsPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { run, failure, confirmDialog } = useConfirmedOperation();
  const [version, setVersion] = useState(0);
  const [setup, setSetup] = useState<SetupIntentAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hasWallet = useHasWallet();
  const state = useLoadable(
    hasWallet === true
      ? {
          key: `cards:${version}`,
          load: async (h) => {
            const [cards, stripe] = await Promise.all([fetchCards(h), fetchStripeConfig(h)]);
            return { cards, stripe };
          },
        }
      : null,
  );
  const reload = () => setVersion((v) => v + 1);
  const label = (c: { brand: string; last4: string }) => `${c.brand} •••• ${c.last4}`;

  return (
    <Box>
      <PageHeading title={translate(`${K}.title`)} />
      {hasWallet === false ? (
        <NoCompany />
      ) : state.status === 'error' ? (
        <Alert severity="error">{failureOf(state.error).message}</Alert>
      ) : state.status !== 'ready' ? (
        <CircularProgress size={24} />
      ) : (
        <Card variant="outlined" sx={{ borderRadius: 3, maxWidth: 720 }}>
          <CardContent>
            {failure ? <Alert severity="error">{failure.message}</Alert> : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
            {!state.data.stripe.enabled ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('financePages.top_up_page.stripe_not_set_up')}
              </Alert>
            ) : null}
            {state.data.cards.length === 0 ? (
              <Typography color="text.secondary">{translate(`${K}.none`)}</Typography>
            ) : (
              <List aria-label={translate(`${K}.title`)}>
                {state.data.cards.map((c) => (
                  <ListItem
                    key={c.id}
                    divider
                    secondaryAction={
                      <Stack direction="row" spacing={1}>
                        {c.isDefault ? null : (
                          <Button
                            size="small"
                            onClick={async () => {
                              const o = await run({
                                action: translate(`${K}.make_default`),
                                item: label(c),
                                request: `default ${c.id}`,
                                send: (key) => makeDefaultCard(http, c.id, key),
                              });
                              if (o.status === 'success') reload();
                            }}
                          >
                            {translate(`${K}.make_default`)}
                          </Button>
                        )}
                        <Button
                          size="small"
                          color="error"
                          onClick={async () => {
                            const o = await run({
                              action: translate(`${K}.delete`),
                              item: label(c),
                              request: `delete ${c.id}`,
                              send: () => deleteCard(http, c.id),
                            });
                            if (o.status === 'success') reload();
                          }}
                        >
                          {translate(`${K}.delete`)}
                        </Button>
                      </Stack>
                    }
                  >
                    <ListItemIcon>
                      <CreditCardIcon />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span>{label(c)}</span>
                          {c.isDefault ? (
                            <Chip size="small" color="primary" label={translate('financePages.default')} />
                          ) : null}
                        </Stack>
                      }
                      secondary={translate(`${K}.expires`, {
                        month: String(c.expMonth).padStart(2, '0'),
                        year: c.expYear,
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            {state.data.stripe.enabled && state.data.stripe.publishableKey ? (
              setup ? (
                <Box sx={{ mt: 2 }}>
                  <Suspense fallback={<CircularProgress size={24} />}>
                    <StripePayment
                      publishableKey={state.data.stripe.publishableKey}
                      clientSecret={setup.clientSecret}
                      mode="setup"
                      submitLabel={translate(`${K}.save`)}
                      onDone={async (id) => {
                        try {
                          await syncCardSetup(http, id, newIdempotencyKey());
                          setSetup(null);
                          reload();
                        } catch (e) {
                          setError(failureOf(e).message);
                        }
                      }}
                    />
                  </Suspense>
                </Box>
              ) : (
                <Button
                  sx={{ mt: 2 }}
                  variant="contained"
                  onClick={async () => {
                    try {
                      setSetup(await startCardSetup(http, newIdempotencyKey()));
                    } catch (e) {
                      setError(failureOf(e).message);
                    }
                  }}
                >
                  {translate(`${K}.add`)}
                </Button>
              )
            ) : null}
          </CardContent>
        </Card>
      )}
      {confirmDialog}
    </Box>
  );
};

export default PaymentMethodsPage;
