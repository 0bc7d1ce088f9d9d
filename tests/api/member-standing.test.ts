// A member's standing at a company (issue 25): the operations keep it (a card issued creates it, a
// stamping adds stamps and a visit, its void takes them back, a redemption is a visit too), and the
// members filter builder (server/domains/members/query.ts) picks members by it, for a company only.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { segmentCondition } from '../../server/domains/members/query';
import { refreshStanding } from '../../server/domains/members/standing';
import { expireDueVouchers } from '../../server/domains/vouchers/vouchers';
import { memberStanding, members } from '../../server/platform/db/schema';
import {
  addMemberCard,
  addOrg,
  addProgramme,
  addRewardProgramme,
  addStore,
  addUser,
  apiSuite,
  MAIN,
  type Org,
} from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf, sgDay } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;
let programmeId: number;

const shift = (days: number) => sgDay(new Date(Date.now() + days * 86_400_000));
const ANN = '+6591000001';
const BEN = '+6591000002';

const standingOf = async (companyId: number, mobile: string) =>
  (
    await t.db
      .select()
      .from(memberStanding)
      .where(and(eq(memberStanding.companyId, companyId), eq(memberStanding.memberMobile, mobile)))
  )[0];

const inSegment = async (companyId: number, filter: unknown) =>
  (
    await t.db
      .select({ mobile: members.mobile })
      .from(members)
      .where(segmentCondition(t.db, companyId, filter))
      .orderBy(members.mobile)
  ).map((r) => r.mobile);

/** A free pack of acme's brand, open from yesterday, 10 a member: its id. */
const addPack = async (title: string, voucherValue: number): Promise<{ id: number }> =>
  dataOf(
    await call('owner', 'POST', `${MAIN}/voucher-packs`, {
      title,
      price: 0,
      voucherValue,
      quantity: 100,
      issueLimitPerMember: 10,
      validFrom: shift(-1),
      validUntil: shift(60),
      voucherValidityDays: 30,
      brandId: acme.brandId,
    }),
  ) as { id: number };

beforeAll(async () => {
  acme = await addOrg(t, 'Acme');
  other = await addOrg(t, 'Other');
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  programmeId = await addProgramme(call, 'owner', acme.brandId, 'Coffee card');
}, APP_TIMEOUT);

