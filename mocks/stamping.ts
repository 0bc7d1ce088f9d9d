// MSW mocks of the stamp card operations (docs/operations.md "Stamp cards", docs/api.md "Stamp cards and
// member cards", server/services/stamping.ts): issuing a member card, a programme's figures, stamping
// a card (completion issues a reward voucher of the programme's pack) and voiding a card's last
// stamping. The rows live in the mock db's resourceRows (stampCard, memberCards, stampsTransaction,
// stampingHistory, vouchers, voucherHistory), so the generic list and show mocks (mocks/resources.ts)
// serve the very rows these operations move. Each operation honours the Idempotency-Key header as the
// server does (mocks/operations.ts): the same key from the same caller replays the first successful answer.
import { STAMP_CARD_STATE_VALUES, STAMP_CARD_STATES, type StampCardStateName } from '../contract/enums';
import { ERRORS } from '../contract/errors';
import { RECORDED_STAMPING_REFUSALS, type StampBody } from '../contract/stamping';
import { stampCard, stampingHistory, stampsTransaction, store, voucherPacks, vouchers } from '../resources';
import { memberCards } from '../resources/tables/memberCards';
import { actionOf, movedFields, refusalOf } from '../resources/transitions';
import type { MockDb, MockRow, MockUser } from './data';
import {
  assertBrandStore,
  createOperationMocks,
  DAY_MS,
  idIn,
  integerIn,
  isoOf,
  type MockCaller,
  mobileIn,
  mockDayOf,
  type OperationMockContext,
  onlyFields,
  type Params,
  REASON_MAX,
  reasonIn,
  refuse,
  rowsOf,
  textIn,
} from './operations';
import { seedOrganisation } from './organisation-hierarchy';
import { allowedMove, type Body, Fail, invalid } from './respond';
import { addDemoPack, addVoucherHistory, DEMO_MEMBERS, issueFromPack } from './vouchers';

/** The member card's numeric state (the spec's 0 AVAILABLE, 1 COMPLETED, 2 EXPIRED). */
export const CARD = STAMP_CARD_STATE_VALUES;
export const MOCK_PIN_MAX_FAILURES = 5;
export const MOCK_PIN_WINDOW_MS = 15 * 60 * 1000;
const PIN_PATTERN = /^[0-9]{4,8}$/;
const RECEIPT_PATTERN = /^\S(.*\S)?$/;
const stateName = (n: unknown) => STAMP_CARD_STATES[Number(n)] ?? String(n);
const stateValue = (name: string): number => STAMP_CARD_STATE_VALUES[name as StampCardStateName];

/** Store PINs and wrong-PIN times, per data set (the server keeps them in tables of their own). */
interface PinState {
  pins: Map<number, string>;
  failures: Map<number, number[]>;
}
const pinStates = new WeakMap<MockDb, PinState>();
const pinStateOf = (db: MockDb): PinState => {
  let state = pinStates.get(db);
  if (!state) {
    state = { pins: new Map(), failures: new Map() };
    pinStates.set(db, state);
  }
  return state;
};
/** Sets a store's stamping PIN in the mock data (the demo's and the tests'). */
export const setMockStorePin = (db: MockDb, storeId: number, pin: string): void => {
  pinStateOf(db).pins.set(storeId, pin);
};

// ---- the operations, on the data alone (the handlers and the demo seed share them) -----------------

/** 6701 unless `storeId` is an ACTIVE store of `brandId` (and the caller's own when limited to one). */
const assertStore = (db: MockDb, storeId: number, brandId: unknown, caller?: MockCaller) =>
  assertBrandStore(db, storeId, brandId, "programme's", caller);

/**
 * Issues a member card of `programme`: ACTIVE and inside its dates (else 11), at an ACTIVE store of its
 * brand (6701), not sold out (6626), the member holding no AVAILABLE card of it (6623).
 */
