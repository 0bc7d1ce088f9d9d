// Sending a push: the `send-push` job the runner calls at the push's `scheduledAt` (docs/operations.md
// "Push notifications", docs/architecture.md "Jobs"), batch by batch, until the push ends COMPLETED
// with its counts or FAILED (7001).
//
// Sending, exactly once: `schedule` enqueues a `send-push` job for the push's time. The job first
// marks the push started (a conditional update, so a cancel that won the row lock stops it), then
// works through the audience in batches. Each batch is one transaction that inserts the batch's
// delivery rows (unique per push and member: a second instance working on the same push waits on
// the index and then skips those members), hands the messages to the provider and records what it
// answered. A process killed mid-batch rolls its batch back; the job comes back when its lease runs
// out and sends that batch again (with the local outbox nothing was sent; FCM may show a message
// twice to the few members of that one in-flight batch). A provider failing as a whole is retried
// with the runner's backoff; once retries are spent the push ends FAILED (7001).
import { and, asc, count, eq, inArray, isNull, ne, not, notExists, sql } from 'drizzle-orm';
import { ERRORS } from '../../../contract/errors';
import { fillPlaceholders } from '../../../contract/push';
import { actionOf, movedFields } from '../../../resources/transitions';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import {
  memberPushTokens,
  members,
  push,
  pushDeliveries,
  pushTemplates,
  segments,
} from '../../platform/db/schema';
import { enqueue, type JobContext, type JobHandler } from '../../platform/jobs';
import type { PushMessage, PushProvider } from '../../platform/push-providers';
import { declarationOf } from '../../resources/registry';
import { companyOpenSql } from '../access/closure';
import { recordWebhookEvent } from '../webhooks/webhooks';
import {
  audienceOfRow,
  PUSH_BATCH,
  PUSH_JOB_SLICE_MS,
  PUSH_MAX_ATTEMPTS,
  type PushRow,
  SEND_PUSH_JOB,
} from './push';
import { type AudienceMember, audienceCondition, valuesOf } from './push-audience';

const decl = declarationOf('push');
if (!decl) throw new Error('push: declaration missing');

// ---- sending ------------------------------------------------------------------------------------------

export interface PushSenderOptions {
  provider: PushProvider;
  batch?: number;
  sliceMs?: number;
}

/** The message text and data of `row` for each member of `batch`. */
const messagesOf = async (
  db: DbOrTx,
  row: PushRow,
  batch: readonly AudienceMember[],
): Promise<PushMessage[]> => {
  const values = await valuesOf(db, audienceOfRow(row), batch);
  const tokens = await db
    .select({ mobile: memberPushTokens.memberMobile, token: memberPushTokens.token })
    .from(memberPushTokens)
    .where(
      inArray(
        memberPushTokens.memberMobile,
        batch.map((m) => m.mobile),
      ),
    )
    .orderBy(asc(memberPushTokens.id));
  let deepLink: string | null = null;
  if (row.templateId !== null) {
    const [t] = await db
      .select({ deepLink: pushTemplates.deepLink })
      .from(pushTemplates)
      .where(eq(pushTemplates.id, row.templateId));
    deepLink = (t?.deepLink as string | null | undefined) ?? null;
  }
  return batch.map((m) => {
    const v = values.get(m.mobile);
    if (!v) throw new Error(`no values for ${m.mobile}`);
    return {
      memberMobile: m.mobile,
      tokens: tokens.filter((t) => t.mobile === m.mobile).map((t) => t.token),
      title: fillPlaceholders(row.title, v),
      body: fillPlaceholders(row.body, v),
      data: { pushId: String(row.id), ...(deepLink ? { deepLink } : {}) },
    };
  });
};

/**
 * One batch in one transaction: the next members of the audience without a delivery of this push
 * get one (another instance on the same push waits on the unique index, then skips them), the
 * provider takes their messages, and their outcome is recorded. Answers how many it sent.
 */
const sendBatch = async (db: Db, row: PushRow, provider: PushProvider, size: number, now: () => Date) =>
  db.transaction(async (tx) => {
    const audience = audienceOfRow(row);
    const batch = (await tx
      .select({ mobile: members.mobile, name: members.name })
      .from(members)
      .where(
        and(
          await audienceCondition(tx, audience),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(pushDeliveries)
              .where(and(eq(pushDeliveries.pushId, row.id), eq(pushDeliveries.memberMobile, members.mobile))),
          ),
        ),
      )
      .orderBy(asc(members.mobile))
      .limit(size)) as AudienceMember[];
    if (batch.length === 0) return 0;
    const messages = await messagesOf(tx, row, batch);
    const claimed = await tx
      .insert(pushDeliveries)
      .values(
        messages.map((m) => ({
          companyId: row.companyId,
          pushId: row.id,
          memberMobile: m.memberMobile,
          title: m.title.slice(0, 200),
          body: m.body.slice(0, 1000),
          provider: provider.name,
          tokens: m.tokens.length,
          state: 'FAILED' as const,
          error: 'sending',
          at: now(),
        })),
      )
      .onConflictDoNothing()
      .returning({ mobile: pushDeliveries.memberMobile });
    const ours = new Set(claimed.map((c) => String(c.mobile)));
    const toSend = messages.filter((m) => ours.has(m.memberMobile));
    if (toSend.length === 0) return batch.length;
    const outcomes = await provider.send(toSend);
    for (const o of outcomes) {
      if (!ours.has(o.memberMobile)) continue;
      await tx
        .update(pushDeliveries)
        .set({ state: o.state, error: o.error?.slice(0, 500) ?? null, at: now(), updateTime: now() })
        .where(and(eq(pushDeliveries.pushId, row.id), eq(pushDeliveries.memberMobile, o.memberMobile)));
      if (o.dropped.length > 0)
        await tx.delete(memberPushTokens).where(inArray(memberPushTokens.token, [...o.dropped]));
    }
    return batch.length;
  });

