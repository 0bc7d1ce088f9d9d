// REFERRAL campaigns (issue 43, docs/decisions.md "Campaigns"). A member's web card carries a join link with their referral code
// while the company runs a REFERRAL campaign; a friend who joins through it, new to the company, is
// recorded PENDING (recordReferral, in the join's transaction); the friend's first stamping makes it
// QUALIFIED and enqueues both rewards (qualifyReferral, a reaction in the stamping's transaction), each
// given once by the campaign-reward job like any voucher campaign's: the friend's once per campaign,
// the referrer's once per friend, within the campaign's budgets and per-member limit.
import { sql } from 'drizzle-orm';
import { REFERRED_PERIOD, referrerPeriod } from '../../../contract/campaigns';
import type { DbOrTx } from '../../platform/audit';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { campaigns, memberCards, referrals } from '../../platform/db/schema';
import type { OperationEvents } from '../../platform/events';
import { campaignRuns as runs } from '../pocket/card-campaigns';
import { enqueueReward } from './voucher-campaigns';

/** Who came by whose link, at a join that issued the friend card `friendCardId`. */
export interface ReferralAsk {
  companyId: number;
  /** the card the referral code names (its signature already checked) */
  referrerCardId: number;
  friendMobile: string;
  friendCardId: number;
}

/**
 * Records a friend's referral, PENDING, in the join's transaction, when all hold: the referrer's card
 * is of the same company and held by another number, the friend held no other card of the company (a
 * new member), no link referred them before, and a REFERRAL campaign runs. Answers whether it did;
 * anything else is no referral, and the join goes on as any.
 */
export const recordReferral = async (tx: DbOrTx, ask: ReferralAsk, now: Date): Promise<boolean> => {
  const at = now.toISOString();
  const rows = rowsOfResult<{ id: number }>(
    await tx.execute(sql`
      insert into ${referrals} (company_id, campaign_id, referrer_mobile, member_mobile, referrer_card_id,
        member_card_id, state, at)
      select ${ask.companyId}, c.id, rc.member_mobile, ${ask.friendMobile}, rc.id, ${ask.friendCardId}, 'PENDING',
        ${at}::timestamptz
      from ${memberCards} rc
      cross join lateral (select c.id from ${campaigns} c
        where c.company_id = ${ask.companyId} and c.kind = 'REFERRAL' and ${runs(at)}
        order by c.create_time, c.id limit 1) c
      where rc.id = ${ask.referrerCardId} and rc.company_id = ${ask.companyId}
        and rc.member_mobile is not null and rc.member_mobile <> ${ask.friendMobile}
        and not exists (select 1 from ${memberCards} mc where mc.company_id = ${ask.companyId}
          and mc.member_mobile = ${ask.friendMobile} and mc.id <> ${ask.friendCardId})
      on conflict do nothing
      returning id`),
  );
  return rows.length > 0;
};

/**
 * A stamping on a card that had no stamps (a reaction to card.activity): a friend's PENDING referral at
 * the company becomes QUALIFIED, and both rewards are enqueued in the stamping's transaction. Every
 * other stamping does nothing; a void leaves a qualified referral as it is.
 */
export const qualifyReferral = async (tx: DbOrTx, e: OperationEvents['card.activity']): Promise<void> => {
  if (e.reason !== 'STAMPING' || e.first !== true || e.memberMobile === null || e.companyId === null) return;
  const at = e.at.toISOString();
  const qualified = rowsOfResult<{
    campaign_id: number | null;
    referrer_mobile: string;
    member_mobile: string;
  }>(
    await tx.execute(sql`
      update ${referrals} set state = 'QUALIFIED', qualified_at = ${at}::timestamptz, update_time = ${at}::timestamptz
      where company_id = ${e.companyId} and member_mobile = ${e.memberMobile} and state = 'PENDING'
      returning campaign_id, referrer_mobile, member_mobile`),
  );
  for (const r of qualified) {
    if (r.campaign_id === null) continue;
    await enqueueReward(
      tx,
      { campaignId: r.campaign_id, memberMobile: r.member_mobile, period: REFERRED_PERIOD },
      e.at,
    );
    await enqueueReward(
      tx,
      { campaignId: r.campaign_id, memberMobile: r.referrer_mobile, period: referrerPeriod(r.member_mobile) },
      e.at,
    );
  }
};
