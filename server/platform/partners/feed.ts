// Telling the partner systems (./partners.ts) what happened: in the operation's
// transaction, one job per configured partner that follows the event's type (so it is told exactly
// when the operation commits); the job posts the event's webhook payload and, when the partner fails,
// fails with the partner's family code, retried by the runner (5 attempts) and kept in the job's log.
// The composition root wires the configured partners once (server/app.ts); unwired (the demo seed, a
// bench), nobody is told.
import type { WebhookEventType, WebhookPayload } from '../../../contract/webhooks';
import type { DbOrTx } from '../audit';
import { enqueue, type JobHandler } from '../jobs';
import { PARTNER_FEEDS, PARTNER_NAMES, type PartnerName, type Partners, tellPartner } from './partners';

export const PARTNER_FEED_JOB = 'partner-feed';

let wired: Partners = {};

/** The partners the configuration names (the app wires them when it is built). */
export const wirePartners = (partners: Partners): void => {
  wired = partners;
};

export const wiredPartners = (): Partners => wired;

/** In the operation's transaction: a job for each configured partner that follows `payload`'s type. */
export const enqueuePartnerFeeds = async (tx: DbOrTx, payload: WebhookPayload): Promise<void> => {
  for (const name of PARTNER_NAMES) {
    if (!wired[name] || !PARTNER_FEEDS[name].events.includes(payload.type as WebhookEventType)) continue;
    await enqueue(tx, PARTNER_FEED_JOB, { partner: name, payload: payload as never }, { maxAttempts: 5 });
  }
};

/** The job: tells one partner one event; a partner no longer configured is skipped. */
export const partnerFeedJob: JobHandler = async (payload) => {
  const partner = wired[payload.partner as PartnerName];
  if (!partner) return { skipped: 'the partner is no longer configured' };
  await tellPartner(partner, payload.payload as unknown as WebhookPayload);
  return { told: partner.name };
};