describe('member standing', () => {
  it('is created by a card, moved by a stamping and its void, and filters a segment', async () => {
    const card = await addMemberCard(call, 'owner', programmeId, ANN, acme.storeId);
    await call('owner', 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
      memberMobile: BEN,
      storeId: acme.storeId,
    });
    expect(await standingOf(acme.companyId, ANN)).toMatchObject({
      stampsInWindow: 0,
      visitsInWindow: 0,
      lastVisitAt: null,
    });
    await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
      storeId: acme.storeId,
      stamps: 3,
    });
    const last = dataOf(
      await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
        storeId: acme.storeId,
        stamps: 2,
      }),
    ) as { id: number };
    const stamped = await standingOf(acme.companyId, ANN);
    // two stampings at one store on one day: 5 stamps, one visit
    expect(stamped).toMatchObject({ stampsInWindow: 5, visitsInWindow: 1 });
    expect(stamped?.lastVisitAt).toBeInstanceOf(Date);
    expect(await inSegment(acme.companyId, [{ field: 'stampsInWindow', op: 'gte', value: 5 }])).toEqual([
      ANN,
    ]);
    expect(await inSegment(acme.companyId, [{ field: 'stampsInWindow', op: 'lte', value: 4 }])).toEqual([
      BEN,
    ]);
    // relative to now: visited today is within a day; never visited is neither lapsed nor recent
    expect(await inSegment(acme.companyId, [{ field: 'daysSinceLastVisit', op: 'lte', value: 1 }])).toEqual([
      ANN,
    ]);
    expect(await inSegment(acme.companyId, [{ field: 'daysSinceLastVisit', op: 'gte', value: 1 }])).toEqual(
      [],
    );
    expect(() =>
      segmentCondition(t.db, acme.companyId, [{ field: 'daysSinceLastVisit', op: 'gte', value: 1.5 }]),
    ).toThrow(expect.objectContaining({ errorName: 'PARAMETER_VALIDATION_FAILED' }));
    expect(await inSegment(acme.companyId, [{ field: 'storeId', op: 'eq', value: acme.storeId }])).toEqual([
      ANN,
      BEN,
    ]);
    // another company's members are not in its segments
    expect(await inSegment(other.companyId, [])).toEqual([]);

    expect(
      codeOf(
        await call('owner', 'POST', `${MAIN}/stamps-transactions/${last.id}/void`, { reason: 'wrong card' }),
      ),
    ).toEqual({
      status: 200,
      code: 0,
    });
    // the last stamping (only the last may be voided) no longer counts
    expect(await standingOf(acme.companyId, ANN)).toMatchObject({ stampsInWindow: 3, visitsInWindow: 1 });
  });

  it('keeps the vouchers held and the brands and stores beside the activity, for the list filters', async () => {
    const CAT = '+6591000003';
    const pack = await addPack('Free coffee', 4.5);
    const issued = dataOf(
      await call('owner', 'POST', `${MAIN}/voucher-packs/${pack.id}/vouchers`, {
        memberMobile: CAT,
        quantity: 2,
      }),
    ) as { vouchers: { id: number }[] };
    expect(await standingOf(acme.companyId, CAT)).toMatchObject({
      availableVouchers: 2,
      brandIds: [acme.brandId],
      storeIds: [],
      visitsInWindow: 0,
    });
    const [first] = issued.vouchers;
    await call('owner', 'POST', `${MAIN}/vouchers/${first?.id}/redeem`, { storeId: acme.storeId });
    // a redemption is a visit at its store
    expect(await standingOf(acme.companyId, CAT)).toMatchObject({
      availableVouchers: 1,
      storeIds: [acme.storeId],
      visitsInWindow: 1,
    });
    expect(
      await inSegment(acme.companyId, [{ field: 'hasAvailableVoucher', op: 'eq', value: true }]),
    ).toContain(CAT);
    expect(
      await inSegment(acme.companyId, [{ field: 'brandId', op: 'in', value: [acme.brandId] }]),
    ).toContain(CAT);
    // the expiry job: its vouchers' holders hold one fewer
    await expireDueVouchers(t.db, new Date(Date.now() + 120 * 86_400_000));
    expect(await standingOf(acme.companyId, CAT)).toMatchObject({ availableVouchers: 0 });
    expect(
      await inSegment(acme.companyId, [{ field: 'hasAvailableVoucher', op: 'eq', value: true }]),
    ).not.toContain(CAT);
  });

  it('adds stampings and redemptions as a refresh from the ledgers finds them (visits per store and day)', async () => {
    const DAN = '+6591000004';
    const second = await addStore(t, acme.companyId, acme.brandId, 'Acme Second Store');
    // 5 stamps complete it, with a voucher of its reward pack
    const { programmeId: shortCard } = await addRewardProgramme(call, 'owner', acme, {
      programme: { title: 'Short card' },
    });
    const card = await addMemberCard(call, 'owner', shortCard, DAN, acme.storeId);
    const stamp = async (storeId: number, stamps: number) =>
      codeOf(await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, { storeId, stamps }));
    const pack = await addPack('Free tea', 3);
    const { vouchers } = dataOf(
      await call('owner', 'POST', `${MAIN}/voucher-packs/${pack.id}/vouchers`, {
        memberMobile: DAN,
        quantity: 3,
      }),
    ) as { vouchers: { id: number }[] };
    const redeem = async (i: number, storeId: number) =>
      codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${vouchers[i]?.id}/redeem`, { storeId }));

    // a visit at the first store; the same store the same day is no second visit, a redemption there
    // neither; the second store is one, by a redemption and then a stamping; the card completes (5)
    expect(await stamp(acme.storeId, 2)).toEqual({ status: 200, code: 0 });
    expect(await stamp(acme.storeId, 1)).toEqual({ status: 200, code: 0 });
    expect(await redeem(0, acme.storeId)).toEqual({ status: 200, code: 0 });
    expect(await redeem(1, second)).toEqual({ status: 200, code: 0 });
    expect(await stamp(second, 2)).toEqual({ status: 200, code: 0 });
    const added = await standingOf(acme.companyId, DAN);
    expect(added).toMatchObject({
      stampsInWindow: 5,
      visitsInWindow: 2,
      completedCardsInWindow: 1,
      availableVouchers: 2, // the third of the pack, and the completed card's reward
      storeIds: [acme.storeId, second].sort((a, b) => a - b),
    });

    // worked out again from the ledgers, nothing moves
    await refreshStanding(t.db, acme.companyId, [DAN], new Date());
    const refreshed = await standingOf(acme.companyId, DAN);
    const activity = (row: typeof added) => ({
      stampsInWindow: row?.stampsInWindow,
      visitsInWindow: row?.visitsInWindow,
      completedCardsInWindow: row?.completedCardsInWindow,
      availableVouchers: row?.availableVouchers,
      firstVisitAt: row?.firstVisitAt,
      lastVisitAt: row?.lastVisitAt,
      storeIds: row?.storeIds,
      brandIds: row?.brandIds,
    });
    expect(activity(refreshed)).toEqual(activity(added));
  });

  it('counts only the window when refreshed later, and refuses a bad segment filter with code 2', async () => {
    const later = new Date(Date.now() + 200 * 86_400_000);
    await refreshStanding(t.db, acme.companyId, null, later);
    expect(await standingOf(acme.companyId, ANN)).toMatchObject({ stampsInWindow: 0, visitsInWindow: 0 });
    expect((await standingOf(acme.companyId, ANN))?.lastVisitAt).toBeInstanceOf(Date);
    expect(() =>
      segmentCondition(t.db, acme.companyId, [{ field: 'stampsInWindow', op: 'regex', value: 'x' }]),
    ).toThrow(expect.objectContaining({ errorName: 'PARAMETER_VALIDATION_FAILED' }));
    expect(() => segmentCondition(t.db, acme.companyId, [{ field: 'nope', op: 'eq', value: 1 }])).toThrow();
  });
});
