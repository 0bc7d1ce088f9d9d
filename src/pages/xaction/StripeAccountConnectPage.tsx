import { useLocation, useTranslate } from 'react-admin';
import { useLoadable } from '../../components/operations/useLoadable';
import { ResultCard, type ResultOutcome } from '../../components/ResultCard';
import { fetchConnect } from '../finance/api';
import { useHasWallet } from '../finance/useFinanceCompany';

// Where Stripe Connect's onboarding returns (POST /stripe/connect's link). An error Stripe put in the
// query is shown as it is; otherwise the page asks the server for the account's real state
// (GET /stripe/connect, which asks Stripe) rather than trusting the query string.
export const StripeAccountConnectPage = () => {
  const translate = useTranslate();
  const params = new URLSearchParams(useLocation().search);
  const error = params.get('error_description') ?? params.get('error');
  const title = translate('pages.stripe_connect.title');
  const toFinance = { label: translate('pages.stripe_connect.to_finance'), to: '/finance' };
  // only a merchant with a company has a Stripe account to ask about
  const hasWallet = useHasWallet();
  const state = useLoadable(
    error || hasWallet !== true ? null : { key: 'stripe-connect', load: fetchConnect },
  );

  const outcome = (): ResultOutcome => {
    if (error)
      return {
        status: 'error',
        message: translate('pages.stripe_connect.failed', { error }),
        action: toFinance,
      };
    if (hasWallet === null || (hasWallet && (state.status === 'idle' || state.status === 'loading')))
      return { status: 'pending', message: translate('pages.stripe_connect.checking') };
    if (state.status === 'ready' && state.data.state === 'CONNECTED')
      return { status: 'success', message: translate('pages.stripe_connect.success'), action: toFinance };
    if (state.status === 'ready' && state.data.state === 'PENDING')
      return { status: 'error', message: translate('pages.stripe_connect.pending'), action: toFinance };
    return { status: 'error', message: translate('pages.stripe_connect.unknown'), action: toFinance };
  };
  return <ResultCard title={title} {...outcome()} />;
};
