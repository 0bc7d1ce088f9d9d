// What follows a member's activity at a company inside an operation's transaction: their standing
// (standing.ts), then their level (levels.ts). Its own module so that neither of those imports the
// other's caller.
import type { LevelMoveReason } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import type { ActivityAdded } from '../../platform/events';
import { levelsAfterActivity } from './levels';
import { addToStanding, refreshStanding, standingTimeZone } from './standing';

/**
 * A member's activity at a company changed inside an operation's transaction (`reason` says how): their
 * standing follows, created on first use: what a stamping or a redemption `added` is added to it, and
 * anything else (a void, an undoing, an issue) refreshes it from the ledgers. Their level follows it
 * (server/domains/members/levels.ts).
 */
export const memberActivityChanged = async (
  tx: DbOrTx,
  companyId: number | null,
  mobile: string | null,
  reason: LevelMoveReason | null,
  now: Date,
  added?: ActivityAdded,
): Promise<void> => {
  if (companyId === null || mobile === null) return;
  const zone = await standingTimeZone(tx, companyId);
  // a card or voucher issued (no reason) moves no measure: the level waits for the next activity
  const level = () => (reason === null ? null : levelsAfterActivity(tx, companyId, [mobile], reason, now));
  if (added) {
    // what was added goes onto the standing with its measure, and tells whether the level moves:
    // the level's statement runs only then (standing.ts `addedStatement`)
    const { found, levelMoves } = await addToStanding(tx, added, zone);
    if (found) {
      if (levelMoves) await level();
      return;
    }
    // no standing row to add to (a member from before standings): made from the ledgers, then the level
    await refreshStanding(tx, companyId, [mobile], now, zone);
    await level();
    return;
  }
  // The standing and the level move are sent together, the standing first: a connection runs its
  // statements in the order sent, so the move reads the standing as moved (docs/architecture.md
  // "Statements sent together"). Neither awaits anything before its statement is sent: the zone is read.
  await Promise.all([refreshStanding(tx, companyId, [mobile], now, zone), level()]);
};
