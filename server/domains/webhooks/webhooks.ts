// Outbound webhooks (issue 27, docs/api.md "Webhooks"). A company's endpoints subscribe to event
// types (contract/webhooks.ts). An operation records its event with `recordWebhookEvent(tx, …)` in its
// own transaction: one delivery row and one job per subscribed endpoint, so a delivery exists exactly
// when the operation commits, and a company with no endpoint costs one indexed look-up. The job
// (`webhook-deliver`) posts the event, signed per Standard Webhooks, to the address it checked
// (https, public; the connection pinned to that address so DNS cannot change it in between), follows
// no redirect, logs each attempt, and schedules the next by WEBHOOK_RETRY_SCHEDULE_MS. An endpoint
// failing for a day is disabled and its company's owners are mailed. The secret is stored sealed and
// never logged.
// Here: recording an event (the outbox); the endpoints' service is webhook-endpoints.ts, the delivery
// job webhook-delivery.ts, the URL guard webhook-url.ts.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { WebhookEventType, WebhookPayload } from '../../../contract/webhooks';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { prepared } from '../../platform/db/prepared';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema';
import { enqueue } from '../../platform/jobs';
import { enqueuePartnerFeeds } from '../../platform/partners/feed';
import { secretBox } from '../../platform/secret-box';
import { isClosedState } from '../access/closure';

export const WEBHOOK_DELIVER_JOB = 'webhook-deliver';

export type WebhookConfig = Pick<Config, 'jwtSecret' | 'webhookAllowLoopback'>;

export const secretsOf = (config: Pick<Config, 'jwtSecret'>) =>
  secretBox(config.jwtSecret, 'webhook-secrets v1');

// ---- recording an event -------------------------------------------------------------------------

export interface WebhookEvent {
  companyId: number;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** when it happened (default now) */
  at?: Date;
}

/** A company's enabled endpoints subscribed to a type: built once (it runs in every stamping). */
const subscribedEndpoints = prepared('webhook_endpoints_subscribed', (db) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, sql.placeholder('companyId')),
        // written out, not a parameter: so the partial index (company_id WHERE enabled) serves it
        sql`${webhookEndpoints.enabled}`,
        sql`${sql.placeholder('type')}::text = any(${webhookEndpoints.events})`,
      ),
    ),
);

/**
 * Records an event in the caller's transaction: a delivery and its job for every enabled endpoint of
 * the company subscribed to the type. Nothing but one indexed look-up when none is.
 */
export const recordWebhookEvent = async (tx: DbOrTx, event: WebhookEvent): Promise<void> => {
  const at = event.at ?? new Date();
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: at.toISOString(),
    data: { ...event.data, companyId: event.companyId },
  };
  // the partner systems a deployment connected are told the same event (issue 42)
  await enqueuePartnerFeeds(tx, payload);
  const endpoints = await subscribedEndpoints(tx, { companyId: event.companyId, type: event.type });
  if (endpoints.length === 0) return;
  const messageId = `msg_${randomBytes(12).toString('hex')}`;
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((e) => ({
        endpointId: e.id,
        companyId: event.companyId,
        // one id per event: a receiver subscribed twice can tell it is the same event
        messageId,
        eventType: event.type,
        payload,
        nextAttemptAt: at,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const r of rows) await enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId: r.id }, { maxAttempts: 3 });
};

/**
 * A company enabled again: its deliveries held while it was closed (PENDING without a next attempt)
 * are sent now, in the enabling's transaction (their jobs commit with it).
 */
export const resumeHeldDeliveries = async (
  tx: DbOrTx,
  companyId: number,
  now = new Date(),
): Promise<number> => {
  const held = await tx
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.state, 'PENDING'),
        isNull(webhookDeliveries.nextAttemptAt),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  for (const { id } of held) await enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId: id }, { maxAttempts: 3 });
  return held.length;
};

/**
 * The company table's write hook (server/domains/tables/extensions.ts): a company going from closed
 * (DISABLED) to ACTIVE sends what was held.
 */
export const afterCompanyWritten = async (
  tx: DbOrTx,
  written: readonly { before?: Record<string, unknown>; after?: Record<string, unknown> }[],
): Promise<void> => {
  for (const { before, after } of written)
    if (isClosedState(before?.state) && after?.state === 'ACTIVE' && typeof after.id === 'number')
      await resumeHeldDeliveries(tx, after.id);
};
