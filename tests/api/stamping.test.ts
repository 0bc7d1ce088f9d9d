// The stamp card operations end to end through the API: programme rules (26623, 6624, 6626), issuing
// member cards (6623, 6626, 6701), stamping (6620, 6621, 6622, 6625, 6627, 6629, 26630) with its
// completion and reward voucher, voiding (6628, 26624, 6805), the store PIN, the expiry job, the
// ledgers and races on one card and one transaction.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAMP_CARD_STATE_VALUES, STAMP_CARD_STATES } from '../../contract/enums';
import { ERRORS } from '../../contract/errors';
import { memberCards as memberCardsDecl } from '../../resources/tables/memberCards';
import { refusalOf } from '../../resources/transitions';
import { creditWallet } from '../../server/domains/money/wallet';
import { expireDueMemberCards } from '../../server/domains/stamping/card-expiry';
import { PIN_WINDOW_MS } from '../../server/domains/stamping/store-pin';
import {
  auditLog,
  idempotencyKeys,
  memberCards,
  pinFailures,
  stampCard,
  stampingHistory,
  stampsTransaction,
  storePins,
  users,
  vouchers,
} from '../../server/platform/db/schema';
import { addAcmeAndOther, addBrand, addStore, addUser, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf, sgDay } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;
let rewardPackId: number;

const shift = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return sgDay(d);
};

let mobileSeq = 0;
const nextMobile = () => `+6592${String(++mobileSeq).padStart(6, '0')}`;

const programmeBody = (over: Record<string, unknown> = {}) => ({
  title: 'Coffee card',
  stampsRequired: 5,
  maxStampsPerTransaction: 3,
  price: 0,
  rewardVoucherPackId: rewardPackId,
  startDate: shift(-1),
  endDate: shift(30),
  brandId: acme.brandId,
  ...over,
});

interface Programme {
  id: number;
  issuedCount: number;
  state: string;
}
interface Card {
  id: number;
  stamps: number;
  state: number;
}
interface Stamped {
  id: number;
  result: string;
  stamps: number;
  stampsAfter: number;
  memberCardState: number;
  rewardVoucherId: number | null;
}

const newProgramme = async (over: Record<string, unknown> = {}) =>
  dataOf(await call('owner', 'POST', `${MAIN}/stamp-cards`, programmeBody(over))) as Programme;

const issueCard = (programmeId: number, memberMobile: string, storeId = acme.storeId, who = 'owner') =>
  call(who, 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, { memberMobile, storeId });

const newCard = async (over: Record<string, unknown> = {}) => {
  const programme = await newProgramme(over);
  const card = dataOf(await issueCard(programme.id, nextMobile())) as Card;
  return { programme, card };
};

const stamp = (cardId: number, body: Record<string, unknown>, who = 'owner', headers = {}) =>
  call(who, 'POST', `${MAIN}/member-cards/${cardId}/stamps`, { storeId: acme.storeId, ...body }, headers);

const voidTxn = (txnId: number, reason = 'wrong card', who = 'owner') =>
  call(who, 'POST', `${MAIN}/stamps-transactions/${txnId}/void`, { reason });

const cardRow = async (id: number) => {
  const [row] = await t.db.select().from(memberCards).where(eq(memberCards.id, id));
  if (!row) throw new Error(`no card ${id}`);
  return row;
};

const movementsOf = async (cardId: number) =>
  (
    await t.db
      .select()
      .from(stampingHistory)
      .where(eq(stampingHistory.memberCardId, cardId))
      .orderBy(stampingHistory.id)
  ).map((m) => [m.stampsDelta, m.stampsAfter]);

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
  const pack = dataOf(
    await call('owner', 'POST', `${MAIN}/voucher-packs`, {
      title: 'Free coffee',
      price: 0,
      voucherValue: 4.5,
      quantity: 100_000,
      issueLimitPerMember: 100,
      validFrom: shift(-1),
      validUntil: shift(60),
      voucherValidityDays: 30,
      brandId: acme.brandId,
    }),
  ) as { id: number };
  rewardPackId = pack.id;
}, APP_TIMEOUT);

