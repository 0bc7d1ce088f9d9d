// Push notifications (docs/operations.md "Push notifications"): scheduling and cancelling a push and
// members' app tokens. The audience a push reaches is push-audience.ts; the sender the job runner
// calls at `scheduledAt` is push-sender.ts.
import { sql } from 'drizzle-orm';
import type { StoredRow } from '../../../resources/rows';
import type { push as pushDecl } from '../../../resources/tables/push';
import { movedFields } from '../../../resources/transitions';
import type { ActionDeclaration } from '../../../resources/types';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { memberPushTokens, push } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { allowedMove, lockInScope, moveLocked } from '../../resources/transition';
import { assertScopeOpen } from '../access/closure';
import { type Audience, assertAudienceAllowed, audienceSize, segmentFilterOf } from './push-audience';

type Row = Record<string, unknown>;

export type PushRow = StoredRow<typeof pushDecl> & Row;

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

// ---- schedule and cancel ----------------------------------------------------------------------------

/** What the push `row` aims at: its company and who in it (push-audience.ts). */
export const audienceOfRow = (row: PushRow): Audience => ({
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
  // nothing is sent for a closed company (26433), whoever schedules it
  await assertScopeOpen(tx, { companyId: row.companyId });
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
