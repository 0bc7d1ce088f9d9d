// The stamp card operations (docs/operations.md "Stamp cards"): issuing a member card of a programme,
// stamping it at a store, voiding the last stamping, expiring cards past their programme's end, and
// the store's stamping PIN. Each runs inside the operation's one transaction (server/domains/access/operation.ts)
// and locks the row it moves (`select … for update`): racing stampings of one card queue on it and
// each sees the stamps the previous one left, so a card of 10 stamps takes exactly 10 and completes
// once. A programme's `issuedCount` moves only here, with the cards it counts.
import { and, asc, count, desc, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import { STAMP_CARD_STATE_VALUES, STAMP_CARD_STATES, type StampCardStateName } from '../../../contract/enums';
import type { ErrorName } from '../../../contract/errors';
import { formatDateTime } from '../../../contract/format';
import {
  type IssueCardBody,
  RECORDED_STAMPING_REFUSALS,
  type StampBody,
  type StampCardSummary,
  type StampResult,
  type PinStatus as WirePinStatus,
} from '../../../contract/stamping';
import type { StoredRow } from '../../../resources/rows';
import type { memberCards as memberCardsDecl } from '../../../resources/tables/memberCards';
import type { stampCard as stampCardDecl } from '../../../resources/tables/stampCard';
import type { stampsTransaction as stampsTransactionDecl } from '../../../resources/tables/stampsTransaction';
import { actionOf, movedFields, refusalOf } from '../../../resources/transitions';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { beforeCompanyToday, companyDay, timeZoneOf } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { prepared } from '../../platform/db/prepared';
import {
  company,
  memberCards,
  pinFailures,
  stampCard,
  stampingHistory,
  stampsTransaction,
  store,
  storePins,
  voucherHistory,
  vouchers,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/events';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { type Caller, staffIdOf } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { callerScopeOf } from '../../resources/row-scope';
import { allowedMove, lockInScope } from '../../resources/transition';
import { assertActsForStore } from '../access/operation';
import { debitWallet, moneyString } from '../money/wallet';
import { ensureMember, issueVouchers, newCode, voucherFacts } from '../vouchers/vouchers';
import { recordWebhookEvent } from '../webhooks/webhooks';

type Row = Record<string, unknown>;

/** The member card's numeric state (the spec's 0 AVAILABLE, 1 COMPLETED, 2 EXPIRED). */
export const CARD_STATE = STAMP_CARD_STATE_VALUES;
const stateName = (n: number): string => STAMP_CARD_STATES[n] ?? String(n);
/** The numeric state named `name`. */
const stateValue = (name: string): number => STAMP_CARD_STATE_VALUES[name as StampCardStateName];

export type ProgrammeRow = StoredRow<typeof stampCardDecl> & Row;

export type MemberCardRow = StoredRow<typeof memberCardsDecl> & Row;

export type TransactionRow = StoredRow<typeof stampsTransactionDecl> & Row;

const declared = (name: string) => {
  const decl = declarationOf(name);
  if (!decl) throw new Error(`stamping: declaration ${name} missing`);
  return decl;
};
const programmeDecl = declared('stampCard');
const cardDecl = declared('memberCards');
const txnDecl = declared('stampsTransaction');
const storeDecl = declared('store');
const voucherDecl = declared('vouchers');

/** PIN stamping: this many wrong PINs for a store within the window lock it (6622). */
export const PIN_MAX_FAILURES = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;

const actor = (caller: Caller) => (caller.device ? null : { id: caller.id, email: caller.email });
/** The staff account behind a stamping or a void: the user, or null for an in-store device or an API key. */
const staffOf = staffIdOf;

/** The first violation's message of a refusal, else the catalogue message. */
const firstMessage = (err: AppError): string => {
  const data = err.data;
  if (Array.isArray(data)) {
    const first: unknown = data[0];
    if (
      typeof first === 'object' &&
      first !== null &&
      'message' in first &&
      typeof first.message === 'string'
    )
      return first.message;
  }
  return err.message;
};

const fail = (error: ErrorName, field: string, message: string) => new AppError(error, [{ field, message }]);

/**
 * The store `storeId` where the caller stamps or issues for a programme of `brandId`: an ACTIVE store
 * of that brand, the caller's own when limited to one (else 6701); a device only its own, while
 * ACTIVE (6604, 6603).
 */
const assertStore = async (tx: DbOrTx, caller: Caller, storeId: number, brandId: number): Promise<void> => {
  assertActsForStore(caller, storeId);
  const [where] = await tx
    .select({ brandId: store.brandId, state: store.state })
    .from(store)
    .where(eq(store.id, storeId));
  assertStoreRow(caller, storeId, brandId, where);
};

/** 6701 unless `where` (the store `storeId` as read) is an ACTIVE store of `brandId` the caller may use. */
const assertStoreRow = (
  caller: Caller,
  storeId: number,
  brandId: number,
  where: { brandId: unknown; state: unknown } | undefined,
): void => {
  const callersStore = caller.storeId === null || caller.storeId === storeId;
  if (!where || where.brandId !== brandId || where.state !== 'ACTIVE' || !callersStore)
    throw fail('STORE_NOT_FOUND_FOR_TXN', 'storeId', "is not an active store of the programme's brand");
};

// ---- issuing a member card ------------------------------------------------------------------------

export type IssueCardInput = IssueCardBody;

/**
 * Issues a member card of programme `programmeId`: ACTIVE and inside its dates (else 11), at an
 * ACTIVE store of its brand (6701), not sold out (6626), the member holding no AVAILABLE card of it
 * (6623). The programme row is locked, so `issuedCount` always equals the cards issued.
 */
export const issueMemberCard = async (
  tx: DbOrTx,
  caller: Caller,
  programmeId: number,
  { memberMobile, storeId }: IssueCardInput,
  now = new Date(),
): Promise<MemberCardRow> => {
  const programme = await lockInScope<ProgrammeRow>(
    tx,
    caller,
    { decl: programmeDecl, table: stampCard },
    programmeId,
  );
  const day = await companyDay(tx, programme.companyId, now);
  if (programme.state !== 'ACTIVE')
    throw fail('STATE_TRANSITION_NOT_ALLOWED', 'state', `the programme is ${programme.state}`);
  if (day < programme.startDate || day > programme.endDate)
    throw fail(
      'STATE_TRANSITION_NOT_ALLOWED',
      'endDate',
      `the programme runs from ${programme.startDate} to ${programme.endDate}`,
    );
  await assertStore(tx, caller, storeId, programme.brandId);
  if (programme.quantity !== null && programme.issuedCount >= programme.quantity)
    throw fail('STAMP_CARD_SOLD_OUT', 'quantity', `all ${programme.quantity} cards are issued`);
  const [held] = await tx
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(
      and(
        eq(memberCards.stampCardId, programme.id),
        eq(memberCards.memberMobile, memberMobile),
        eq(memberCards.state, CARD_STATE.AVAILABLE),
      ),
    )
    .limit(1);
  if (held)
    throw fail(
      'UNCOMPLETED_CARD_EXISTS',
      'memberMobile',
      `the member holds card ${held.id} of this programme`,
    );

  await ensureMember(tx, memberMobile);
  const [card] = (await tx
    .insert(memberCards)
    .values({
      stampCardId: programme.id,
      code: newCode(),
      memberMobile,
      storeId,
      price: programme.price,
      companyId: programme.companyId,
      brandId: programme.brandId,
      createTime: now,
    })
    .returning()) as MemberCardRow[];
  if (!card) throw new Error('insert returned nothing');
  // the merchant pays the programme's price for the card, in this transaction: 5101 issues nothing
  await debitWallet(tx, programme.companyId, moneyString(Number(programme.price)), {
    type: 'STAMP_CARD_TXN',
    reference: `Member card ${card.id} · ${programme.title}`.slice(0, 120),
    memberCardId: card.id,
    at: now,
  });
  await tx
    .update(stampCard)
    .set({ issuedCount: sql`${stampCard.issuedCount} + 1` })
    .where(eq(stampCard.id, programme.id));
  await emit(tx, 'card.issued', {
    companyId: programme.companyId,
    memberMobiles: [memberMobile],
    cards: [card],
    at: now,
  });
  await recordAudit(tx, {
    actor: actor(caller),
    action: 'issue',
    resource: 'memberCards',
    recordId: card.id,
    companyId: card.companyId,
    after: card,
  });
  await recordWebhookEvent(tx, {
    companyId: card.companyId,
    type: 'member_card.issued',
    data: {
      memberCardId: card.id,
      code: card.code,
      programmeId: programme.id,
      memberMobile,
      storeId,
      brandId: card.brandId,
    },
    at: now,
  });
  return card;
};

// ---- stamping -------------------------------------------------------------------------------------

export type StampInput = StampBody;

/** The member card `id`, within what the caller may act on. */
const cardOfCaller = (caller: Caller, id: number) =>
  and(eq(memberCards.id, id), callerScopeOf(cardDecl, memberCards, caller));
const noSuchCard = () => fail('UNKNOWN_CARD_OR_ORDER', 'id', 'no such member card');

/** The member card `id` the caller may act on, locked; unknown → 6625. */
const lockCard = (tx: DbOrTx, caller: Caller, id: number): Promise<MemberCardRow> =>
  lockInScope<MemberCardRow>(tx, caller, { decl: cardDecl, table: memberCards }, id, { missing: noSuchCard });

/**
 * For a stamping, in one statement: the member card `id` the caller may act on, locked (unknown →
 * 6625), with its programme and the store `storeId` as they are (the store null when there is none).
 * Only the card is locked, as when the programme and the store were read one by one after it.
 */
const lockCardForStamping = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
  storeId: number,
): Promise<{
  card: MemberCardRow;
  programme: ProgrammeRow;
  /** both null when there is no store `storeId` (the join found none) */
  store: { brandId: unknown; state: unknown };
}> => {
  const [row] = await tx
    .select({
      card: memberCards,
      programme: stampCard,
      storeBrandId: store.brandId,
      storeState: store.state,
    })
    .from(memberCards)
    .innerJoin(stampCard, eq(stampCard.id, memberCards.stampCardId))
    .leftJoin(store, eq(store.id, storeId))
    .where(cardOfCaller(caller, id))
    .for('update', { of: memberCards });
  if (!row) throw noSuchCard();
  return {
    card: row.card as MemberCardRow,
    programme: row.programme as ProgrammeRow,
    store: { brandId: row.storeBrandId, state: row.storeState },
  };
};

/** When the store's PIN stamping is locked (5 wrong PINs in the window), else null. */
const pinLockedUntil = async (db: DbOrTx, storeId: number, now: Date): Promise<Date | null> => {
  const recent = await db
    .select({ at: pinFailures.at })
    .from(pinFailures)
    .where(
      and(eq(pinFailures.storeId, storeId), gte(pinFailures.at, new Date(now.getTime() - PIN_WINDOW_MS))),
    )
    .orderBy(desc(pinFailures.at))
    .limit(PIN_MAX_FAILURES);
  if (recent.length < PIN_MAX_FAILURES) return null;
  const oldest = recent.at(-1);
  return oldest ? new Date(oldest.at.getTime() + PIN_WINDOW_MS) : null;
};

const assertPin = async (tx: DbOrTx, storeId: number, pin: string, now: Date): Promise<void> => {
  const locked = await pinLockedUntil(tx, storeId, now);
  if (locked)
    throw fail(
      'TOO_MANY_PIN_TRIES',
      'pin',
      `PIN stamping at this store is locked until ${locked.toISOString()}`,
    );
  const [row] = await tx
    .select({ hash: storePins.pinHash })
    .from(storePins)
    .where(eq(storePins.storeId, storeId));
  if (!row || !(await verifyPassword(row.hash, pin)))
    throw fail('INVALID_PIN', 'pin', 'is not the store PIN');
};

/**
 * Stamps a member card: AVAILABLE (else 6625), `expectedStamps` matching (6627), 1 to the
 * programme's per-stamping maximum and not past `stampsRequired` (6620), a receipt number new at the
 * store (26630), the store PIN when given (6621, 6622). Completing the card issues one voucher of the
 * reward pack in the same transaction (else 6629, nothing stamped).
 */
// A stamping's statements, built once (server/platform/db/prepared.ts): they run on every stamp.
const receiptUsed = prepared('stamping_receipt_used', (db) =>
  db
    .select({ id: stampsTransaction.id })
    .from(stampsTransaction)
    .where(
      and(
        eq(stampsTransaction.storeId, sql.placeholder('storeId')),
        eq(stampsTransaction.receiptNo, sql.placeholder('receiptNo')),
        inArray(stampsTransaction.result, ['SUCCESS', 'VOIDED']),
      ),
    )
    .limit(1),
);
const insertStamping = prepared('stamping_insert_transaction', (db) =>
  db
    .insert(stampsTransaction)
    .values({
      stampCardId: sql.placeholder('stampCardId'),
      memberCardId: sql.placeholder('memberCardId'),
      memberMobile: sql.placeholder('memberMobile'),
      type: 'STAMP_CARD_TXN',
      result: 'SUCCESS',
      stamps: sql.placeholder('stamps'),
      stampsAfter: sql.placeholder('stampsAfter'),
      memberCardState: sql.placeholder('state'),
      rewardVoucherId: sql.placeholder('rewardVoucherId'),
      receiptNo: sql.placeholder('receiptNo'),
      storeId: sql.placeholder('storeId'),
      deviceId: sql.placeholder('deviceId'),
      staffId: sql.placeholder('staffId'),
      at: sql.placeholder('at'),
      companyId: sql.placeholder('companyId'),
      brandId: sql.placeholder('brandId'),
    })
    .returning(),
);
/** a stamping that does not complete the card (the completing one also sets completedAt and the reward) */
const moveCard = prepared('stamping_move_card', (db) =>
  db
    .update(memberCards)
    .set({
      stamps: sql`${sql.placeholder('stamps')}`,
      state: sql`${sql.placeholder('state')}`,
      // set here: Drizzle's own update time would be the time the statement was built
      updateTime: sql`${sql.placeholder('now')}`,
    })
    .where(eq(memberCards.id, sql.placeholder('id'))),
);
const insertHistory = prepared('stamping_insert_history', (db) =>
  db.insert(stampingHistory).values({
    stampCardId: sql.placeholder('stampCardId'),
    memberCardId: sql.placeholder('memberCardId'),
    transactionId: sql.placeholder('transactionId'),
    memberMobile: sql.placeholder('memberMobile'),
    stampsDelta: sql.placeholder('stamps'),
    stampsAfter: sql.placeholder('stampsAfter'),
    memberCardState: sql.placeholder('state'),
    storeId: sql.placeholder('storeId'),
    deviceId: sql.placeholder('deviceId'),
    at: sql.placeholder('at'),
    companyId: sql.placeholder('companyId'),
    brandId: sql.placeholder('brandId'),
  }),
);

export const stampCardOnce = async (
  tx: DbOrTx,
  caller: Caller,
  cardId: number,
  input: StampInput,
  now = new Date(),
): Promise<StampResult> => {
  // the card (locked), its programme and the store in one round trip; checked in the same order as ever
  const { card, programme, store: where } = await lockCardForStamping(tx, caller, cardId, input.storeId);
  // the declared arrow (resources/tables/memberCards.ts): only an AVAILABLE card is stamped (6625)
  allowedMove(cardDecl, 'stamp', { state: stateName(card.state) }, 'card');
  if ((await companyDay(tx, programme.companyId, now)) > programme.endDate)
    throw fail('UNKNOWN_CARD_OR_ORDER', 'state', `the programme ended on ${programme.endDate}`);
  assertActsForStore(caller, input.storeId);
  assertStoreRow(caller, input.storeId, card.brandId, where);
  if (input.pin !== undefined) await assertPin(tx, input.storeId, input.pin, now);
  if (input.expectedStamps !== undefined && input.expectedStamps !== card.stamps)
    throw fail('STAMP_NUMBER_MISMATCH', 'expectedStamps', `the card has ${card.stamps} stamps`);
  const left = programme.stampsRequired - card.stamps;
  const most = Math.min(programme.maxStampsPerTransaction, left);
  if (input.stamps < 1 || input.stamps > most)
    throw fail('TOO_MANY_STAMPS', 'stamps', `must be 1 to ${most} (${left} left on the card)`);
  await assertStampingLimits(tx, programme, card, input.stamps, now);
  if (input.receiptNo !== undefined) {
    const [used] = await receiptUsed(tx, { storeId: input.storeId, receiptNo: input.receiptNo });
    if (used)
      throw fail('DUPLICATE_RECEIPT_NUMBER', 'receiptNo', `already stamped at this store (${used.id})`);
  }

  const stampsAfter = card.stamps + input.stamps;
  const completes = stampsAfter === programme.stampsRequired;
  let rewardVoucherId: number | null = null;
  if (completes) rewardVoucherId = await issueReward(tx, caller, programme, card, now);
  const state = stateValue(actionOf(cardDecl, completes ? 'complete' : 'stamp').to);
  // what the transaction and the history row both record
  const moved = {
    stampCardId: programme.id,
    memberCardId: card.id,
    memberMobile: card.memberMobile,
    stamps: input.stamps,
    stampsAfter,
    state,
    storeId: input.storeId,
    deviceId: caller.device?.id ?? null,
    at: now,
    companyId: card.companyId,
    brandId: card.brandId,
  };

  let txn: TransactionRow | undefined;
  try {
    [txn] = (await insertStamping(tx, {
      ...moved,
      staffId: staffOf(caller),
      rewardVoucherId,
      receiptNo: input.receiptNo ?? null,
    })) as TransactionRow[];
  } catch (err) {
    // two stampings racing with one receipt number: the index keeps one
    if (uniqueViolation(err) === 'stamps_transaction_receipt_per_store')
      throw fail('DUPLICATE_RECEIPT_NUMBER', 'receiptNo', 'already stamped at this store');
    throw err;
  }
  if (!txn) throw new Error('insert returned nothing');
  if (completes)
    await tx
      .update(memberCards)
      .set({ stamps: stampsAfter, state, completedAt: now, rewardVoucherId })
      .where(eq(memberCards.id, card.id));
  else await moveCard(tx, { id: card.id, stamps: stampsAfter, state, now });
  await insertHistory(tx, { ...moved, transactionId: txn.id });
  await emit(tx, 'card.activity', {
    companyId: card.companyId,
    memberMobile: card.memberMobile,
    reason: 'STAMPING',
    cardId: card.id,
    at: now,
  });
  const facts = {
    memberCardId: card.id,
    programmeId: programme.id,
    memberMobile: card.memberMobile,
    storeId: input.storeId,
    brandId: card.brandId,
  };
  await recordWebhookEvent(tx, {
    companyId: card.companyId,
    type: 'stamp.given',
    data: { ...facts, transactionId: txn.id, stamps: input.stamps, stampsAfter },
    at: now,
  });
  if (completes)
    await recordWebhookEvent(tx, {
      companyId: card.companyId,
      type: 'card.completed',
      data: { ...facts, transactionId: txn.id, rewardVoucherId },
      at: now,
    });
  return {
    id: txn.id,
    memberCardId: card.id,
    result: 'SUCCESS',
    stamps: input.stamps,
    stampsAfter,
    memberCardState: state,
    rewardVoucherId,
  };
};

/**
 * The programme's stamping limits (issue 24), 6630 when this stamping would pass one: at least
 * `minMinutesBetweenStamps` since the card's last stamping, and at most `maxStampsPerMemberPerDay`
 * stamps for the member on the programme in a day of the company's country (its time zone). The card
 * is locked, and a member holds one AVAILABLE card per programme, so racing stampings count each other.
 */
const assertStampingLimits = async (
  tx: DbOrTx,
  programme: ProgrammeRow,
  card: MemberCardRow,
  stamps: number,
  now: Date,
): Promise<void> => {
  const perDay =
    typeof programme.maxStampsPerMemberPerDay === 'number' ? programme.maxStampsPerMemberPerDay : null;
  const gap =
    typeof programme.minMinutesBetweenStamps === 'number' ? programme.minMinutesBetweenStamps : null;
  if (perDay === null && gap === null) return;
  const [where] = await tx
    .select({ country: company.country })
    .from(company)
    .where(eq(company.id, programme.companyId));
  const timeZone = await timeZoneOf(tx, typeof where?.country === 'string' ? where.country : 'sg');
  const success = and(eq(stampsTransaction.result, 'SUCCESS'), eq(stampsTransaction.type, 'STAMP_CARD_TXN'));
  if (gap !== null) {
    const [last] = await tx
      .select({ at: stampsTransaction.at })
      .from(stampsTransaction)
      .where(and(eq(stampsTransaction.memberCardId, card.id), success))
      .orderBy(desc(stampsTransaction.at))
      .limit(1);
    const lastAt = last?.at instanceof Date ? last.at : null;
    if (lastAt && now.getTime() - lastAt.getTime() < gap * 60_000)
      throw fail(
        'STAMP_LIMIT_EXCEEDED',
        'stamps',
        `this card was stamped at ${formatDateTime(lastAt, 'en-SG', timeZone)}; stampings are at least ${gap} minutes apart, so the next one is possible from ${formatDateTime(new Date(lastAt.getTime() + gap * 60_000), 'en-SG', timeZone)}`,
      );
  }
  if (perDay !== null) {
    // the start of the country's day that holds `now`
    const dayStart = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
    const [given] = await tx
      .select({ n: sql<string>`coalesce(sum(${stampsTransaction.stamps}), 0)::text` })
      .from(stampsTransaction)
      .where(
        and(
          eq(stampsTransaction.stampCardId, programme.id),
          eq(stampsTransaction.memberMobile, card.memberMobile),
          success,
          sql`${stampsTransaction.at} >= ${dayStart}`,
        ),
      );
    const today = Number(given?.n ?? 0);
    if (today + stamps > perDay)
      throw fail(
        'STAMP_LIMIT_EXCEEDED',
        'stamps',
        `a member collects at most ${perDay} ${perDay === 1 ? 'stamp' : 'stamps'} a day on this programme; ${today} given today, so ${Math.max(0, perDay - today)} more ${perDay - today === 1 ? 'is' : 'are'} possible`,
      );
  }
};

/** One voucher of the programme's reward pack for a completed card; anything in the way → 6629. */
const issueReward = async (
  tx: DbOrTx,
  caller: Caller,
  programme: ProgrammeRow,
  card: MemberCardRow,
  now: Date,
): Promise<number> => {
  if (programme.rewardVoucherPackId === null)
    throw fail('VOUCHER_ISSUE_FAILED', 'rewardVoucherPackId', 'the programme has no reward voucher pack');
  try {
    const { vouchers: issued } = await issueVouchers(
      tx,
      // the reward is the programme's: issued in its company whoever stamps (a device, a store colleague)
      { ...caller, companyId: programme.companyId, brandId: null, storeId: null },
      programme.rewardVoucherPackId,
      { memberMobile: card.memberMobile, quantity: 1 },
      now,
    );
    const voucher = issued[0];
    if (!voucher) throw new Error('no reward voucher issued');
    return voucher.id;
  } catch (err) {
    if (err instanceof AppError)
      throw fail(
        'VOUCHER_ISSUE_FAILED',
        'rewardVoucherPackId',
        `the reward voucher could not be issued: ${firstMessage(err)}`,
      );
    throw err;
  }
};

/** Codes of a refused stamping that leave a FAILED transaction behind (the card was found). */
const RECORDED_REFUSALS: ReadonlySet<ErrorName> = new Set(RECORDED_STAMPING_REFUSALS);

/**
 * After a refused stamping (its transaction rolled back): a wrong PIN counts against the store, and
 * a card the caller may see gets a FAILED stamps transaction naming the code and why.
 */
export const recordRefusedStamping = async (
  db: DbOrTx,
  caller: Caller,
  cardId: number,
  input: StampInput,
  error: AppError,
  now = new Date(),
): Promise<void> => {
  if (!RECORDED_REFUSALS.has(error.errorName)) return;
  const [card] = (await db
    .select()
    .from(memberCards)
    .where(and(eq(memberCards.id, cardId), callerScopeOf(cardDecl, memberCards, caller)))) as MemberCardRow[];
  if (!card) return;
  const [where] = await db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.id, input.storeId), eq(store.brandId, card.brandId)));
  const storeId = (where?.id as number | undefined) ?? null;
  if (error.errorName === 'INVALID_PIN' && storeId !== null)
    await db.insert(pinFailures).values({ storeId, at: now });
  await db.insert(stampsTransaction).values({
    stampCardId: card.stampCardId,
    memberCardId: card.id,
    memberMobile: card.memberMobile,
    type: 'STAMP_CARD_TXN',
    result: 'FAILED',
    stamps: Math.max(0, Math.min(100, Math.trunc(input.stamps))),
    stampsAfter: card.stamps,
    memberCardState: card.state,
    receiptNo: input.receiptNo ?? null,
    storeId,
    deviceId: caller.device?.id ?? null,
    staffId: staffOf(caller),
    failureCode: error.code,
    failureReason: firstMessage(error).slice(0, 500),
    at: now,
    companyId: card.companyId,
    brandId: card.brandId,
  });
};

