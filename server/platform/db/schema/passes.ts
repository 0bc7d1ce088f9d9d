import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PASS_NOTICE_STATES } from '../../../../contract/wallet-passes';
import { createTimeColumn, primaryKeyRef, requiredRef, timestampTz } from './columns';
import { memberCards } from './resources';

/**
 * The operator's wallet pass settings (issue 26, docs/decisions.md "Wallet passes"): one row per
 * setting, its value sealed with AES-256-GCM under a key derived from the JWT secret
 * (server/platform/secret-box.ts), so neither a backup nor a read of the table shows a key or a
 * certificate. `info` holds what the settings screen may show: a certificate's subject and expiry.
 */
export const walletPassSettings = pgTable('wallet_pass_settings', {
  /** a WalletPassSettingField of contract/wallet-passes.ts */
  name: text('name').primaryKey(),
  sealed: text('sealed').notNull(),
  info: jsonb('info').$type<{ subject: string; notAfter: string } | null>(),
  updatedBy: integer('updated_by'),
  updateTime: timestampTz('update_time').notNull().defaultNow(),
});

/**
 * A member card whose Apple Wallet pass was handed out at least once. `updatedAt` is when the pass's
 * content last changed (a stamping, a void, a completion, an expiry, in the operation's transaction):
 * the web service's Last-Modified and its "updated since" tag. The pass's serial number is the card's id.
 */
export const walletPasses = pgTable('wallet_passes', {
  memberCardId: primaryKeyRef('member_card_id', () => memberCards.id, 'cascade'),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  createTime: createTimeColumn(),
});

/**
 * The authentication tokens of a card's passes (each download of the pass gets its own), stored as
 * SHA-256 hashes: Wallet presents one as `Authorization: ApplePass <token>` to the web service.
 */
export const walletPassTokens = pgTable(
  'wallet_pass_tokens',
  {
    id: serial('id').primaryKey(),
    memberCardId: requiredRef('member_card_id', () => memberCards.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    /**
     * When a device registered with this token: its pass is in a Wallet. Such a token is never one of
     * the old ones a new download evicts (issue 41); it ends with the link (endPassesOf).
     */
    inWalletAt: timestampTz('in_wallet_at'),
    createTime: createTimeColumn(),
  },
  (t) => [
    uniqueIndex('wallet_pass_tokens_hash').on(t.tokenHash),
    index('wallet_pass_tokens_card_idx').on(t.memberCardId),
  ],
);

/** A device that holds a pass and wants its updates: Apple's registration, one per device and pass. */
export const walletPassRegistrations = pgTable(
  'wallet_pass_registrations',
  {
    id: serial('id').primaryKey(),
    deviceLibraryId: text('device_library_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    memberCardId: requiredRef('member_card_id', () => memberCards.id, 'cascade'),
    pushToken: text('push_token').notNull(),
    createTime: createTimeColumn(),
    updateTime: timestampTz('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_pass_registrations_device_pass').on(t.deviceLibraryId, t.passTypeId, t.memberCardId),
    index('wallet_pass_registrations_card_idx').on(t.memberCardId),
  ],
);

/**
 * The pass update outbox (like the push outbox): one notice per device push token whose pass changed,
 * written in the operation's transaction, delivered after commit by the 'wallet-pass-notices' job
 * through the PassUpdateNotifier (APNs, or the local outbox that sends nothing and keeps the rows).
 */
export const walletPassNotices = pgTable(
  'wallet_pass_notices',
  {
    id: serial('id').primaryKey(),
    pushToken: text('push_token').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    memberCardId: integer('member_card_id').notNull(),
    state: text('state', { enum: PASS_NOTICE_STATES }).notNull().default('QUEUED'),
    /** the notifier that took it: 'outbox', 'apns' or a test's name */
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sentAt: timestampTz('sent_at'),
    createTime: createTimeColumn(),
  },
  (t) => [index('wallet_pass_notices_state_idx').on(t.state, t.id)],
);
