// What the portal tests' set-ups make through the real server's routes, with the defaults most of them
// want: a voucher pack and a stamp card programme of Acme Coffee running from two months ago to ten
// months ahead, a push whose provider refused every attempt, and a run of the job runner (which a test
// app leaves to the test). Each demo (vouchers, stamp cards, pushes, dashboard, analytics, screens)
// builds its own story from these.

import { jobHandlers } from '../../server/jobs';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { outboxProvider, type PushProvider } from '../../server/platform/push-providers';
import type { Api } from './api';
import type { RealBackend } from './server';
import { WORLD } from './world';

export const DAY_MS = 86_400_000;

/** The calendar day (UTC) `days` from now, as the API writes dates. */
export const dayFromNow = (days: number, now = Date.now()): string =>
  new Date(now + days * DAY_MS).toISOString().slice(0, 10);

/** An ACTIVE voucher pack of Acme Coffee, free to issue: `values` on top of Free Kopi's. */
export const newPack = (merchant: Api, values: Record<string, unknown> = {}) =>
  merchant<{ id: number; title: string }>('POST', '/voucher-packs', {
    brandId: WORLD.acme.brandId,
    title: 'Free Kopi',
    price: 0,
    giftable: false,
    voucherValue: 4.5,
    quantity: 500,
    issueLimitPerMember: 5,
    validFrom: dayFromNow(-60),
    validUntil: dayFromNow(300),
    ...values,
  });

/** An ACTIVE stamp card programme of Acme Coffee, free to issue: `values` on top of the defaults. */
export const newProgramme = (merchant: Api, values: Record<string, unknown> = {}) =>
  merchant<{ id: number; title: string }>('POST', '/stamp-cards', {
    brandId: WORLD.acme.brandId,
    title: 'Acme Coffee Card',
    stampsRequired: 10,
    maxStampsPerTransaction: 3,
    price: 0,
    startDate: dayFromNow(-60),
    endDate: dayFromNow(300),
    ...values,
  });

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Runs the server's job runner at `now` until nothing more is due (its pushes sent through
 * `provider`): what the server process does every second, and the test app leaves to the test.
 */
export const runJobs = async (backend: RealBackend, now: Date, provider: PushProvider = outboxProvider) => {
  const runner = createJobRunner({
    db: backend.t.db,
    log: quiet,
    handlers: jobHandlers({ config: backend.t.config, pushProvider: provider }),
    instanceId: 'portal-test',
  });
  while ((await runner.runDue(now)) > 0) {
    /* until nothing more is due */
  }
};

/** A provider that refuses every push, as one with revoked credentials would. */
const refusing: PushProvider = {
  name: 'outbox',
  send: () => Promise.reject(new Error('the provider rejected the credentials (401)')),
};

/**
 * Schedules the push `id` (its time already passed) and lets it fail: the provider refuses every
 * attempt and after the last one the push ends FAILED (7001). The retries wait 2, 4, 8, 16 s: the
 * runner is run at those times, a minute apart.
 */
export const failPush = async (backend: RealBackend, merchant: Api, id: number, now = Date.now()) => {
  await merchant('POST', `/push/${id}/schedule`, {});
  for (let minute = 0; minute < 5; minute += 1)
    await runJobs(backend, new Date(now + minute * 60_000), refusing);
};

/** The Flash sale push to Acme Coffee's members, due a minute ago, failed by its provider. */
export const failedFlashSale = async (backend: RealBackend, merchant: Api, now = Date.now()) => {
  const pushed = await merchant<{ id: number }>('POST', '/push', {
    title: 'Flash sale',
    body: '{brand}: 20% off all pastries today only.',
    audience: 'BRAND',
    audienceBrandId: WORLD.acme.brandId,
    scheduledAt: new Date(now - 60_000).toISOString(),
  });
  await failPush(backend, merchant, pushed.id, now);
  return pushed;
};
