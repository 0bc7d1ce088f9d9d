// Step: push notifications. A company's templates and one push in every state; the sent ones go
// through the job runner once the members exist (sendPushes).
import { sql } from 'drizzle-orm';
import { PUSH_MAX_ATTEMPTS, SEND_PUSH_JOB, schedulePush } from '../../server/domains/push/push';
import { createPushSender } from '../../server/domains/push/push-sender';
import type { Db } from '../../server/platform/db/client';
import { pushDeliveries } from '../../server/platform/db/schema/resources';
import { createJobRunner } from '../../server/platform/jobs';
import { outboxProvider, type PushProvider, TransientPushError } from '../../server/platform/push-providers';
import type { Caller } from '../../server/resources/principal';
import { ago, create, DAY, type Seed } from './context';
import { type CompanySeed, PUSH_STATES } from './data';

export const seedPushes = async (seed: Seed, c: CompanySeed, companyId: number): Promise<void> => {
  const templateIds: number[] = [];
  for (const t of c.templates) {
    templateIds.push(
      await create(seed, 'pushTemplates', {
        companyId,
        title: t.title,
        body: t.body,
        ...(t.deepLink ? { deepLink: t.deepLink } : {}),
      }),
    );
  }
  for (const [i, state] of PUSH_STATES.entries()) {
    const templateId = templateIds[i % Math.max(templateIds.length, 1)];
    const template = c.templates[i % Math.max(c.templates.length, 1)];
    if (templateId === undefined || !template) break;
    const scheduledAt =
      state === 'PENDING' || state === 'SCHEDULED' ? ago(seed, -2 - i) : ago(seed, 7 + i * 5);
    const pushId = await create(seed, 'push', {
      companyId,
      templateId,
      title: template.title,
      body: template.body,
      audience: 'ALL_MEMBERS',
      scheduledAt: scheduledAt.toISOString(),
    });
    if (state === 'SCHEDULED') await schedulePush(seed.tx, seed.op, pushId);
    if (state === 'COMPLETED' || state === 'FAILED')
      seed.pushesToSend.push({ pushId, fail: state === 'FAILED' });
  }
};

/**
 * Schedules the demo's sent pushes and runs their sending jobs as the server's runner would: into the
 * local push outbox, or, for a push meant to show FAILED, against a provider that keeps failing, the
 * runner's retries played out at later and later times until the last one ends it with 7001.
 */
const sendDemoPushes = async (
  db: Db,
  op: Caller,
  pushes: readonly { pushId: number; fail: boolean }[],
  now: Date,
): Promise<void> => {
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const down: PushProvider = {
    name: 'outbox',
    send: () => Promise.reject(new TransientPushError('the provider rejected the credentials (401)')),
  };
  for (const fail of [true, false]) {
    for (const p of pushes.filter((x) => x.fail === fail)) await schedulePush(db, op, p.pushId);
    const runner = createJobRunner({
      db,
      log: quiet,
      handlers: { [SEND_PUSH_JOB]: createPushSender({ provider: fail ? down : outboxProvider }) },
      periodic: [{ name: 'cleanup', everyMs: DAY }],
      instanceId: 'seed-demo',
    });
    // each retry comes back after its backoff: a later poll for each attempt
    for (let attempt = 0; attempt < PUSH_MAX_ATTEMPTS + 1; attempt++) {
      if ((await runner.runDue(new Date(now.getTime() + attempt * 3_600_000))) === 0) break;
    }
  }
};

/**
 * The demo's sent pushes go through the job runner into the local push outbox, one delivery per
 * member; the failed ones meet a provider that keeps failing until their retries are spent.
 */
export const sendPushes = async (seed: Seed): Promise<void> => {
  // the seed's transaction, as the runner's database
  await sendDemoPushes(seed.tx, seed.op, seed.pushesToSend, seed.now);
  seed.counts.pushDeliveries =
    (await seed.tx.select({ n: sql<number>`count(*)::int` }).from(pushDeliveries))[0]?.n ?? 0;
};
