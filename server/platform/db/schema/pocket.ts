import { index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATES, POCKET_KINDS } from '../../../../contract/pocket';
import { createTimeColumn, requiredRef, timestampTz } from './columns';
import { company } from './resources';

/**
 * The current link of a member card's or a voucher's web card (issue 26, docs/operations.md "The pocket
 * card"). A link's token is signed over (kind, id, generation) (server/domains/pocket/links.ts); only
 * the row's generation is current, so revoking a link is one increment and every older token is dead.
 * No row: no link was ever handed out.
 */
export const pocketLinks = pgTable(
  'pocket_links',
  {
    kind: text('kind', { enum: POCKET_KINDS }).notNull(),
    recordId: integer('record_id').notNull(),
    generation: integer('generation').notNull().default(1),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    createTime: createTimeColumn(),
    /** when the current generation was made (the last revoke) */
    updateTime: timestampTz('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId] })],
);

/**
 * The member message outbox (issue 26): a message to one member of their own, not a push campaign: the
 * link to a card or voucher they were given, or the one-time code of a poster sign-up. Written QUEUED
 * in the transaction of the operation that causes it, sent after commit by the 'member-messages' job
 * through the push provider (PUSH) or the SMS provider (SMS; locally the outbox: the row is the
 * message, nothing leaves the machine).
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    memberMobile: varchar('member_mobile', { length: 20 }).notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    body: text('body').notNull(),
    /** the link the message carries, when it carries one */
    url: text('url'),
    state: text('state', { enum: MESSAGE_STATES }).notNull().default('QUEUED'),
    /** the provider that took it: 'outbox', 'fcm', 'sms-outbox' or a test's name */
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createTime: createTimeColumn(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [
    index('member_messages_queued_idx').on(t.state, t.id),
    index('member_messages_member_idx').on(t.memberMobile, t.id),
    index('member_messages_company_idx').on(t.companyId, t.id),
  ],
);