// ---- voiding --------------------------------------------------------------------------------------

/**
 * Voids a stamping: the card's last SUCCESS transaction (6628; FAILED 26624; VOIDED 11). Takes the
 * stamps back, reopens a completed card and voids its reward voucher while AVAILABLE (a redeemed one
 * blocks the void: 6805). The transaction row is locked first, so racing voids void it once.
 */
export const voidStamping = async (
  tx: DbOrTx,
  caller: Caller,
  txnId: number,
  { reason }: { reason: string },
  now = new Date(),
): Promise<TransactionRow> => {
  const txn = await lockInScope<TransactionRow>(
    tx,
    caller,
    { decl: txnDecl, table: stampsTransaction },
    txnId,
    { missing: () => fail('UNKNOWN_CARD_OR_ORDER', 'id', 'no such stamps transaction') },
  );
  if (txn.result === 'FAILED')
    throw fail('FAILED_TXN_CANNOT_BE_VOIDED', 'result', 'the stamping was refused');
  if (txn.result !== 'SUCCESS') throw fail('STATE_TRANSITION_NOT_ALLOWED', 'result', `it is ${txn.result}`);
  if (txn.memberCardId === null)
    throw fail('VOID_NOT_LAST_RECORD', 'memberCardId', 'the transaction names no member card');
  const card = await lockCard(tx, caller, txn.memberCardId);
  const [last] = await tx
    .select({ id: stampsTransaction.id })
    .from(stampsTransaction)
    .where(and(eq(stampsTransaction.memberCardId, card.id), eq(stampsTransaction.result, 'SUCCESS')))
    .orderBy(desc(stampsTransaction.id))
    .limit(1);
  if (last?.id !== txn.id)
    throw fail('VOID_NOT_LAST_RECORD', 'id', `the card's last stamping is ${last?.id ?? 'none'}`);

  const reopen = actionOf(cardDecl, 'reopen');
  const reopens = refusalOf(reopen, stateName(card.state)) === null;
  if (reopens && card.rewardVoucherId !== null) await voidReward(tx, card.rewardVoucherId, txn, reason, now);
  const stampsAfter = card.stamps - txn.stamps;
  const state = reopens ? stateValue(reopen.to) : card.state;
  try {
    await tx
      .update(memberCards)
      .set({
        stamps: stampsAfter,
        state,
        ...(reopens ? { completedAt: null, rewardVoucherId: null } : {}),
      })
      .where(eq(memberCards.id, card.id));
  } catch (err) {
    if (uniqueViolation(err) === 'member_cards_one_available')
      throw fail(
        'UNCOMPLETED_CARD_EXISTS',
        'memberMobile',
        'the member holds a newer open card of this programme',
      );
    throw err;
  }
  const [after] = (await tx
    .update(stampsTransaction)
    .set({
      result: 'VOIDED',
      voidReason: reason,
      voidedAt: now,
      voidedBy: staffOf(caller),
      voidDeviceId: caller.device?.id ?? null,
    })
    .where(eq(stampsTransaction.id, txn.id))
    .returning()) as TransactionRow[];
  if (!after) throw new Error('locked transaction vanished');
  await tx.insert(stampingHistory).values({
    stampCardId: card.stampCardId,
    memberCardId: card.id,
    transactionId: txn.id,
    memberMobile: card.memberMobile,
    stampsDelta: -txn.stamps,
    stampsAfter,
    memberCardState: state,
    storeId: txn.storeId,
    deviceId: caller.device?.id ?? null,
    at: now,
    companyId: card.companyId,
    brandId: card.brandId,
  });
  await recordAudit(tx, {
    actor: actor(caller),
    action: 'void',
    resource: 'stampsTransaction',
    recordId: txn.id,
    companyId: txn.companyId,
    before: { result: txn.result, cardStamps: card.stamps, cardState: card.state },
    after: { result: 'VOIDED', reason, cardStamps: stampsAfter, cardState: state },
  });
  await emit(tx, 'card.activity', {
    companyId: card.companyId,
    memberMobile: card.memberMobile,
    reason: 'VOID',
    cardId: card.id,
    at: now,
  });
  await recordWebhookEvent(tx, {
    companyId: card.companyId,
    type: 'stamp.voided',
    data: {
      transactionId: txn.id,
      memberCardId: card.id,
      programmeId: card.stampCardId,
      memberMobile: card.memberMobile,
      stamps: txn.stamps,
      stampsAfter,
      reason,
    },
    at: now,
  });
  return after;
};

