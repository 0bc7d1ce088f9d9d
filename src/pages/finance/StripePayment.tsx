// Stripe Elements for a card: loaded only when the server has Stripe keys and the user pays by card
// (it fetches js.stripe.com). `mode` 'payment' confirms a top-up's PaymentIntent, 'setup' saves a card
// through a SetupIntent; the server learns the outcome from Stripe's webhook (and, for cards, the
// sync call the caller makes after `onDone`).
import { Alert, Button, Stack } from '@mui/material';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let p = loaded.get(key);
  if (!p) {
    p = loadStripe(key);
    loaded.set(key, p);
  }
  return p;
};

interface Props {
  publishableKey: string;
  clientSecret: string;
  mode: 'payment' | 'setup';
  submitLabel: string;
  /** the SetupIntent's or PaymentIntent's id once Stripe confirmed it */
  onDone: (intentId: string) => void;
}

const Form = ({ mode, submitLabel, onDone }: Omit<Props, 'publishableKey' | 'clientSecret'>) => {
  const stripe = useStripe();
  const elements = useElements();
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const result =
      mode === 'payment'
        ? await stripe.confirmPayment({ elements, redirect: 'if_required' })
        : await stripe.confirmSetup({ elements, redirect: 'if_required' });
    setBusy(false);
    if (result.error) {
      setError(result.error.message ?? translate('financePages.card_failed'));
      return;
    }
    const intent = 'paymentIntent' in result ? result.paymentIntent : result.setupIntent;
    if (intent) onDone(intent.id);
  };
  return (
    <Stack spacing={2}>
      <PaymentElement />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Button variant="contained" onClick={submit} disabled={!stripe || busy}>
        {submitLabel}
      </Button>
    </Stack>
  );
};

export const StripePayment = ({ publishableKey, clientSecret, ...rest }: Props) => {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <Form {...rest} />
    </Elements>
  );
};

export default StripePayment;
