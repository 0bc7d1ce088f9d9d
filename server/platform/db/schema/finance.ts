// The finance tables that are not declarations (docs/operations.md "Wallet and payments"): the saved cards
// of a company (Stripe payment methods, one default), the Stripe events already applied (a webhook
// is applied once however often Stripe sends it), and per-company settings such as the Stripe
// Connect account (setting key STRIPE_ACCOUNT_ID, spec section 4). The wallet (account), its ledger
// (walletTransactions) and the payments are declarations (resources/tables/).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SETTING_KEYS } from '../../../../contract/enums';
import { createTimeColumn, requiredRef, timestampTz } from './columns';
import { company } from './resources';

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'restrict'),
    stripePaymentMethodId: text('stripe_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createTime: createTimeColumn(),
  },
  (t) => [
    uniqueIndex('payment_methods_stripe_id_unique').on(t.stripePaymentMethodId),
    // one default card per company
    uniqueIndex('payment_methods_one_default').on(t.companyId).where(sql`${t.isDefault}`),
    index('payment_methods_company_idx').on(t.companyId, t.createTime),
  ],
);

/** Stripe events applied: the webhook inserts the event id first and skips an event it already has. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createTime: createTimeColumn(),
});

export const companySettings = pgTable(
  'company_settings',
  {
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    key: text('key', { enum: SETTING_KEYS }).notNull(),
    value: text('value').notNull(),
    updateTime: timestampTz('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'company_settings_pk', columns: [t.companyId, t.key] })],
);