/**
 * The reward voucher of a completion being voided: an AVAILABLE one ends EXPIRED with a VOIDED
 * history row (vouchers have no VOIDED state); a REDEEMED one blocks the void (6805); an EXPIRED one
 * stays as it is.
 */
const voidReward = async (
  tx: DbOrTx,
  voucherId: number,
  txn: TransactionRow,
  reason: string,
  now: Date,
): Promise<void> => {
  const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for('update');
  if (!voucher) return;
  const arrow = actionOf(voucherDecl, 'withdraw');
  if (voucher.state === arrow.to) return;
  const refusal = refusalOf(arrow, voucher.state);
  if (refusal)
    throw fail(refusal, 'rewardVoucherId', `the reward voucher ${voucher.code} is ${voucher.state}`);
  const [after] = await tx
    .update(vouchers)
    .set(movedFields(arrow))
    .where(eq(vouchers.id, voucherId))
    .returning();
  if (!after) throw new Error('locked voucher vanished');
  await tx.insert(voucherHistory).values({
    voucherId,
    action: 'VOIDED',
    memberMobile: voucher.memberMobile,
    storeId: txn.storeId,
    note: `the stamping that completed the card was voided: ${reason}`.slice(0, 500),
    at: now,
    companyId: voucher.companyId,
    brandId: voucher.brandId,
  });
  // the reward is withdrawn: to a CRM the same as a voided voucher, with the stamping that caused it
  await recordWebhookEvent(tx, {
    companyId: voucher.companyId,
    type: 'voucher.voided',
    data: { voucher: voucherFacts(after), reason, stampsTransactionId: txn.id },
    at: now,
  });
};

