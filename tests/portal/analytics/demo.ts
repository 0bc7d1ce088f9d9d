// What the analytics tests count, made on the real server (tests/portal/server.ts) through the routes
// the portal uses, all of it today: a stamp card programme of Acme Coffee (three stamps fill a card)
// with Tan's card filled and Siti's stamped twice; five Free Kopi vouchers issued to Arjun, two
// redeemed and one expired; and a push to the brand's members sent by the job runner (which the
// server process runs and a test app leaves to the test).
import { isNotNull, sql } from 'drizzle-orm';
import { memberCards, push, stampsTransaction, voucherHistory } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { newPack, newProgramme, runJobs } from '../make';
import type { RealBackend } from '../server';
import { MEMBERS, WORLD } from '../world';

export const ANALYTICS_MEMBERS = MEMBERS;

/** Acme Coffee Pte Ltd's figures: stamps, cards completed, vouchers issued, redeemed, expired, rate, active members, pushes sent. */
export const ACME_FIGURES = [5, 1, 6, 2, 1, '33.3%', 3, 3] as const;

export const seedAnalytics = async (backend: RealBackend) => {
  const merchant = await apiAs(backend, 'merchant');
  const operator = await apiAs(backend, 'operator');
  const now = Date.now();
  const { brandId, storeId } = WORLD.acme;

  const pack = await newPack(merchant);
  const programme = await newProgramme(merchant, { stampsRequired: 3, rewardVoucherPackId: pack.id });
  const stamp = async (memberMobile: string, stamps: number) => {
    const card = await merchant<{ id: number }>('POST', `/stamp-cards/${programme.id}/member-cards`, {
      memberMobile,
      storeId,
    });
    await merchant('POST', `/member-cards/${card.id}/stamps`, { stamps, storeId });
  };
  await stamp(ANALYTICS_MEMBERS.tan, 3);
  await stamp(ANALYTICS_MEMBERS.siti, 2);

  const { vouchers } = await merchant<{ vouchers: { id: number }[] }>(
    'POST',
    `/voucher-packs/${pack.id}/vouchers`,
    { memberMobile: ANALYTICS_MEMBERS.arjun, quantity: 5 },
  );
  const [first, second, third] = vouchers;
  if (!first || !second || !third) throw new Error('analytics vouchers missing');
  await merchant('POST', `/vouchers/${first.id}/redeem`, { storeId });
  await merchant('POST', `/vouchers/${second.id}/redeem`, { storeId });
  await operator('POST', `/vouchers/${third.id}/expire`, {});

  // a push to the brand's three members, sent at once (its time has passed)
  const pushed = await merchant<{ id: number }>('POST', '/push', {
    title: 'Hello {name}',
    body: 'You have {stamps} stamps at {brand}.',
    audience: 'BRAND',
    audienceBrandId: brandId,
    scheduledAt: new Date(now - 60_000).toISOString(),
  });
  await merchant('POST', `/push/${pushed.id}/schedule`, {});
  await runJobs(backend, new Date(now));

  // all of it a day ago: the page's first request asks for days of the browser's calendar (the test's
  // zone, UTC) before an answer names the country's (Singapore, 8 hours ahead); a day back, what
  // happened is inside both ranges whatever the hour. (History timestamps, which no route sets.)
  const { db } = backend.t;
  const dayBack = (column: unknown) => sql`${column} - interval '1 day'`;
  await db.update(stampsTransaction).set({ at: dayBack(stampsTransaction.at) });
  await db.update(voucherHistory).set({ at: dayBack(voucherHistory.at) });
  await db
    .update(memberCards)
    .set({ completedAt: dayBack(memberCards.completedAt) })
    .where(isNotNull(memberCards.completedAt));
  await db
    .update(push)
    .set({ sentAt: dayBack(push.sentAt) })
    .where(isNotNull(push.sentAt));
};