describe('programme rules', () => {
  it.each([
    ['an end date before the start', { startDate: shift(5), endDate: shift(1) }, 26623, 'endDate'],
    ['a negative price', { price: -1 }, 6624, 'price'],
    ['a quantity below 1', { quantity: 0 }, 6626, 'quantity'],
  ])('refuses %s with its own code', async (_, over, code, field) => {
    const res = await call('owner', 'POST', `${MAIN}/stamp-cards`, programmeBody(over));
    expect(res.json()).toMatchObject({ code, data: [expect.objectContaining({ field })] });
  });

  it("creates a programme from the form's defaults: ACTIVE, price 0, one stamp per stamping", async () => {
    const res = await call('owner', 'POST', `${MAIN}/stamp-cards`, {
      title: 'Defaults',
      startDate: shift(0),
      endDate: shift(10),
      brandId: acme.brandId,
    });
    expect(dataOf(res)).toMatchObject({
      state: 'ACTIVE',
      price: 0,
      stampsRequired: 10,
      maxStampsPerTransaction: 1,
      issuedCount: 0,
      quantity: null,
    });
  });

  it('refuses a quantity below the cards already issued, and generic moves of state and count', async () => {
    const { programme } = await newCard({ quantity: 5 });
    const shrink = await call('owner', 'PUT', `${MAIN}/stamp-cards/${programme.id}`, { quantity: 0 });
    expect(shrink.json()).toMatchObject({ code: 6626 });
    for (const body of [{ issuedCount: 0 }, { state: 'DISABLED' }]) {
      const res = await call('owner', 'PUT', `${MAIN}/stamp-cards/${programme.id}`, body);
      expect(res.json()).toMatchObject({ code: 2, data: [{ field: Object.keys(body)[0] }] });
    }
  });

  it('disables and enables through its actions, and deletes softly', async () => {
    const programme = await newProgramme();
    const disabled = await call('owner', 'POST', `${MAIN}/stamp-cards/${programme.id}/disable`, {});
    expect(dataOf(disabled)).toMatchObject({ state: 'DISABLED' });
    expect(codeOf(await issueCard(programme.id, nextMobile()))).toEqual({ status: 409, code: 11 });
    await call('owner', 'POST', `${MAIN}/stamp-cards/${programme.id}/enable`, {});
    await call('owner', 'DELETE', `${MAIN}/stamp-cards/${programme.id}`);
    const [row] = await t.db.select().from(stampCard).where(eq(stampCard.id, programme.id));
    expect(row?.state).toBe('DELETE');
  });
});

describe('issuing a member card', () => {
  it('issues an AVAILABLE card with no stamps and counts it on the programme', async () => {
    const programme = await newProgramme({ price: 2.5 });
    // the card's price comes out of the merchant's wallet (the finance tests cover the charges)
    await t.db.transaction((tx) =>
      creditWallet(tx, acme.companyId, '2.50', { type: 'TOP_UP_TXN', reference: 'test funds' }),
    );
    const mobile = nextMobile();
    const card = dataOf(await issueCard(programme.id, mobile)) as Card & Record<string, unknown>;
    expect(card).toMatchObject({
      stampCardId: programme.id,
      memberMobile: mobile,
      stamps: 0,
      state: 0,
      price: 2.5,
      storeId: acme.storeId,
      companyId: acme.companyId,
      brandId: acme.brandId,
    });
    const [row] = await t.db.select().from(stampCard).where(eq(stampCard.id, programme.id));
    expect(row?.issuedCount).toBe(1);
    const summary = dataOf(await call('owner', 'GET', `${MAIN}/stamp-cards/${programme.id}/summary`));
    expect(summary).toMatchObject({ issuedCount: 1, available: 1, completed: 0, left: null });
  });

  it('refuses a second open card of the same programme (6623), a sold-out programme (6626)', async () => {
    const programme = await newProgramme({ quantity: 2 });
    const mobile = nextMobile();
    await issueCard(programme.id, mobile);
    expect(codeOf(await issueCard(programme.id, mobile))).toEqual({ status: 409, code: 6623 });
    await issueCard(programme.id, nextMobile());
    expect(codeOf(await issueCard(programme.id, nextMobile()))).toEqual({ status: 409, code: 6626 });
  });

  it("refuses a store outside the programme's brand (6701), a programme out of its dates (11)", async () => {
    const programme = await newProgramme();
    expect(codeOf(await issueCard(programme.id, nextMobile(), other.storeId))).toMatchObject({ code: 6701 });
    const later = await newProgramme({ startDate: shift(3), endDate: shift(9) });
    expect((await issueCard(later.id, nextMobile())).json()).toMatchObject({
      code: 11,
      data: [{ field: 'endDate' }],
    });
  });

  it('makes the card holder a member the merchant sees, and another company does not', async () => {
    const programme = await newProgramme();
    const mobile = nextMobile();
    await issueCard(programme.id, mobile);
    const query = `${MAIN}/members?filter=${encodeURIComponent(JSON.stringify([{ field: 'mobile', op: 'eq', value: mobile }]))}`;
    expect(dataOf(await call('owner', 'GET', query))).toEqual([expect.objectContaining({ mobile })]);
    expect(dataOf(await call('stranger', 'GET', query))).toEqual([]);
  });

  it("never issues a card of another company's programme", async () => {
    const programme = await newProgramme();
    expect(codeOf(await issueCard(programme.id, nextMobile(), other.storeId, 'stranger'))).toMatchObject({
      code: 5,
    });
  });
});