export const issueMemberCard = (
  db: MockDb,
  programme: MockRow,
  memberMobile: string,
  storeId: number,
  at: number = db.now(),
  caller?: MockCaller,
): MockRow => {
  const day = mockDayOf(at);
  if (programme.state !== 'ACTIVE')
    refuse('STATE_TRANSITION_NOT_ALLOWED', 'state', `the programme is ${String(programme.state)}`);
  if (day < String(programme.startDate) || day > String(programme.endDate))
    refuse(
      'STATE_TRANSITION_NOT_ALLOWED',
      'endDate',
      `the programme runs from ${String(programme.startDate)} to ${String(programme.endDate)}`,
    );
  assertStore(db, storeId, programme.brandId, caller);
  const issuedCount = Number(programme.issuedCount ?? 0);
  if (
    programme.quantity !== null &&
    programme.quantity !== undefined &&
    issuedCount >= Number(programme.quantity)
  )
    refuse('STAMP_CARD_SOLD_OUT', 'quantity', `all ${String(programme.quantity)} cards are issued`);
  const held = rowsOf(db, memberCards).find(
    (c) => c.stampCardId === programme.id && c.memberMobile === memberMobile && c.state === CARD.AVAILABLE,
  );
  if (held)
    refuse('UNCOMPLETED_CARD_EXISTS', 'memberMobile', `the member holds card ${held.id} of this programme`);
  const card: MockRow = {
    id: db.nextId(),
    stampCardId: programme.id,
    memberMobile,
    stamps: 0,
    state: CARD.AVAILABLE,
    storeId,
    price: programme.price ?? 0,
    rewardVoucherId: null,
    completedAt: null,
    companyId: programme.companyId ?? null,
    brandId: programme.brandId ?? null,
    createTime: isoOf(at),
    updateTime: isoOf(at),
  };
  rowsOf(db, memberCards).push(card);
  programme.issuedCount = issuedCount + 1;
  programme.updateTime = isoOf(at);
  return card;
};

export type MockStampInput = StampBody;

const programmeOf = (db: MockDb, card: MockRow): MockRow => {
  const row = rowsOf(db, stampCard).find((p) => p.id === card.stampCardId);
  if (!row) throw new Error(`member card ${card.id} of a missing programme`);
  return row;
};

const assertPin = (db: MockDb, storeId: number, pin: string, at: number) => {
  const state = pinStateOf(db);
  const recent = (state.failures.get(storeId) ?? []).filter((t) => t > at - MOCK_PIN_WINDOW_MS);
  state.failures.set(storeId, recent);
  if (recent.length >= MOCK_PIN_MAX_FAILURES) {
    const until = Math.min(...recent) + MOCK_PIN_WINDOW_MS;
    refuse('TOO_MANY_PIN_TRIES', 'pin', `PIN stamping at this store is locked until ${isoOf(until)}`);
  }
  if (state.pins.get(storeId) !== pin) {
    recent.push(at);
    refuse('INVALID_PIN', 'pin', 'is not the store PIN');
  }
};

const addMovement = (db: MockDb, card: MockRow, txn: MockRow, delta: number, at: number) => {
  rowsOf(db, stampingHistory).push({
    id: db.nextId(),
    stampCardId: card.stampCardId,
    memberCardId: card.id,
    transactionId: txn.id,
    memberMobile: card.memberMobile,
    stampsDelta: delta,
    stampsAfter: card.stamps,
    memberCardState: card.state,
    storeId: txn.storeId ?? null,
    deviceId: null,
    at: isoOf(at),
    companyId: card.companyId ?? null,
    brandId: card.brandId ?? null,
    createTime: isoOf(at),
    updateTime: isoOf(at),
  });
};