// ---- expiry ---------------------------------------------------------------------------------------

/** Member cards expired per transaction by the job. */
export const CARD_EXPIRY_BATCH = 500;

/**
 * The job (server/jobs): every AVAILABLE member card whose programme ended before `now`'s day becomes
 * EXPIRED (state 2), a batch per transaction; rows another instance holds are skipped. Answers how
 * many expired.
 */
export const expireDueMemberCards = async (db: Db, now: Date): Promise<number> => {
  // the programme's last day has passed in its company's country
  const ended = await beforeCompanyToday(db, stampCard.endDate, stampCard.companyId, now);
  const arrow = actionOf(cardDecl, 'expireDue');
  let total = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: memberCards.id })
        .from(memberCards)
        .innerJoin(stampCard, eq(stampCard.id, memberCards.stampCardId))
        .where(and(inArray(memberCards.state, arrow.from.map(stateValue)), ended))
        .orderBy(asc(memberCards.id))
        .limit(CARD_EXPIRY_BATCH)
        .for('update', { of: memberCards, skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((d) => d.id as number);
      await tx
        .update(memberCards)
        .set({ state: stateValue(arrow.to) })
        .where(inArray(memberCards.id, ids));
      await recordAudit(tx, {
        actor: null,
        action: 'expire',
        resource: 'memberCards',
        recordId: ids[0] ?? 0,
        companyId: null,
        after: { expired: ids.length, memberCardIds: ids },
      });
      await emit(tx, 'card.changed', { cardIds: ids, at: now });
      return ids.length;
    });
    total += moved;
    if (moved < CARD_EXPIRY_BATCH) return total;
  }
};

