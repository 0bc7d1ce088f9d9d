// How a member's standing and level follow the operations (server/platform/events.ts): a change of
// holdings refreshes the standing of the members it touched; an activity a level counts refreshes it
// and then moves their level (activity.ts). All in the operation's transaction.
import type { LevelMoveReason } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import type { ActivityAdded, Reactions } from '../../platform/events';
import { memberActivityChanged } from './activity';
import { addStanding, refreshStanding } from './standing';

const members = (mobiles: readonly (string | null)[]): string[] => [
  ...new Set(mobiles.filter((m): m is string => m !== null)),
];

/** Their holdings changed (an issue, a gift, an expiry): the standing of each, no level move. */
const holdingsChanged = async (
  tx: DbOrTx,
  e: { companyId: number | null; memberMobiles: readonly (string | null)[]; at: Date },
): Promise<void> => {
  const mobiles = members(e.memberMobiles);
  if (e.companyId === null || mobiles.length === 0) return;
  await refreshStanding(tx, e.companyId, mobiles, e.at);
};

const activity = (
  tx: DbOrTx,
  e: {
    companyId: number | null;
    memberMobile: string | null;
    reason: LevelMoveReason;
    at: Date;
    added?: ActivityAdded;
  },
): Promise<void> => memberActivityChanged(tx, e.companyId, e.memberMobile, e.reason, e.at, e.added);

export const memberReactions: Reactions = {
  'card.issued': holdingsChanged,
  'voucher.issued': holdingsChanged,
  'voucher.holdings': holdingsChanged,
  'card.activity': activity,
  'voucher.activity': activity,
  'member.added': async (tx, e) => {
    const mobiles = members(e.memberMobiles);
    if (e.companyId !== null) await addStanding(tx, e.companyId, mobiles, e.at);
  },
};
