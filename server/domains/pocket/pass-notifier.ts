// Telling the devices that hold a pass that it changed (issue 26, docs/decisions.md "Wallet passes"),
// behind one interface like the push providers: the local outbox (nothing leaves the machine; the
// wallet_pass_notices rows are the record), or Apple's push service (APNs over HTTP/2, authenticated
// with the pass type's own certificate, an empty payload on the pass type's topic) when
// WALLET_APNS_URL names it and Apple Wallet is configured. Notices are written in the operation's
// transaction (passCardsChanged, server/domains/pocket/passes.ts) and sent after commit by the job
// 'wallet-pass-notices' (server/jobs.ts).
import { connect } from 'node:http2';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { prepared } from '../../platform/db/prepared';
import { walletPasses, walletPassNotices, walletPassRegistrations } from '../../platform/db/schema';
import { providerLookup } from '../../platform/egress';
import { enqueue, type JobContext } from '../../platform/jobs';
import { scrub } from '../../platform/redact';
import { linkKeys } from './links';
import { type AppleSettings, loadWalletSettings, walletSecrets } from './pass-settings';

export const PASS_NOTICES_JOB = 'wallet-pass-notices';
/** Notices sent per transaction by the job. */
export const PASS_NOTICE_BATCH = 100;
/** A notice that failed this many times for a passing reason is given up (FAILED). */
export const PASS_NOTICE_MAX_ATTEMPTS = 5;

/** One device to tell: its push token and the pass type (APNs' topic). */
export interface PassNotice {
  id: number;
  pushToken: string;
  passTypeId: string;
}

export interface PassNoticeOutcome {
  id: number;
  /** SENT, FAILED for good, or RETRY (a passing failure: tried again by a later run) */
  state: 'SENT' | 'FAILED' | 'RETRY';
  error?: string;
  /** the push token is dead (APNs 410 or a bad token): its registrations are deleted */
  tokenGone?: boolean;
}

export interface PassUpdateNotifier {
  /** recorded on each notice: 'outbox', 'apns' or a test's name */
  readonly name: string;
  send(notices: readonly PassNotice[]): Promise<PassNoticeOutcome[]>;
  close?(): Promise<void>;
}

/** The local outbox: nothing leaves the machine; each notice counts as SENT and its row stays. */
export const outboxNotifier: PassUpdateNotifier = {
  name: 'outbox',
  send: async (notices) => notices.map((n) => ({ id: n.id, state: 'SENT' })),
};

/** APNs' answers that mean the token will never work again. */
const TOKEN_GONE = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

/**
 * Apple's push service at `url` (https://api.push.apple.com), over one HTTP/2 connection per run,
 * with the pass type's certificate and key as the TLS client identity. `ca` adds trusted roots (a
 * test's stand-in server).
 */
