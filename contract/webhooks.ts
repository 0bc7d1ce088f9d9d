// Outbound webhooks (issue 27, docs/api.md "Webhooks"): the event types a company's endpoint may
// subscribe to, the wire types of its routes and the delivery schedule. Read by the server (recording,
// delivering, the routes' schemas) and the portal (the /webhooks screen).

/** Every event a webhook endpoint may subscribe to, `noun.verb` (Standard Webhooks' `type`). */
export const WEBHOOK_EVENT_TYPES = [
  'member_card.issued',
  'stamp.given',
  'stamp.voided',
  'card.completed',
  'voucher.issued',
  'voucher.redeemed',
  'voucher.donated',
  'voucher.voided',
  'voucher.expired',
  'topup.succeeded',
  'push.completed',
  // campaigns (issue 43): a reward given (stamps added, a voucher), a campaign that ended by itself
  'campaign.rewarded',
  'campaign.ended',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" delivers: not subscribable, sent to the one endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;

/** The body every delivery posts (Standard Webhooks' payload shape). */
export interface WebhookPayload {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** ISO 8601, when the event happened */
  timestamp: string;
  /** the company the event belongs to, and the event's own facts (ids, mobile, amounts as strings) */
  data: Record<string, unknown> & { companyId: number };
}

/** A delivery: PENDING until an attempt gets a 2xx (SUCCEEDED) or the schedule runs out (FAILED). */
export const WEBHOOK_DELIVERY_STATES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * The wait before each attempt, ms (Standard Webhooks' suggestion): at once, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h: about 27.6 hours from the first to the last.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** An endpoint failing this long without a success is disabled and its company's owners told. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 3_600_000;
/** One attempt's limit (connect and answer), ms. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** The part of an endpoint's answer kept in the delivery log, characters. */
export const WEBHOOK_EXCERPT_MAX = 1024;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** An endpoint as the routes answer it: never its secret (shown once, by the create). */
export interface WebhookEndpoint {
  id: number;
  companyId: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** why it was disabled by the server (a day of failures); null when enabled or turned off by hand */
  disabledReason: string | null;
  /** the first failure since the last success; null while it succeeds */
  failingSince: string | null;
  createTime: string;
  updateTime: string;
}

/** `POST /webhooks`'s answer: the secret (Standard Webhooks `whsec_…`), shown this once. */
export interface WebhookCreated {
  id: number;
  secret: string;
}

export interface WebhookAttempt {
  id: number;
  at: string;
  /** the HTTP status answered; null when none came (refused address, timeout, network) */
  status: number | null;
  durationMs: number;
  /** the first WEBHOOK_EXCERPT_MAX characters of the answer's body */
  responseExcerpt: string;
  /** why it failed without a status, or that a 3xx is not followed; '' on a 2xx */
  error: string;
}

export interface WebhookDelivery {
  id: number;
  endpointId: number;
  /** the `webhook-id` header: the same on every attempt, for the receiver to deduplicate */
  messageId: string;
  eventType: string;
  state: WebhookDeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  createTime: string;
  payload: WebhookPayload;
  /** newest first */
  log: WebhookAttempt[];
}
