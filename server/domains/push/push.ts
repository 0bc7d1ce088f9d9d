// Push notifications (docs/operations.md "Push notifications"): scheduling and cancelling a push, the
// audience it reaches, members' app tokens, and the sender the job runner calls at `scheduledAt`.
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
import { and, asc, count, eq, exists, inArray, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { PushAudience } from '../../../contract/enums';
import { ERRORS } from '../../../contract/errors';
import { fillPlaceholders, type PushValues } from '../../../contract/push';
import type { StoredRow } from '../../../resources/rows';
import type { push as pushDecl } from '../../../resources/tables/push';
import { actionOf, movedFields } from '../../../resources/transitions';
import type { ActionDeclaration } from '../../../resources/types';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import {
  brand,
  company,
  memberCards,
  memberPushTokens,
  members,
  push,
  pushDeliveries,
  pushTemplates,
  segments,
  stampsTransaction,
  store,
  vouchers,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueue, type JobContext, type JobHandler } from '../../platform/jobs';
import type { PushMessage, PushProvider } from '../../platform/push-providers';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { allowedMove, lockInScope, moveLocked } from '../../resources/transition';
import { segmentCondition } from '../members/query';
import { CARD_STATE } from '../stamping/stamping';
import { recordWebhookEvent } from '../webhooks/webhooks';

type Row = Record<string, unknown>;

export type PushRow = StoredRow<typeof pushDecl> & Row;

/** What an audience is: the push's company and who in it. */
export interface Audience {
  companyId: number;
  audience: PushAudience;
  audienceBrandId: number | null;
  audienceStoreId: number | null;
  audienceMobile: string | null;
  /** SEGMENT: the segment (of the company), and its filter when fixed already (a push being sent) */
  segmentId: number | null;
  segmentFilter?: unknown;
}

export const SEND_PUSH_JOB = 'send-push';
/** Attempts of one sending job before the push ends FAILED (waits 2, 4, 8, 16 s between them). */
export const PUSH_MAX_ATTEMPTS = 5;
/** Members per batch: one transaction, one provider call. */
export const PUSH_BATCH = 200;
/** A sending job works this long, then hands the rest to a new job (well inside its lease). */
export const PUSH_JOB_SLICE_MS = 20_000;

const decl = declarationOf('push');
if (!decl) throw new Error('push: declaration missing');

/** The declared arrow `name` when it may move `row` (resources/tables/push.ts); else its refusal. */
const arrow = (row: PushRow, name: string): ActionDeclaration => allowedMove(decl, name, row, 'push');

/** The push `id` as the caller may move it, locked for the rest of the transaction; else 5. */
const lockPush = (tx: DbOrTx, caller: Caller, id: number): Promise<PushRow> =>
  lockInScope<PushRow>(tx, caller, { decl, table: push }, id);

/** Moves the locked push along `action` (its state and `set`) and writes the audit row. */
const moved = (tx: DbOrTx, caller: Caller, before: PushRow, action: string, set: Row): Promise<PushRow> =>
  moveLocked(tx, caller, { decl, table: push }, before, action, { ...set, updateTime: new Date() });

// ---- the audience ---------------------------------------------------------------------------------

/**
 * The filter of segment `segmentId` of company `companyId` (another company's, or none: null). A push
 * being sent reads the filter it fixed when sending began (`segmentFilter`), not the segment's now.
 */
const segmentFilterOf = async (db: DbOrTx, a: Audience): Promise<unknown> => {
  if (a.segmentFilter !== undefined && a.segmentFilter !== null) return a.segmentFilter;
  if (a.segmentId === null) return null;
  const [row] = await db
    .select({ filter: segments.filter })
    .from(segments)
    .where(and(eq(segments.id, a.segmentId), eq(segments.companyId, a.companyId)));
  return row ? row.filter : null;
};

/**
 * SQL true for the members of `a`: of its company, those holding one of its vouchers or member cards
 * (of its brand for BRAND); for STORE, those holding a card issued at the store, stamped there or
 * with a voucher redeemed there; for MEMBER, that member when the company has them; for SEGMENT, the
 * company's members its segment's filter picks (server/domains/members/query.ts segmentCondition,
 * the same condition as the segment's reach).
 */
const audienceCondition = async (db: DbOrTx, a: Audience): Promise<SQL> => {
  /** a row of `table` of the company names the member, and `also` holds (a brand, a store) */
  const held = (table: typeof vouchers | typeof memberCards | typeof stampsTransaction, also?: SQL): SQL =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.memberMobile, members.mobile), eq(table.companyId, a.companyId), also)),
    );
  const holds = (brandId: number | null): SQL =>
    sql`(${held(vouchers, brandId === null ? undefined : eq(vouchers.brandId, brandId))} or ${held(
      memberCards,
      brandId === null ? undefined : eq(memberCards.brandId, brandId),
    )})`;
  switch (a.audience) {
    case 'ALL_MEMBERS':
      return holds(null);
    case 'BRAND':
      return a.audienceBrandId === null ? sql`false` : holds(a.audienceBrandId);
    case 'MEMBER':
      return a.audienceMobile === null
        ? sql`false`
        : sql`${eq(members.mobile, a.audienceMobile)} and ${holds(null)}`;
    case 'STORE': {
      const storeId = a.audienceStoreId;
      if (storeId === null) return sql`false`;
      return sql`(${held(memberCards, eq(memberCards.storeId, storeId))} or ${held(
        stampsTransaction,
        eq(stampsTransaction.storeId, storeId),
      )} or ${held(vouchers, eq(vouchers.redeemedStoreId, storeId))})`;
    }
    case 'SEGMENT': {
      const filter = await segmentFilterOf(db, a);
      return filter === null ? sql`false` : segmentCondition(db, a.companyId, filter);
    }
    default: {
      const never: never = a.audience;
      throw new Error(`unknown audience ${String(never)}`);
    }
  }
};

