import { useLocation, useTranslate } from 'react-admin';
import { ResultCard } from '../components/ResultCard';

// The payment service (portal-payment: Stripe Connect onboarding and its callbacks) is a later
// issue and its calls are "not shown" in the spec; this page only reports what Stripe's return
// link says (`state` / `error` in the query) and sends the merchant on to Finance.
const SUCCESS_STATES = ['success', 'succeeded', 'connected', 'complete', 'completed', 'return'];
const CANCEL_STATES = ['cancel', 'cancelled', 'canceled', 'refresh'];

export const StripeAccountConnectPage = () => {
  const translate = useTranslate();
  const params = new URLSearchParams(useLocation().search);
  const error = params.get('error_description') ?? params.get('error');
  const state = (params.get('state') ?? '').toLowerCase();
  const title = translate('pages.stripe_connect.title');
  const toFinance = { label: translate('pages.stripe_connect.to_finance'), to: '/finance' };

  if (error) {
    return (
      <ResultCard
        title={title}
        status="error"
        message={translate('pages.stripe_connect.failed', { error })}
        action={toFinance}
      />
    );
  }
  if (CANCEL_STATES.includes(state)) {
    return (
      <ResultCard
        title={title}
        status="error"
        message={translate('pages.stripe_connect.cancelled')}
        action={toFinance}
      />
    );
  }
  if (SUCCESS_STATES.includes(state)) {
    return (
      <ResultCard
        title={title}
        status="success"
        message={translate('pages.stripe_connect.success')}
        action={toFinance}
      />
    );
  }
  return (
    <ResultCard
      title={title}
      status="error"
      message={translate('pages.stripe_connect.unknown')}
      action={toFinance}
    />
  );
};
