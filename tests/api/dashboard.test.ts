// GET /dashboard: the figures a user opens the portal to, from the data the operations wrote, inside
// the caller's scope: a merchant counts only its company's vouchers and members, an operator all;
// a colleague without the permission gets null for that section, never a number.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantSignup, users } from '../../server/platform/db/schema';
import { addAcmeAndOther, addCountingPack, addUser, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;

const campaign = async (who: string, org: Org, mobiles: string[], redeem: number) => {
  const packId = await addCountingPack(call, who, org);
  const ids: number[] = [];
  for (const memberMobile of mobiles) {
    const issued = dataOf(
      await call(who, 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, { memberMobile, quantity: 1 }),
    ) as { vouchers: { id: number }[] };
    ids.push(...issued.vouchers.map((v) => v.id));
  }
  for (const id of ids.slice(0, redeem)) {
    expect(
      (await call(who, 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: org.storeId })).json().code,
    ).toBe(0);
  }
};

type Dashboard = {
  figures: Record<string, number | null>;
  waiting: Record<string, number | null> | null;
  series: { day: string; stamps: number; vouchersIssued: number; vouchersRedeemed: number }[];
  wallet: { balance: number; currency: string } | null;
  timeZone: string;
};

const dashboard = async (who: string) => dataOf(await call(who, 'GET', `${MAIN}/dashboard`)) as Dashboard;

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
  await campaign('owner', acme, ['+6591110001', '+6591110002', '+6591110003'], 1);
  await campaign('stranger', other, ['+6591110009', '+6591110008'], 2);
  // another company's request, waiting for an operator
  await t.db.insert(merchantSignup).values({
    companyName: 'Other',
    companyId: other.companyId,
    requestKind: 'ADD_BRAND',
    approval: 'PENDING',
  } as never);
}, APP_TIMEOUT);

describe('the dashboard', () => {
  it("counts a merchant's own vouchers and members only, with today's entry in the series", async () => {
    const d = await dashboard('owner');
    expect(d.figures).toMatchObject({ vouchersIssued: 3, vouchersRedeemed: 1, members: 3, stampsGiven: 0 });
    expect(d.series).toHaveLength(14);
    expect(d.series.reduce((n, s) => n + s.vouchersIssued, 0)).toBe(3);
    expect(d.series.at(-1)).toMatchObject({ vouchersIssued: 3, vouchersRedeemed: 1 });
    expect(d.wallet).toEqual({ balance: 0, currency: 'SGD' });
    expect(d.timeZone).toBe('Asia/Singapore');
    // requests waiting for an operator: only the merchant's own company's (none here)
    expect(d.waiting).toMatchObject({ signups: 0, brandRequests: 0, storeRequests: 0 });
    const theirs = await dashboard('stranger');
    expect(theirs.waiting).toMatchObject({ brandRequests: 1 });
    expect(theirs.figures).toMatchObject({ vouchersIssued: 2, vouchersRedeemed: 2, members: 2 });
  });

  it('gives operators every company and what waits for them, and no wallet', async () => {
    const d = await dashboard('op');
    expect(d.figures).toMatchObject({ vouchersIssued: 5, vouchersRedeemed: 3, members: 5 });
    expect(d.waiting).toEqual({
      signups: 0,
      brandRequests: 1,
      storeRequests: 0,
      failedPushes: 0,
      devicesToActivate: 0,
      openSignals: 0,
    });
    expect(d.wallet).toBeNull();
  });

  it('leaves out what a colleague may not view', async () => {
    await addUser(t, tokens, 'clerk', { type: 'MERCHANT', companyId: acme.companyId });
    // an invited colleague (the company owner holds every permission whatever is stored)
    const [clerk] = await t.db
      .update(users)
      .set({ invitationType: 'MERCHANT_INVITE_MERCHANT' })
      .where(eq(users.email, 'clerk@example.test'))
      .returning({ id: users.id });
    expect(
      (
        await call('owner', 'PATCH', `${MAIN}/user/${clerk?.id}/permissions`, {
          permissions: [{ resource: 'stampsTransaction', action: 'VIEW' }],
        })
      ).json().code,
    ).toBe(0);
    const d = await dashboard('clerk');
    expect(d.figures).toMatchObject({ stampsGiven: 0, vouchersIssued: null, vouchersRedeemed: null });
    expect(d.wallet).toBeNull();
    expect(d.series.every((s) => s.vouchersIssued === 0)).toBe(true);
    // no company, brand or store permission: the company's requests are not the clerk's to follow
    expect(d.waiting).toMatchObject({ signups: null, brandRequests: null, storeRequests: null });
  });
});
