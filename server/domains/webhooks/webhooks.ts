// Outbound webhooks (issue 27, docs/api.md "Webhooks"). A company's endpoints subscribe to event
// types (contract/webhooks.ts). An operation records its event with `recordWebhookEvent(tx, …)` in its
// own transaction: one delivery row and one job per subscribed endpoint, so a delivery exists exactly
// when the operation commits, and a company with no endpoint costs one indexed look-up. The job
// (`webhook-deliver`) posts the event, signed per Standard Webhooks, to the address it checked
// (https, public; the connection pinned to that address so DNS cannot change it in between), follows
// no redirect, logs each attempt, and schedules the next by WEBHOOK_RETRY_SCHEDULE_MS. An endpoint
// failing for a day is disabled and its company's owners are mailed. The secret is stored sealed and
// never logged.
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_EXCERPT_MAX,
  WEBHOOK_RETRY_SCHEDULE_MS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_MS,
  type WebhookAttempt,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPayload,
} from '../../../contract/webhooks';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { prepared } from '../../platform/db/prepared';
import {
  users,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueue, type JobHandler, type JobLog } from '../../platform/jobs';
import { createMailer, escapeHtml } from '../../platform/mail';
import { scrub } from '../../platform/redact';
import { secretBox } from '../../platform/secret-box';
import { authorize } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';

export const WEBHOOK_DELIVER_JOB = 'webhook-deliver';

type WebhookConfig = Pick<Config, 'jwtSecret' | 'webhookAllowLoopback'>;

const secretsOf = (config: Pick<Config, 'jwtSecret'>) => secretBox(config.jwtSecret, 'webhook-secrets v1');

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

// ---- where a webhook may go ---------------------------------------------------------------------

/** Addresses no webhook goes to: private, loopback, link-local, shared, unspecified, multicast… */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address mapped into IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is. */
const plainIp = (ip: string): { ip: string; family: 'ipv4' | 'ipv6' } => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return { ip: mapped[1], family: 'ipv4' };
  return { ip, family: isIP(ip) === 6 ? 'ipv6' : 'ipv4' };
};

const isLoopback = (ip: string): boolean => {
  const p = plainIp(ip);
  return LOOPBACK.check(p.ip, p.family);
};

/** Why an address may not be a webhook's, or null when it may. */
export const addressRefusal = (ip: string, allowLoopback: boolean): string | null => {
  const p = plainIp(ip);
  if (LOOPBACK.check(p.ip, p.family)) return allowLoopback ? null : 'a loopback address';
  if (FORBIDDEN.check(p.ip, p.family)) return 'a private, link-local or reserved address';
  return null;
};

const refuse = (message: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', [{ field: 'url', message }]);

const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The URL checked without the network: absolute https (http only to loopback when
 * WEBHOOK_ALLOW_LOOPBACK), no credentials, and an address literal must be allowed.
 */
const parseWebhookUrl = (raw: string, allowLoopback: boolean): URL => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('is not an absolute URL');
  }
  if (url.username || url.password) throw refuse('may not carry credentials');
  const host = hostOf(url);
  const literal = isIP(host) !== 0;
  const loopbackHost = host === 'localhost' || (literal && isLoopback(host));
  if (url.protocol === 'http:') {
    if (!(allowLoopback && loopbackHost))
      throw refuse(allowLoopback ? 'http is for loopback only: use https' : 'must be https');
  } else if (url.protocol !== 'https:') throw refuse('must be https');
  if (host === 'localhost' && !allowLoopback) throw refuse('is a loopback address');
  if (literal) {
    const why = addressRefusal(host, allowLoopback);
    if (why) throw refuse(`is ${why}`);
  }
  return url;
};

interface Resolved {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The URL's address, looked up now and checked: every address the name has must be allowed. */
const resolveWebhookUrl = async (raw: string, allowLoopback: boolean): Promise<Resolved> => {
  const url = parseWebhookUrl(raw, allowLoopback);
  const host = hostOf(url);
  const literal = isIP(host);
  if (literal !== 0) return { url, address: host, family: literal === 6 ? 6 : 4 };
  let found: { address: string; family: number }[];
  try {
    found = await lookup(host, { all: true });
  } catch {
    throw refuse('does not resolve');
  }
  for (const a of found) {
    const why = addressRefusal(a.address, allowLoopback);
    if (why) throw refuse(`resolves to ${why}`);
  }
  const first = found[0];
  if (!first) throw refuse('does not resolve');
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
};

/** Checks a URL as the create and update do: refused when it could never be delivered to. */
const checkUrlForSave = async (raw: string, allowLoopback: boolean): Promise<string> => {
  const url = parseWebhookUrl(raw, allowLoopback);
  // a name that does not resolve now is kept (DNS may come later); each delivery checks again
  await resolveWebhookUrl(raw, allowLoopback).catch((err: unknown) => {
    if (err instanceof AppError && /resolves to/.test(JSON.stringify(err.data))) throw err;
  });
  return url.toString();
};

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
  const endpoints = await subscribedEndpoints(tx, { companyId: event.companyId, type: event.type });
  if (endpoints.length === 0) return;
  const at = event.at ?? new Date();
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: at.toISOString(),
    data: { ...event.data, companyId: event.companyId },
  };
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

// ---- the routes' services -----------------------------------------------------------------------

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

const actorOf = (caller: Caller) => ({ id: caller.id, email: caller.email });

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
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'create',
      resource: 'webhooks',
      recordId: row.id,
      companyId,
      after: endpointOut(row),
    });
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
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'update',
      resource: 'webhooks',
      recordId: row.id,
      companyId: row.companyId,
      before: endpointOut(before),
      after: endpointOut(row),
    });
    return endpointOut(row);
  });
};

export const deleteWebhook = async (db: Db, caller: Caller, id: number): Promise<{ id: number }> => {
  grant(caller, 'UPDATE');
  return db.transaction(async (tx) => {
    const before = await endpointOf(tx, caller, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, before.id));
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'delete',
      resource: 'webhooks',
      recordId: before.id,
      companyId: before.companyId,
      before: endpointOut(before),
    });
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

// ---- delivering -----------------------------------------------------------------------------------

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
        lookup: (_host, opts, cb) => {
          if ((opts as { all?: boolean }).all) cb(null, [{ address: target.address, family: target.family }]);
          else cb(null, target.address, target.family);
        },
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
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!found) return { skipped: 'no such delivery' };
    const { delivery, endpoint } = found;
    if (!once && delivery.state !== 'PENDING') return { skipped: delivery.state };
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
