// Stamping a member card at a store (docs/operations.md "Stamp cards"): the card is locked, so racing
// stampings of one card queue on it and each sees the stamps the previous one left; a card of 10 stamps
// takes exactly 10 and completes once, issuing its reward voucher in the same transaction. A refused
// stamping leaves a FAILED stamps transaction behind (and a wrong PIN counts against the store).
import { and, eq, sql } from 'drizzle-orm';
import type { StampingCampaign } from '../../../contract/campaigns';
import type { ErrorName } from '../../../contract/errors';
import { RECORDED_STAMPING_REFUSALS, type StampBody, type StampResult } from '../../../contract/stamping';
import { actionOf } from '../../../resources/transitions';
import type { DbOrTx } from '../../platform/audit';
import { companyDayOf, rememberCalendar } from '../../platform/countries';
import { uniqueViolation } from '../../platform/db/errors';
import { preparedSql } from '../../platform/db/prepared';
import { rowsOfResult } from '../../platform/db/raw-rows';
import {
  brand,
  company,
  countryConfig,
  memberCards,
  pinFailures,
  stampCard,
  stampsTransaction,
  store,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/events';
import type { Caller } from '../../resources/principal';
import { callerScopeOf, preparedInScope } from '../../resources/row-scope';
import { allowedMove } from '../../resources/transition';
import { assertOrgOpen } from '../access/closure';
import { assertActsForStore } from '../access/operation';
import {
  type CampaignStamps,
  campaignStampsFor,
  recordCampaignStamps,
  stampingCampaignsOf,
} from '../campaigns/stamping-campaigns';
import { issueVouchers } from '../vouchers/vouchers';
import { recordWebhookEvent } from '../webhooks/webhooks';
import { assertStampingLimits } from './stamp-limits';
import {
  assertStoreRow,
  cardDecl,
  fail,
  firstMessage,
  type MemberCardRow,
  noSuchCard,
  type ProgrammeRow,
  staffOf,
  stateName,
  stateValue,
} from './stamping';
import { assertPin } from './store-pin';

/** A stamping as the services take it: the route's body, and what a receipt came to (a receipt QR's). */
export type StampInput = StampBody & { amount?: string };

/** The row the stamping's first statement answers. */
interface LockedRow {
  card: unknown;
  programme: unknown;
  storeBrandId: unknown;
  storeState: unknown;
  companyState: unknown;
  brandState: unknown;
  country: unknown;
  zone: unknown;
  receiptUsedBy: number | null;
  campaigns: StampingCampaign[];
}

/**
 * The stamping's first statement, prepared once per shape of the caller's scope (row-scope.ts
 * `preparedInScope`): built by the query builder on every call, its some 60 columns and joins cost
 * about 0.6 ms of CPU per stamping. Placeholders: id, storeId, receiptNo (null: none given) and now
 * (ISO text).
 */
const lockCardStatement = preparedInScope<LockedRow>(
  'stamp_lock_card',
  cardDecl,
  memberCards,
  (db, scope) => {
    const receiptNo = sql.placeholder('receiptNo');
    return db
      .select({
        card: memberCards,
        programme: stampCard,
        storeBrandId: store.brandId,
        storeState: store.state,
        companyState: company.state,
        brandState: brand.state,
        country: company.country,
        zone: countryConfig.timezone,
        receiptUsedBy: sql<number | null>`case when ${receiptNo}::text is null then null::int else
        (select ${stampsTransaction.id} from ${stampsTransaction}
          where ${stampsTransaction.storeId} = ${sql.placeholder('storeId')}::int
            and ${stampsTransaction.receiptNo} = ${receiptNo}::text
            and ${stampsTransaction.result} in ('SUCCESS', 'VOIDED') limit 1) end`,
        campaigns: stampingCampaignsOf(sql.placeholder('now')),
      })
      .from(memberCards)
      .innerJoin(stampCard, eq(stampCard.id, memberCards.stampCardId))
      .leftJoin(store, sql`${store.id} = ${sql.placeholder('storeId')}::int`)
      .leftJoin(company, eq(company.id, stampCard.companyId))
      .leftJoin(brand, eq(brand.id, stampCard.brandId))
      .leftJoin(countryConfig, eq(countryConfig.country, company.country))
      .where(and(sql`${memberCards.id} = ${sql.placeholder('id')}::int`, scope))
      .for('update', { of: memberCards });
  },
);

/**
 * For a stamping, in one statement: the member card `id` the caller may act on, locked (unknown →
 * 6625), with its programme, the store `storeId` as it is (null when there is none), the company's
 * calendar and whether the receipt was used. Only the card is locked.
 */
const lockCardForStamping = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
  storeId: number,
  receiptNo: string | undefined,
  now: Date,
): Promise<{
  card: MemberCardRow;
  programme: ProgrammeRow;
  /** both null when there is no store `storeId` (the join found none) */
  store: { brandId: unknown; state: unknown };
  /** the programme's company's country and its configured zone: the day the programme's dates are read in */
  calendar: { country: unknown; zone: unknown };
  /**
   * a SUCCESS or VOIDED stamping of `receiptNo` at the store, as this statement's snapshot saw it (null:
   * none, or no receipt given); one committed meanwhile is refused by the receipt's unique index
   */
  receiptUsedBy: number | null;
  /** the programme's running MULTIPLIER and BONUS campaigns (server/domains/campaigns/) */
  campaigns: StampingCampaign[];
}> => {
  const [row] = await lockCardStatement(tx, caller, {
    id,
    storeId,
    receiptNo: receiptNo ?? null,
    now: now.toISOString(),
  });
  if (!row) throw noSuchCard();
  // nothing is stamped for a closed company, brand or store (26433 / 26434 / 26435)
  assertOrgOpen({ company: row.companyState, brand: row.brandState, store: row.storeState });
  return {
    card: row.card as MemberCardRow,
    programme: row.programme as ProgrammeRow,
    store: { brandId: row.storeBrandId, state: row.storeState },
    calendar: { country: row.country, zone: row.zone },
    receiptUsedBy: row.receiptUsedBy,
    campaigns: row.campaigns,
  };
};