const COMPLETE = actionOf(decl, 'complete');
const FAIL = actionOf(decl, 'fail');
const CANCEL = actionOf(decl, 'cancel');

/** COMPLETED with its counts, from the deliveries recorded. */
const complete = async (db: Db, row: PushRow, at: Date): Promise<void> => {
  const counts = await db
    .select({ state: pushDeliveries.state, n: count() })
    .from(pushDeliveries)
    .where(eq(pushDeliveries.pushId, row.id))
    .groupBy(pushDeliveries.state);
  const sent = Number(counts.find((c) => c.state === 'SENT')?.n ?? 0);
  const failed = counts.filter((c) => c.state !== 'SENT').reduce((n, c) => n + Number(c.n), 0);
  // the move and its webhook event in one transaction: the event exists exactly when the push completed
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(push)
      .set({ ...movedFields(COMPLETE), sentAt: at, sentCount: sent, failedCount: failed, updateTime: at })
      .where(and(eq(push.id, row.id), inArray(push.state, COMPLETE.from as PushRow['state'][])))
      .returning({ id: push.id });
    if (moved.length > 0 && typeof row.companyId === 'number')
      await recordWebhookEvent(tx, {
        companyId: row.companyId,
        type: 'push.completed',
        data: { pushId: row.id, title: row.title, sentCount: sent, failedCount: failed },
        at,
      });
  });
};

/** FAILED with 7001 and what the provider said; the deliveries made so far stay counted. */
const fail = async (db: Db, row: PushRow, reason: string, at: Date): Promise<void> => {
  const [sent] = await db
    .select({ n: count() })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.pushId, row.id), eq(pushDeliveries.state, 'SENT')));
  const [failed] = await db
    .select({ n: count() })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.pushId, row.id), ne(pushDeliveries.state, 'SENT')));
  const { code, message } = ERRORS.PUSH_PROVIDER_FAILED;
  await db
    .update(push)
    .set({
      ...movedFields(FAIL),
      sentAt: at,
      sentCount: Number(sent?.n ?? 0),
      failedCount: Number(failed?.n ?? 0),
      failureReason: `${code} ${message}: ${reason}`.slice(0, 500),
      updateTime: at,
    })
    .where(and(eq(push.id, row.id), inArray(push.state, FAIL.from as PushRow['state'][])));
};

/**
 * The `send-push` job: payload `{pushId, at}` (the scheduled time it was enqueued for, so a job left
 * from before a cancel and a new schedule does nothing). Works in batches for a slice of time and
 * hands the rest to a new job.
 */
export const createPushSender =
  ({ provider, batch = PUSH_BATCH, sliceMs = PUSH_JOB_SLICE_MS }: PushSenderOptions): JobHandler =>
  async (payload, ctx: JobContext) => {
    const pushId = Number(payload.pushId);
    const at = typeof payload.at === 'string' ? new Date(payload.at) : null;
    if (!Number.isInteger(pushId) || !at || Number.isNaN(at.getTime())) return { skipped: 'bad payload' };
    // a closed company's push is not sent: it goes back to PENDING saying why, for its owner to
    // schedule again once the company is enabled (closure.ts)
    const [held] = await ctx.db
      .update(push)
      .set({
        ...movedFields(CANCEL),
        failureReason: 'Not sent: the company was closed when it was due. Schedule it again.',
        updateTime: new Date(),
      })
      .where(
        and(
          eq(push.id, pushId),
          eq(push.state, 'SCHEDULED'),
          eq(push.scheduledAt, at),
          isNull(push.startedAt),
          not(companyOpenSql(push.companyId)),
        ),
      )
      .returning({ id: push.id });
    if (held) return { skipped: 'company closed', pushId };
    // sending begins: a SEGMENT push fixes its segment's filter now, so every batch (and a job taking
    // over after a crash) sends to the members the segment picked when sending began
    const [started] = (await ctx.db
      .update(push)
      .set({
        startedAt: sql`coalesce(${push.startedAt}, now())`,
        segmentFilter: sql`coalesce(${push.segmentFilter}, (select ${segments.filter} from ${segments} where ${segments.id} = ${push.segmentId} and ${segments.companyId} = ${push.companyId}))`,
      })
      .where(and(eq(push.id, pushId), eq(push.state, 'SCHEDULED'), eq(push.scheduledAt, at)))
      .returning()) as PushRow[];
    if (!started) return { skipped: 'not scheduled for this time' };
    const began = Date.now();
    let members = 0;
    try {
      for (;;) {
        const n = await sendBatch(ctx.db, started, provider, batch, () => new Date());
        members += n;
        if (n === 0) {
          await complete(ctx.db, started, new Date());
          return { pushId, members, completed: true };
        }
        if (Date.now() - began > sliceMs) {
          await enqueue(ctx.db, SEND_PUSH_JOB, payload, { maxAttempts: PUSH_MAX_ATTEMPTS });
          return { pushId, members, continued: true };
        }
      }
    } catch (err) {
      // retried with backoff; on the last attempt the push ends FAILED (7001) with the reason
      if (ctx.attempt < ctx.maxAttempts) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      await fail(ctx.db, started, reason, new Date());
      return { pushId, members, failed: reason };
    }
  };
