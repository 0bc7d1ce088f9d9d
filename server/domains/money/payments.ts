// Top-ups, saved cards, Stripe's webhook and Stripe Connect (docs/operations.md "Wallet and payments",
// docs/api.md "Finance"). Stripe is reached only through its official Node client, built from the
// configuration (a local stand-in in tests through STRIPE_API_URL); without keys, STRIPE answers 6401
// and FREE top-ups still work.
//
// - FREE: where the company's country allows it (country config `freeTopUp`), the payment is
//   SUCCEEDED and the wallet credited in the same transaction; 6404 elsewhere.
// - STRIPE: a PaymentIntent for the company's Stripe customer (the saved default card, or a new card
//   through Stripe Elements), the payment PENDING; only Stripe's signed webhook moves it: succeeded →
//   credited once (the event id is remembered, and the credit happens only on the move to SUCCEEDED),
//   failed → FAILED with 6401/6402 and the balance unchanged. The caller's Idempotency-Key is passed
//   on to Stripe, so a retried call never creates a second PaymentIntent.
// Here: Stripe's client and errors, and top-ups; Stripe's webhook is stripe-webhook.ts, saved cards
// saved-cards.ts, Stripe Connect stripe-connect.ts.
import { and, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PaymentMethod, PaymentState } from '../../../contract/enums';
import type { TopUpAnswer } from '../../../contract/finance';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { account, company, paymentMethods, payments } from '../../platform/db/schema';
import { providerAgent } from '../../platform/egress';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { recordWebhookEvent } from '../webhooks/webhooks';
import { countryTermsOf, creditWallet, moneyString, type WalletRow, walletOf } from './wallet';

const STRIPE_API = 'https://api.stripe.com';

/** Stripe's client for this configuration, or null without a secret key. */
export const stripeClientOf = (config: Config): Stripe | null => {
  if (!config.stripeSecretKey) return null;
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    // every connection through the egress guard (server/platform/egress.ts)
    httpAgent: providerAgent(config.stripeApiUrl ?? STRIPE_API),
  };
  if (config.stripeApiUrl) {
    const url = new URL(config.stripeApiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = Number(url.port || (url.protocol === 'http:' ? 80 : 443));
  }
  return new Stripe(config.stripeSecretKey, options);
};

export const notConfigured = () =>
  new AppError('PAYMENT_FAILED', [
    { field: 'paymentMethod', message: 'card payments are not set up on this server (STRIPE_SECRET_KEY)' },
  ]);

/** A Stripe client error as the contract's payment codes: card problems 6402, the rest 6401. */
export const paymentErrorOf = (err: unknown): AppError => {
  if (err instanceof AppError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const name = err.type === 'StripeCardError' ? 'CARD_FAILED' : 'PAYMENT_FAILED';
    return new AppError(name, [{ field: 'stripe', message: err.message }]);
  }
  return new AppError('PAYMENT_FAILED', [
    { field: 'stripe', message: 'the payment provider could not be reached' },
  ]);
};

export const stripeCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    throw paymentErrorOf(err);
  }
};

