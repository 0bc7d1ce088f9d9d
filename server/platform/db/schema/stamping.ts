import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createTimeColumn, primaryKeyRef, requiredRef, timestampTz } from './columns';
import { devices, store } from './resources';
import { users } from './users';

/**
 * A store's stamping PIN (docs/operations.md "Stamp cards"): what staff type into a member's phone when
 * the member's app asks for a stamp. Kept only as an argon2id hash; set and reset by the merchant,
 * never shown again.
 */
export const storePins = pgTable('store_pins', {
  storeId: primaryKeyRef('store_id', () => store.id, 'cascade'),
  pinHash: text('pin_hash').notNull(),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: timestampTz('set_at').notNull().defaultNow(),
});

/**
 * Every wrong PIN typed for a store's stamping: 5 within 15 minutes lock that store's PIN stamping
 * (6622) until the oldest of them leaves the window. Written outside the refused stamping's
 * transaction (which rolls back), so the count survives it.
 */
export const pinFailures = pgTable(
  'pin_failures',
  {
    id: serial('id').primaryKey(),
    storeId: requiredRef('store_id', () => store.id, 'cascade'),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [index('pin_failures_store_at_idx').on(t.storeId, t.at)],
);

/**
 * A device's secret (docs/operations.md "Devices"): `register` answers it once; only its SHA-256 is kept
 * (32 random bytes need no slow hash). A new `register` replaces it.
 */
export const deviceSecrets = pgTable('device_secrets', {
  deviceId: primaryKeyRef('device_id', () => devices.id, 'cascade'),
  secretHash: text('secret_hash').notNull(),
  createTime: createTimeColumn(),
});