const newTransaction = (card: MockRow, at: number, values: Body & { id: number }): MockRow => ({
  stampCardId: card.stampCardId,
  memberCardId: card.id,
  memberMobile: card.memberMobile,
  type: 'STAMP_CARD_TXN',
  result: 'SUCCESS',
  stamps: 0,
  stampsAfter: card.stamps,
  memberCardState: card.state,
  rewardVoucherId: null,
  amount: 0,
  receiptNo: null,
  storeId: null,
  deviceId: null,
  failureCode: null,
  failureReason: null,
  voidReason: null,
  voidedAt: null,
  at: isoOf(at),
  companyId: card.companyId ?? null,
  brandId: card.brandId ?? null,
  createTime: isoOf(at),
  updateTime: isoOf(at),
  ...values,
});

/** The reward voucher of a completed card: one of the programme's reward pack, else 6629. */
const issueReward = (db: MockDb, programme: MockRow, card: MockRow, at: number): MockRow => {
  const pack = rowsOf(db, voucherPacks).find((p) => p.id === programme.rewardVoucherPackId);
  if (!pack)
    return refuse('VOUCHER_ISSUE_FAILED', 'rewardVoucherPackId', 'the programme has no reward voucher pack');
  try {
    const [voucher] = issueFromPack(db, pack, String(card.memberMobile), 1, at).vouchers;
    if (!voucher) throw new Error('no reward voucher issued');
    return voucher;
  } catch (error) {
    if (!(error instanceof Fail)) throw error;
    return refuse(
      'VOUCHER_ISSUE_FAILED',
      'rewardVoucherPackId',
      'the reward voucher could not be issued from the pack',
    );
  }
};

/**
 * Stamps a member card: AVAILABLE (else 6625), the store (6701), the PIN when given (6621, 6622),
 * `expectedStamps` matching (6627), 1 to the per-stamping maximum and not past `stampsRequired`
 * (6620), a receipt number new at the store (26630). Completing the card issues its reward (6629).
 * Answers `{id, memberCardId, result, stamps, stampsAfter, memberCardState, rewardVoucherId}`.
 */
export const stampMemberCard = (
  db: MockDb,
  card: MockRow,
  input: MockStampInput,
  at: number = db.now(),
  caller?: MockCaller,
) => {
  allowedMove(memberCards, 'stamp', { state: stateName(card.state) }, 'card');
  const programme = programmeOf(db, card);
  if (mockDayOf(at) > String(programme.endDate))
    refuse('UNKNOWN_CARD_OR_ORDER', 'state', `the programme ended on ${String(programme.endDate)}`);
  assertStore(db, input.storeId, card.brandId, caller);
  if (input.pin !== undefined) assertPin(db, input.storeId, input.pin, at);
  const stamps = Number(card.stamps);
  if (input.expectedStamps !== undefined && input.expectedStamps !== stamps)
    refuse('STAMP_NUMBER_MISMATCH', 'expectedStamps', `the card has ${stamps} stamps`);
  const left = Number(programme.stampsRequired) - stamps;
  const most = Math.min(Number(programme.maxStampsPerTransaction ?? 1), left);
  if (input.stamps < 1 || input.stamps > most)
    refuse('TOO_MANY_STAMPS', 'stamps', `must be 1 to ${most} (${left} left on the card)`);
  if (
    input.receiptNo !== undefined &&
    rowsOf(db, stampsTransaction).some(
      (t) => t.storeId === input.storeId && t.receiptNo === input.receiptNo && t.result !== 'FAILED',
    )
  )
    refuse('DUPLICATE_RECEIPT_NUMBER', 'receiptNo', 'already stamped at this store');

  const stampsAfter = stamps + input.stamps;
  const completes = stampsAfter === Number(programme.stampsRequired);
  const reward = completes ? issueReward(db, programme, card, at) : null;
  Object.assign(card, {
    stamps: stampsAfter,
    state: stateValue(actionOf(memberCards, completes ? 'complete' : 'stamp').to),
    ...(completes ? { completedAt: isoOf(at), rewardVoucherId: reward?.id ?? null } : {}),
    updateTime: isoOf(at),
  });
  const txn = newTransaction(card, at, {
    id: db.nextId(),
    stamps: input.stamps,
    rewardVoucherId: reward?.id ?? null,
    receiptNo: input.receiptNo ?? null,
    storeId: input.storeId,
  });
  rowsOf(db, stampsTransaction).push(txn);
  addMovement(db, card, txn, input.stamps, at);
  return {
    id: txn.id,
    memberCardId: card.id,
    result: 'SUCCESS',
    stamps: input.stamps,
    stampsAfter,
    memberCardState: card.state,
    rewardVoucherId: txn.rewardVoucherId,
  };
};

