// The member message outbox (issue 26, docs/operations.md "The pocket card"): a message to one member
// of their own (the link to a card or voucher they were given, a poster sign-up's one-time code),
// recorded QUEUED in the transaction of the operation that causes it and sent after commit by the
// job runner, so a rolled-back issue sends nothing and a provider outage delays a message, never
// loses it. A link goes by push when the member has the app on a phone (FCM, else the push outbox),
// else by SMS; a one-time code always by SMS. SMS goes through `SmsProvider`: locally the SMS outbox,
// whose message is the row itself (nothing leaves the machine).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MessageChannel, MessageKind } from '../../../contract/pocket';
import type { DbOrTx } from '../../platform/audit';
import { prepared, preparedInsertReturning } from '../../platform/db/prepared';
import { memberMessages, memberPushTokens } from '../../platform/db/schema';
import { enqueue, type JobHandler } from '../../platform/jobs';
import { outboxProvider, type PushProvider } from '../../platform/push-providers';

export const SEND_MEMBER_MESSAGE_JOB = 'send-member-message';
/** Attempts before a message is left FAILED (2 s doubling: about half an hour in all). */
export const MEMBER_MESSAGE_MAX_ATTEMPTS = 10;

/** One SMS. */
export interface SmsMessage {
  to: string;
  body: string;
}

/** An SMS gateway, behind one interface like the push providers. */
export interface SmsProvider {
  /** recorded on the message: 'sms-outbox' or a gateway's name */
  readonly name: string;
  /** resolves when the gateway took it; throws to have the job retry later */
  send(message: SmsMessage): Promise<void>;
}

/** The local SMS outbox: the member_messages row is the SMS; nothing is sent anywhere. */
export const smsOutbox: SmsProvider = { name: 'sms-outbox', send: async () => {} };

export interface QueueMessage {
  companyId: number;
  memberMobile: string;
  kind: MessageKind;
  body: string;
  url?: string;
}

/** Records a message in the caller's transaction; it is sent once that commits. */
/** Whether the member has a phone to push to: built once (every card or voucher issued asks). */
const pushTokenOf = prepared('member_push_token_any', (db) =>
  db
    .select({ id: memberPushTokens.id })
    .from(memberPushTokens)
    .where(eq(memberPushTokens.memberMobile, sql.placeholder('mobile')))
    .limit(1),
);

const insertMessage = preparedInsertReturning('member_message_insert', memberMessages, [
  'companyId',
  'memberMobile',
  'kind',
  'channel',
  'body',
  'url',
]);

export const queueMessage = async (
  tx: DbOrTx,
  message: QueueMessage,
): Promise<{ id: number; channel: MessageChannel }> => {
  let channel: MessageChannel = 'SMS';
  if (message.kind !== 'JOIN_CODE') {
    const [token] = await pushTokenOf(tx, { mobile: message.memberMobile });
    if (token) channel = 'PUSH';
  }
  const [row] = await insertMessage(tx, {
    companyId: message.companyId,
    memberMobile: message.memberMobile,
    kind: message.kind,
    channel,
    body: message.body,
    url: message.url ?? null,
  });
  if (!row) throw new Error('message not recorded');
  await enqueue(
    tx,
    SEND_MEMBER_MESSAGE_JOB,
    { messageId: row.id },
    { maxAttempts: MEMBER_MESSAGE_MAX_ATTEMPTS },
  );
  return { id: row.id, channel };
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * The `send-member-message` job: sends one QUEUED message and marks it SENT, or FAILED when the
 * provider refuses it for good (a push to tokens that are all gone). A provider failing for now is
 * noted on the row and thrown, so the runner retries with backoff; a message is never sent twice.
 */
/** The title of a message that goes by push, by its kind. */
const PUSH_TITLES: Readonly<Record<MessageKind, string>> = {
  CARD_LINK: 'Your card',
  VOUCHER_LINK: 'Your voucher',
  JOIN_CODE: 'Your code',
  CAMPAIGN: 'A reward for you',
};

export const sendMemberMessageJob =
  (providers: { push?: PushProvider; sms?: SmsProvider } = {}): JobHandler =>
  async (payload, { db, attempt, maxAttempts }) => {
    const push = providers.push ?? outboxProvider;
    const sms = providers.sms ?? smsOutbox;
    const id = Number(payload.messageId);
    const [message] = await db.select().from(memberMessages).where(eq(memberMessages.id, id));
    if (message?.state !== 'QUEUED') return { skipped: message ? message.state : 'no such message' };
    await db
      .update(memberMessages)
      .set({ attempts: sql`${memberMessages.attempts} + 1` })
      .where(eq(memberMessages.id, id));
    const finish = (set: { state: 'SENT' | 'FAILED'; provider: string; error?: string }) =>
      db
        .update(memberMessages)
        .set({ ...set, error: set.error ?? null, sentAt: set.state === 'SENT' ? new Date() : null })
        .where(and(eq(memberMessages.id, id), eq(memberMessages.state, 'QUEUED')));
    try {
      if (message.channel === 'SMS') {
        await sms.send({ to: message.memberMobile, body: message.body });
        await finish({ state: 'SENT', provider: sms.name });
        return { sent: id, channel: 'SMS' };
      }
      const tokens = await db
        .select({ token: memberPushTokens.token })
        .from(memberPushTokens)
        .where(eq(memberPushTokens.memberMobile, message.memberMobile));
      const [outcome] = await push.send([
        {
          memberMobile: message.memberMobile,
          tokens: tokens.map((t) => t.token),
          title: PUSH_TITLES[message.kind],
          body: message.body,
          data: { messageId: String(id), ...(message.url ? { url: message.url } : {}) },
        },
      ]);
      const sent = outcome?.state === 'SENT';
      await finish({
        state: sent ? 'SENT' : 'FAILED',
        provider: push.name,
        ...(sent ? {} : { error: outcome?.error ?? 'not delivered' }),
      });
      return { [sent ? 'sent' : 'failed']: id, channel: 'PUSH' };
    } catch (err) {
      // the last attempt ends the message FAILED instead of leaving it QUEUED for ever
      if (attempt >= maxAttempts) {
        await finish({
          state: 'FAILED',
          provider: message.channel === 'SMS' ? sms.name : push.name,
          error: errorText(err),
        });
        return { failed: id };
      }
      await db
        .update(memberMessages)
        .set({ error: errorText(err) })
        .where(eq(memberMessages.id, id));
      throw err;
    }
  };

export type MemberMessageRow = typeof memberMessages.$inferSelect;

/**
 * The newest messages to `memberMobile` (of `kind` when given), at most `limit`: what the member was
 * sent, for an operator looking into a member's messages (GET /member-messages, operators only).
 */
export const messagesTo = async (
  db: DbOrTx,
  { memberMobile, kind, limit }: { memberMobile: string; kind?: MessageKind | undefined; limit: number },
): Promise<MemberMessageRow[]> =>
  db
    .select()
    .from(memberMessages)
    .where(
      and(eq(memberMessages.memberMobile, memberMobile), kind ? eq(memberMessages.kind, kind) : undefined),
    )
    .orderBy(desc(memberMessages.id))
    .limit(limit);