export const apnsNotifier = (url: string, apple: AppleSettings, ca?: string): PassUpdateNotifier => {
  const session = connect(url, {
    // the connection through the egress guard (server/platform/egress.ts)
    lookup: providerLookup(url),
    cert: apple.signerCertPem,
    key: apple.signerKeyPem,
    ...(apple.signerKeyPassphrase === undefined ? {} : { passphrase: apple.signerKeyPassphrase }),
    ...(ca ? { ca } : {}),
  });
  // the notices waiting for an answer: a connection that fails or ends answers each with a retry
  const pending = new Set<(error: string) => void>();
  const fail = (error: string) => {
    for (const retry of [...pending]) retry(error);
  };
  // unhandled, a connection error would end the process
  session.on('error', (err: Error) => fail(err.message));
  session.on('close', () => fail('the connection to APNs closed'));
  const post = (n: PassNotice): Promise<PassNoticeOutcome> =>
    new Promise((resolve) => {
      let settled = false;
      const retry = (error: string) => done({ id: n.id, state: 'RETRY', error });
      const done = (o: PassNoticeOutcome) => {
        pending.delete(retry);
        if (!settled) {
          settled = true;
          resolve(o);
        }
      };
      if (session.destroyed || session.closed) return retry('the connection to APNs closed');
      pending.add(retry);
      let req: ReturnType<typeof session.request>;
      try {
        req = session.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(n.pushToken)}`,
          'apns-topic': n.passTypeId,
          'content-type': 'application/json',
        });
      } catch (err) {
        done({ id: n.id, state: 'RETRY', error: err instanceof Error ? err.message : String(err) });
        return;
      }
      req.setTimeout(10_000, () => {
        done({ id: n.id, state: 'RETRY', error: 'APNs did not answer in 10 s' });
        req.close();
      });
      let status = 0;
      let body = '';
      req.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      req.setEncoding('utf8');
      req.on('data', (d: string) => {
        if (body.length < 2000) body += d;
      });
      req.on('end', () => {
        if (status === 200) return done({ id: n.id, state: 'SENT' });
        let reason = '';
        try {
          reason = String((JSON.parse(body) as { reason?: unknown }).reason ?? '');
        } catch {
          reason = body.slice(0, 200);
        }
        const error = `APNs ${status}${reason ? ` ${reason}` : ''}`;
        if (status === 410 || TOKEN_GONE.has(reason))
          return done({ id: n.id, state: 'FAILED', error, tokenGone: true });
        if (status === 429 || status >= 500) return done({ id: n.id, state: 'RETRY', error });
        return done({ id: n.id, state: 'FAILED', error });
      });
      req.on('error', (err) => done({ id: n.id, state: 'RETRY', error: err.message }));
      req.end('{}');
    });
  return {
    name: 'apns',
    send: (notices) => Promise.all(notices.map(post)),
    close: () =>
      new Promise<void>((resolve) => {
        if (session.destroyed || session.closed) return resolve();
        session.close(() => resolve());
      }),
  };
};

/** APNs when WALLET_APNS_URL is set and Apple Wallet is configured; else the local outbox. */
export const passNotifierFor = async (
  db: DbOrTx,
  config: Pick<Config, 'walletApnsUrl' | 'jwtSecret' | 'publicUrl'>,
): Promise<PassUpdateNotifier> => {
  if (!config.walletApnsUrl) return outboxNotifier;
  const { apple } = await loadWalletSettings(db, walletSecrets(linkKeys(config)));
  return apple ? apnsNotifier(config.walletApnsUrl, apple) : outboxNotifier;
};

/**
 * The job: sends QUEUED notices a batch per transaction (rows another instance holds are skipped),
 * records each outcome, deletes the registrations of dead tokens. Answers how many it sent.
 */
export const sendPassNotices = async (
  db: Db,
  notifier: PassUpdateNotifier,
  ctx: Pick<JobContext, 'now'>,
): Promise<{ sent: number; failed: number }> => {
  let sent = 0;
  let failed = 0;
  // notices that wait for a retry: a later run tries them again, not this one
  const later: number[] = [];
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(walletPassNotices)
        .where(
          and(
            eq(walletPassNotices.state, 'QUEUED'),
            later.length > 0 ? notInArray(walletPassNotices.id, later) : undefined,
          ),
        )
        .orderBy(asc(walletPassNotices.id))
        .limit(PASS_NOTICE_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const outcomes = await notifier.send(
        due.map((d) => ({ id: d.id, pushToken: d.pushToken, passTypeId: d.passTypeId })),
      );
      const byId = new Map(outcomes.map((o) => [o.id, o]));
      for (const row of due) {
        const o = byId.get(row.id) ?? { id: row.id, state: 'RETRY' as const, error: 'no outcome' };
        const attempts = row.attempts + 1;
        const giveUp = o.state === 'RETRY' && attempts >= PASS_NOTICE_MAX_ATTEMPTS;
        const state = o.state === 'RETRY' && !giveUp ? 'QUEUED' : o.state === 'SENT' ? 'SENT' : 'FAILED';
        if (state === 'QUEUED') later.push(row.id);
        if (state === 'SENT') sent += 1;
        if (state === 'FAILED') failed += 1;
        await tx
          .update(walletPassNotices)
          .set({
            state,
            attempts,
            provider: notifier.name,
            error: o.error === undefined ? null : scrub(o.error).slice(0, 500),
            ...(state === 'SENT' ? { sentAt: ctx.now } : {}),
          })
          .where(eq(walletPassNotices.id, row.id));
        if (o.tokenGone)
          await tx
            .delete(walletPassRegistrations)
            .where(
              and(
                eq(walletPassRegistrations.pushToken, row.pushToken),
                inArray(walletPassRegistrations.passTypeId, [row.passTypeId]),
              ),
            );
      }
      return due.length;
    });
    if (handled < PASS_NOTICE_BATCH) break;
  }
  return { sent, failed };
};

// ---- update notices -------------------------------------------------------------------------------

const touchPasses = prepared('wallet_passes_touch', (db) =>
  db
    .update(walletPasses)
    .set({ updatedAt: sql`${sql.placeholder('now')}` })
    .where(eq(walletPasses.memberCardId, sql.placeholder('id')))
    .returning({ id: walletPasses.memberCardId }),
);

/**
 * A card's content changed (a stamping, a void, a completion, an expiry): inside the operation's
 * transaction, its pass's time moves on, and a notice is queued for each device registered for it,
 * sent after commit by the 'wallet-pass-notices' job. A card without a pass costs one UPDATE of no row.
 */
export const passCardsChanged = async (tx: DbOrTx, cardIds: readonly number[], now: Date): Promise<void> => {
  if (cardIds.length === 0) return;
  const touched =
    cardIds.length === 1
      ? ((await touchPasses(tx, { id: cardIds[0], now })) as { id: number }[])
      : await tx
          .update(walletPasses)
          .set({ updatedAt: now })
          .where(inArray(walletPasses.memberCardId, [...cardIds]))
          .returning({ id: walletPasses.memberCardId });
  if (touched.length === 0) return;
  const devices = await tx
    .selectDistinct({
      pushToken: walletPassRegistrations.pushToken,
      passTypeId: walletPassRegistrations.passTypeId,
      cardId: walletPassRegistrations.memberCardId,
    })
    .from(walletPassRegistrations)
    .where(
      inArray(
        walletPassRegistrations.memberCardId,
        touched.map((t) => t.id),
      ),
    );
  if (devices.length === 0) return;
  await tx.insert(walletPassNotices).values(
    devices.map((d) => ({
      pushToken: d.pushToken,
      passTypeId: d.passTypeId,
      memberCardId: d.cardId,
      createTime: now,
    })),
  );
  // sent right after commit; a run finding them already sent by another finishes at once, and the
  // minute sweep (PERIODIC_JOBS) retries what a run left for later
  await enqueue(tx, PASS_NOTICES_JOB, {});
};