// ---- a programme's figures ------------------------------------------------------------------------

/** The programme's figures: cards it may issue and issued, where they are, stamps of the last 7 days. */
export const programmeSummary = async (
  db: DbOrTx,
  caller: Caller,
  programmeId: number,
  now = new Date(),
): Promise<StampCardSummary> => {
  const [programme] = (await db
    .select()
    .from(stampCard)
    .where(
      and(eq(stampCard.id, programmeId), callerScopeOf(programmeDecl, stampCard, caller)),
    )) as ProgrammeRow[];
  if (!programme) throw new AppError('NOT_FOUND');
  const byState = await db
    .select({ state: memberCards.state, n: count() })
    .from(memberCards)
    .where(eq(memberCards.stampCardId, programme.id))
    .groupBy(memberCards.state);
  const n = (s: number) => byState.find((r) => r.state === s)?.n ?? 0;
  const [week] = await db
    .select({ stamps: sum(stampsTransaction.stamps), stampings: count() })
    .from(stampsTransaction)
    .where(
      and(
        eq(stampsTransaction.stampCardId, programme.id),
        eq(stampsTransaction.result, 'SUCCESS'),
        gte(stampsTransaction.at, new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000)),
      ),
    );
  return {
    quantity: programme.quantity,
    issuedCount: programme.issuedCount,
    left: programme.quantity === null ? null : programme.quantity - programme.issuedCount,
    available: n(CARD_STATE.AVAILABLE),
    completed: n(CARD_STATE.COMPLETED),
    expired: n(CARD_STATE.EXPIRED),
    stampsThisWeek: Number(week?.stamps ?? 0),
    stampingsThisWeek: week?.stampings ?? 0,
  };
};

