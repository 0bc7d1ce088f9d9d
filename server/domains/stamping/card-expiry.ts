// The card-expiry job (server/jobs.ts): AVAILABLE member cards whose programme has ended in its
// company's country become EXPIRED, a batch per transaction.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { actionOf } from '../../../resources/transitions';
import { recordAudit } from '../../platform/audit';
import { inBatches } from '../../platform/batches';
import { beforeCompanyToday } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { memberCards, stampCard } from '../../platform/db/schema';
import { emit } from '../../platform/events';
import { cardDecl, stateValue } from './stamping';

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
  return inBatches(db, CARD_EXPIRY_BATCH, async (tx) => {
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
};