/** Refusals that leave a FAILED stamps transaction on the card (contract/stamping.ts). */
const RECORDED: ReadonlySet<number> = new Set(RECORDED_STAMPING_REFUSALS.map((name) => ERRORS[name].code));

/** After a refused stamping: a FAILED transaction naming the code and why. */
const recordRefusal = async (db: MockDb, card: MockRow, input: MockStampInput, error: Fail, at: number) => {
  const envelope = (await error.response.clone().json()) as {
    code: number;
    message: string;
    data: unknown;
  };
  if (!RECORDED.has(envelope.code)) return;
  const first = Array.isArray(envelope.data)
    ? (envelope.data[0] as { field?: string; message?: string })
    : null;
  const ours = rowsOf(db, store).some((s) => s.id === input.storeId && s.brandId === card.brandId);
  rowsOf(db, stampsTransaction).push(
    newTransaction(card, at, {
      id: db.nextId(),
      result: 'FAILED',
      stamps: Math.max(0, Math.min(100, Math.trunc(input.stamps))),
      receiptNo: input.receiptNo ?? null,
      storeId: ours ? input.storeId : null,
      failureCode: envelope.code,
      failureReason: first?.message ? `${first.field}: ${first.message}` : envelope.message,
    }),
  );
};

/**
 * Voids a stamping: the card's last SUCCESS transaction (6628; FAILED 26624; VOIDED 11). Takes the
 * stamps back, reopens a completed card and ends its AVAILABLE reward voucher (a redeemed one: 6805).
 */
export const voidStampsTransaction = (db: MockDb, txn: MockRow, reason: string, at: number = db.now()) => {
  if (txn.result === 'FAILED') refuse('FAILED_TXN_CANNOT_BE_VOIDED', 'result', 'the stamping was refused');
  if (txn.result !== 'SUCCESS')
    refuse('STATE_TRANSITION_NOT_ALLOWED', 'result', `it is ${String(txn.result)}`);
  const card = rowsOf(db, memberCards).find((c) => c.id === txn.memberCardId);
  if (!card) return refuse('VOID_NOT_LAST_RECORD', 'memberCardId', 'the transaction names no member card');
  const last = rowsOf(db, stampsTransaction)
    .filter((t) => t.memberCardId === card.id && t.result === 'SUCCESS')
    .reduce<MockRow | undefined>((a, t) => (a === undefined || t.id > a.id ? t : a), undefined);
  if (last?.id !== txn.id)
    refuse('VOID_NOT_LAST_RECORD', 'id', `the card's last stamping is ${String(last?.id ?? 'none')}`);
  const reopen = actionOf(memberCards, 'reopen');
  const reopens = refusalOf(reopen, stateName(card.state)) === null;
  if (reopens && card.rewardVoucherId !== null) {
    const voucher = rowsOf(db, vouchers).find((v) => v.id === card.rewardVoucherId);
    const arrow = actionOf(vouchers, 'withdraw');
    const refusal = voucher && voucher.state !== arrow.to ? refusalOf(arrow, voucher.state) : null;
    if (voucher && refusal)
      refuse(
        refusal,
        'rewardVoucherId',
        `the reward voucher ${String(voucher.code)} is ${String(voucher.state)}`,
      );
    if (voucher && voucher.state !== arrow.to) {
      Object.assign(voucher, { ...movedFields(arrow), updateTime: isoOf(at) });
      addVoucherHistory(db, voucher, 'VOIDED', at, {
        storeId: txn.storeId ?? null,
        note: `the stamping that completed the card was voided: ${reason}`.slice(0, REASON_MAX),
      });
    }
  }
  if (
    reopens &&
    rowsOf(db, memberCards).some(
      (c) =>
        c.id !== card.id &&
        c.stampCardId === card.stampCardId &&
        c.memberMobile === card.memberMobile &&
        c.state === CARD.AVAILABLE,
    )
  )
    refuse('UNCOMPLETED_CARD_EXISTS', 'memberMobile', 'the member holds a newer open card of this programme');
  Object.assign(card, {
    stamps: Number(card.stamps) - Number(txn.stamps),
    state: reopens ? stateValue(reopen.to) : card.state,
    ...(reopens ? { completedAt: null, rewardVoucherId: null } : {}),
    updateTime: isoOf(at),
  });
  Object.assign(txn, { result: 'VOIDED', voidReason: reason, voidedAt: isoOf(at), updateTime: isoOf(at) });
  addMovement(db, card, txn, -Number(txn.stamps), at);
  return txn;
};

