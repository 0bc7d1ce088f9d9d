// The providers a push notification goes through, behind one interface (docs/operations.md "Push
// notifications"): Firebase Cloud Messaging through its official Admin SDK when FCM_CREDENTIALS names
// a service-account file, else the local push outbox, which sends nothing and lets the sender record
// every message per member (the push_deliveries rows are the outbox, readable by operators). Tests
// pass a stand-in of their own to `createPushSender`.
import { readFileSync } from 'node:fs';
import type { PushDeliveryState } from '../../contract/enums';
import { providerAgent } from './egress';

/** One member's message: the text filled in for them and every app token they have. */
export interface PushMessage {
  memberMobile: string;
  tokens: readonly string[];
  title: string;
  body: string;
  /** what the app receives with it: the push's id, and a deep link when the template has one */
  data: Readonly<Record<string, string>>;
}

/** What became of one member's message. */
export interface PushOutcome {
  memberMobile: string;
  state: PushDeliveryState;
  /** the tokens that took the message */
  delivered: number;
  /** the tokens the provider calls unregistered or invalid: the sender deletes them */
  dropped: readonly string[];
  error?: string;
}

/**
 * A provider failing as a whole for now (unreachable, quota, 5xx): the sender leaves the batch
 * unsent and the job runner retries it with backoff; once retries are spent the push ends FAILED.
 */
export class TransientPushError extends Error {
  override name = 'TransientPushError';
}

export interface PushProvider {
  /** recorded on each delivery: 'outbox', 'fcm' or a test's name */
  readonly name: string;
  /** one outcome per message, in any order; throws TransientPushError to have the batch retried */
  send(messages: readonly PushMessage[]): Promise<PushOutcome[]>;
}

/**
 * The local push outbox: nothing leaves the machine. Every message counts as SENT to each of the
 * member's tokens (none needed), and the delivery row the sender writes is the outbox entry.
 */
export const outboxProvider: PushProvider = {
  name: 'outbox',
  send: async (messages) =>
    messages.map((m) => ({
      memberMobile: m.memberMobile,
      state: 'SENT',
      delivered: m.tokens.length,
      dropped: [],
    })),
};

/** FCM's answers that mean the token is gone for good. */
const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);
/** FCM's answers that mean "later", not "never". */
const LATER = new Set([
  'messaging/internal-error',
  'messaging/server-unavailable',
  'messaging/unavailable',
  'messaging/message-rate-exceeded',
  'messaging/quota-exceeded',
  'messaging/device-message-rate-exceeded',
]);

/** Firebase Cloud Messaging through firebase-admin, with the service account in `credentialsFile`. */
export const fcmProvider = async (credentialsFile: string): Promise<PushProvider> => {
  const { cert, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const serviceAccount: unknown = JSON.parse(readFileSync(credentialsFile, 'utf8'));
  const app = initializeApp(
    {
      credential: cert(serviceAccount as Parameters<typeof cert>[0]), // the file's shape is Firebase's to check
      // Firebase's and Google's calls through the egress guard (server/platform/egress.ts)
      httpAgent: providerAgent('https://fcm.googleapis.com'),
    },
    `loyalty-push-${process.pid}`,
  );
  const messaging = getMessaging(app);
  return {
    name: 'fcm',
    send: async (messages) => {
      const targets = messages.flatMap((m) => m.tokens.map((token) => ({ m, token })));
      if (targets.length === 0) return messages.map(noToken);
      const out = new Map<string, { delivered: number; dropped: string[]; errors: string[] }>();
      for (const m of messages) out.set(m.memberMobile, { delivered: 0, dropped: [], errors: [] });
      let later = 0;
      // sendEach takes at most 500 messages
      for (let i = 0; i < targets.length; i += 500) {
        const chunk = targets.slice(i, i + 500);
        const answer = await messaging
          .sendEach(
            chunk.map(({ m, token }) => ({
              token,
              notification: { title: m.title, body: m.body },
              data: { ...m.data },
            })),
          )
          .catch((err: unknown) => {
            throw new TransientPushError(err instanceof Error ? err.message : String(err));
          });
        answer.responses.forEach((r, n) => {
          const target = chunk[n];
          const entry = target && out.get(target.m.memberMobile);
          if (!target || !entry) return;
          if (r.success) entry.delivered += 1;
          else if (r.error && GONE.has(r.error.code)) entry.dropped.push(target.token);
          else {
            if (r.error && LATER.has(r.error.code)) later += 1;
            entry.errors.push(r.error?.code ?? 'unknown error');
          }
        });
      }
      // nothing got through and FCM said "later": retry the batch as a whole
      if (later > 0 && [...out.values()].every((e) => e.delivered === 0))
        throw new TransientPushError(`FCM unavailable for ${later} of ${targets.length} messages`);
      return messages.map((m) => {
        if (m.tokens.length === 0) return noToken(m);
        const e = out.get(m.memberMobile) ?? { delivered: 0, dropped: [], errors: [] };
        const state: PushDeliveryState =
          e.delivered > 0 ? 'SENT' : e.dropped.length === m.tokens.length ? 'DROPPED' : 'FAILED';
        return {
          memberMobile: m.memberMobile,
          state,
          delivered: e.delivered,
          dropped: e.dropped,
          ...(e.errors.length > 0 ? { error: [...new Set(e.errors)].join(', ') } : {}),
        };
      });
    },
  };
};

/** A member without an app token cannot be reached through FCM. */
const noToken = (m: PushMessage): PushOutcome => ({
  memberMobile: m.memberMobile,
  state: 'FAILED',
  delivered: 0,
  dropped: [],
  error: 'the member has no app token',
});

/** FCM when FCM_CREDENTIALS names a service-account file, else the local push outbox. */
export const pushProviderFor = async (config: {
  fcmCredentials: string | undefined;
}): Promise<PushProvider> => (config.fcmCredentials ? fcmProvider(config.fcmCredentials) : outboxProvider);
