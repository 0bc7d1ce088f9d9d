// The voucher operations end to end through the API: pack rules (26625-26628, 6801), issuing with its
// limits (6802, 6630), redeeming (6805, 6701), voiding, donating (6804), expiring (by an operator and
// by the job), the member lookup, idempotency, races on one pack and one voucher, and that nothing
// moves a voucher's state, a pack's count or a ledger row except these operations.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_STATES } from '../../contract/enums';
import { ERRORS } from '../../contract/errors';
import { vouchers as voucherDecl } from '../../resources';
import { refusalOf } from '../../resources/transitions';
import { expireDueVouchers, redeemVoucher } from '../../server/domains/vouchers/vouchers';
import {
  auditLog,
  company,
  members,
  voucherHistory,
  voucherPacks,
  vouchers,
} from '../../server/platform/db/schema';
import { addAcmeAndOther, addStore, addUser, apiSuite, MAIN, type Org, operatorCaller } from './fixtures';
import { APP_TIMEOUT, answerOf, codeOf, dataOf, sgDay } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;

const today = sgDay(new Date());
const shift = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return sgDay(d);
};

const packBody = (over: Record<string, unknown> = {}) => ({
  title: 'Free coffee',
  price: 0,
  voucherValue: 5.5,
  quantity: 10,
  issueLimitPerMember: 3,
  validFrom: shift(-1),
  validUntil: shift(30),
  voucherValidityDays: 14,
  giftable: true,
  brandId: acme.brandId,
  ...over,
});

const newPack = async (who = 'owner', over: Record<string, unknown> = {}) =>
  dataOf(await call(who, 'POST', `${MAIN}/voucher-packs`, packBody(over))) as {
    id: number;
    issuedCount: number;
  };

const issue = (packId: number, memberMobile: string, quantity = 1, who = 'owner', headers = {}) =>
  call(who, 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, { memberMobile, quantity }, headers);

const issueOne = async (packId: number, memberMobile: string) => {
  const { vouchers: issued } = dataOf(await issue(packId, memberMobile)) as { vouchers: { id: number }[] };
  const [v] = issued;
  if (!v) throw new Error('nothing issued');
  return v.id;
};

const historyOf = async (voucherId: number) =>
  (
    await t.db
      .select()
      .from(voucherHistory)
      .where(eq(voucherHistory.voucherId, voucherId))
      .orderBy(voucherHistory.id)
  ).map((h) => h.action);

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
  await addUser(t, tokens, 'pending', { type: 'MERCHANT', companyId: acme.companyId, approved: false });
}, APP_TIMEOUT);

describe('voucher pack rules', () => {
  it.each([
    ['validFrom after validUntil', { validFrom: shift(5), validUntil: shift(1) }, 26625, 'validUntil'],
    ['a per-member limit below 1', { issueLimitPerMember: 0 }, 26626, 'issueLimitPerMember'],
    ['a validity below 1 day', { voucherValidityDays: 0 }, 26627, 'voucherValidityDays'],
    ['a negative price', { price: -1 }, 6801, 'price'],
  ])('refuses %s with its own code', async (_, over, code, field) => {
    const res = await call('owner', 'POST', `${MAIN}/voucher-packs`, packBody(over));
    expect(res.json()).toMatchObject({ code, data: [expect.objectContaining({ field })] });
  });

  it('checks the dates on update against the stored row', async () => {
    const pack = await newPack();
    const res = await call('owner', 'PUT', `${MAIN}/voucher-packs/${pack.id}`, { validUntil: shift(-3) });
    expect(res.json()).toMatchObject({ code: 26625, data: [{ field: 'validUntil' }] });
  });

  it('lets an operator create a pack for a company and brand they pick', async () => {
    const res = await call('op', 'POST', `${MAIN}/voucher-packs`, {
      ...packBody(),
      companyId: acme.companyId,
      brandId: acme.brandId,
    });
    expect(dataOf(res)).toMatchObject({ companyId: acme.companyId, brandId: acme.brandId, issuedCount: 0 });
  });

  it('refuses generic writes of the count and the state', async () => {
    const pack = await newPack();
    for (const body of [{ issuedCount: 9 }, { state: 'DISABLED' }]) {
      const res = await call('owner', 'PUT', `${MAIN}/voucher-packs/${pack.id}`, body);
      expect(res.json()).toMatchObject({ code: 2, data: [{ field: Object.keys(body)[0] }] });
    }
    const created = await call('owner', 'POST', `${MAIN}/voucher-packs`, packBody({ issuedCount: 3 }));
    expect(created.json()).toMatchObject({ code: 2, data: [{ field: 'issuedCount' }] });
    // echoing the stored values unchanged (react-admin sends records back whole) is no move
    const echo = await call('owner', 'PUT', `${MAIN}/voucher-packs/${pack.id}`, {
      issuedCount: 0,
      state: 'ACTIVE',
      title: 'Renamed',
    });
    expect(dataOf(echo)).toMatchObject({ title: 'Renamed', issuedCount: 0, state: 'ACTIVE' });
  });
});

