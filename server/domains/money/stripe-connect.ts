// Stripe Connect (docs/api.md "Finance"): the company's Stripe account, created on first need and kept
// as its STRIPE_ACCOUNT_ID setting, its onboarding link, and its state as Stripe reports it.
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { StripeConnectAnswer, StripeConnectLink } from '../../../contract/finance';
import type { DbOrTx } from '../../platform/audit';
import { company, companySettings } from '../../platform/db/schema';
import type { Caller } from '../../resources/principal';
import { companyOf, notConfigured, stripeCall } from './payments';

const connectedAccountOf = async (db: DbOrTx, companyId: number): Promise<string | null> => {
  const [row] = await db
    .select({ value: companySettings.value })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.key, 'STRIPE_ACCOUNT_ID')));
  return row?.value ?? null;
};

/**
 * The onboarding link of the company's Stripe account, creating the account (kept as
 * STRIPE_ACCOUNT_ID) first. Network calls with one idempotent upsert between them: it runs outside
 * any transaction (issue 24), and Stripe's idempotency key makes racing first calls one account.
 */
export const startConnect = async (
  db: DbOrTx,
  caller: Caller,
  stripe: Stripe | null,
  publicUrl: string,
): Promise<StripeConnectLink> => {
  if (!stripe) throw notConfigured();
  const companyId = companyOf(caller);
  let accountId = await connectedAccountOf(db, companyId);
  if (!accountId) {
    const [row] = await db
      .select({
        email: sql<string | null>`${company.contactEmail}`,
        country: sql<string | null>`${company.country}`,
      })
      .from(company)
      .where(eq(company.id, companyId));
    const created = await stripeCall(() =>
      stripe.accounts.create(
        {
          type: 'express',
          country: (row?.country ?? 'sg').toUpperCase(),
          ...(row?.email ? { email: row.email } : {}),
          metadata: { companyId: String(companyId) },
        },
        { idempotencyKey: `connect:${companyId}` },
      ),
    );
    accountId = created.id;
    await db
      .insert(companySettings)
      .values({ companyId, key: 'STRIPE_ACCOUNT_ID', value: accountId })
      .onConflictDoUpdate({
        target: [companySettings.companyId, companySettings.key],
        set: { value: accountId },
      });
  }
  const id = accountId;
  const link = await stripeCall(() =>
    stripe.accountLinks.create({
      account: id,
      type: 'account_onboarding',
      refresh_url: `${publicUrl}/finance`,
      return_url: `${publicUrl}/x-action/stripe-account-connect`,
    }),
  );
  return { accountId: id, url: link.url };
};

/** The company's Stripe account as Stripe reports it now. */
export const connectState = async (
  db: DbOrTx,
  caller: Caller,
  stripe: Stripe | null,
): Promise<StripeConnectAnswer> => {
  const accountId = await connectedAccountOf(db, companyOf(caller));
  const none = { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false };
  if (!accountId) return { accountId: null, state: 'NOT_CONNECTED', ...none };
  if (!stripe) return { accountId, state: 'PENDING', ...none };
  const acct = await stripeCall(() => stripe.accounts.retrieve(accountId));
  const chargesEnabled = acct.charges_enabled === true;
  const detailsSubmitted = acct.details_submitted === true;
  return {
    accountId,
    state: chargesEnabled && detailsSubmitted ? 'CONNECTED' : 'PENDING',
    chargesEnabled,
    payoutsEnabled: acct.payouts_enabled === true,
    detailsSubmitted,
  };
};
