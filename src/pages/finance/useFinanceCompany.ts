// Finance belongs to a merchant's company: a merchant whose company is not set up yet (and anybody
// else) has no wallet, so the finance screens ask nothing and say why instead.
import { useCaller } from '../../components/useCaller';

/** true: a merchant with a company, whose wallet the screens may load; false: none; null: not known yet. */
export const useHasWallet = (): boolean | null => {
  const { caller, isPending } = useCaller();
  if (isPending) return null;
  return caller !== null && caller.subject.type === 'MERCHANT' && caller.companyId !== null;
};