describe('issuing', () => {
  it('issues vouchers, counts them on the pack, creates the member and writes ISSUED history', async () => {
    const pack = await newPack();
    const res = await issue(pack.id, '+6590000001', 2);
    const data = dataOf(res) as { pack: { issuedCount: number }; vouchers: Record<string, unknown>[] };
    expect(data.pack.issuedCount).toBe(2);
    expect(data.vouchers).toHaveLength(2);
    for (const v of data.vouchers) {
      expect(v).toMatchObject({
        state: 'AVAILABLE',
        memberMobile: '+6590000001',
        voucherPackId: pack.id,
        value: 5.5,
        validFrom: today,
        validUntil: shift(13),
        companyId: acme.companyId,
        brandId: acme.brandId,
      });
      expect(v.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
      expect(await historyOf(v.id as number)).toEqual(['ISSUED']);
    }
    const [m] = await t.db.select().from(members).where(eq(members.mobile, '+6590000001'));
    expect(m).toBeDefined();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'issue'), eq(auditLog.recordId, String(pack.id))));
    expect(audits).toHaveLength(1);
    const summary = dataOf(await call('owner', 'GET', `${MAIN}/voucher-packs/${pack.id}/summary`));
    expect(summary).toEqual({ quantity: 10, issuedCount: 2, left: 8, available: 2, redeemed: 0, expired: 0 });
  });

  it('refuses past the quantity (6802) and past the member limit (6630), issuing nothing', async () => {
    const pack = await newPack('owner', { quantity: 3, issueLimitPerMember: 2 });
    expect(codeOf(await issue(pack.id, '+6590000002', 4))).toEqual({ status: 409, code: 6802 });
    expect(codeOf(await issue(pack.id, '+6590000002', 2))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await issue(pack.id, '+6590000002', 1))).toEqual({ status: 409, code: 6630 });
    expect(codeOf(await issue(pack.id, '+6590000003', 2))).toEqual({ status: 409, code: 6802 });
    const [row] = await t.db.select().from(voucherPacks).where(eq(voucherPacks.id, pack.id));
    expect(row?.issuedCount).toBe(2);
  });

  it('refuses a DISABLED pack and a pack outside its sale window (11)', async () => {
    const pack = await newPack();
    expect(dataOf(await call('owner', 'POST', `${MAIN}/voucher-packs/${pack.id}/disable`))).toMatchObject({
      state: 'DISABLED',
    });
    expect((await issue(pack.id, '+6590000004')).json()).toMatchObject({
      code: 11,
      data: [{ field: 'state' }],
    });
    const later = await newPack('owner', { validFrom: shift(2), validUntil: shift(9) });
    expect((await issue(later.id, '+6590000004')).json()).toMatchObject({ code: 11 });
  });

  it("answers 5 for another company's pack and 2 for a bad mobile", async () => {
    const pack = await newPack();
    expect(codeOf(await issue(pack.id, '+6590000005', 1, 'stranger'))).toEqual({ status: 404, code: 5 });
    expect(codeOf(await issue(pack.id, '91234567'))).toEqual({ status: 400, code: 2 });
  });

  it('answers the first answer again for the same Idempotency-Key, issuing once', async () => {
    const pack = await newPack();
    const key = { 'idempotency-key': 'issue-once-1' };
    const first = await issue(pack.id, '+6590000006', 1, 'owner', key);
    const second = await issue(pack.id, '+6590000006', 1, 'owner', key);
    expect(second.body).toBe(first.body);
    const rows = await t.db.select().from(vouchers).where(eq(vouchers.voucherPackId, pack.id));
    expect(rows).toHaveLength(1);
    // the same key for another request is a mistake, said plainly
    expect((await issue(pack.id, '+6590000007', 1, 'owner', key)).json()).toMatchObject({
      code: 2,
      data: [{ field: 'Idempotency-Key' }],
    });
  });
});