/**
 * A stamping's writes in one statement (one round trip instead of three): its SUCCESS transaction,
 * the card's new stamps and state (and, when it completes, its completion time and reward), and the
 * history row naming the transaction. Answers the transaction's id. The receipt's unique index still
 * refuses a racing duplicate (stamps_transaction_receipt_per_store).
 */
const writeStamping = preparedSql(
  'stamping_write',
  sql`
    with txn as (
      insert into stamps_transaction (stamp_card_id, member_card_id, member_mobile, type, result, stamps,
        stamps_after, member_card_state, reward_voucher_id, receipt_no, amount, store_id, device_id, staff_id, at,
        company_id, brand_id, campaign_id, campaign_stamps)
      values (${sql.placeholder('stampCardId')}::int, ${sql.placeholder('memberCardId')}::int,
        ${sql.placeholder('memberMobile')}::text, 'STAMP_CARD_TXN', 'SUCCESS', ${sql.placeholder('stamps')}::int,
        ${sql.placeholder('stampsAfter')}::int, ${sql.placeholder('state')}::smallint,
        ${sql.placeholder('rewardVoucherId')}::int, ${sql.placeholder('receiptNo')}::text,
        ${sql.placeholder('amount')}::numeric, ${sql.placeholder('storeId')}::int, ${sql.placeholder('deviceId')}::int, ${sql.placeholder('staffId')}::int,
        ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('companyId')}::int, ${sql.placeholder('brandId')}::int,
        ${sql.placeholder('campaignId')}::int, ${sql.placeholder('campaignStamps')}::int)
      returning id, stamp_card_id, member_card_id, member_mobile, stamps, stamps_after, member_card_state,
        reward_voucher_id, store_id, device_id, at, company_id, brand_id, campaign_id
    ),
    card as (
      update member_cards set stamps = txn.stamps_after, state = txn.member_card_state, update_time = txn.at,
        completed_at = case when ${sql.placeholder('completes')}::boolean then txn.at else member_cards.completed_at end,
        reward_voucher_id = case when ${sql.placeholder('completes')}::boolean then txn.reward_voucher_id
          else member_cards.reward_voucher_id end
      from txn
      where member_cards.id = txn.member_card_id
    ),
    history as (
      insert into stamping_history (stamp_card_id, member_card_id, transaction_id, member_mobile, stamps_delta,
        stamps_after, member_card_state, store_id, device_id, at, company_id, brand_id, campaign_id)
      select stamp_card_id, member_card_id, id, member_mobile, stamps, stamps_after, member_card_state, store_id,
        device_id, at, company_id, brand_id, campaign_id
      from txn
    )
    select id from txn
  `,
);

