// The webhook endpoints' service, for the routes (docs/api.md "Webhooks"): list, read, create (its
// secret answered once), update and delete a company's endpoints; an endpoint's deliveries with their
// attempts, a test event, and "Send again".
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookAttempt,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPayload,
} from '../../../contract/webhooks';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { authorize } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { checkUrlForSave } from './webhook-url';
import { secretsOf, WEBHOOK_DELIVER_JOB, type WebhookConfig } from './webhooks';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const endpointOut = (r: WebhookEndpointRow): WebhookEndpoint => ({
  id: r.id,
  companyId: r.companyId,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  failingSince: iso(r.failingSince),
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
});

/** The audit row of the caller's change to an endpoint, with the endpoint before and after as answered. */
const auditEndpoint = (
  tx: DbOrTx,
  caller: Caller,
  action: 'create' | 'update' | 'delete',
  endpoint: WebhookEndpointRow,
  change: { before?: WebhookEndpointRow; after?: WebhookEndpointRow },
): Promise<void> =>
  recordAudit(tx, {
    actor: { id: caller.id, email: caller.email },
    action,
    resource: 'webhooks',
    recordId: endpoint.id,
    companyId: endpoint.companyId,
    ...(change.before ? { before: endpointOut(change.before) } : {}),
    ...(change.after ? { after: endpointOut(change.after) } : {}),
  });

const grant = (caller: Caller, action: 'VIEW' | 'ADD' | 'UPDATE') =>
  authorize(caller, { resource: 'webhook', action, roles: ['operator', 'merchant'] });

/** The caller's company's condition; operators see every company's. */
const inScope = (caller: Caller) =>
  caller.type === 'OPERATOR' ? undefined : eq(webhookEndpoints.companyId, caller.companyId ?? -1);

const endpointOf = async (db: DbOrTx, caller: Caller, id: number): Promise<WebhookEndpointRow> => {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), inScope(caller)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
};

export const listWebhooks = async (
  db: Db,
  caller: Caller,
  q: { companyId?: number | undefined },
): Promise<WebhookEndpoint[]> => {
  grant(caller, 'VIEW');
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        inScope(caller),
        q.companyId !== undefined ? eq(webhookEndpoints.companyId, q.companyId) : undefined,
      ),
    )
    .orderBy(desc(webhookEndpoints.id))
    .limit(200);
  return rows.map(endpointOut);
};

export const getWebhook = async (db: Db, caller: Caller, id: number): Promise<WebhookEndpoint> => {
  grant(caller, 'VIEW');
  return endpointOut(await endpointOf(db, caller, id));
};

export interface WebhookCreateBody {
  url: string;
  events: WebhookEventType[];
  description?: string | undefined;
  companyId?: number | undefined;
}

export const createWebhook = async (
  db: Db,
  config: WebhookConfig,
  caller: Caller,
  body: WebhookCreateBody,
): Promise<WebhookCreated> => {
  grant(caller, 'ADD');
  const companyId = caller.type === 'OPERATOR' ? body.companyId : caller.companyId;
  if (companyId === undefined || companyId === null)
    throw caller.type === 'OPERATOR'
      ? new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'companyId', message: 'is required' }])
      : new AppError('USER_HAS_NO_COMPANY');
  const url = await checkUrlForSave(body.url, config.webhookAllowLoopback);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId,
        url,
        description: body.description ?? '',
        events: [...new Set(body.events)],
        secretSealed: secretsOf(config).seal(secret),
        createdBy: caller.id,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await auditEndpoint(tx, caller, 'create', row, { after: row });
    return { id: row.id, secret };
  });
};

export interface WebhookUpdateBody {
  url?: string | undefined;
  events?: WebhookEventType[] | undefined;
  description?: string | undefined;
  enabled?: boolean | undefined;
}