interface AudienceMember {
  mobile: string;
  name: string | null;
}

/** How many members `a` reaches now, and the first of them (for a preview). */
export const audienceSize = async (
  db: DbOrTx,
  a: Audience,
): Promise<{ count: number; sample: AudienceMember | null }> => {
  const where = await audienceCondition(db, a);
  const [total] = await db.select({ n: count() }).from(members).where(where);
  const [sample] = await db
    .select({ mobile: members.mobile, name: members.name })
    .from(members)
    .where(where)
    .orderBy(asc(members.mobile))
    .limit(1);
  return { count: Number(total?.n ?? 0), sample: (sample as AudienceMember | undefined) ?? null };
};

/** The names the placeholders {brand} and {company} take for a push of `a`. */
const namesOf = async (db: DbOrTx, a: Audience): Promise<{ brand: string; company: string }> => {
  const [co] = await db.select({ name: company.name }).from(company).where(eq(company.id, a.companyId));
  const companyName = String(co?.name ?? '');
  let brandId = a.audience === 'BRAND' ? a.audienceBrandId : null;
  if (a.audience === 'STORE' && a.audienceStoreId !== null) {
    const [st] = await db
      .select({ brandId: store.brandId })
      .from(store)
      .where(eq(store.id, a.audienceStoreId));
    brandId = (st?.brandId as number | null | undefined) ?? null;
  }
  if (brandId === null) return { brand: companyName, company: companyName };
  const [br] = await db.select({ name: brand.name }).from(brand).where(eq(brand.id, brandId));
  return { brand: String(br?.name ?? companyName), company: companyName };
};

/**
 * Each member's placeholder values: their name (else their mobile), the push's brand and company,
 * the stamps on their fullest AVAILABLE card and their AVAILABLE vouchers (of the push's brand when
 * it has one, else of its company).
 */
const valuesOf = async (
  db: DbOrTx,
  a: Audience,
  batch: readonly AudienceMember[],
): Promise<Map<string, PushValues>> => {
  const names = await namesOf(db, a);
  const mobiles = batch.map((m) => m.mobile);
  const brandId = a.audience === 'BRAND' ? a.audienceBrandId : null;
  const stamps = mobiles.length
    ? await db
        .select({ mobile: memberCards.memberMobile, stamps: sql<number>`max(${memberCards.stamps})` })
        .from(memberCards)
        .where(
          and(
            inArray(memberCards.memberMobile, mobiles),
            eq(memberCards.companyId, a.companyId),
            brandId === null ? undefined : eq(memberCards.brandId, brandId),
            eq(memberCards.state, CARD_STATE.AVAILABLE),
          ),
        )
        .groupBy(memberCards.memberMobile)
    : [];
  const held = mobiles.length
    ? await db
        .select({ mobile: vouchers.memberMobile, n: count() })
        .from(vouchers)
        .where(
          and(
            inArray(vouchers.memberMobile, mobiles),
            eq(vouchers.companyId, a.companyId),
            brandId === null ? undefined : eq(vouchers.brandId, brandId),
            eq(vouchers.state, 'AVAILABLE'),
          ),
        )
        .groupBy(vouchers.memberMobile)
    : [];
  const stampsOf = new Map(stamps.map((s) => [String(s.mobile), Number(s.stamps)]));
  const vouchersOf = new Map(held.map((h) => [String(h.mobile), Number(h.n)]));
  return new Map(
    batch.map((m) => [
      m.mobile,
      {
        name: m.name?.trim() ? m.name.trim() : m.mobile,
        mobile: m.mobile,
        brand: names.brand,
        company: names.company,
        stamps: String(stampsOf.get(m.mobile) ?? 0),
        vouchers: String(vouchersOf.get(m.mobile) ?? 0),
      },
    ]),
  );
};

