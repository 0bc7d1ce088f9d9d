// Voiding a stamping (docs/operations.md "Stamp cards"): the card's last SUCCESS transaction only. It
// takes the stamps back, reopens a completed card and withdraws its reward voucher while AVAILABLE.
import { and, desc, eq, sql } from 'drizzle-orm';
import { canAccess } from '../../../contract/access';
import { COUNTER_VOID_MS } from '../../../contract/stamping';
import { actionOf, movedFields, refusalOf } from '../../../resources/transitions';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { uniqueViolation } from '../../platform/db/errors';
import { prepared, preparedInsert, updateById } from '../../platform/db/prepared';
import {
  memberCards,
  stampingHistory,
  stampsTransaction,
  voucherHistory,
  vouchers,
} from '../../platform/db/schema';
import { emit } from '../../platform/events';
import type { Caller } from '../../resources/principal';
import { lockInScope } from '../../resources/transition';
import { voidCampaignStamps } from '../campaigns/stamping-campaigns';
import { voucherFacts } from '../vouchers/vouchers';
import { recordWebhookEvent } from '../webhooks/webhooks';
import {
  actor,
  cardDecl,
  fail,
  type MemberCardRow,
  noSuchCard,
  staffOf,
  stateName,
  stateValue,
  type TransactionRow,
  txnDecl,
  voucherDecl,
} from './stamping';

/** The member card `id` the caller may act on, locked; unknown → 6625. */
const lockCard = (tx: DbOrTx, caller: Caller, id: number): Promise<MemberCardRow> =>
  lockInScope<MemberCardRow>(tx, caller, { decl: cardDecl, table: memberCards }, id, {
    missing: noSuchCard,
    calendarOf: memberCards.companyId,
  });

/**
 * The counter's right voids a stamping of the last COUNTER_VOID_MS only (issue 40 item 1): an older
 * one is voided by whoever may correct stampings (UPDATE on `stampsTransaction`), else 26237.
 */
const assertMayVoidAt = (caller: Caller, at: Date, now: Date): void => {
  if (canAccess(caller.subject, { action: 'UPDATE', resource: txnDecl.permission })) return;
  if (now.getTime() - at.getTime() <= COUNTER_VOID_MS) return;
  throw fail(
    'ACCESS_DENIED',
    'id',
    `the counter voids a stamping of the last ${COUNTER_VOID_MS / 60_000} minutes; an older one is voided by someone who may correct stampings`,
  );
};

/** The card's last SUCCESS stamping: built once (every void asks; only that one may be voided). */
const lastStampingOf = prepared('stamping_last_of_card', (db) =>
  db
    .select({ id: stampsTransaction.id })
    .from(stampsTransaction)
    .where(
      and(
        eq(stampsTransaction.memberCardId, sql.placeholder('cardId')),
        eq(stampsTransaction.result, 'SUCCESS'),
      ),
    )
    .orderBy(desc(stampsTransaction.id))
    .limit(1),
);

/** The stamps a void takes back, in the stamping history: prepared once. */
const insertHistory = preparedInsert('stamping_history_void', stampingHistory, [
  'stampCardId',
  'memberCardId',
  'transactionId',
  'memberMobile',
  'stampsDelta',
  'stampsAfter',
  'memberCardState',
  'storeId',
  'deviceId',
  'at',
  'companyId',
  'brandId',
]);

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
  assertMayVoidAt(caller, txn.at, now);
  if (txn.memberCardId === null)
    throw fail('VOID_NOT_LAST_RECORD', 'memberCardId', 'the transaction names no member card');
  // the card locked and its last stamping read together: both need only the transaction's card
  const [card, [last]] = await Promise.all([
    lockCard(tx, caller, txn.memberCardId),
    lastStampingOf(tx, { cardId: txn.memberCardId }),
  ]);
  if (last?.id !== txn.id)
    throw fail('VOID_NOT_LAST_RECORD', 'id', `the card's last stamping is ${last?.id ?? 'none'}`);

  const reopen = actionOf(cardDecl, 'reopen');
  const reopens = refusalOf(reopen, stateName(card.state)) === null;
  if (reopens && card.rewardVoucherId !== null) await voidReward(tx, card.rewardVoucherId, txn, reason, now);
  const stampsAfter = card.stamps - txn.stamps;
  const state = reopens ? stateValue(reopen.to) : card.state;
  const cardMoved = updateById(tx, 'void_card', memberCards, card.id, {
    stamps: stampsAfter,
    state,
    ...(reopens ? { completedAt: null, rewardVoucherId: null } : {}),
  }).catch((err: unknown) => {
    if (uniqueViolation(err) === 'member_cards_one_available')
      throw fail(
        'UNCOMPLETED_CARD_EXISTS',
        'memberMobile',
        'the member holds a newer open card of this programme',
      );
    throw err;
  });
  // The rest reads none of each other's writes: sent together, in this order (server/platform/events.ts).
  // A refusal of the card's update (sent first) is what Promise.all rejects with: the statements after it
  // fail only because the transaction is aborted.
  const [, voided] = await Promise.all([
    cardMoved,
    updateById(tx, 'void_stamping', stampsTransaction, txn.id, {
      result: 'VOIDED',
      voidReason: reason,
      voidedAt: now,
      voidedBy: staffOf(caller),
      voidDeviceId: caller.device?.id ?? null,
    }) as Promise<TransactionRow[]>,
    insertHistory(tx, {
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
    }),
    // the stamps campaigns added go with it, back to their budgets (issue 43)
    txn.campaignStamps > 0 ? voidCampaignStamps(tx, txn.id, now) : null,
    recordAudit(tx, {
      actor: actor(caller),
      action: 'void',
      resource: 'stampsTransaction',
      recordId: txn.id,
      companyId: txn.companyId,
      before: { result: txn.result, cardStamps: card.stamps, cardState: card.state },
      after: { result: 'VOIDED', reason, cardStamps: stampsAfter, cardState: state },
    }),
    emit(tx, 'card.activity', {
      companyId: card.companyId,
      memberMobile: card.memberMobile,
      reason: 'VOID',
      cardId: card.id,
      at: now,
    }),
    recordWebhookEvent(tx, {
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
    }),
  ]);
  const [after] = voided;
  if (!after) throw new Error('locked transaction vanished');
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
