// The company's saved cards (docs/api.md "Finance"): listed, added through a Stripe SetupIntent (its
// card kept once; the first card is the default), made the default, and deleted (detached at Stripe).
import { and, desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { SavedPaymentMethod, SetupIntentAnswer } from '../../../contract/finance';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { paymentMethods } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { companyOf, customerOf, notConfigured, paymentErrorOf, stripeCall } from './payments';
import { walletOf } from './wallet';

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

export const fetchCard = async (stripe: Stripe, pmId: string): Promise<CardFacts> => {
  const pm = await stripeCall(() => stripe.paymentMethods.retrieve(pmId));
  return {
    id: pm.id,
    brand: pm.card?.brand ?? pm.type,
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
  };
};

/** Keeps a card for the company (once); the company's first card is its default. */
export const storeCard = async (
  tx: DbOrTx,
  companyId: number,
  pm: CardFacts,
): Promise<SavedPaymentMethod> => {
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
