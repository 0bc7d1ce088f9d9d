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
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PaymentMethod, PaymentState } from '../../../contract/enums';
import type {
  SavedPaymentMethod,
  SetupIntentAnswer,
  StripeConnectAnswer,
  StripeConnectLink,
  TopUpAnswer,
} from '../../../contract/finance';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import {
  account,
  company,
  companySettings,
  paymentMethods,
  payments,
  stripeEvents,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { recordWebhookEvent } from '../webhooks/webhooks';
import { countryTermsOf, creditWallet, moneyString, type WalletRow, walletOf } from './wallet';

/** Stripe's client for this configuration, or null without a secret key. */
export const stripeClientOf = (config: Config): Stripe | null => {
  if (!config.stripeSecretKey) return null;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (config.stripeApiUrl) {
    const url = new URL(config.stripeApiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = Number(url.port || (url.protocol === 'http:' ? 80 : 443));
  }
  return new Stripe(config.stripeSecretKey, options);
};

const notConfigured = () =>
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

const stripeCall = async <T>(call: () => Promise<T>): Promise<T> => {
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
type PaymentRow = typeof payments.$inferSelect;

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
const customerOf = async (db: DbOrTx, stripe: Stripe, wallet: WalletRow): Promise<string> => {
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
  const terms = await countryTermsOf(tx, companyId);
  const wallet = await walletOf(tx, companyId);

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
    const credited = await creditWallet(tx, companyId, amount, {
      type: 'TOP_UP_TXN',
      reference: `Top-up ${payment.id} (FREE)`,
      paymentId: payment.id,
      at: now,
    });
    await recordAudit(tx, {
      actor: { id: caller.id, email: caller.email },
      action: 'top-up',
      resource: 'payments',
      recordId: payment.id,
      companyId,
      after: { amount, paymentMethod: 'FREE', state: 'SUCCEEDED' },
    });
    await recordWebhookEvent(tx, {
      companyId,
      type: 'topup.succeeded',
      data: { paymentId: payment.id, amount, currency: wallet.currency, paymentMethod: 'FREE' },
      at: now,
    });
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
  await recordAudit(tx, {
    actor: { id: caller.id, email: caller.email },
    action: 'top-up',
    resource: 'payments',
    recordId: payment.id,
    companyId,
    after: { amount, paymentMethod: 'STRIPE', state: 'PENDING', paymentIntent: intent.id },
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

// ---- the webhook ----------------------------------------------------------------------------------

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

// ---- saved cards ----------------------------------------------------------------------------------

const selectCard = {
  id: paymentMethods.id,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expMonth: paymentMethods.expMonth,
  expYear: paymentMethods.expYear,
  isDefault: paymentMethods.isDefault,
  createTime: paymentMethods.createTime,
};

const wire = (row: { createTime: Date } & Omit<SavedPaymentMethod, 'createTime'>): SavedPaymentMethod => ({
  ...row,
  createTime: row.createTime.toISOString(),
});

export const listCards = async (db: DbOrTx, caller: Caller): Promise<SavedPaymentMethod[]> => {
  const rows = await db
    .select(selectCard)
    .from(paymentMethods)
    .where(eq(paymentMethods.companyId, companyOf(caller)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createTime), desc(paymentMethods.id));
  return rows.map(wire);
};

/** A card as Stripe describes it, read before the transaction that keeps it. */
export interface CardFacts {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The card a webhook's SetupIntent saved, and whose company it is. */
export interface FetchedCard {
  companyId: number;
  card: CardFacts;
}

const fetchCard = async (stripe: Stripe, pmId: string): Promise<CardFacts> => {
  const pm = await stripeCall(() => stripe.paymentMethods.retrieve(pmId));
  return {
    id: pm.id,
    brand: pm.card?.brand ?? pm.type,
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
  };
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

/** Keeps a card for the company (once); the company's first card is its default. */
const storeCard = async (tx: DbOrTx, companyId: number, pm: CardFacts): Promise<SavedPaymentMethod> => {
  const pmId = pm.id;
  const [existing] = await tx
    .select(selectCard)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.stripePaymentMethodId, pmId), eq(paymentMethods.companyId, companyId)));
  if (existing) return wire(existing);
  const [hasDefault] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.isDefault, true)))
    .for('update');
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      companyId,
      stripePaymentMethodId: pm.id,
      brand: pm.brand,
      last4: pm.last4,
      expMonth: pm.expMonth,
      expYear: pm.expYear,
      isDefault: !hasDefault,
    })
    .onConflictDoNothing()
    .returning(selectCard);
  if (row) return wire(row);
  const [again] = await tx
    .select(selectCard)
    .from(paymentMethods)
    .where(eq(paymentMethods.stripePaymentMethodId, pmId));
  if (!again) throw new AppError('NOT_FOUND');
  return wire(again);
};

