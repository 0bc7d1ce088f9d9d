// What follows a member's activity at a company inside an operation's transaction: their standing
// (standing.ts), then their level (levels.ts). Its own module so that neither of those imports the
// other's caller.
import type { LevelMoveReason } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import type { ActivityAdded } from '../../platform/events';
import { levelsAfterActivity } from './levels';
import { addToStanding, refreshStanding, refreshStandingForLevel, standingTimeZone } from './standing';

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
  if (reason === null) {
    // a card or voucher issued: the holdings refreshed; no measure moves, no level
    await refreshStanding(tx, companyId, [mobile], now, zone);
    return;
  }
  const level = () => levelsAfterActivity(tx, companyId, [mobile], reason, now);
  if (added) {
    // what was added goes onto the standing with its measure, and tells whether the level moves:
    // the level's statement runs only then (standing.ts `addedStatement`)
    const after = await addToStanding(tx, added, zone);
    if (after === 'moves') await level();
    if (after !== 'none') return;
  }
  // anything else (a void, an undoing), or no standing row to add to (a member from before
  // standings): made from the ledgers with its measure, then the level when it moves ('none': no row
  // written, the level's statement decides from the row as it was)
  if ((await refreshStandingForLevel(tx, companyId, mobile, now, zone)) !== 'stays') await level();
};
