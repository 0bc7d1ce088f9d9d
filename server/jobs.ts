// Every job the server runs, by name, and the periodic ones with their period. A new job is one
// entry here (and, when periodic, one in PERIODIC_JOBS); the runner (platform/jobs.ts) adds 'cleanup'.

import {
  CAMPAIGN_REWARD_JOB,
  CAMPAIGNS_DAILY_EVERY_MS,
  CAMPAIGNS_DAILY_JOB,
  campaignRewardJob,
  runDailyCampaigns,
} from './domains/campaigns/voucher-campaigns';
import { IMPORT_JOB, importJob } from './domains/integrations/imports';
import {
  runDueExports,
  SCHEDULED_EXPORTS_EVERY_MS,
  SCHEDULED_EXPORTS_JOB,
} from './domains/integrations/scheduled-exports';
import {
  companyLevelsJob,
  MEMBER_LEVEL_REWARD_JOB,
  MEMBER_LEVELS_COMPANY_JOB,
  MEMBER_LEVELS_EVERY_MS,
  MEMBER_LEVELS_JOB,
  runNightlyLevels,
} from './domains/members/levels';
import { SEND_MEMBER_MESSAGE_JOB, type SmsProvider, sendMemberMessageJob } from './domains/members/messages';
import {
  PASS_NOTICES_JOB,
  type PassUpdateNotifier,
  passNotifierFor,
  sendPassNotices,
} from './domains/pocket/pass-notifier';
import { PUSH_JOB_SLICE_MS, SEND_PUSH_JOB } from './domains/push/push';
import { createPushSender } from './domains/push/push-sender';
import { expireDueMemberCards } from './domains/stamping/card-expiry';
import { runSignalsJob, SIGNALS_EVERY_MS, SIGNALS_JOB } from './domains/stamping/signals';
import { levelRewardJob } from './domains/vouchers/level-rewards';
import { expireDueVouchers } from './domains/vouchers/vouchers';
import { deliverWebhookJob } from './domains/webhooks/webhook-delivery';
import { WEBHOOK_DELIVER_JOB } from './domains/webhooks/webhooks';
import type { Config } from './platform/config';
import type { JobHandler, PeriodicJob } from './platform/jobs';
import { createMailer, SEND_MAIL_JOB, sendMailJob } from './platform/mail';
import { PARTNER_FEED_JOB, partnerFeedJob } from './platform/partners/feed';
import { outboxProvider, type PushProvider } from './platform/push-providers';

/** What the handlers need besides the database, which each gets from its context. */
export interface JobDeps {
  config: Config;
  /** where pushes go: `pushProviderFor(config)` in the server; the local outbox when not given */
  pushProvider?: PushProvider;
  /** where wallet pass update notices go; default: APNs when WALLET_APNS_URL is set and Apple Wallet is configured, else the local outbox */
  passNotifier?: PassUpdateNotifier;
  /** where SMS go: the local SMS outbox when not given */
  smsProvider?: SmsProvider;
}

export const jobHandlers = (deps: JobDeps): Record<string, JobHandler> => ({
  [SEND_MAIL_JOB]: sendMailJob(deps.config),
  // a member's own message: a card's or voucher's link, a poster sign-up's code (issue 26)
  [SEND_MEMBER_MESSAGE_JOB]: sendMemberMessageJob({
    ...(deps.pushProvider ? { push: deps.pushProvider } : {}),
    ...(deps.smsProvider ? { sms: deps.smsProvider } : {}),
  }),
  [SEND_PUSH_JOB]: createPushSender({
    provider: deps.pushProvider ?? outboxProvider,
    batch: deps.config.pushBatchSize,
    // a sending job hands on its rest well inside its lease
    sliceMs: Math.min(PUSH_JOB_SLICE_MS, deps.config.jobLeaseMs / 3),
  }),
  // a CSV import (server/domains/integrations/imports.ts): the file's rows a chunk per transaction
  [IMPORT_JOB]: importJob,
  // outbound webhooks (server/domains/webhooks/webhook-delivery.ts): one attempt of one delivery, the next one enqueued by it
  [WEBHOOK_DELIVER_JOB]: deliverWebhookJob(deps.config),
  // the partner systems (server/platform/partners/feed.ts): one event told to one partner
  [PARTNER_FEED_JOB]: partnerFeedJob,
  'expire-vouchers': async (_payload, { db, now }) => ({ expired: await expireDueVouchers(db, now) }),
  'expire-member-cards': async (_payload, { db, now }) => ({ expired: await expireDueMemberCards(db, now) }),
  // fraud signals from the stamping ledger (server/domains/stamping/signals.ts); its result says where it stopped
  [SIGNALS_JOB]: async (_payload, { db, now }) => runSignalsJob(db, now),
  // member levels (server/domains/members/levels.ts): the hourly pass enqueues one recompute per company
  // and company-local day; a company's recompute (NIGHTLY or RULES_CHANGED); a level's reward
  [MEMBER_LEVELS_JOB]: async (_payload, { db, now }) => runNightlyLevels(db, now),
  [MEMBER_LEVELS_COMPANY_JOB]: companyLevelsJob,
  [MEMBER_LEVEL_REWARD_JOB]: levelRewardJob,
  // campaigns (server/domains/campaigns/voucher-campaigns.ts): one member's voucher reward; the pass that
  // finds who is due (win-back, birthday) and ends campaigns whose window closed
  [CAMPAIGN_REWARD_JOB]: campaignRewardJob,
  [CAMPAIGNS_DAILY_JOB]: async (_payload, { db, now }) => runDailyCampaigns(db, now),
  // scheduled exports (server/domains/integrations/scheduled-exports.ts): each due one's CSV mailed through the outbox
  [SCHEDULED_EXPORTS_JOB]: async (_payload, { db, now, log }) => {
    const mailer = createMailer(deps.config, db, {
      info: (obj: object, msg?: string) => log.info(obj, msg ?? ''),
      error: (obj: object, msg?: string) => log.error(obj, msg ?? ''),
    } as Parameters<typeof createMailer>[2]); // JobLog is pino's (obj, msg) form, without its overloads
    const runs = await runDueExports(db, mailer, { now, brand: deps.config.brand });
    return {
      sent: runs.filter((r) => r.result === 'SENT').length,
      failed: runs.filter((r) => r.result === 'FAILED').length,
    };
  },
  // wallet pass update notices (server/domains/pocket/pass-notifier.ts): queued by a card's change, sent after commit
  [PASS_NOTICES_JOB]: async (_payload, { db, now }) => {
    const given = deps.passNotifier;
    const notifier = given ?? (await passNotifierFor(db, deps.config));
    try {
      return await sendPassNotices(db, notifier, { now });
    } finally {
      if (!given) await notifier.close?.();
    }
  },
});

export const PERIODIC_JOBS: PeriodicJob[] = [
  { name: 'expire-vouchers', everyMs: 60_000 },
  { name: 'expire-member-cards', everyMs: 60_000 },
  { name: SIGNALS_JOB, everyMs: SIGNALS_EVERY_MS },
  { name: MEMBER_LEVELS_JOB, everyMs: MEMBER_LEVELS_EVERY_MS },
  // the notices a run left for a retry, or queued in the second a run had already taken
  { name: PASS_NOTICES_JOB, everyMs: 60_000 },
  { name: SCHEDULED_EXPORTS_JOB, everyMs: SCHEDULED_EXPORTS_EVERY_MS },
  { name: CAMPAIGNS_DAILY_JOB, everyMs: CAMPAIGNS_DAILY_EVERY_MS },
];
