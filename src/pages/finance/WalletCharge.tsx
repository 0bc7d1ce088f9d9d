// What an issue will take from the company's wallet, said before it is confirmed (issue 40 item 6): the
// cost (unit price × how many, in exact cents) and, for who may see the wallet, the balance after, or
// that it does not cover the cost. Shown under the form and in the confirm question alike
// (`useWalletCharge` gives the sentence both use). Operators never see a wallet: they get the cost.
import { Alert } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { centsOf, moneyOfCents } from '../../../contract/finance';
import { useMoney } from '../../components/money';
import { useLoadable } from '../../components/operations/useLoadable';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { walletChargeEn } from '../../i18n/walletCharge.en';
import { fetchWallet } from './api';

addEnglishMessages(walletChargeEn);

const K = 'walletCharge';

export interface WalletCharge {
  /** the sentence: what it costs, and what is left or missing */
  sentence: string;
  /** the wallet is known not to cover it */
  short: boolean;
}

/**
 * The charge of `quantity` at `unitPrice` (the wire's money), in `currency` (the row's), or null while
 * the price or the count is not known yet.
 */
export const useWalletCharge = (
  unitPrice: unknown,
  quantity: unknown,
  currency?: unknown,
): WalletCharge | null => {
  const translate = useTranslate();
  const money = useMoney();
  const { canAccess: mayViewWallet = false } = useCanAccess({ action: 'show', resource: 'wallet' });
  const wallet = useLoadable(mayViewWallet ? { key: 'wallet', load: fetchWallet } : null);
  const unit = centsOf(unitPrice);
  const count = typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0 ? quantity : null;
  if (unit === null || count === null) return null;
  const cost = unit * BigInt(count);
  if (cost === 0n) return { sentence: translate(`${K}.free`), short: false };
  const shown = (cents: bigint) => money(moneyOfCents(cents), currency);
  const balance = wallet.status === 'ready' ? centsOf(wallet.data.balance) : null;
  if (balance === null) return { sentence: translate(`${K}.cost`, { cost: shown(cost) }), short: false };
  if (balance < cost)
    return { sentence: translate(`${K}.short`, { cost: shown(cost), balance: shown(balance) }), short: true };
  return {
    sentence: translate(`${K}.cost_left`, { cost: shown(cost), left: shown(balance - cost) }),
    short: false,
  };
};

/** The charge under an issue's form: info, or a warning when the wallet does not cover it. */
export const WalletChargeLine = ({ charge }: { charge: WalletCharge | null }) =>
  charge ? (
    <Alert severity={charge.short ? 'warning' : 'info'} variant="outlined" role="status" sx={{ py: 0 }}>
      {charge.sentence}
    </Alert>
  ) : null;