/** A programme's figures, as GET /stamp-cards/{id}/summary answers them. */
export const stampCardSummaryOf = (db: MockDb, programme: MockRow, at: number = db.now()) => {
  const cards = rowsOf(db, memberCards).filter((c) => c.stampCardId === programme.id);
  const by = (state: number) => cards.filter((c) => c.state === state).length;
  const week = rowsOf(db, stampsTransaction).filter(
    (t) =>
      t.stampCardId === programme.id && t.result === 'SUCCESS' && Date.parse(String(t.at)) >= at - 7 * DAY_MS,
  );
  const quantity =
    programme.quantity === null || programme.quantity === undefined ? null : Number(programme.quantity);
  const issuedCount = Number(programme.issuedCount ?? 0);
  return {
    quantity,
    issuedCount,
    left: quantity === null ? null : quantity - issuedCount,
    available: by(CARD.AVAILABLE),
    completed: by(CARD.COMPLETED),
    expired: by(CARD.EXPIRED),
    stampsThisWeek: week.reduce((sum, t) => sum + Number(t.stamps), 0),
    stampingsThisWeek: week.length,
  };
};

// ---- demo data -------------------------------------------------------------------------------------

export const STAMP_DEMO_MEMBERS = { ...DEMO_MEMBERS, mei: '+6590001111' } as const;
/** The demo store's stamping PIN (store 1, Acme Coffee Raffles). */
export const STAMP_DEMO_PIN = '2468';

const seeded = new WeakSet<MockDb>();

/**
 * A programme of the seed merchant's brand (company 1, brand 1, store 1) with its reward pack, and
 * member cards stamped, completed, refused, voided and expired through the operations above; plus an
 * ended programme with an expired card. Once per data set; the organisation (stores) comes first.
 */
