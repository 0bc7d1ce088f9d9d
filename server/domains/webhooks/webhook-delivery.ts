// Delivering a webhook (docs/api.md "Webhooks"): the `webhook-deliver` job posts the event, signed per
// Standard Webhooks, to the address it checked (the connection pinned to it), follows no redirect, logs
// each attempt and schedules the next by WEBHOOK_RETRY_SCHEDULE_MS; a day of failures disables the
// endpoint and mails its company's owners.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_EXCERPT_MAX,
  WEBHOOK_RETRY_SCHEDULE_MS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_MS,
} from '../../../contract/webhooks';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import {
  company,
  users,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../platform/db/schema';
import { pinnedLookup } from '../../platform/egress';
import { AppError } from '../../platform/errors';
import { enqueue, type JobHandler, type JobLog } from '../../platform/jobs';
import { createMailer, escapeHtml } from '../../platform/mail';
import { scrub } from '../../platform/redact';
import { isClosedState } from '../access/closure';
import { type Resolved, resolveWebhookUrl } from './webhook-url';
import { secretsOf, WEBHOOK_DELIVER_JOB, type WebhookConfig } from './webhooks';

interface Answer {
  status: number;
  excerpt: string;
}

/** One POST to the checked address, at most WEBHOOK_TIMEOUT_MS, redirects not followed. */
const post = (target: Resolved, headers: Record<string, string>, body: string): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const client = target.url.protocol === 'https:' ? https : http;
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        agent: false,
        // pinned: the connection goes to the address that was checked, whatever DNS says now
        lookup: pinnedLookup(target),
      },
      (res) => {
        let excerpt = '';
        res.setEncoding('utf8');
        const done = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, excerpt: excerpt.slice(0, WEBHOOK_EXCERPT_MAX) });
        };
        res.on('data', (chunk: string) => {
          excerpt += chunk;
          // enough read: the rest of the answer is not ours to keep
          if (excerpt.length >= WEBHOOK_EXCERPT_MAX) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)),
      WEBHOOK_TIMEOUT_MS,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });

/** Node's network and TLS errors in the words the delivery log shows, with the code for whoever digs. */
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused: nothing listens at that address and port',
  ECONNRESET: 'the connection was closed before an answer came',
  EHOSTUNREACH: 'the address cannot be reached',
  ENETUNREACH: 'the address cannot be reached',
  ETIMEDOUT: 'the connection timed out',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the https certificate is not for this host name',
  CERT_HAS_EXPIRED: 'the https certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the https certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the https certificate is not from a trusted authority',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the https certificate is not from a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the https certificate is not from a trusted authority',
};

const networkWords = (err: Error): string => {
  const code = (err as { code?: unknown }).code;
  const words = typeof code === 'string' ? NETWORK_WORDS[code] : undefined;
  if (words) return `${words} (${code})`;
  // a message of Node's may end on a colon before details it leaves out
  return err.message.replace(/[\s:]+$/, '');
};

interface Outcome {
  ok: boolean;
  status: number | null;
  excerpt: string;
  error: string;
  durationMs: number;
}

/** Signs and sends a delivery once; never throws. */
const attempt = async (
  config: WebhookConfig,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
): Promise<Outcome> => {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const target = await resolveWebhookUrl(endpoint.url, config.webhookAllowLoopback);
    const secret = secretsOf(config).open(endpoint.secretSealed);
    if (secret === null)
      throw new Error('the secret cannot be read (JWT_SECRET changed): create the endpoint again');
    const body = JSON.stringify(delivery.payload);
    const sentAt = new Date();
    const headers = {
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(delivery.messageId, sentAt, body),
      'user-agent': 'loyalty-portal-webhooks/1',
    };
    const answer = await post(target, headers, body);
    const ok = answer.status >= 200 && answer.status < 300;
    const error = ok
      ? ''
      : answer.status >= 300 && answer.status < 400
        ? 'a redirect is not followed: give the final address'
        : `answered HTTP ${answer.status}`;
    return { ok, status: answer.status, excerpt: answer.excerpt, error, durationMs: took() };
  } catch (err) {
    const message =
      err instanceof AppError
        ? `the URL ${JSON.stringify((err.data as { message?: string }[] | null)?.[0]?.message ?? err.message)}`
        : err instanceof Error
          ? networkWords(err)
          : String(err);
    return { ok: false, status: null, excerpt: '', error: scrub(message).slice(0, 500), durationMs: took() };
  }
};

