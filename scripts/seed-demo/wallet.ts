// Step: a company's wallet, funded the way a merchant funds it: a FREE top-up where the country offers
// it (docs/operations.md); Stripe top-ups need keys and Stripe's webhook.
import type { Caller } from '../../server/resources/principal';
import { topUp } from '../../server/services/payments';
import { walletOf } from '../../server/services/wallet';
import { ago, count, type Seed } from './context';
import type { CompanySeed } from './data';

export const seedWallet = async (seed: Seed, c: CompanySeed, companyId: number, ownerId: number) => {
  if (c.wallet.balance > 0) {
    const owner: Caller = {
      id: ownerId,
      email: c.owner.email,
      type: 'MERCHANT',
      role: 'merchant',
      companyId,
      brandId: null,
      storeId: null,
      subject: { type: 'MERCHANT' },
    };
    await topUp(
      seed.tx,
      owner,
      { amount: c.wallet.balance, paymentMethod: 'FREE' },
      { stripe: null, now: ago(seed, 190) },
    );
  } else {
    await walletOf(seed.tx, companyId);
  }
  count(seed, 'account');
};