export const seedStampingDemo = (db: MockDb): { programme: MockRow; ended: MockRow; reward: MockRow } => {
  seedOrganisation(db);
  const existing = rowsOf(db, stampCard).find((p) => p.title === 'Acme Coffee Card');
  const existingEnded = rowsOf(db, stampCard).find((p) => p.title === 'Summer Iced Latte Card');
  const existingReward = rowsOf(db, voucherPacks).find((p) => p.title === 'Stamp Card Reward: Free Coffee');
  if (seeded.has(db) && existing && existingEnded && existingReward)
    return { programme: existing, ended: existingEnded, reward: existingReward };
  seeded.add(db);
  const now = db.now();
  const daysAgo = (n: number) => now - n * DAY_MS;
  const at = (n: number) => isoOf(daysAgo(n));
  setMockStorePin(db, 1, STAMP_DEMO_PIN);
  const reward = addDemoPack(db, daysAgo(90), {
    title: 'Stamp Card Reward: Free Coffee',
    description: 'Any regular coffee, the reward of a full Acme Coffee Card.',
    voucherValue: 5.5,
    quantity: 10_000,
    issueLimitPerMember: 1000,
    validFrom: mockDayOf(daysAgo(90)),
    validUntil: mockDayOf(now + 365 * DAY_MS),
  });
  const programmeRow = (values: Body, created: number): MockRow => {
    const row: MockRow = {
      id: db.nextId(),
      description: null,
      image: 'https://example.com/stamp-sg-1.png',
      stampsRequired: 10,
      maxStampsPerTransaction: 3,
      price: 0,
      quantity: null,
      issuedCount: 0,
      rewardVoucherPackId: reward.id,
      state: 'ACTIVE',
      companyId: 1,
      brandId: 1,
      createTime: at(created),
      updateTime: at(created),
      ...values,
    };
    rowsOf(db, stampCard).push(row);
    return row;
  };
  const programme = programmeRow(
    {
      title: 'Acme Coffee Card',
      description: 'Buy ten coffees, get the eleventh free. Up to three stamps per visit.',
      price: 2,
      quantity: 200,
      startDate: mockDayOf(daysAgo(60)),
      endDate: mockDayOf(now + 300 * DAY_MS),
    },
    60,
  );
  const ended = programmeRow(
    {
      title: 'Summer Iced Latte Card',
      stampsRequired: 6,
      maxStampsPerTransaction: 1,
      startDate: mockDayOf(daysAgo(200)),
      endDate: mockDayOf(daysAgo(100)),
    },
    200,
  );

  const tan = issueMemberCard(db, programme, STAMP_DEMO_MEMBERS.tan, 1, daysAgo(30));
  stampMemberCard(db, tan, { stamps: 3, storeId: 1, receiptNo: 'R-10021' }, daysAgo(28));
  stampMemberCard(db, tan, { stamps: 2, storeId: 1, receiptNo: 'R-10087' }, daysAgo(14));
  stampMemberCard(db, tan, { stamps: 1, storeId: 1, receiptNo: 'R-10154' }, daysAgo(9));
  stampMemberCard(db, tan, { stamps: 2, storeId: 1, receiptNo: 'R-10230' }, daysAgo(3));
  stampMemberCard(db, tan, { stamps: 1, storeId: 1, receiptNo: 'R-10231' }, daysAgo(3) + 5 * 60 * 1000);
  const tanLast = rowsOf(db, stampsTransaction).find((t) => t.receiptNo === 'R-10231');
  if (tanLast) voidStampsTransaction(db, tanLast, 'Stamped twice for one order', daysAgo(3) + 9 * 60 * 1000);
  // a refused stamping, recorded as FAILED like the server does
  const refusedAt = daysAgo(2);
  const refusedTry: MockStampInput = { stamps: 1, storeId: 1, receiptNo: 'R-10299', expectedStamps: 5 };
  try {
    stampMemberCard(db, tan, refusedTry, refusedAt);
  } catch (error) {
    if (!(error instanceof Fail)) throw error;
    rowsOf(db, stampsTransaction).push(
      newTransaction(tan, refusedAt, {
        id: db.nextId(),
        result: 'FAILED',
        stamps: 1,
        receiptNo: 'R-10299',
        storeId: 1,
        failureCode: ERRORS.STAMP_NUMBER_MISMATCH.code,
        failureReason: `expectedStamps: the card has ${String(tan.stamps)} stamps`,
      }),
    );
  }
  stampMemberCard(db, tan, { stamps: 1, storeId: 1, receiptNo: 'R-10300' }, daysAgo(1));

  const siti = issueMemberCard(db, programme, STAMP_DEMO_MEMBERS.siti, 1, daysAgo(25));
  for (const [i, day] of [24, 20, 15, 8].entries())
    stampMemberCard(
      db,
      siti,
      { stamps: Math.min(3, 10 - Number(siti.stamps)), storeId: 1, receiptNo: `R-20${i}` },
      daysAgo(day),
    );
  const arjun = issueMemberCard(db, programme, STAMP_DEMO_MEMBERS.arjun, 1, daysAgo(6));
  stampMemberCard(db, arjun, { stamps: 2, storeId: 1 }, daysAgo(5));
  issueMemberCard(db, programme, STAMP_DEMO_MEMBERS.mei, 1, daysAgo(1));

  // the ended programme: a card stamped while it ran, expired by the job afterwards
  rowsOf(db, memberCards).push({
    id: db.nextId(),
    stampCardId: ended.id,
    memberMobile: STAMP_DEMO_MEMBERS.siti,
    stamps: 4,
    state: CARD.EXPIRED,
    storeId: 1,
    price: 0,
    rewardVoucherId: null,
    completedAt: null,
    companyId: 1,
    brandId: 1,
    createTime: at(150),
    updateTime: at(99),
  });
  ended.issuedCount = 1;
  return { programme, ended, reward };
};

