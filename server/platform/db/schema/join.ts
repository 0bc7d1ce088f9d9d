import { index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createTimeColumn, requiredRef, timestampTz } from './columns';
import { company, stampCard, store } from './resources';

/**
 * Joining a programme from a store's poster (issue 26 item 4, server/domains/join/join.ts): the one-time
 * code sent to a number by `POST /public/join/{storeId}/{programmeId}`, one row per number (a new
 * start replaces the previous code, whatever programme it was for). Only an HMAC of the code is kept
 * (keyed from the server's JWT secret), so a copy of the database alone does not hand out codes. The
 * confirm that spends it deletes the row in the transaction that issues the card; a row past
 * `expiresAt` or at JOIN_OTP.maxTries wrong codes is dead (the hourly cleanup removes it a day later).
 */
export const joinCodes = pgTable(
  'join_codes',
  {
    id: serial('id').primaryKey(),
    /** E.164, as the member card will hold it */
    mobile: varchar('mobile', { length: 20 }).notNull().unique('join_codes_mobile_unique'),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    storeId: requiredRef('store_id', () => store.id, 'cascade'),
    programmeId: requiredRef('programme_id', () => stampCard.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    /** wrong codes so far; at JOIN_OTP.maxTries the code is dead */
    tries: integer('tries').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    createTime: createTimeColumn(),
  },
  (t) => [index('join_codes_expires_idx').on(t.expiresAt)],
);

export type JoinCodeRow = typeof joinCodes.$inferSelect;
