// A stamp card programme's figures: the cards it may issue and has issued, where they are, and the
// stamps of the last 7 days.
import { and, count, eq, gte, sum } from 'drizzle-orm';
import type { StampCardSummary } from '../../../contract/stamping';
import type { DbOrTx } from '../../platform/audit';
import { memberCards, stampCard, stampsTransaction } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { callerScopeOf } from '../../resources/row-scope';
import { CARD_STATE, type ProgrammeRow, programmeDecl } from './stamping';

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
