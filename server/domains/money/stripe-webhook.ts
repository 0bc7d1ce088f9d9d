// Stripe's webhook (docs/operations.md "Wallet and payments"): the event's signature checked, what it
// needs from Stripe fetched before its transaction, then applied once: a top-up credited or failed, a
// card saved.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { account, payments, stripeEvents } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { recordWebhookEvent } from '../webhooks/webhooks';
import { minorUnits, type PaymentRow } from './payments';
import { type FetchedCard, fetchCard, storeCard } from './saved-cards';
import { creditWallet, moneyString } from './wallet';

/** Checks Stripe's signature of the raw body: 6405 when it is missing or wrong. */
export const verifiedEvent = (
  config: Config,
  stripe: Stripe | null,
  raw: Buffer | string,
  signature: string | undefined,
): Stripe.Event => {
  if (!config.stripeWebhookSecret)
    throw new AppError('PAYMENT_FAILED', [
      {
        field: 'Stripe-Signature',
        message: 'Stripe webhooks are not set up on this server (STRIPE_WEBHOOK_SECRET)',
      },
    ]);
  if (!signature)
    throw new AppError('INVALID_TXN_TOKEN', [{ field: 'Stripe-Signature', message: 'is missing' }]);
  const client = stripe ?? new Stripe('sk_unused', { telemetry: false });
  try {
    return client.webhooks.constructEvent(raw, signature, config.stripeWebhookSecret);
  } catch {
    throw new AppError('INVALID_TXN_TOKEN', [
      { field: 'Stripe-Signature', message: 'does not match the payload and the webhook secret' },
    ]);
  }
};

const lockPaymentOfIntent = async (tx: DbOrTx, intentId: string): Promise<PaymentRow | undefined> => {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.stripePaymentIntentId, intentId))
    .for('update');
  return row as PaymentRow | undefined;
};

const failPayment = async (tx: DbOrTx, payment: PaymentRow, code: number, message: string, now: Date) => {
  await tx
    .update(payments)
    .set({ state: 'FAILED', failureCode: code, failureMessage: message.slice(0, 500), completedAt: now })
    .where(eq(payments.id, payment.id));
};

/**
 * Applies one verified Stripe event, once: its id is recorded first, and a repeat finds it and
 * changes nothing. Answers what it did, for the log.
 */
export const applyStripeEvent = async (
  tx: DbOrTx,
  event: Stripe.Event,
  fetched: FetchedCard | undefined,
  now = new Date(),
): Promise<string> => {
  const [fresh] = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!fresh) return 'duplicate';
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const payment = await lockPaymentOfIntent(tx, intent.id);
      if (!payment) return 'unknown payment intent';
      if (payment.state === 'SUCCEEDED') return 'already credited';
      const amount = moneyString(Number(payment.amount));
      const received = intent.amount_received || intent.amount;
      if (received !== minorUnits(amount) || intent.currency !== payment.currency?.toLowerCase()) {
        await failPayment(
          tx,
          payment,
          6406,
          `Stripe reported ${received} ${intent.currency} for a top-up of ${amount} ${payment.currency}`,
          now,
        );
        return 'amount mismatch';
      }
      await tx
        .update(payments)
        .set({ state: 'SUCCEEDED', completedAt: now, failureCode: null, failureMessage: null })
        .where(eq(payments.id, payment.id));
      await creditWallet(tx, payment.companyId, amount, {
        type: 'TOP_UP_TXN',
        reference: `Top-up ${payment.id} (STRIPE)`,
        paymentId: payment.id,
        at: now,
      });
      await recordWebhookEvent(tx, {
        companyId: payment.companyId,
        type: 'topup.succeeded',
        data: { paymentId: payment.id, amount, currency: payment.currency, paymentMethod: 'STRIPE' },
        at: now,
      });
      return 'credited';
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const payment = await lockPaymentOfIntent(tx, intent.id);
      if (!payment) return 'unknown payment intent';
      if (payment.state !== 'PENDING') return `already ${payment.state}`;
      const error = intent.last_payment_error;
      const code = error?.type === 'card_error' ? 6402 : 6401;
      const message =
        event.type === 'payment_intent.canceled'
          ? 'the payment was canceled'
          : (error?.message ?? 'the payment failed');
      await failPayment(tx, payment, code, message, now);
      return 'failed';
    }
    case 'setup_intent.succeeded': {
      if (!fetched) return 'nothing to save';
      await storeCard(tx, fetched.companyId, fetched.card);
      return 'card saved';
    }
    default:
      return 'ignored';
  }
};

/**
 * What a webhook event needs from Stripe, fetched before its transaction (issue 24): for a
 * succeeded SetupIntent of a known customer, its card. Undefined for every other event.
 */
export const prefetchForEvent = async (
  db: DbOrTx,
  stripe: Stripe | null,
  event: Stripe.Event,
): Promise<FetchedCard | undefined> => {
  if (event.type !== 'setup_intent.succeeded' || !stripe) return undefined;
  const intent = event.data.object;
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const pm = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (!customer || !pm) return undefined;
  const [wallet] = await db
    .select({ companyId: account.companyId })
    .from(account)
    .where(eq(account.stripeCustomerId, customer));
  if (!wallet) return undefined;
  return { companyId: Number(wallet.companyId), card: await fetchCard(stripe, pm) };
};
