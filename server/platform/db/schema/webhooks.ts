// Outbound webhooks (issue 27, docs/api.md "Webhooks"): a company's endpoints, each event's delivery
// to one endpoint, and every attempt of a delivery. Hand-written rather than declared: an endpoint's
// secret is a column no answer may carry, and deliveries are written by the event recorder and the
// delivery job only (docs/decisions.md "Webhooks").
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryState, WebhookEventType, WebhookPayload } from '../../../../contract/webhooks';
import { createTimeColumn, requiredRef, timestamps, timestampTz } from './columns';
import { company } from './resources';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    /** the `whsec_…` secret, sealed (server/platform/secret-box.ts): the database alone never shows it */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: timestampTz('failing_since'),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  // the event recorder's one look-up per operation: a company's enabled endpoints
  (t) => [index('webhook_endpoints_company_enabled_idx').on(t.companyId).where(sql`${t.enabled}`)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: requiredRef('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    companyId: integer('company_id').notNull(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<WebhookPayload>().notNull(),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at'),
    createTime: createTimeColumn(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id)],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: requiredRef('delivery_id', () => webhookDeliveries.id, 'cascade'),
    at: timestampTz('at').notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error').notNull().default(''),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