// ---- the store's stamping PIN ---------------------------------------------------------------------

const visibleStore = async (db: DbOrTx, caller: Caller, storeId: number): Promise<number> => {
  const [row] = await db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.id, storeId), callerScopeOf(storeDecl, store, caller)));
  if (!row) throw new AppError(storeDecl.errors?.notFound ?? 'NOT_FOUND');
  return row.id as number;
};

export type PinStatus = WirePinStatus<Date>;

/** Whether the store has a PIN, since when, and until when PIN stamping is locked. */
export const pinStatus = async (
  db: DbOrTx,
  caller: Caller,
  storeId: number,
  now = new Date(),
): Promise<PinStatus> => {
  const id = await visibleStore(db, caller, storeId);
  const [row] = await db.select({ setAt: storePins.setAt }).from(storePins).where(eq(storePins.storeId, id));
  return {
    storeId: id,
    pinSet: row !== undefined,
    setAt: row?.setAt ?? null,
    lockedUntil: await pinLockedUntil(db, id, now),
  };
};

/** Sets or resets the store's PIN (argon2id hash only); a new PIN clears the lockout. */
export const setStorePin = async (
  tx: DbOrTx,
  caller: Caller,
  storeId: number,
  pin: string,
  now = new Date(),
): Promise<PinStatus> => {
  const id = await visibleStore(tx, caller, storeId);
  const pinHash = await hashPassword(pin);
  const setBy = staffIdOf(caller);
  await tx
    .insert(storePins)
    .values({ storeId: id, pinHash, setBy, setAt: now })
    .onConflictDoUpdate({ target: storePins.storeId, set: { pinHash, setBy, setAt: now } });
  await tx.delete(pinFailures).where(eq(pinFailures.storeId, id));
  await recordAudit(tx, {
    actor: actor(caller),
    action: 'set-pin',
    resource: 'store',
    recordId: id,
    companyId: caller.companyId,
    after: { pinSet: true },
  });
  return { storeId: id, pinSet: true, setAt: now, lockedUntil: null };
};