/** The audience as the caller may ask for it: a brand-limited colleague stays inside its brand. */
const assertAudienceAllowed = async (db: DbOrTx, caller: Caller, a: Audience): Promise<void> => {
  if (caller.type === 'OPERATOR' || caller.brandId === null) return;
  const outside = (field: string) =>
    new AppError('ACCESS_DENIED', [{ field, message: 'is outside the brand you work for' }]);
  // every member of the company, any one of them or a segment of them (a filter over the company's
  // members) is more than the brand: its brand's or stores'
  if (a.audience === 'ALL_MEMBERS' || a.audience === 'MEMBER' || a.audience === 'SEGMENT')
    throw outside('audience');
  if (a.audience === 'BRAND' && a.audienceBrandId !== caller.brandId) throw outside('audienceBrandId');
  if (a.audience === 'STORE' && a.audienceStoreId !== null) {
    const [st] = await db
      .select({ brandId: store.brandId })
      .from(store)
      .where(eq(store.id, a.audienceStoreId));
    if (st?.brandId !== caller.brandId) throw outside('audienceStoreId');
  }
};

/** What a merchant (or an operator, naming the company) asks the audience preview for. */
export const previewAudience = async (db: Db, caller: Caller, a: Audience) => {
  if (caller.type !== 'OPERATOR' && a.companyId !== caller.companyId) throw new AppError('ACCESS_DENIED');
  await assertAudienceAllowed(db, caller, a);
  const { count: n, sample } = await audienceSize(db, a);
  const values = sample ? ((await valuesOf(db, a, [sample])).get(sample.mobile) ?? null) : null;
  return { count: n, sample: values };
};

// ---- schedule and cancel ----------------------------------------------------------------------------

const audienceOfRow = (row: PushRow): Audience => ({
  companyId: row.companyId,
  audience: row.audience,
  audienceBrandId: row.audienceBrandId,
  audienceStoreId: row.audienceStoreId,
  audienceMobile: row.audienceMobile,
  segmentId: row.segmentId,
  segmentFilter: row.segmentFilter,
});

/**
 * PENDING → SCHEDULED, and its sending enqueued for `scheduledAt` (at once when that has passed).
 * One member by mobile must be a member of the push's company (else 2 naming audienceMobile).
 */
export const schedulePush = async (tx: DbOrTx, caller: Caller, id: number): Promise<PushRow> => {
  const row = await lockPush(tx, caller, id);
  const scheduled = arrow(row, 'schedule');
  const audience = audienceOfRow(row);
  await assertAudienceAllowed(tx, caller, audience);
  if (row.audience === 'MEMBER' && (await audienceSize(tx, audience)).count === 0)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'audienceMobile', message: 'holds no card or voucher of this company' },
    ]);
  // a SEGMENT push names a segment of its company (the reference check saw to it on save); its
  // members are who the segment picks when the push is sent, not now
  if (row.audience === 'SEGMENT' && (await segmentFilterOf(tx, audience)) === null)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'segmentId', message: 'is not a segment of this company' },
    ]);
  const after = await moved(tx, caller, row, scheduled.name, {
    ...movedFields(scheduled),
    startedAt: null,
    sentAt: null,
    failureReason: null,
    segmentFilter: null,
  });
  await enqueue(
    tx,
    SEND_PUSH_JOB,
    { pushId: row.id, at: row.scheduledAt.toISOString() },
    { runAt: row.scheduledAt, maxAttempts: PUSH_MAX_ATTEMPTS },
  );
  return after;
};

/** SCHEDULED → PENDING while its sending has not started (else 11); its queued sending goes. */
export const cancelPush = async (tx: DbOrTx, caller: Caller, id: number): Promise<PushRow> => {
  const row = await lockPush(tx, caller, id);
  const cancelled = arrow(row, 'cancel');
  if (row.startedAt !== null)
    throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
      { field: 'state', message: 'its sending has started' },
    ]);
  await tx.execute(
    sql`delete from jobs where name = ${SEND_PUSH_JOB} and state = 'queued' and (payload->>'pushId')::int = ${row.id}`,
  );
  return moved(tx, caller, row, cancelled.name, movedFields(cancelled));
};

// ---- app tokens ---------------------------------------------------------------------------------------

/** A member app's token for `mobile`: added, or moved to that mobile when known already. */
export const registerPushToken = async (
  db: Db,
  body: { mobile: string; token: string; platform: 'IOS' | 'ANDROID' | 'WEB' },
): Promise<{ mobile: string; platform: string }> => {
  await db
    .insert(memberPushTokens)
    .values({ memberMobile: body.mobile, token: body.token, platform: body.platform })
    .onConflictDoUpdate({
      target: memberPushTokens.token,
      set: { memberMobile: body.mobile, platform: body.platform, updateTime: new Date() },
    });
  return { mobile: body.mobile, platform: body.platform };
};

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
