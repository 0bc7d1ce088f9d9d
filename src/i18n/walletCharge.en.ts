// English words of the wallet charge shown before an issue is confirmed (src/pages/finance/WalletCharge.tsx).
export const walletChargeEn = {
  walletCharge: {
    free: 'Free: nothing is taken from the wallet.',
    cost: 'Costs %{cost} from the company’s wallet.',
    cost_left: 'Costs %{cost} from the wallet, leaving %{left}.',
    short: 'Costs %{cost}: the wallet holds %{balance}. Top up first.',
  },
};