/**
 * Stamps a member card: AVAILABLE (else 6625), `expectedStamps` matching (6627), 1 to the
 * programme's per-stamping maximum and not past `stampsRequired` (6620), a receipt number new at the
 * store (26630), the store PIN when given (6621, 6622). Completing the card issues one voucher of the
 * reward pack in the same transaction (else 6629, nothing stamped).
 */
export const stampCardOnce = async (
  tx: DbOrTx,
  caller: Caller,
  cardId: number,
  input: StampInput,
  now = new Date(),
): Promise<StampResult> => {
  // the card (locked), its programme, the store, the company's calendar and the receipt in one round trip; checked in the same order as ever
  const {
    card,
    programme,
    store: where,
    calendar,
    receiptUsedBy,
    campaigns,
  } = await lockCardForStamping(tx, caller, cardId, input.storeId, input.receiptNo, now);
  // what reacts to the stamping (the member's standing) reads the company's calendar from here
  rememberCalendar(tx, programme.companyId, calendar);
  // the declared arrow (resources/tables/memberCards.ts): only an AVAILABLE card is stamped (6625)
  allowedMove(cardDecl, 'stamp', { state: stateName(card.state) }, 'card');
  if (companyDayOf(calendar, now) > programme.endDate)
    throw fail('UNKNOWN_CARD_OR_ORDER', 'state', `the programme ended on ${programme.endDate}`);
  assertActsForStore(caller, input.storeId);
  assertStoreRow(caller, input.storeId, card.brandId, where);
  if (input.pin !== undefined) await assertPin(tx, input.storeId, input.pin, now);
  if (input.expectedStamps !== undefined && input.expectedStamps !== card.stamps)
    throw fail('STAMP_NUMBER_MISMATCH', 'expectedStamps', `the card has ${card.stamps} stamps`);
  // the card's own terms, as it was issued (issue 40 item 2): an edited programme does not move them
  const left = card.stampsRequired - card.stamps;
  const most = Math.min(card.maxStampsPerTransaction, left);
  if (input.stamps < 1 || input.stamps > most)
    throw fail('TOO_MANY_STAMPS', 'stamps', `must be 1 to ${most} (${left} left on the card)`);
  await assertStampingLimits(tx, programme, card, input.stamps, now);
  if (receiptUsedBy !== null)
    throw fail('DUPLICATE_RECEIPT_NUMBER', 'receiptNo', `already stamped at this store (${receiptUsedBy})`);

  // what the running campaigns add (issue 43): charged to their budgets, cut to the card's room
  const added: CampaignStamps = await campaignStampsFor(tx, campaigns, {
    companyId: card.companyId,
    programmeId: programme.id,
    memberMobile: card.memberMobile,
    storeId: input.storeId,
    base: input.stamps,
    room: left - input.stamps,
    amount: input.amount,
    calendar,
    now,
  });
  const stamps = input.stamps + added.stamps;
  const stampsAfter = card.stamps + stamps;
  const completes = stampsAfter === card.stampsRequired;
  let rewardVoucherId: number | null = null;
  if (completes) rewardVoucherId = await issueReward(tx, caller, programme, card, input.storeId, now);
  const state = stateValue(actionOf(cardDecl, completes ? 'complete' : 'stamp').to);
  // what the transaction and the history row both record
  const moved = {
    stampCardId: programme.id,
    memberCardId: card.id,
    memberMobile: card.memberMobile,
    stamps,
    stampsAfter,
    state,
    storeId: input.storeId,
    deviceId: caller.device?.id ?? null,
    at: now,
    companyId: card.companyId,
    brandId: card.brandId,
  };

  let txn: { id: number } | undefined;
  try {
    [txn] = rowsOfResult<{ id: number }>(
      await writeStamping(tx, {
        ...moved,
        staffId: staffOf(caller),
        rewardVoucherId,
        receiptNo: input.receiptNo ?? null,
        amount: input.amount ?? '0',
        completes,
        campaignId: added.shares[0]?.id ?? null,
        campaignStamps: added.stamps,
      }),
    );
  } catch (err) {
    // two stampings racing with one receipt number: the index keeps one
    if (uniqueViolation(err) === 'stamps_transaction_receipt_per_store')
      throw fail('DUPLICATE_RECEIPT_NUMBER', 'receiptNo', 'already stamped at this store');
    throw err;
  }
  if (!txn) throw new Error('the stamping wrote nothing');
  await recordCampaignStamps(tx, added, {
    transactionId: txn.id,
    companyId: card.companyId,
    memberMobile: card.memberMobile,
    memberCardId: card.id,
    now,
  });
  const facts = {
    memberCardId: card.id,
    programmeId: programme.id,
    memberMobile: card.memberMobile,
    storeId: input.storeId,
    brandId: card.brandId,
  };
  // what follows the stamping reads none of each other's writes: sent together (events.ts)
  await Promise.all([
    emit(tx, 'card.activity', {
      companyId: card.companyId,
      memberMobile: card.memberMobile,
      reason: 'STAMPING',
      cardId: card.id,
      first: card.stamps === 0,
      at: now,
      added: { stamping: { transactionId: txn.id, completes } },
    }),
    recordWebhookEvent(tx, {
      companyId: card.companyId,
      type: 'stamp.given',
      data: { ...facts, transactionId: txn.id, stamps, stampsAfter, campaignStamps: added.stamps },
      at: now,
    }),
    completes
      ? recordWebhookEvent(tx, {
          companyId: card.companyId,
          type: 'card.completed',
          data: { ...facts, transactionId: txn.id, rewardVoucherId },
          at: now,
        })
      : null,
  ]);
  return {
    id: txn.id,
    memberCardId: card.id,
    result: 'SUCCESS',
    stamps,
    stampsAfter,
    memberCardState: state,
    rewardVoucherId,
    campaignStamps: added.stamps,
    campaigns: added.shares,
  };
};

/** One voucher of the card's reward pack (as issued) for a completed card; anything in the way → 6629. */
const issueReward = async (
  tx: DbOrTx,
  caller: Caller,
  programme: ProgrammeRow,
  card: MemberCardRow,
  storeId: number,
  now: Date,
): Promise<number> => {
  if (card.rewardVoucherPackId === null)
    throw fail(
      'VOUCHER_ISSUE_FAILED',
      'rewardVoucherPackId',
      'the card was issued with no reward voucher pack',
    );
  try {
    const { vouchers: issued } = await issueVouchers(
      tx,
      // the reward is the programme's: issued in its company whoever stamps (a device, a store colleague)
      { ...caller, companyId: programme.companyId, brandId: null, storeId: null },
      card.rewardVoucherPackId,
      // issued where the completing stamping happened (its history row's store)
      { memberMobile: card.memberMobile, quantity: 1, atStoreId: storeId },
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
    // the decimal text as it came, cast by the database (never through a float)
    amount: sql`${input.amount ?? '0'}::numeric`,
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