/** Stripe amounts are integers in the currency's minor unit: "12.34" → 1234 (two-decimal currencies). */
export const minorUnits = (amount: string): number => {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not money: ${amount}`);
  return Number(`${match[1]}${match[2]}`);
};

/** The company a merchant acts for; 26420 when the caller has none. */
export const companyOf = (caller: Caller): number => {
  if (caller.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
  return caller.companyId;
};

// ---- payments -------------------------------------------------------------------------------------

/** A payment as the driver answers it, typed by value from its table. */
export type PaymentRow = typeof payments.$inferSelect;

const insertPayment = async (
  tx: DbOrTx,
  values: { companyId: number; amount: string; currency: string; method: PaymentMethod; state: PaymentState },
  caller: Caller,
  now: Date,
): Promise<PaymentRow> => {
  const [row] = await tx
    .insert(payments)
    .values({
      companyId: values.companyId,
      amount: sql`${values.amount}::numeric`,
      currency: values.currency,
      paymentMethod: values.method,
      state: values.state,
      createdBy: caller.id,
      completedAt: values.state === 'SUCCEEDED' ? now : null,
      createTime: now,
      updateTime: now,
    })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row as PaymentRow;
};

/**
 * The company's Stripe customer, created on first need and kept on its wallet. Called outside any
 * transaction (issue 24): Stripe's idempotency key makes racing first calls one customer, and the
 * wallet keeps the first id written.
 */
export const customerOf = async (db: DbOrTx, stripe: Stripe, wallet: WalletRow): Promise<string> => {
  if (wallet.stripeCustomerId) return wallet.stripeCustomerId;
  const [row] = await db
    .select({ name: sql<string>`${company.name}`, email: sql<string | null>`${company.contactEmail}` })
    .from(company)
    .where(eq(company.id, wallet.companyId));
  const customer = await stripeCall(() =>
    stripe.customers.create(
      {
        name: row?.name ?? `Company ${wallet.companyId}`,
        ...(row?.email ? { email: row.email } : {}),
        metadata: { companyId: String(wallet.companyId) },
      },
      { idempotencyKey: `customer:${wallet.companyId}:${wallet.accountNo}` },
    ),
  );
  await db
    .update(account)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(account.id, wallet.id), isNull(account.stripeCustomerId)));
  return customer.id;
};

export interface TopUpInput {
  amount: number;
  paymentMethod: PaymentMethod;
  paymentMethodId?: number | undefined;
}

/** A card top-up's PaymentIntent, created before the operation's transaction opens. */
export interface StripeIntent {
  id: string;
  clientSecret: string;
}

/**
 * The network half of a STRIPE top-up, run before the transaction (issue 24 item 9: no network call
 * inside a transaction): the wallet (opened on first use), the saved card, the Stripe customer and
 * the PaymentIntent. A FREE top-up needs none of it (undefined). The PaymentIntent carries the
 * caller's Idempotency-Key, so a retried call finds the first intent again; an intent whose
 * transaction then rolls back is never confirmed (its client secret was never answered).
 */
export const prepareTopUp = async (
  db: DbOrTx,
  caller: Caller,
  input: TopUpInput,
  deps: { stripe: Stripe | null; idempotencyKey?: string | undefined },
): Promise<StripeIntent | undefined> => {
  if (input.paymentMethod !== 'STRIPE') return undefined;
  const companyId = companyOf(caller);
  const stripe = deps.stripe;
  if (!stripe) throw notConfigured();
  const amount = moneyString(input.amount);
  const wallet = await walletOf(db, companyId);
  let card: { stripePaymentMethodId: string } | undefined;
  if (input.paymentMethodId !== undefined) {
    [card] = await db
      .select({ stripePaymentMethodId: paymentMethods.stripePaymentMethodId })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.companyId, companyId)));
    if (!card)
      throw new AppError('NOT_FOUND', [
        { field: 'paymentMethodId', message: 'no such saved card of your company' },
      ]);
  } else {
    [card] = await db
      .select({ stripePaymentMethodId: paymentMethods.stripePaymentMethodId })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.isDefault, true)));
  }
  const customer = await customerOf(db, stripe, wallet);
  const intent = await stripeCall(() =>
    stripe.paymentIntents.create(
      {
        amount: minorUnits(amount),
        currency: wallet.currency.toLowerCase(),
        customer,
        ...(card ? { payment_method: card.stripePaymentMethodId } : {}),
        description: `Wallet top-up ${wallet.accountNo}`,
        metadata: { companyId: String(companyId), walletNo: wallet.accountNo },
      },
      // the caller's key, so a retried call finds the first PaymentIntent again (same parameters)
      deps.idempotencyKey ? { idempotencyKey: `top-up:${companyId}:${deps.idempotencyKey}` } : undefined,
    ),
  );
  return { id: intent.id, clientSecret: intent.client_secret ?? '' };
};

/** The audit row of a top-up the caller asked for; `after` says how it is paid and where it stands. */
const auditTopUp = (
  tx: DbOrTx,
  caller: Caller,
  paymentId: number,
  companyId: number,
  after: Record<string, unknown>,
): Promise<void> =>
  recordAudit(tx, {
    actor: { id: caller.id, email: caller.email },
    action: 'top-up',
    resource: 'payments',
    recordId: paymentId,
    companyId,
    after,
  });

/**
 * The transaction half of a top-up: FREE credits the wallet at once; STRIPE records the payment
 * PENDING with the PaymentIntent `prepareTopUp` created.
 */
export const topUp = async (
  tx: DbOrTx,
  caller: Caller,
  input: TopUpInput,
  deps: { intent?: StripeIntent | undefined; now?: Date },
): Promise<TopUpAnswer> => {
  const companyId = companyOf(caller);
  const now = deps.now ?? new Date();
  const amount = moneyString(input.amount);
  // read together: neither needs the other (docs/architecture.md "Statements sent together")
  const [terms, wallet] = await Promise.all([countryTermsOf(tx, companyId), walletOf(tx, companyId)]);

  if (input.paymentMethod === 'FREE') {
    if (!terms.freeTopUp)
      throw new AppError('FREE_PAY_FAILED', [
        {
          field: 'paymentMethod',
          message: `free top-ups are not offered in ${terms.country.toUpperCase()}: pay by card (STRIPE)`,
        },
      ]);
    const payment = await insertPayment(
      tx,
      { companyId, amount, currency: wallet.currency, method: 'FREE', state: 'SUCCEEDED' },
      caller,
      now,
    );
    // the credit, its audit row and the webhook event need only the payment: sent together
    const [credited] = await Promise.all([
      creditWallet(
        tx,
        companyId,
        amount,
        { type: 'TOP_UP_TXN', reference: `Top-up ${payment.id} (FREE)`, paymentId: payment.id, at: now },
        wallet,
      ),
      auditTopUp(tx, caller, payment.id, companyId, {
        amount,
        paymentMethod: 'FREE',
        state: 'SUCCEEDED',
      }),
      recordWebhookEvent(tx, {
        companyId,
        type: 'topup.succeeded',
        data: { paymentId: payment.id, amount, currency: wallet.currency, paymentMethod: 'FREE' },
        at: now,
      }),
    ]);
    return {
      id: payment.id,
      state: 'SUCCEEDED',
      amount: Number(amount),
      currency: wallet.currency,
      paymentMethod: 'FREE',
      balance: Number(credited?.balance ?? wallet.balance),
    };
  }

  const intent = deps.intent;
  if (!intent) throw notConfigured();
  const payment = await insertPayment(
    tx,
    { companyId, amount, currency: wallet.currency, method: 'STRIPE', state: 'PENDING' },
    caller,
    now,
  );
  await tx.update(payments).set({ stripePaymentIntentId: intent.id }).where(eq(payments.id, payment.id));
  await auditTopUp(tx, caller, payment.id, companyId, {
    amount,
    paymentMethod: 'STRIPE',
    state: 'PENDING',
    paymentIntent: intent.id,
  });
  return {
    id: payment.id,
    state: 'PENDING',
    amount: Number(amount),
    currency: wallet.currency,
    paymentMethod: 'STRIPE',
    clientSecret: intent.clientSecret,
  };
};
