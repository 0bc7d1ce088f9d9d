// GET /analytics against figures computed by hand from what this file does through the operations:
// Acme stamps two member cards (3 + 2 stamps complete one card and issue its reward voucher, 1 stamp
// on the other), issues two vouchers and redeems one; Other issues two, redeems one and an operator
// expires the other; one push of Acme's reached 5 members. Then each caller's scope, the grouping,
// an empty range and the range checks.
import { beforeAll, describe, expect, it } from 'vitest';
import { push } from '../../server/platform/db/schema';
import { utcDayFromToday } from '../days';
import { addAcmeAndOther, addCountingPack, addMemberCard, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;

const DAY_MS = 86_400_000;
const sgDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date(ms));
const today = sgDay(Date.now());
const yesterday = sgDay(Date.now() - DAY_MS);
const newPack = (who: string, org: Org) => addCountingPack(call, who, org);

const issue = async (who: string, packId: number, memberMobile: string, quantity: number) =>
  (
    dataOf(
      await call(who, 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, { memberMobile, quantity }),
    ) as { vouchers: { id: number }[] }
  ).vouchers.map((v) => v.id);

type Figures = {
  stampsGiven: number;
  cardsCompleted: number;
  vouchersIssued: number;
  vouchersRedeemed: number;
  vouchersExpired: number;
  redemptionRate: number | null;
  activeMembers: number;
  pushesSent: number;
};
type Answer = {
  groupBy: string;
  timeZone: string;
  rows: (Figures & { id: number | null; name: string | null })[];
  totals: Figures;
  days: { day: string; stampsGiven: number; vouchersIssued: number; vouchersRedeemed: number }[];
};

const analytics = async (who: string, query: string) =>
  dataOf(await call(who, 'GET', `${MAIN}/analytics?${query}`)) as Answer;

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));

  // Acme: a programme of 5 stamps whose reward is a voucher of its own pack
  const rewardPack = await newPack('owner', acme);
  const programme = dataOf(
    await call('owner', 'POST', `${MAIN}/stamp-cards`, {
      title: 'Coffee card',
      stampsRequired: 5,
      maxStampsPerTransaction: 3,
      price: 0,
      rewardVoucherPackId: rewardPack,
      startDate: utcDayFromToday(-1),
      endDate: utcDayFromToday(30),
      brandId: acme.brandId,
    }),
  ) as { id: number };
  const card = async (memberMobile: string) =>
    (await addMemberCard(call, 'owner', programme.id, memberMobile, acme.storeId)).id;
  const stamp = async (cardId: number, stamps: number) =>
    expect(
      (
        await call('owner', 'POST', `${MAIN}/member-cards/${cardId}/stamps`, {
          storeId: acme.storeId,
          stamps,
        })
      ).json().code,
    ).toBe(0);
  const first = await card('+6590000001');
  await stamp(first, 3);
  await stamp(first, 2); // completes: one card completed, one reward voucher issued
  await stamp(await card('+6590000002'), 1);
  const acmeVouchers = await issue('owner', await newPack('owner', acme), '+6590000003', 2);
  expect(
    (
      await call('owner', 'POST', `${MAIN}/vouchers/${acmeVouchers[0]}/redeem`, { storeId: acme.storeId })
    ).json().code,
  ).toBe(0);

  // Other: two vouchers, one redeemed, one expired by an operator
  const otherVouchers = await issue('stranger', await newPack('stranger', other), '+6590000004', 2);
  expect(
    (
      await call('stranger', 'POST', `${MAIN}/vouchers/${otherVouchers[0]}/redeem`, {
        storeId: other.storeId,
      })
    ).json().code,
  ).toBe(0);
  expect((await call('op', 'POST', `${MAIN}/vouchers/${otherVouchers[1]}/expire`, {})).json().code).toBe(0);

  // one of Acme's pushes reached 5 members
  await t.db.insert(push).values({
    companyId: acme.companyId,
    title: 'Hello',
    body: 'Coffee is on us',
    audience: 'ALL_MEMBERS',
    scheduledAt: new Date(),
    state: 'COMPLETED',
    sentAt: new Date(),
    sentCount: 5,
    failedCount: 0,
  } as never);
}, APP_TIMEOUT);