describe('stamping', () => {
  it('stamps, completes the card with one reward voucher, and writes both ledgers', async () => {
    const { programme, card } = await newCard();
    const first = dataOf(await stamp(card.id, { stamps: 3, receiptNo: 'R-1', expectedStamps: 0 })) as Stamped;
    expect(first).toMatchObject({ result: 'SUCCESS', stamps: 3, stampsAfter: 3, memberCardState: 0 });
    const done = dataOf(await stamp(card.id, { stamps: 2, expectedStamps: 3 })) as Stamped;
    expect(done).toMatchObject({ stamps: 2, stampsAfter: 5, memberCardState: 1 });
    expect(done.rewardVoucherId).toEqual(expect.any(Number));
    const row = await cardRow(card.id);
    expect(row).toMatchObject({ stamps: 5, state: 1, rewardVoucherId: done.rewardVoucherId });
    const [voucher] = await t.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.id, done.rewardVoucherId ?? 0));
    expect(voucher).toMatchObject({
      state: 'AVAILABLE',
      voucherPackId: rewardPackId,
      memberMobile: row.memberMobile,
    });
    expect(await movementsOf(card.id)).toEqual([
      [3, 3],
      [2, 5],
    ]);
    const txns = await t.db
      .select()
      .from(stampsTransaction)
      .where(eq(stampsTransaction.memberCardId, card.id))
      .orderBy(stampsTransaction.id);
    expect(txns.map((x) => [x.result, x.stamps, x.stampsAfter, x.receiptNo])).toEqual([
      ['SUCCESS', 3, 3, 'R-1'],
      ['SUCCESS', 2, 5, null],
    ]);
    const summary = dataOf(await call('owner', 'GET', `${MAIN}/stamp-cards/${programme.id}/summary`));
    expect(summary).toMatchObject({ completed: 1, available: 0, stampsThisWeek: 5, stampingsThisWeek: 2 });
    // a completed card takes no more stamps
    expect(codeOf(await stamp(card.id, { stamps: 1 }))).toMatchObject({ code: 6625 });
  });

  it.each([
    ['no stamps', { stamps: 0 }, 6620, 'stamps'],
    ['more than the per-stamping maximum', { stamps: 4 }, 6620, 'stamps'],
    ['a wrong expected count', { stamps: 1, expectedStamps: 2 }, 6627, 'expectedStamps'],
  ])('refuses %s with its code and records a FAILED transaction', async (_, body, code, field) => {
    const { card } = await newCard();
    const res = await stamp(card.id, body);
    expect(res.json()).toMatchObject({ code, data: [expect.objectContaining({ field })] });
    const [failed] = await t.db
      .select()
      .from(stampsTransaction)
      .where(eq(stampsTransaction.memberCardId, card.id));
    expect(failed).toMatchObject({ result: 'FAILED', failureCode: code, stampsAfter: 0 });
    expect((await cardRow(card.id)).stamps).toBe(0);
    expect(await movementsOf(card.id)).toEqual([]);
  });

  it('refuses stamps past the stamps required (6620)', async () => {
    const { card } = await newCard();
    await stamp(card.id, { stamps: 3 });
    expect((await stamp(card.id, { stamps: 3 })).json()).toMatchObject({
      code: 6620,
      data: [{ field: 'stamps', message: expect.stringContaining('2 left') }],
    });
  });

  it('refuses an unknown card, or one of another company (6625)', async () => {
    const { card } = await newCard();
    expect(codeOf(await stamp(999_999, { stamps: 1 }))).toMatchObject({ code: 6625 });
    expect(codeOf(await stamp(card.id, { stamps: 1, storeId: other.storeId }, 'stranger'))).toMatchObject({
      code: 6625,
    });
  });

  it("stamps a card only within the caller's organisation: the company's, its brand's, an operator any", async () => {
    // each shape of scope has its own prepared statement (server/resources/row-scope.ts preparedInScope)
    const brandId = await addBrand(t, acme.companyId, 'Acme Scope Brand');
    const storeId = await addStore(t, acme.companyId, brandId, 'Acme Scope Store');
    await addUser(t, tokens, 'scopeBrand', { type: 'MERCHANT', companyId: acme.companyId, brandId });
    await addUser(t, tokens, 'scopeHome', {
      type: 'MERCHANT',
      companyId: acme.companyId,
      brandId: acme.brandId,
    });
    const { card } = await newCard();
    // a merchant limited to another brand of the company does not reach the card, at either store
    expect(codeOf(await stamp(card.id, { stamps: 1, storeId }, 'scopeBrand'))).toMatchObject({ code: 6625 });
    expect(codeOf(await stamp(card.id, { stamps: 1 }, 'scopeBrand'))).toMatchObject({ code: 6625 });
    expect((await cardRow(card.id)).stamps).toBe(0);
    // the card's own brand, its company and an operator do
    expect(codeOf(await stamp(card.id, { stamps: 1 }, 'scopeHome'))).toMatchObject({ code: 0 });
    expect(codeOf(await stamp(card.id, { stamps: 1 }))).toMatchObject({ code: 0 });
    expect(codeOf(await stamp(card.id, { stamps: 1 }, 'op'))).toMatchObject({ code: 0 });
    expect((await cardRow(card.id)).stamps).toBe(3);
  });

  it('refuses a receipt number already stamped at the store (26630), not one that was refused', async () => {
    const { card } = await newCard();
    const second = (await newCard()).card;
    expect(codeOf(await stamp(card.id, { stamps: 9, receiptNo: 'DUP-1' }))).toMatchObject({ code: 6620 });
    // the refused attempt does not hold the number
    expect(codeOf(await stamp(card.id, { stamps: 1, receiptNo: 'DUP-1' }))).toMatchObject({ code: 0 });
    expect(codeOf(await stamp(second.id, { stamps: 1, receiptNo: 'DUP-1' }))).toEqual({
      status: 409,
      code: 26630,
    });
    // another store of the brand may use the same number
    const storeB = await addStore(t, acme.companyId, acme.brandId, 'Acme Two');
    expect(codeOf(await stamp(second.id, { stamps: 1, receiptNo: 'DUP-1', storeId: storeB }))).toMatchObject({
      code: 0,
    });
  });

  describe('limits of the programme (6630)', () => {
    /** The start of today in Singapore (the country's zone when country config names none). */
    const singaporeDayStart = () => {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
      return new Date(`${day}T00:00:00+08:00`);
    };
    const lastFailure = async (cardId: number) => {
      const rows = await t.db
        .select()
        .from(stampsTransaction)
        .where(and(eq(stampsTransaction.memberCardId, cardId), eq(stampsTransaction.result, 'FAILED')));
      return rows.at(-1);
    };

    it("gives a member at most maxStampsPerMemberPerDay stamps a day, counted in the country's calendar", async () => {
      const { card } = await newCard({ stampsRequired: 10, maxStampsPerMemberPerDay: 3 });
      expect(codeOf(await stamp(card.id, { stamps: 2 }))).toMatchObject({ code: 0 });
      const refused = await stamp(card.id, { stamps: 2 });
      expect(codeOf(refused)).toEqual({ status: 409, code: 6630 });
      expect(refused.json().data).toEqual([
        {
          field: 'stamps',
          message:
            'a member collects at most 3 stamps a day on this programme; 2 given today, so 1 more is possible',
        },
      ]);
      // recorded like the other refusals, and nothing moved
      expect(await lastFailure(card.id)).toMatchObject({ failureCode: 6630, stamps: 2, stampsAfter: 2 });
      expect((await cardRow(card.id)).stamps).toBe(2);
      expect(codeOf(await stamp(card.id, { stamps: 1 }))).toMatchObject({ code: 0 });
      // a minute before Singapore's midnight is yesterday there, whatever the UTC date says
      await t.db
        .update(stampsTransaction)
        .set({ at: new Date(singaporeDayStart().getTime() - 60_000) })
        .where(eq(stampsTransaction.memberCardId, card.id));
      expect(codeOf(await stamp(card.id, { stamps: 3 }))).toMatchObject({ code: 0 });
      expect(codeOf(await stamp(card.id, { stamps: 1 }))).toMatchObject({ code: 6630 });
    });

    it('does not count a voided stamping against the day', async () => {
      const { card } = await newCard({ stampsRequired: 10, maxStampsPerMemberPerDay: 2 });
      const first = dataOf(await stamp(card.id, { stamps: 2 })) as Stamped;
      expect(codeOf(await voidTxn(first.id))).toMatchObject({ code: 0 });
      expect(codeOf(await stamp(card.id, { stamps: 2 }))).toMatchObject({ code: 0 });
    });

    it('keeps minMinutesBetweenStamps between two stampings of one card', async () => {
      const { card } = await newCard({ stampsRequired: 10, minMinutesBetweenStamps: 30 });
      expect(codeOf(await stamp(card.id, { stamps: 1 }))).toMatchObject({ code: 0 });
      const refused = await stamp(card.id, { stamps: 1 });
      expect(codeOf(refused)).toEqual({ status: 409, code: 6630 });
      expect(refused.json().data[0].message).toMatch(
        /^this card was stamped at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}; stampings are at least 30 minutes apart, so the next one is possible from /,
      );
      await t.db
        .update(stampsTransaction)
        .set({ at: new Date(Date.now() - 31 * 60_000) })
        .where(and(eq(stampsTransaction.memberCardId, card.id), eq(stampsTransaction.result, 'SUCCESS')));
      expect(codeOf(await stamp(card.id, { stamps: 1 }))).toMatchObject({ code: 0 });
    });

    it('leaves a programme without limits unlimited, and refuses a limit below 1 (code 2)', async () => {
      const { card } = await newCard({ stampsRequired: 10, maxStampsPerTransaction: 3 });
      for (let i = 0; i < 3; i++)
        expect(codeOf(await stamp(card.id, { stamps: 3 }))).toMatchObject({ code: 0 });
      const bad = await call(
        'owner',
        'POST',
        `${MAIN}/stamp-cards`,
        programmeBody({ minMinutesBetweenStamps: 0 }),
      );
      expect(codeOf(bad)).toEqual({ status: 400, code: 2 });
    });
  });

  it('fails the whole stamping with 6629 when the reward cannot be issued', async () => {
    const { card } = await newCard({
      rewardVoucherPackId: null,
      stampsRequired: 2,
      maxStampsPerTransaction: 2,
    });
    expect((await stamp(card.id, { stamps: 2 })).json()).toMatchObject({
      code: 6629,
      data: [{ field: 'rewardVoucherPackId' }],
    });
    expect(await cardRow(card.id)).toMatchObject({ stamps: 0, state: 0 });
  });

  it('answers a repeated Idempotency-Key with the first answer and stamps once', async () => {
    const { card } = await newCard();
    const headers = { 'idempotency-key': `stamp-${card.id}` };
    const a = await stamp(card.id, { stamps: 1 }, 'owner', headers);
    const b = await stamp(card.id, { stamps: 1 }, 'owner', headers);
    expect(b.body).toBe(a.body);
    expect((await cardRow(card.id)).stamps).toBe(1);
  });

  it('runs a key again once its answer is older than 24 hours, keeping the new answer', async () => {
    const { card } = await newCard();
    const key = `stamp-old-${card.id}`;
    const [owner] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'owner@example.test'));
    if (!owner) throw new Error('no owner');
    await t.db.insert(idempotencyKeys).values({
      userId: owner.id,
      key,
      request: 'POST /elsewhere x',
      status: 200,
      body: '{"code":0,"data":"old"}',
      createTime: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });
    const a = await stamp(card.id, { stamps: 1 }, 'owner', { 'idempotency-key': key });
    expect(codeOf(a)).toMatchObject({ code: 0 });
    expect((await cardRow(card.id)).stamps).toBe(1);
    const [kept] = await t.db
      .select({ body: idempotencyKeys.body, time: idempotencyKeys.createTime })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, owner.id), eq(idempotencyKeys.key, key)));
    expect(kept?.body).toBe(a.body);
    expect(Date.now() - (kept?.time.getTime() ?? 0)).toBeLessThan(60_000);
    // and from now on it is the answer replayed
    expect((await stamp(card.id, { stamps: 1 }, 'owner', { 'idempotency-key': key })).body).toBe(a.body);
    expect((await cardRow(card.id)).stamps).toBe(1);
  });

  it('answers a repeat whose receipt is now used with the first answer, recording no refusal', async () => {
    const { card } = await newCard();
    const headers = { 'idempotency-key': `stamp-receipt-${card.id}` };
    const a = await stamp(card.id, { stamps: 1, receiptNo: `RR-${card.id}` }, 'owner', headers);
    expect(codeOf(a)).toMatchObject({ code: 0 });
    const b = await stamp(card.id, { stamps: 1, receiptNo: `RR-${card.id}` }, 'owner', headers);
    expect(b.body).toBe(a.body);
    // without the key the same receipt is refused (26630), and that refusal is recorded
    expect(codeOf(await stamp(card.id, { stamps: 1, receiptNo: `RR-${card.id}` }))).toMatchObject({
      code: 26630,
    });
    const txns = await t.db
      .select({ result: stampsTransaction.result })
      .from(stampsTransaction)
      .where(eq(stampsTransaction.memberCardId, card.id))
      .orderBy(stampsTransaction.id);
    expect(txns.map((x) => x.result)).toEqual(['SUCCESS', 'FAILED']);
    expect((await cardRow(card.id)).stamps).toBe(1);
  });
});