export const updateWebhook = async (
  db: Db,
  config: WebhookConfig,
  caller: Caller,
  id: number,
  body: WebhookUpdateBody,
): Promise<WebhookEndpoint> => {
  grant(caller, 'UPDATE');
  const url =
    body.url === undefined ? undefined : await checkUrlForSave(body.url, config.webhookAllowLoopback);
  return db.transaction(async (tx) => {
    const before = await endpointOf(tx, caller, id);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        // turned on again: a fresh start, its failures forgotten
        ...(body.enabled !== undefined
          ? { enabled: body.enabled, disabledReason: null, ...(body.enabled ? { failingSince: null } : {}) }
          : {}),
      })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await auditEndpoint(tx, caller, 'update', row, { before, after: row });
    return endpointOut(row);
  });
};

export const deleteWebhook = async (db: Db, caller: Caller, id: number): Promise<{ id: number }> => {
  grant(caller, 'UPDATE');
  return db.transaction(async (tx) => {
    const before = await endpointOf(tx, caller, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, before.id));
    await auditEndpoint(tx, caller, 'delete', before, { before });
    return { id: before.id };
  });
};

const DELIVERIES_SHOWN = 50;
const ATTEMPTS_SHOWN = 10;

const deliveryOut = (d: WebhookDeliveryRow, log: WebhookAttempt[]): WebhookDelivery => ({
  id: d.id,
  endpointId: d.endpointId,
  messageId: d.messageId,
  eventType: d.eventType,
  state: d.state,
  attempts: d.attempts,
  nextAttemptAt: iso(d.nextAttemptAt),
  createTime: d.createTime.toISOString(),
  payload: d.payload,
  log,
});

const attemptsOf = async (db: DbOrTx, ids: number[]): Promise<Map<number, WebhookAttempt[]>> => {
  const out = new Map<number, WebhookAttempt[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, ids))
    .orderBy(desc(webhookAttempts.id));
  for (const r of rows) {
    const list = out.get(r.deliveryId) ?? [];
    if (list.length < ATTEMPTS_SHOWN)
      list.push({
        id: r.id,
        at: r.at.toISOString(),
        status: r.status,
        durationMs: r.durationMs,
        responseExcerpt: r.responseExcerpt,
        error: r.error,
      });
    out.set(r.deliveryId, list);
  }
  return out;
};

/** `GET /webhooks/{id}/deliveries`: the endpoint's latest 50 deliveries, each with its attempts. */
export const listDeliveries = async (db: Db, caller: Caller, id: number): Promise<WebhookDelivery[]> => {
  grant(caller, 'VIEW');
  const endpoint = await endpointOf(db, caller, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
  const log = await attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => deliveryOut(r, log.get(r.id) ?? []));
};

const deliveryView = async (db: DbOrTx, id: number): Promise<WebhookDelivery> => {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return deliveryOut(row, (await attemptsOf(db, [id])).get(id) ?? []);
};

/** `POST /webhooks/{id}/test`: a `webhook.test` event to this endpoint only, sent once, now. */
export const sendTestEvent = async (db: Db, caller: Caller, id: number): Promise<WebhookDelivery> => {
  grant(caller, 'UPDATE');
  return db.transaction(async (tx) => {
    const endpoint = await endpointOf(tx, caller, id);
    const now = new Date();
    const payload: WebhookPayload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { companyId: endpoint.companyId, endpointId: endpoint.id, message: 'A test event' },
    };
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        companyId: endpoint.companyId,
        messageId: `msg_${randomBytes(12).toString('hex')}`,
        eventType: WEBHOOK_TEST_EVENT,
        payload,
        nextAttemptAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new Error('insert returned nothing');
    await enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId: row.id, once: true }, { maxAttempts: 1 });
    return deliveryView(tx, row.id);
  });
};

/**
 * `POST /webhook-deliveries/{id}/retry` ("Send again"): one more attempt now, with the same
 * `webhook-id` and body. It does not touch the delivery's schedule: a success ends it SUCCEEDED, a
 * failure leaves its state as it was (and counts nowhere towards disabling the endpoint).
 */
export const retryDelivery = async (db: Db, caller: Caller, id: number): Promise<WebhookDelivery> => {
  grant(caller, 'UPDATE');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, id), inScope(caller)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    await enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId: row.id, once: true }, { maxAttempts: 1 });
    return deliveryView(tx, row.id);
  });
};