const ACME: Figures = {
  stampsGiven: 6,
  cardsCompleted: 1,
  vouchersIssued: 3,
  vouchersRedeemed: 1,
  vouchersExpired: 0,
  redemptionRate: 33.3,
  activeMembers: 3,
  pushesSent: 5,
};
const OTHER: Figures = {
  stampsGiven: 0,
  cardsCompleted: 0,
  vouchersIssued: 2,
  vouchersRedeemed: 1,
  vouchersExpired: 1,
  redemptionRate: 50,
  activeMembers: 1,
  pushesSent: 0,
};

describe('analytics', () => {
  it("gives an operator every company's figures, named, with the totals and the days", async () => {
    const a = await analytics('op', `from=${yesterday}&to=${today}&groupBy=company`);
    expect(a.groupBy).toBe('company');
    expect(a.timeZone).toBe('Asia/Singapore');
    expect(a.rows).toEqual([
      { id: acme.companyId, name: 'Acme', ...ACME },
      { id: other.companyId, name: 'Other', ...OTHER },
    ]);
    expect(a.totals).toEqual({
      stampsGiven: 6,
      cardsCompleted: 1,
      vouchersIssued: 5,
      vouchersRedeemed: 2,
      vouchersExpired: 1,
      redemptionRate: 40,
      activeMembers: 4,
      pushesSent: 5,
    });
    expect(a.days.map((d) => d.day)).toEqual([yesterday, today]);
    expect(a.days.reduce((s, d) => s + d.stampsGiven, 0)).toBe(6);
    expect(a.days.reduce((s, d) => s + d.vouchersIssued, 0)).toBe(5);
  });

  it("keeps a merchant to its own company's figures", async () => {
    const a = await analytics('owner', `from=${yesterday}&to=${today}&groupBy=company`);
    expect(a.rows).toEqual([{ id: acme.companyId, name: 'Acme', ...ACME }]);
    expect(a.totals).toEqual(ACME);
    const b = await analytics('stranger', `from=${yesterday}&to=${today}`);
    expect(b.rows).toEqual([{ id: other.companyId, name: 'Other', ...OTHER }]);
  });

  it('groups by store: the stamps, the reward and the redemption at the store where they happened', async () => {
    const a = await analytics('owner', `from=${yesterday}&to=${today}&groupBy=store`);
    const store = a.rows.find((r) => r.id === acme.storeId);
    // the reward voucher was issued by the stamping at the store (issue 40 item 8); the owner's two
    // vouchers and the push to all members happened at no one store
    expect(store).toMatchObject({ stampsGiven: 6, vouchersIssued: 1, vouchersRedeemed: 1 });
    expect(a.rows.find((r) => r.id === null)).toMatchObject({ vouchersIssued: 2, pushesSent: 5 });
    expect(a.totals).toEqual(ACME);
  });

  it('answers nothing for a range before anything happened', async () => {
    const from = sgDay(Date.now() - 10 * DAY_MS);
    const to = sgDay(Date.now() - 9 * DAY_MS);
    const a = await analytics('op', `from=${from}&to=${to}&groupBy=brand`);
    expect(a.rows).toEqual([]);
    expect(a.totals).toMatchObject({
      stampsGiven: 0,
      vouchersIssued: 0,
      redemptionRate: null,
      activeMembers: 0,
    });
    expect(a.days).toHaveLength(2);
  });

  it.each([
    ['an end before the start', `from=${today}&to=${yesterday}`, 'to'],
    ['more than 366 days', `from=2020-01-01&to=2026-01-01`, 'to'],
    ['a day that does not exist', `from=2026-02-30&to=2026-03-01`, 'from'],
    ['an unknown grouping', `from=${yesterday}&to=${today}&groupBy=country`, 'groupBy'],
    ['no range', '', 'from'],
  ])('refuses %s with code 2', async (_, query, field) => {
    const res = await call('op', 'GET', `${MAIN}/analytics?${query}`);
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
    expect(JSON.stringify(res.json().data)).toContain(field);
  });

  it('refuses a caller without a token', async () => {
    expect(codeOf(await call(null, 'GET', `${MAIN}/analytics?from=${today}&to=${today}`)).status).toBe(401);
  });
});