describe('one voucher', () => {
  it('redeems at a store of its brand once, with history, and refuses a store of another brand', async () => {
    const pack = await newPack();
    const id = await issueOne(pack.id, '+6590000010');
    const elsewhere = await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, {
      storeId: other.storeId,
    });
    expect(codeOf(elsewhere)).toEqual({ status: 404, code: 6701 });
    const res = await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: acme.storeId });
    expect(dataOf(res)).toMatchObject({ state: 'REDEEMED', redeemedStoreId: acme.storeId });
    expect(dataOf(res).redeemedAt).toEqual(expect.any(String));
    const again = await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: acme.storeId });
    expect(codeOf(again)).toEqual({ status: 409, code: 6805 });
    expect(await historyOf(id)).toEqual(['ISSUED', 'REDEEMED']);
  });

  it('refuses a voucher outside its validity (6805), a store not open yet (6701) and a disabled one (26435)', async () => {
    const pack = await newPack();
    const id = await issueOne(pack.id, '+6590000011');
    const notYet = await addStore(t, acme.companyId, acme.brandId, 'Store to come', 'SUBMITTED');
    expect(
      (await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: notYet })).json(),
    ).toMatchObject({ code: 6701 });
    // a closed store says so (issue 40 item 3)
    const closed = await addStore(t, acme.companyId, acme.brandId, 'Closed store', 'DISABLED');
    expect(
      (await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: closed })).json(),
    ).toMatchObject({ code: 26435, data: { state: 'DISABLED' } });
    await t.db
      .update(vouchers)
      .set({ validUntil: shift(-1), validFrom: shift(-5) })
      .where(eq(vouchers.id, id));
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: acme.storeId })),
    ).toEqual({
      status: 409,
      code: 6805,
    });
  });

  it('voids a redemption back to AVAILABLE, and only a redemption', async () => {
    const pack = await newPack();
    const id = await issueOne(pack.id, '+6590000012');
    expect(codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${id}/void`, { reason: 'wrong' }))).toEqual({
      status: 409,
      code: 11,
    });
    await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: acme.storeId });
    const res = await call('owner', 'POST', `${MAIN}/vouchers/${id}/void`, { reason: 'Till error' });
    expect(dataOf(res)).toMatchObject({ state: 'AVAILABLE', redeemedAt: null, redeemedStoreId: null });
    const [voided] = await t.db
      .select()
      .from(voucherHistory)
      .where(and(eq(voucherHistory.voucherId, id), eq(voucherHistory.action, 'VOIDED')));
    expect(voided).toMatchObject({ note: 'Till error', storeId: acme.storeId });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${id}/void`, { reason: ' ' }))).toEqual({
      status: 400,
      code: 2,
    });
  });

  it('donates a giftable voucher to another member, and refuses a pack that is not giftable (6804)', async () => {
    const giftable = await newPack();
    const id = await issueOne(giftable.id, '+6590000013');
    const res = await call('owner', 'POST', `${MAIN}/vouchers/${id}/donate`, { toMobile: '+6590000014' });
    expect(dataOf(res)).toMatchObject({ memberMobile: '+6590000014', issuedToMobile: '+6590000013' });
    const [donated] = await t.db
      .select()
      .from(voucherHistory)
      .where(and(eq(voucherHistory.voucherId, id), eq(voucherHistory.action, 'DONATED')));
    expect(donated).toMatchObject({ memberMobile: '+6590000013', toMemberMobile: '+6590000014' });
    const plain = await newPack('owner', { giftable: false });
    const kept = await issueOne(plain.id, '+6590000013');
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${kept}/donate`, { toMobile: '+6590000014' })),
    ).toEqual({ status: 409, code: 6804 });
    await call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: acme.storeId });
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${id}/donate`, { toMobile: '+6590000015' })),
    ).toEqual({ status: 409, code: 6805 });
  });

  it('lets operators, not merchants, expire a voucher at once', async () => {
    const pack = await newPack();
    const id = await issueOne(pack.id, '+6590000016');
    expect(codeOf(await call('owner', 'POST', `${MAIN}/vouchers/${id}/expire`, {}))).toEqual({
      status: 403,
      code: 26237,
    });
    expect(dataOf(await call('op', 'POST', `${MAIN}/vouchers/${id}/expire`, {}))).toMatchObject({
      state: 'EXPIRED',
    });
    expect(await historyOf(id)).toEqual(['ISSUED', 'EXPIRED']);
    expect(codeOf(await call('op', 'POST', `${MAIN}/vouchers/${id}/expire`, {}))).toEqual({
      status: 409,
      code: 11,
    });
  });

  it('expires the vouchers past their validity through the job, with history', async () => {
    const pack = await newPack();
    const due = await issueOne(pack.id, '+6590000017');
    const fresh = await issueOne(pack.id, '+6590000018');
    await t.db
      .update(vouchers)
      .set({ validFrom: shift(-9), validUntil: shift(-1) })
      .where(eq(vouchers.id, due));
    expect(await expireDueVouchers(t.db, new Date())).toBeGreaterThanOrEqual(1);
    const rows = await t.db.select().from(vouchers).where(eq(vouchers.voucherPackId, pack.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
      [due]: 'EXPIRED',
      [fresh]: 'AVAILABLE',
    });
    expect(await historyOf(due)).toEqual(['ISSUED', 'EXPIRED']);
    expect(await expireDueVouchers(t.db, new Date())).toBe(0);
  });
});