describe('the store PIN', () => {
  it('is set hashed, never answered, checked when given, and locks after 5 wrong tries in 15 minutes', async () => {
    const storeId = await addStore(t, acme.companyId, acme.brandId, 'PIN store');
    const { card } = await newCard({ maxStampsPerTransaction: 1 });
    const status0 = dataOf(await call('owner', 'GET', `${MAIN}/stores/${storeId}/pin`));
    expect(status0).toMatchObject({ pinSet: false, setAt: null, lockedUntil: null });
    const set = await call('owner', 'POST', `${MAIN}/stores/${storeId}/pin`, { pin: '4321' });
    expect(dataOf(set)).toMatchObject({ storeId, pinSet: true, lockedUntil: null });
    expect(set.body).not.toContain('4321');
    const [row] = await t.db.select().from(storePins).where(eq(storePins.storeId, storeId));
    expect(row?.pinHash).toMatch(/^\$argon2id\$/);
    // a PIN that is not digits is refused before anything
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/stores/${storeId}/pin`, { pin: '12ab' })),
    ).toMatchObject({
      code: 2,
    });

    expect(codeOf(await stamp(card.id, { stamps: 1, storeId, pin: '4321' }))).toMatchObject({ code: 0 });
    for (let i = 0; i < 5; i++) {
      expect(codeOf(await stamp(card.id, { stamps: 1, storeId, pin: '0000' }))).toMatchObject({ code: 6621 });
    }
    // the right PIN is refused while the window holds 5 failures
    expect(codeOf(await stamp(card.id, { stamps: 1, storeId, pin: '4321' }))).toEqual({
      status: 429,
      code: 6622,
    });
    const locked = dataOf(await call('owner', 'GET', `${MAIN}/stores/${storeId}/pin`)) as {
      lockedUntil: string;
    };
    expect(new Date(locked.lockedUntil).getTime()).toBeGreaterThan(Date.now());
    // staff signed in may stamp without the PIN meanwhile
    expect(codeOf(await stamp(card.id, { stamps: 1, storeId }))).toMatchObject({ code: 0 });
    // the window passes: the failures age out
    await t.db
      .update(pinFailures)
      .set({ at: new Date(Date.now() - PIN_WINDOW_MS - 1000) })
      .where(eq(pinFailures.storeId, storeId));
    expect(codeOf(await stamp(card.id, { stamps: 1, storeId, pin: '4321' }))).toMatchObject({ code: 0 });
    // another company cannot see or set it
    expect(
      codeOf(await call('stranger', 'POST', `${MAIN}/stores/${storeId}/pin`, { pin: '1111' })),
    ).toMatchObject({
      status: 404,
    });
  });

  it('answers 6621 for a store with no PIN', async () => {
    const { card } = await newCard();
    expect(codeOf(await stamp(card.id, { stamps: 1, pin: '1234' }))).toMatchObject({ code: 6621 });
  });
});

describe('voiding', () => {
  it('voids the last stamping, reopens a completed card and voids its reward voucher', async () => {
    const { card } = await newCard();
    await stamp(card.id, { stamps: 3 });
    const done = dataOf(await stamp(card.id, { stamps: 2 })) as Stamped;
    const res = await voidTxn(done.id, 'customer returned the coffee');
    expect(dataOf(res)).toMatchObject({
      id: done.id,
      result: 'VOIDED',
      voidReason: 'customer returned the coffee',
    });
    expect(await cardRow(card.id)).toMatchObject({
      stamps: 3,
      state: 0,
      rewardVoucherId: null,
      completedAt: null,
    });
    const [voucher] = await t.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.id, done.rewardVoucherId ?? 0));
    expect(voucher?.state).toBe('EXPIRED');
    expect(await movementsOf(card.id)).toEqual([
      [3, 3],
      [2, 5],
      [-2, 3],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'stampsTransaction'), eq(auditLog.recordId, String(done.id))));
    expect(audits.map((a) => a.action)).toEqual(['void']);
    // the card can be completed again
    const again = dataOf(await stamp(card.id, { stamps: 2 })) as Stamped;
    expect(again.memberCardState).toBe(1);
  });

  it('refuses all but the last SUCCESS (6628), a FAILED one (26624), a voided one (11)', async () => {
    const { card } = await newCard();
    const first = dataOf(await stamp(card.id, { stamps: 1 })) as Stamped;
    await stamp(card.id, { stamps: 9 });
    const second = dataOf(await stamp(card.id, { stamps: 1 })) as Stamped;
    expect(codeOf(await voidTxn(first.id))).toEqual({ status: 409, code: 6628 });
    const [failed] = await t.db
      .select()
      .from(stampsTransaction)
      .where(and(eq(stampsTransaction.memberCardId, card.id), eq(stampsTransaction.result, 'FAILED')));
    expect(codeOf(await voidTxn(Number(failed?.id)))).toEqual({ status: 409, code: 26624 });
    expect(codeOf(await voidTxn(second.id))).toMatchObject({ code: 0 });
    expect(codeOf(await voidTxn(second.id))).toMatchObject({ code: 11 });
    // now the first is the last SUCCESS
    expect(codeOf(await voidTxn(first.id))).toMatchObject({ code: 0 });
    expect((await cardRow(card.id)).stamps).toBe(0);
  });

  it('is blocked by a redeemed reward voucher (6805)', async () => {
    const { card } = await newCard({ stampsRequired: 1, maxStampsPerTransaction: 1 });
    const done = dataOf(await stamp(card.id, { stamps: 1 })) as Stamped;
    await call('owner', 'POST', `${MAIN}/vouchers/${done.rewardVoucherId}/redeem`, { storeId: acme.storeId });
    expect(codeOf(await voidTxn(done.id))).toMatchObject({ code: 6805 });
    expect((await cardRow(card.id)).state).toBe(1);
  });

  it('keeps the ledgers append-only for everybody', async () => {
    const { card } = await newCard();
    const done = dataOf(await stamp(card.id, { stamps: 1 })) as Stamped;
    for (const [method, url, body] of [
      ['POST', `${MAIN}/stamps-transactions`, { memberMobile: '+6590000000', at: new Date().toISOString() }],
      ['PUT', `${MAIN}/stamps-transactions/${done.id}`, { result: 'VOIDED' }],
      ['DELETE', `${MAIN}/stamps-transactions/${done.id}`, undefined],
      ['PUT', `${MAIN}/member-cards/${card.id}`, { stamps: 9 }],
      ['DELETE', `${MAIN}/member-cards/${card.id}`, undefined],
    ] as const) {
      expect(codeOf(await call('op', method, url, body)), `${method} ${url}`).toMatchObject({ status: 403 });
    }
  });
});

describe('expiry', () => {
  it('expires AVAILABLE cards of programmes that ended, and no others', async () => {
    const { programme, card } = await newCard();
    const { card: open } = await newCard();
    await t.db
      .update(stampCard)
      .set({ endDate: shift(-1), startDate: shift(-5) })
      .where(eq(stampCard.id, programme.id));
    expect(await expireDueMemberCards(t.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await cardRow(card.id)).state).toBe(2);
    expect((await cardRow(open.id)).state).toBe(0);
    expect(codeOf(await stamp(card.id, { stamps: 1 }))).toMatchObject({ code: 6625 });
  });
});

describe('under concurrency', () => {
  it('500 stampings of one stamp racing on a card of 10 give exactly 10 successes and one reward', async () => {
    const { card } = await newCard({ stampsRequired: 10, maxStampsPerTransaction: 1 });
    const results = await Promise.all(Array.from({ length: 500 }, () => stamp(card.id, { stamps: 1 })));
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c !== 0)).toHaveLength(490);
    expect(new Set(codes.filter((c) => c !== 0))).toEqual(new Set([6625]));
    const row = await cardRow(card.id);
    expect(row).toMatchObject({ stamps: 10, state: 1 });
    const rewards = results.map((r) => r.json().data as Stamped | null).filter((d) => d?.rewardVoucherId);
    expect(rewards).toHaveLength(1);
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.memberMobile, row.memberMobile));
    expect(issued).toHaveLength(1);
    expect((await movementsOf(card.id)).map(([, after]) => after)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }, 240_000);

  it('20 stampings racing with one Idempotency-Key stamp once and all answer the first answer', async () => {
    const { card } = await newCard({ stampsRequired: 10, maxStampsPerTransaction: 1 });
    const headers = { 'idempotency-key': `race-${card.id}` };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => stamp(card.id, { stamps: 1 }, 'owner', headers)),
    );
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results[0]?.json().code).toBe(0);
    expect((await cardRow(card.id)).stamps).toBe(1);
    expect(await movementsOf(card.id)).toHaveLength(1);
  }, 120_000);

  it('200 voids racing on one transaction void it once', async () => {
    const { card } = await newCard();
    const done = dataOf(await stamp(card.id, { stamps: 2 })) as Stamped;
    const results = await Promise.all(Array.from({ length: 200 }, () => voidTxn(done.id)));
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 11)).toHaveLength(199);
    expect(await cardRow(card.id)).toMatchObject({ stamps: 0 });
    expect(await movementsOf(card.id)).toEqual([
      [2, 2],
      [-2, 0],
    ]);
  }, 120_000);
});

describe('the declared state machine (resources/tables/memberCards.ts)', () => {
  // stamping, the arrow people run, from every state as an operator and as the company's merchant: it
  // stamps exactly when the declaration says, else answers the declared code and records the refusal
  const arrow = (memberCardsDecl.actions ?? []).find((a) => a.name === 'stamp');
  it('declares stamping as the only arrow with a route', () => {
    expect((memberCardsDecl.actions ?? []).filter((a) => a.roles.length > 0).map((a) => a.name)).toEqual([
      'stamp',
    ]);
  });
  it.each(
    STAMP_CARD_STATES.flatMap((state) => (['op', 'owner'] as const).map((who) => [state, who] as const)),
  )('stamp from %s as %s', async (state, who) => {
    if (!arrow) throw new Error('no stamp arrow');
    const { card } = await newCard();
    await t.db
      .update(memberCards)
      .set({ state: STAMP_CARD_STATE_VALUES[state] })
      .where(eq(memberCards.id, card.id));
    const res = await stamp(card.id, { stamps: 1 }, who);
    const refusal = refusalOf(arrow, state, who === 'op' ? 'operator' : 'merchant');
    const row = await cardRow(card.id);
    if (refusal === null) {
      expect(codeOf(res)).toEqual({ status: 200, code: 0 });
      expect(row.stamps).toBe(1);
    } else {
      expect(res.json()).toMatchObject({
        code: ERRORS[refusal].code,
        data: [{ field: 'state', message: `the card is ${state}` }],
      });
      expect(row).toMatchObject({ stamps: 0, state: STAMP_CARD_STATE_VALUES[state] });
    }
  });
});

// Issue 24 item 10: a programme's last day is a day of its company's country (Singapore here).
describe("expiry in the company's calendar", () => {
  it("expires a programme's cards once its last day has ended in Singapore, before it ends in UTC", async () => {
    const { programme, card } = await newCard();
    await t.db
      .update(stampCard)
      .set({ startDate: '2027-03-01', endDate: '2027-03-10' })
      .where(eq(stampCard.id, programme.id));
    // 10 Mar 23:59 in Singapore
    await expireDueMemberCards(t.db, new Date('2027-03-10T15:59:00Z'));
    expect((await cardRow(card.id)).state).toBe(0);
    // 11 Mar 00:01 in Singapore, still the 10th in UTC
    await expireDueMemberCards(t.db, new Date('2027-03-10T16:01:00Z'));
    expect((await cardRow(card.id)).state).toBe(2);
  });
});