/** A SetupIntent for the company's customer: network only, so it runs outside any transaction. */
export const startCardSetup = async (
  db: DbOrTx,
  caller: Caller,
  stripe: Stripe | null,
): Promise<SetupIntentAnswer> => {
  if (!stripe) throw notConfigured();
  const wallet = await walletOf(db, companyOf(caller));
  const customer = await customerOf(db, stripe, wallet);
  const intent = await stripeCall(() => stripe.setupIntents.create({ customer, usage: 'off_session' }));
  return { setupIntentId: intent.id, clientSecret: intent.client_secret ?? '' };
};

/**
 * After Stripe Elements confirmed a SetupIntent, the network half (before the transaction): the
 * intent must be the company's and succeeded; answers its card as Stripe describes it.
 */
export const fetchSetupCard = async (
  db: DbOrTx,
  caller: Caller,
  stripe: Stripe | null,
  setupIntentId: string,
): Promise<CardFacts> => {
  if (!stripe) throw notConfigured();
  const companyId = companyOf(caller);
  const wallet = await walletOf(db, companyId);
  const intent = await stripeCall(() => stripe.setupIntents.retrieve(setupIntentId));
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (!wallet.stripeCustomerId || customer !== wallet.stripeCustomerId)
    throw new AppError('NOT_FOUND', [
      { field: 'setupIntentId', message: 'is not a card setup of your company' },
    ]);
  if (intent.status !== 'succeeded')
    throw new AppError('CARD_FAILED', [
      { field: 'setupIntentId', message: `the card is not confirmed yet (Stripe says ${intent.status})` },
    ]);
  const pm = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (!pm) throw new AppError('CARD_FAILED', [{ field: 'setupIntentId', message: 'names no card' }]);
  return fetchCard(stripe, pm);
};

/** The transaction half: keeps the card (the webhook may have already). */
export const syncCardSetup = (tx: DbOrTx, caller: Caller, card: CardFacts): Promise<SavedPaymentMethod> =>
  storeCard(tx, companyOf(caller), card);

const lockCard = async (tx: DbOrTx, caller: Caller, id: number) => {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.companyId, companyOf(caller))))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
};

export const makeDefaultCard = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
): Promise<SavedPaymentMethod> => {
  const card = await lockCard(tx, caller, id);
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.companyId, card.companyId), eq(paymentMethods.isDefault, true)));
  const [row] = await tx
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(eq(paymentMethods.id, card.id))
    .returning(selectCard);
  if (!row) throw new Error('locked card vanished');
  return wire(row);
};

/**
 * Detaches the card at Stripe (already gone there is fine), before any transaction (issue 24), then
 * forgets it in one; the newest card left becomes the default.
 */
export const deleteCard = async (
  db: Db,
  caller: Caller,
  stripe: Stripe | null,
  id: number,
): Promise<void> => {
  const [known] = await db
    .select({ stripePaymentMethodId: paymentMethods.stripePaymentMethodId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.companyId, companyOf(caller))));
  if (!known) throw new AppError('NOT_FOUND');
  if (stripe) {
    try {
      await stripe.paymentMethods.detach(known.stripePaymentMethodId);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw paymentErrorOf(err);
    }
  }
  await db.transaction((tx) => forgetCard(tx, caller, id));
};

const forgetCard = async (tx: DbOrTx, caller: Caller, id: number): Promise<void> => {
  const card = await lockCard(tx, caller, id);
  await tx.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
  if (card.isDefault) {
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.companyId, card.companyId))
      .orderBy(desc(paymentMethods.createTime), desc(paymentMethods.id))
      .limit(1);
    if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
  }
};

// ---- Stripe Connect -------------------------------------------------------------------------------

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

/** Oldest first: used by the demo data. */
export const paymentsOf = async (db: DbOrTx, companyId: number) =>
  db.select().from(payments).where(eq(payments.companyId, companyId)).orderBy(asc(payments.id));
