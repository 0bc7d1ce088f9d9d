import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTimeColumn, primaryKeyRef, requiredRef, timestampTz } from './columns';
import { users } from './users';

/**
 * A user's second factor (TOTP, RFC 6238): one row per user. Its secret is sealed (AES-256-GCM with a
 * key derived from the server's JWT secret, server/domains/users/two-factor.ts), so a copy of the database
 * alone does not hand out codes. `enabledAt` null: enrolment started, not confirmed with a code yet.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: primaryKeyRef('user_id', () => users.id, 'cascade'),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestampTz('enabled_at'),
  /** the TOTP time step of the last code accepted: a code is never accepted twice (RFC 6238 §5.2) */
  lastStep: integer('last_step'),
  createTime: createTimeColumn(),
});

/** Recovery codes, stored only as SHA-256 hashes; each works once (`usedAt`). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in: get-token with the right password hands out a challenge (stored only
 * as its hash, so any instance completes it); `POST /auth/two-factor` spends it once with a code.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    /** the X-Device-Id of the get-token call, bound to the login the challenge ends in */
    deviceId: text('device_id').notNull(),
    /** wrong codes so far; at TWO_FACTOR_MAX_ATTEMPTS the challenge is dead */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    /**
     * The user's password as it was when the challenge was given (a hash of its hash): a password
     * changed or reset since kills the challenge (issue 41 F9); null on challenges older than it.
     */
    passwordStamp: text('password_stamp'),
    createTime: createTimeColumn(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_hash_uq').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);

export type UserTwoFactorRow = typeof userTwoFactor.$inferSelect;
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;