describe('members', () => {
  it("shows a member's vouchers grouped by state with history; other merchants find no such member", async () => {
    const pack = await newPack();
    const kept = await issueOne(pack.id, '+6590000020');
    const used = await issueOne(pack.id, '+6590000020');
    await call('owner', 'POST', `${MAIN}/vouchers/${used}/redeem`, { storeId: acme.storeId });
    const res = await call('owner', 'GET', `${MAIN}/members/${encodeURIComponent('+6590000020')}/vouchers`);
    const data = dataOf(res);
    expect(data.member).toMatchObject({ mobile: '+6590000020' });
    expect(data.vouchers.AVAILABLE.map((v: { id: number }) => v.id)).toEqual([kept]);
    expect(data.vouchers.REDEEMED[0]).toMatchObject({ id: used });
    expect(data.vouchers.REDEEMED[0].history.map((h: { action: string }) => h.action)).toEqual([
      'ISSUED',
      'REDEEMED',
    ]);
    expect(data.vouchers.EXPIRED).toEqual([]);
    expect(data.availableValue).toBe('5.50');
    // each voucher's value in its company's currency, and the available value per currency
    expect(data.vouchers.AVAILABLE[0].currency).toBe('SGD');
    expect(data.availableValues).toEqual([{ currency: 'SGD', value: '5.50' }]);
    const theirs = await call(
      'stranger',
      'GET',
      `${MAIN}/members/${encodeURIComponent('+6590000020')}/vouchers`,
    );
    expect(codeOf(theirs)).toEqual({ status: 404, code: 5 });
    const list = dataOf(await call('stranger', 'GET', `${MAIN}/members`));
    expect(list).toEqual([]);
    const mine = dataOf(
      await call(
        'owner',
        'GET',
        `${MAIN}/members?filter=${encodeURIComponent(JSON.stringify([{ field: 'mobile', op: 'eq', value: '+6590000020' }]))}`,
      ),
    );
    expect(mine).toHaveLength(1);
  });
});

