// What follows a member's activity at a company inside an operation's transaction: their standing
// (standing.ts), then their level (levels.ts). Its own module so that neither of those imports the
// other's caller.
import type { LevelMoveReason } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import { levelsAfterActivity } from './levels';
import { refreshStanding, standingTimeZone } from './standing';

/**
 * A member's activity at a company changed inside an operation's transaction (`reason` says how): their
 * standing is refreshed, created on first use. Their level follows it (server/domains/members/levels.ts).
 */
export const memberActivityChanged = async (
  tx: DbOrTx,
  companyId: number | null,
  mobile: string | null,
  reason: LevelMoveReason | null,
  now: Date,
): Promise<void> => {
  if (companyId === null || mobile === null) return;
  await refreshStanding(tx, companyId, [mobile], now, await standingTimeZone(tx, companyId));
  // a card or voucher issued (no reason) moves no measure: the level waits for the next activity
  if (reason !== null) await levelsAfterActivity(tx, companyId, [mobile], reason, now);
};