/** Tells the company's owners (its merchants who are not invited colleagues) that an endpoint was disabled. */
const tellOwners = async (
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
  log: JobLog,
  endpoint: WebhookEndpointRow,
): Promise<void> => {
  const owners = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, endpoint.companyId),
        eq(users.type, 'MERCHANT'),
        ne(users.invitationType, 'MERCHANT_INVITE_MERCHANT'),
        eq(users.state, 'ENABLE'),
      ),
    );
  // the mailer logs as Fastify's does: the job's logger takes the same (object, message) calls
  const mailer = createMailer(config, db, log as unknown as Parameters<typeof createMailer>[2]);
  const link = `${config.publicUrl}/webhooks`;
  for (const o of owners)
    await mailer.send({
      to: o.email,
      subject: 'A webhook endpoint was disabled',
      text: `Deliveries to ${endpoint.url} failed for a day, so the endpoint was disabled. Fix it, then turn it on again: ${link}`,
      html: `<p>Deliveries to <b>${escapeHtml(endpoint.url)}</b> failed for a day, so the endpoint was disabled.</p><p>Fix it, then turn it on again: <a href="${escapeHtml(link)}">Webhooks</a></p>`,
      link,
    });
};

/**
 * The `webhook-deliver` job: one attempt of one delivery. A scheduled attempt's failure enqueues the
 * next one by WEBHOOK_RETRY_SCHEDULE_MS, or ends the delivery FAILED; a day of failures disables the
 * endpoint. `once` (a test event, "Send again") is one attempt that touches no schedule.
 */
export const deliverWebhookJob =
  (config: Config): JobHandler =>
  async (payload, { db, now, log }) => {
    const deliveryId = Number(payload.deliveryId);
    const once = payload.once === true;
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, companyState: company.state })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .leftJoin(company, eq(company.id, webhookDeliveries.companyId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!found) return { skipped: 'no such delivery' };
    const { delivery, endpoint } = found;
    if (!once && delivery.state !== 'PENDING') return { skipped: delivery.state };
    // a closed company's deliveries wait, PENDING with no next attempt, and none of their attempts is
    // spent: enabling the company sends them (resumeHeldDeliveries)
    if (isClosedState(found.companyState)) {
      if (!once)
        await db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: null })
          .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.state, 'PENDING')));
      return { held: delivery.id, companyState: String(found.companyState) };
    }
    if (!once && !endpoint.enabled) {
      await db
        .update(webhookDeliveries)
        .set({ state: 'FAILED', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      return { skipped: 'endpoint disabled' };
    }
    const outcome = await attempt(config, endpoint, delivery);
    const number = delivery.attempts + 1;
    await db.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      at: now,
      status: outcome.status,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.excerpt,
      error: outcome.error,
    });
    const fields = {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attempt: number,
      status: outcome.status,
    };
    if (outcome.ok) {
      await db
        .update(webhookDeliveries)
        .set({ state: 'SUCCEEDED', attempts: number, nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (delivery.eventType !== WEBHOOK_TEST_EVENT)
        await db
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, endpoint.id));
      log.info(fields, 'webhook delivered');
      return { delivered: delivery.id };
    }
    if (once) {
      await db
        .update(webhookDeliveries)
        .set({ attempts: number })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (delivery.eventType === WEBHOOK_TEST_EVENT)
        await db
          .update(webhookDeliveries)
          .set({ state: 'FAILED', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id));
      log.warn({ ...fields, error: outcome.error }, 'webhook attempt failed');
      return { failed: delivery.id };
    }
    // the endpoint's first failure since its last success
    const [marked] = await db
      .update(webhookEndpoints)
      .set({
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failingSince: webhookEndpoints.failingSince });
    const since = marked?.failingSince ?? now;
    if (now.getTime() - since.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
      const [disabled] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'Every delivery failed for a day' })
        .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
        .returning({ id: webhookEndpoints.id });
      await db
        .update(webhookDeliveries)
        .set({ state: 'FAILED', nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.state, 'PENDING')));
      await db
        .update(webhookDeliveries)
        .set({ attempts: number })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (disabled) await tellOwners(db, config, log, endpoint);
      log.warn({ ...fields, error: outcome.error }, 'webhook endpoint disabled after a day of failures');
      return { failed: delivery.id, endpointDisabled: endpoint.id };
    }
    const wait = WEBHOOK_RETRY_SCHEDULE_MS[number];
    if (wait === undefined) {
      await db
        .update(webhookDeliveries)
        .set({ state: 'FAILED', attempts: number, nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      log.warn({ ...fields, error: outcome.error }, 'webhook delivery failed for good');
      return { failed: delivery.id };
    }
    const runAt = new Date(now.getTime() + wait);
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ attempts: number, nextAttemptAt: runAt })
        .where(eq(webhookDeliveries.id, delivery.id));
      await enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId: delivery.id }, { runAt, maxAttempts: 3 });
    });
    log.warn({ ...fields, error: outcome.error, runAt }, 'webhook attempt failed; will retry');
    return { failed: delivery.id, next: runAt.toISOString() };
  };
