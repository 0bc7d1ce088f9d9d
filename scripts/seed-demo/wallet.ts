// Step: a company's wallet, funded the way a merchant funds it: a FREE top-up where the country offers
// it (docs/operations.md); Stripe top-ups need keys and Stripe's webhook.
import { and, eq, sql } from 'drizzle-orm';
import { topUp } from '../../server/domains/money/payments';
import { walletOf } from '../../server/domains/money/wallet';
import { walletTransactions } from '../../server/platform/db/schema';
import { type Caller, companyActor } from '../../server/resources/principal';
import { ago, count, type Seed } from './context';
import type { CompanySeed } from './data';

export const seedWallet = async (seed: Seed, c: CompanySeed, companyId: number, ownerId: number) => {
  if (c.wallet.balance > 0) {
    // the owner: company-wide, every permission (as companyActor, but the person)
    const owner: Caller = { ...companyActor(companyId, c.owner.email), id: ownerId };
    await topUp(seed.tx, owner, { amount: c.wallet.balance, paymentMethod: 'FREE' }, { now: ago(seed, 190) });
  } else {
    await walletOf(seed.tx, companyId);
  }
  count(seed, 'account');
};

/**
 * Step, after a company's vouchers and member cards: its ledger's balance-after in time order. The demo
 * issues each pack's and programme's movements dated days apart but not written in date order (a pack's
 * older vouchers after its newer ones), so the wallet service's balance-after follows the order written;
 * a ledger read by date must show the running balance of its dates. Each movement keeps its own time and
 * amount, so the balance (their sum) stays the same, and as the one top-up comes first, before every
 * charge it covered, no running balance goes below zero.
 */
export const orderWalletLedger = async (seed: Seed, companyId: number) => {
  const w = walletTransactions;
  const running = seed.tx
    .select({
      id: w.id,
      running: sql<string>`sum(${w.amount}) over (order by ${w.createTime}, ${w.id})`.as('running'),
    })
    .from(w)
    .where(eq(w.companyId, companyId))
    .as('running');
  await seed.tx
    .update(w)
    .set({ balanceAfter: sql`${running.running}` })
    .from(running)
    .where(and(eq(w.id, running.id), sql`${w.balanceAfter} <> ${running.running}`));
};
