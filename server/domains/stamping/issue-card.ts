// Issuing a member card of a programme (docs/operations.md "Stamp cards"): the programme row is locked,
// so its `issuedCount` moves only here, with the cards it counts; the merchant's wallet pays the card.
import { and, eq, sql } from 'drizzle-orm';
import type { IssueCardBody } from '../../../contract/stamping';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { companyDay } from '../../platform/countries';
import { prepared } from '../../platform/db/prepared';
import { memberCards, stampCard } from '../../platform/db/schema';
import { emit } from '../../platform/events';
import type { Caller } from '../../resources/principal';
import { lockInScope } from '../../resources/transition';
import { debitWallet, moneyString } from '../money/wallet';
import { ensureMember, newCode } from '../vouchers/vouchers';
import { recordWebhookEvent } from '../webhooks/webhooks';
import {
  actor,
  assertStore,
  CARD_STATE,
  cardTermsOf,
  fail,
  type MemberCardRow,
  type ProgrammeRow,
  programmeDecl,
} from './stamping';

export type IssueCardInput = IssueCardBody;

/** The member's open (AVAILABLE) card of a programme, if any: built once (every issue asks). */
const openCardOf = prepared('member_card_open_of_programme', (db) =>
  db
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(
      and(
        eq(memberCards.stampCardId, sql.placeholder('programmeId')),
        eq(memberCards.memberMobile, sql.placeholder('mobile')),
        eq(memberCards.state, CARD_STATE.AVAILABLE),
      ),
    )
    .limit(1),
);

/** One more card issued of the programme: built once. */
const countIssued = prepared('stamp_card_count_issued', (db) =>
  db
    .update(stampCard)
    .set({ issuedCount: sql`${stampCard.issuedCount} + 1`, updateTime: sql`${sql.placeholder('now')}` })
    .where(eq(stampCard.id, sql.placeholder('programmeId'))),
);

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
  // the store checked and the member's open card looked for together: neither needs the other
  const [, [held]] = await Promise.all([
    assertStore(tx, caller, storeId, programme.brandId),
    openCardOf(tx, { programmeId: programme.id, mobile: memberMobile }),
  ]);
  if (programme.quantity !== null && programme.issuedCount >= programme.quantity)
    throw fail('STAMP_CARD_SOLD_OUT', 'quantity', `all ${programme.quantity} cards are issued`);
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
      // the terms the card keeps whatever becomes of the programme (issue 40 item 2)
      ...cardTermsOf(programme),
      companyId: programme.companyId,
      brandId: programme.brandId,
      createTime: now,
    })
    .returning()) as MemberCardRow[];
  if (!card) throw new Error('insert returned nothing');
  // the merchant pays the programme's price for the card, in this transaction: 5101 issues nothing
  // what follows the card needs only the card: sent together (docs/architecture.md), the charge first
  // (its refusal, 5101, is the operation's answer; the rest rolls back with it)
  await Promise.all([
    debitWallet(tx, programme.companyId, moneyString(Number(programme.price)), {
      type: 'STAMP_CARD_TXN',
      reference: `Member card ${card.id} · ${programme.title}`.slice(0, 120),
      memberCardId: card.id,
      at: now,
    }),
    countIssued(tx, { programmeId: programme.id, now }),
    emit(tx, 'card.issued', {
      companyId: programme.companyId,
      memberMobiles: [memberMobile],
      cards: [card],
      at: now,
    }),
    recordAudit(tx, {
      actor: actor(caller),
      action: 'issue',
      resource: 'memberCards',
      recordId: card.id,
      companyId: card.companyId,
      after: card,
    }),
    recordWebhookEvent(tx, {
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
    }),
  ]);
  return card;
};