describe('integrity', () => {
  it('refuses generic writes of a voucher state and any write to the voucher ledger', async () => {
    const pack = await newPack();
    const id = await issueOne(pack.id, '+6590000030');
    expect(
      (await call('owner', 'PUT', `${MAIN}/vouchers/${id}`, { state: 'REDEEMED' })).json(),
    ).toMatchObject({
      code: 2,
      data: [{ field: 'state' }],
    });
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/vouchers`, { code: 'X', title: 'x', value: 1 })),
    ).toEqual({
      status: 403,
      code: 26237,
    });
    expect(codeOf(await call('op', 'DELETE', `${MAIN}/vouchers/${id}`))).toEqual({
      status: 403,
      code: 26237,
    });
    const [h] = await t.db.select().from(voucherHistory).where(eq(voucherHistory.voucherId, id));
    for (const [method, url] of [
      ['POST', `${MAIN}/voucher-history`],
      ['PUT', `${MAIN}/voucher-history/${h?.id}`],
      ['DELETE', `${MAIN}/voucher-history/${h?.id}`],
    ] as const) {
      expect(codeOf(await call('op', method, url, method === 'DELETE' ? undefined : { note: 'x' }))).toEqual({
        status: 403,
        code: 26237,
      });
    }
    // validity dates stay a support fix, under their rule (26628)
    expect(
      (await call('owner', 'PUT', `${MAIN}/vouchers/${id}`, { validUntil: shift(-30) })).json(),
    ).toMatchObject({
      code: 26628,
    });
    expect(
      dataOf(await call('owner', 'PUT', `${MAIN}/vouchers/${id}`, { validUntil: shift(60) })),
    ).toMatchObject({
      validUntil: shift(60),
    });
  });

  it("refuses an unapproved merchant's writes with 26204 while reads still work", async () => {
    const pack = await newPack();
    expect(codeOf(await call('pending', 'POST', `${MAIN}/voucher-packs`, packBody()))).toEqual({
      status: 403,
      code: 26204,
    });
    expect(codeOf(await issue(pack.id, '+6590000031', 1, 'pending'))).toEqual({ status: 403, code: 26204 });
    expect(codeOf(await call('pending', 'GET', `${MAIN}/voucher-packs`))).toEqual({ status: 200, code: 0 });
  });
});

describe('under concurrency', () => {
  it('1,000 issue calls on a pack of 500 leave exactly 500 vouchers and 500 refusals (6802)', async () => {
    const pack = await newPack('owner', { quantity: 500, issueLimitPerMember: 1 });
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => issue(pack.id, `+659100${String(i).padStart(4, '0')}`)),
    );
    const codes = results.map((r) => r.json().code);
    // anything else is named with its answer
    expect(results.filter((r) => ![0, 6802].includes(r.json().code)).map(answerOf)).toEqual([]);
    expect(codes.filter((c) => c === 0)).toHaveLength(500);
    expect(codes.filter((c) => c === 6802)).toHaveLength(500);
    const rows = await t.db.select().from(vouchers).where(eq(vouchers.voucherPackId, pack.id));
    expect(rows).toHaveLength(500);
    const [row] = await t.db.select().from(voucherPacks).where(eq(voucherPacks.id, pack.id));
    expect(row?.issuedCount).toBe(500);
  }, 240_000);

  it('200 redeem calls on one voucher redeem it once', async () => {
    const pack = await newPack();
    const id = await issueOne(pack.id, '+6590000040');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        call('owner', 'POST', `${MAIN}/vouchers/${id}/redeem`, { storeId: acme.storeId }),
      ),
    );
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 6805)).toHaveLength(199);
    expect((await historyOf(id)).filter((a) => a === 'REDEEMED')).toHaveLength(1);
  }, 120_000);
});

describe('the declared state machine (resources/tables/vouchers.ts)', () => {
  // every arrow people run, from every state, as an operator and as the company's merchant: it moves
  // exactly when the declaration says, else answers the declared code
  const bodies: Record<string, (storeId: number) => Record<string, unknown>> = {
    redeem: (storeId) => ({ storeId }),
    void: () => ({ reason: 'walk' }),
    donate: () => ({ toMobile: '+6598880000' }),
    expire: () => ({}),
  };
  const arrows = (voucherDecl.actions ?? []).filter((a) => a.roles.length > 0);

  it('names a body for every arrow people run', () => {
    expect(arrows.map((a) => a.name).sort()).toEqual(Object.keys(bodies).sort());
  });

  it.each(
    arrows.flatMap((a) =>
      VOUCHER_STATES.flatMap((state) =>
        (['op', 'owner'] as const).map((who) => [a.name, state, who] as const),
      ),
    ),
  )('%s from %s as %s', async (name, state, who) => {
    const pack = await newPack();
    const id = await issueOne(pack.id, '+6598870000');
    await t.db
      .update(vouchers)
      .set({
        state,
        ...(state === 'REDEEMED' ? { redeemedAt: new Date(), redeemedStoreId: acme.storeId } : {}),
      })
      .where(eq(vouchers.id, id));
    const action = arrows.find((a) => a.name === name);
    if (!action) throw new Error(name);
    const res = await call(who, 'POST', `${MAIN}/vouchers/${id}/${name}`, bodies[name]?.(acme.storeId));
    const refusal = refusalOf(action, state, who === 'op' ? 'operator' : 'merchant');
    const [row] = await t.db.select({ state: vouchers.state }).from(vouchers).where(eq(vouchers.id, id));
    if (refusal === null) {
      expect(codeOf(res)).toEqual({ status: 200, code: 0 });
      expect(row?.state).toBe(action.to);
    } else {
      expect(codeOf(res).code).toBe(ERRORS[refusal].code);
      expect(row?.state).toBe(state);
    }
  });
});

// Issue 24 item 10: a voucher "valid until 25 Dec" of a Singapore company is valid until midnight in
// Singapore (16:00 UTC), not until midnight UTC; an Australian company's until midnight in Sydney.
describe("validity in the company's calendar", () => {
  const LAST_DAY = '2027-03-10';
  /** A voucher of `org` valid until LAST_DAY (issued now, its dates then set). */
  const voucherUntilLastDay = async (org: Org, mobile: string) => {
    const pack = dataOf(
      await call(org === acme ? 'owner' : 'stranger', 'POST', `${MAIN}/voucher-packs`, {
        ...packBody(),
        brandId: org.brandId,
      }),
    ) as { id: number };
    const { vouchers: issued } = dataOf(
      await call(org === acme ? 'owner' : 'stranger', 'POST', `${MAIN}/voucher-packs/${pack.id}/vouchers`, {
        memberMobile: mobile,
        quantity: 1,
      }),
    ) as { vouchers: { id: number }[] };
    const id = issued[0]?.id;
    if (id === undefined) throw new Error('nothing issued');
    await t.db
      .update(vouchers)
      .set({ validFrom: '2027-03-01', validUntil: LAST_DAY })
      .where(eq(vouchers.id, id));
    return id;
  };
  const stateOf = async (id: number) =>
    (await t.db.select({ state: vouchers.state }).from(vouchers).where(eq(vouchers.id, id)))[0]?.state;

  it('the expiry job ends each voucher at midnight of its own country', async () => {
    const sg = await voucherUntilLastDay(acme, '+6590001001');
    await t.db.update(company).set({ country: 'au' }).where(eq(company.id, other.companyId));
    try {
      const au = await voucherUntilLastDay(other, '+6590001002');
      // 10 Mar 23:30 in Sydney (UTC+11), 20:30 in Singapore: neither day has ended
      await expireDueVouchers(t.db, new Date('2027-03-10T12:30:00Z'));
      expect([await stateOf(sg), await stateOf(au)]).toEqual(['AVAILABLE', 'AVAILABLE']);
      // 11 Mar 00:30 in Sydney, 21:30 on the 10th in Singapore
      await expireDueVouchers(t.db, new Date('2027-03-10T13:30:00Z'));
      expect([await stateOf(sg), await stateOf(au)]).toEqual(['AVAILABLE', 'EXPIRED']);
      // 10 Mar 23:59 in Singapore, still the 10th in UTC
      await expireDueVouchers(t.db, new Date('2027-03-10T15:59:00Z'));
      expect(await stateOf(sg)).toBe('AVAILABLE');
      // 11 Mar 00:01 in Singapore, still the 10th in UTC (a UTC calendar would keep it until 00:00 UTC)
      await expireDueVouchers(t.db, new Date('2027-03-10T16:01:00Z'));
      expect(await stateOf(sg)).toBe('EXPIRED');
      expect(await historyOf(sg)).toEqual(['ISSUED', 'EXPIRED']);
    } finally {
      await t.db.update(company).set({ country: 'sg' }).where(eq(company.id, other.companyId));
    }
  });

  it('a voucher is redeemed until midnight in its country and refused after, whatever the UTC day', async () => {
    const id = await voucherUntilLastDay(acme, '+6590001003');
    const redeemAt = (iso: string) =>
      t.db.transaction((tx) =>
        redeemVoucher(tx, operatorCaller, id, { storeId: acme.storeId }, new Date(iso)),
      );
    // 11 Mar 00:30 in Singapore, 16:30 on the 10th in UTC
    await expect(redeemAt('2027-03-10T16:30:00Z')).rejects.toMatchObject({
      errorName: 'VOUCHER_NOT_AVAILABLE',
      data: [{ field: 'validUntil', message: `the voucher expired on ${LAST_DAY}` }],
    });
    // 10 Mar 23:30 in Singapore
    expect(await redeemAt('2027-03-10T15:30:00Z')).toMatchObject({ id, state: 'REDEEMED' });
  });
});
