// /finance/wallet/top-up: add money to the wallet. FREE where the company's country allows it (the
// wallet says so in advance), else by card through Stripe when the server has keys: the PaymentIntent
// is confirmed with Stripe Elements and the page waits for Stripe's webhook to credit the wallet.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PaymentMethod } from '../../../contract/enums';
import { TOP_UP_MAX, TOP_UP_MIN, type TopUpAnswer } from '../../../contract/finance';
import { useHttpClient } from '../../components/HttpClientContext';
import { failureOf } from '../../components/operations/failure';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { useLoadable } from '../../components/operations/useLoadable';
import { LoadingLine, PageHeading } from '../../components/PageHeading';
import { fetchCards, fetchPayment, fetchStripeConfig, fetchWallet, formatMoney, topUp } from './api';
import { NoCompany } from './NoCompany';
import { useHasWallet } from './useFinanceCompany';

const StripePayment = lazy(() => import('./StripePayment'));

const K = 'financePages.top_up_page';

/** The amount typed, when it is money the top-up takes: 1 to 100,000 with at most two decimals. */
export const amountOf = (raw: string): number | null => {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= TOP_UP_MIN && n <= TOP_UP_MAX ? n : null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The page before its figures are loaded: no company to top up, the failure, or a spinner. */
const NotReady = ({ noCompany, failure }: { noCompany: boolean; failure: string | null }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Title title={translate(`${K}.title`)} />
      {noCompany ? (
        <NoCompany />
      ) : failure !== null ? (
        <Alert severity="error">{failure}</Alert>
      ) : (
        <CircularProgress size={24} />
      )}
    </Box>
  );
};

export const TopUpPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const { run, failure, confirmDialog } = useConfirmedOperation();
  const hasWallet = useHasWallet();
  const state = useLoadable(
    hasWallet === true
      ? {
          key: 'top-up',
          load: async (h) => {
            const [wallet, stripe] = await Promise.all([fetchWallet(h), fetchStripeConfig(h)]);
            const cards = stripe.enabled ? await fetchCards(h) : [];
            return { wallet, stripe, cards };
          },
        }
      : null,
  );
  const [raw, setRaw] = useState('');
  const [touched, setTouched] = useState(false);
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [card, setCard] = useState<number | 'new'>('new');
  const [pending, setPending] = useState<TopUpAnswer | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  if (state.status !== 'ready')
    return (
      <NotReady
        noCompany={hasWallet === false}
        failure={state.status === 'error' ? failureOf(state.error).message : null}
      />
    );
  const { wallet, stripe, cards } = state.data;
  const chosen: PaymentMethod | '' = method || (wallet.freeTopUp ? 'FREE' : stripe.enabled ? 'STRIPE' : '');
  const amount = amountOf(raw);
  const amountError =
    touched && amount === null ? translate(`${K}.amount_invalid`, { max: TOP_UP_MAX }) : null;

  const waitForWebhook = async (id: number) => {
    setWaiting(true);
    for (let i = 0; i < 30; i++) {
      const payment = await fetchPayment(http, id);
      if (payment.state !== 'PENDING') {
        setWaiting(false);
        if (payment.state === 'SUCCEEDED') {
          notify(translate(`${K}.done_card`, { amount: formatMoney(payment.amount, payment.currency) }), {
            type: 'success',
          });
          navigate('/finance');
        } else setCardError(payment.failureMessage ?? translate('financePages.card_failed'));
        return;
      }
      await sleep(1000);
    }
    setWaiting(false);
    setCardError(translate(`${K}.still_pending`));
  };

  const submit = async () => {
    setTouched(true);
    if (amount === null || chosen === '') return;
    const body =
      chosen === 'STRIPE' && card !== 'new'
        ? { amount, paymentMethod: chosen, paymentMethodId: card }
        : { amount, paymentMethod: chosen };
    const outcome = await run({
      action: translate(`${K}.action`),
      item: formatMoney(amount, wallet.currency),
      request: `top-up ${JSON.stringify(body)}`,
      send: (key) => topUp(http, body, key),
    });
    if (outcome.status !== 'success') return;
    if (outcome.result.state === 'SUCCEEDED') navigate('/finance');
    else setPending(outcome.result);
  };

  return (
    <Box>
      <PageHeading title={translate(`${K}.title`)} />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(`${K}.balance_now`, { balance: formatMoney(wallet.balance, wallet.currency) })}
      </Typography>
      <Card variant="outlined" sx={{ borderRadius: 3, maxWidth: 640 }}>
        <CardContent>
          {pending?.clientSecret && stripe.publishableKey ? (
            <Stack spacing={2}>
              <Typography>
                {translate(`${K}.pay_card`, { amount: formatMoney(pending.amount, pending.currency) })}
              </Typography>
              {cardError ? <Alert severity="error">{cardError}</Alert> : null}
              {waiting ? (
                <LoadingLine text={translate(`${K}.waiting`)} size={20} />
              ) : (
                <Suspense fallback={<CircularProgress size={24} />}>
                  <StripePayment
                    publishableKey={stripe.publishableKey}
                    clientSecret={pending.clientSecret}
                    mode="payment"
                    submitLabel={translate(`${K}.pay`)}
                    onDone={() => void waitForWebhook(pending.id)}
                  />
                </Suspense>
              )}
            </Stack>
          ) : (
            <Stack spacing={3}>
              {failure ? <Alert severity="error">{failure.message}</Alert> : null}
              <TextField
                label={translate(`${K}.amount`)}
                value={raw}
                onChange={(e) => setRaw(e.target.value)}
                onBlur={() => setTouched(true)}
                error={amountError !== null}
                helperText={
                  amountError ?? translate(`${K}.amount_help`, { currency: wallet.currency, max: TOP_UP_MAX })
                }
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <FormControl>
                <FormLabel id="top-up-method">{translate(`${K}.method`)}</FormLabel>
                <RadioGroup
                  aria-labelledby="top-up-method"
                  value={chosen}
                  onChange={(e) => setMethod(e.target.value as PaymentMethod)}
                >
                  <FormControlLabel
                    value="FREE"
                    control={<Radio />}
                    label={translate(`${K}.free`)}
                    disabled={!wallet.freeTopUp}
                  />
                  <FormControlLabel
                    value="STRIPE"
                    control={<Radio />}
                    label={translate(`${K}.stripe`)}
                    disabled={!stripe.enabled}
                  />
                </RadioGroup>
                {!wallet.freeTopUp ? (
                  <FormHelperText>{translate(`${K}.free_not_offered`)}</FormHelperText>
                ) : null}
                {!stripe.enabled ? (
                  <FormHelperText>{translate(`${K}.stripe_not_set_up`)}</FormHelperText>
                ) : null}
              </FormControl>
              {chosen === 'STRIPE' && cards.length > 0 ? (
                <TextField
                  select
                  label={translate(`${K}.card`)}
                  value={card}
                  onChange={(e) => setCard(e.target.value === 'new' ? 'new' : Number(e.target.value))}
                >
                  {cards.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {`${c.brand} •••• ${c.last4}${c.isDefault ? ` (${translate('financePages.default')})` : ''}`}
                    </MenuItem>
                  ))}
                  <MenuItem value="new">{translate(`${K}.new_card`)}</MenuItem>
                </TextField>
              ) : null}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => navigate('/finance')}>{translate('common.button.cancel')}</Button>
                <Button variant="contained" onClick={submit} disabled={chosen === ''}>
                  {translate(`${K}.submit`)}
                </Button>
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
      {confirmDialog}
    </Box>
  );
};

export default TopUpPage;
