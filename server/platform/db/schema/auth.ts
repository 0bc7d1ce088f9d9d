import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { EMAIL_ACTION_KINDS, type EmailActionKind } from '../../../../contract';
import { createTimeColumn, oneOfCheck, requiredRef, timestampTz } from './columns';
import { devices } from './resources';
import { users } from './users';

/**
 * One row per login (get-token). Its id is the access token's `tid`; every refresh token issued by
 * rotation belongs to it and shares its absolute expiry. Revoking the row ends the whole login.
 */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: text('id').primaryKey(),
    /** the user who signed in; null for a device's session */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** the in-store device (devices.id) that signed in with its secret; null for a user's session */
    terminalId: integer('terminal_id').references(() => devices.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    createTime: createTimeColumn(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    /** logout, replay, password-reset, ... */
    revokeReason: text('revoke_reason'),
    /** the User-Agent of the sign-in (cut to 512 characters); null for older logins */
    userAgent: text('user_agent'),
    /** the client's address at sign-in, then at its latest refresh */
    ip: text('ip'),
    /** sign-in, then each refresh (GET /user/me/sessions shows it) */
    lastUsedAt: timestampTz('last_used_at').notNull().defaultNow(),
    /**
     * The product requires a second factor of this user and they have none yet: the login works only
     * for enrolling one (the auth gate answers 26215 elsewhere). Set at sign-in and on refresh.
     */
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
  },
  (t) => [
    index('login_sessions_user_idx').on(t.userId),
    index('login_sessions_terminal_idx').on(t.terminalId),
    check('login_sessions_one_subject', sql`num_nonnulls(${t.userId}, ${t.terminalId}) = 1`),
  ],
);

/** Refresh tokens, stored only as SHA-256 hashes. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => loginSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createTime: createTimeColumn(),
    /** set when rotation replaced this token; presenting it again after the grace window is a replay */
    usedAt: timestampTz('used_at'),
    /**
     * The token that replaced this one, encrypted with a key derived from THIS token's plaintext:
     * only a client that still holds this token can read it, which lets two tabs that refresh at
     * once both end up with the current token (grace window) without storing any token in clear.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Single-use e-mail link tokens (activation, forgotten password), stored only as SHA-256 hashes. */
export const emailActionTokens = pgTable(
  'email_action_tokens',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    kind: text('kind').$type<EmailActionKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createTime: createTimeColumn(),
  },
  (t) => [
    uniqueIndex('email_action_tokens_hash_uq').on(t.tokenHash),
    index('email_action_tokens_user_idx').on(t.userId),
    oneOfCheck('email_action_tokens_kind_ck', t.kind, EMAIL_ACTION_KINDS),
  ],
);

/**
 * Every mail the server sends, written when it is asked for. With SMTP_URL it is `queued` and the job
 * runner's `send-mail` sends it (retried with backoff while the SMTP server is away), then `sent`.
 * Without SMTP_URL it is `stored`: this table is the local outbox (tests and a local user read it).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** the action link in the mail, if any */
  link: text('link'),
  /** a file sent with the mail (a scheduled export's CSV), its name and its text */
  attachmentName: text('attachment_name'),
  attachment: text('attachment'),
  state: text('state', { enum: ['queued', 'sent', 'stored'] })
    .notNull()
    .default('stored'),
  attempts: integer('attempts').notNull().default(0),
  /** the SMTP server's last refusal, while queued */
  lastError: text('last_error'),
  createTime: createTimeColumn(),
  sentAt: timestampTz('sent_at'),
});

export type LoginSessionRow = typeof loginSessions.$inferSelect;
export type EmailActionTokenRow = typeof emailActionTokens.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