// ---- handlers ----------------------------------------------------------------------------------------

export const createStampingHandlers = (context: OperationMockContext) => {
  const { db } = context;
  const { find, read, operation } = createOperationMocks(context);
  const findProgramme = (user: MockUser, params: Params) => find(stampCard, user, params);
  const findCard = (user: MockUser, params: Params) =>
    find(memberCards, user, params, () => refuse('UNKNOWN_CARD_OR_ORDER', 'id', 'no such member card'));
  const findTransaction = (user: MockUser, params: Params) =>
    find(stampsTransaction, user, params, () =>
      refuse('UNKNOWN_CARD_OR_ORDER', 'id', 'no such stamps transaction'),
    );

  return [
    operation(
      '/stamp-cards/:id/member-cards',
      { decl: memberCards, action: 'ADD' },
      ({ user, params, body }) => {
        onlyFields(body, ['memberMobile', 'storeId']);
        const memberMobile = mobileIn(body, 'memberMobile');
        const storeId = idIn(body, 'storeId');
        return issueMemberCard(db, findProgramme(user, params), memberMobile, storeId, db.now(), user);
      },
    ),
    read('/stamp-cards/:id/summary', stampCard, ({ user, params }) =>
      stampCardSummaryOf(db, findProgramme(user, params)),
    ),
    operation('/member-cards/:id/stamps', { decl: memberCards }, async ({ user, params, body }) => {
      onlyFields(body, ['stamps', 'storeId', 'receiptNo', 'pin', 'expectedStamps']);
      const stamps = integerIn(body, 'stamps', -1000, 1000);
      if (stamps === undefined) return invalid('stamps', 'must not be blank');
      const input: MockStampInput = { stamps, storeId: idIn(body, 'storeId') };
      const receiptNo = textIn(body, 'receiptNo', RECEIPT_PATTERN, 'must be 1 to 64 characters');
      if (receiptNo !== undefined) {
        if (receiptNo.length > 64) return invalid('receiptNo', 'must be 1 to 64 characters');
        input.receiptNo = receiptNo;
      }
      const pin = textIn(body, 'pin', PIN_PATTERN, 'must be 4 to 8 digits');
      if (pin !== undefined) input.pin = pin;
      const expectedStamps = integerIn(body, 'expectedStamps', 0, 1000);
      if (expectedStamps !== undefined) input.expectedStamps = expectedStamps;
      const card = findCard(user, params);
      const at = db.now();
      try {
        return stampMemberCard(db, card, input, at, user);
      } catch (error) {
        if (error instanceof Fail) await recordRefusal(db, card, input, error, at);
        throw error;
      }
    }),
    operation('/stamps-transactions/:id/void', { decl: stampsTransaction }, ({ user, params, body }) => {
      onlyFields(body, ['reason']);
      const reason = reasonIn(body);
      return voidStampsTransaction(db, findTransaction(user, params), reason);
    }),
  ];
};
