// What a member's web card and a join page say of a company's running campaigns (issue 43): the
// MULTIPLIER and BONUS campaigns of the card's programme, and the REFERRAL campaign whose link the card
// carries. Read only; the campaigns domain gives the rewards (server/domains/campaigns/).
import { type Placeholder, sql } from 'drizzle-orm';
import { weekdaysOf } from '../../../contract/campaigns';
import type { BonusCondition } from '../../../contract/enums';
import type { PocketPromotion } from '../../../contract/pocket';
import type { DbOrTx } from '../../platform/audit';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { campaigns, voucherPacks } from '../../platform/db/schema';

/**
 * SQL true for a campaign row `c` that runs at `at` (ACTIVE, inside its dates): what the web card
 * shows, and what the stamping, the rewards and the referrals apply (server/domains/campaigns/ reads
 * it from here: pocket may not import campaigns, campaigns → vouchers → pocket). `at`: ISO text, or
 * the placeholder of a prepared statement that is given it.
 */
export const campaignRuns = (at: string | Placeholder) =>
  sql`c.state = 'ACTIVE' and c.start_at <= ${at}::timestamptz and (c.end_at is null or c.end_at > ${at}::timestamptz)`;

/** A running REFERRAL campaign as a web card and a join page announce it. */
export interface RunningReferral {
  id: number;
  name: string;
  description: string | null;
  reward: { title: string; value: string };
}

/** The company's running REFERRAL campaign with a pack (the first made, when several run), or null. */
export const runningReferral = async (
  db: DbOrTx,
  companyId: number,
  now: Date,
): Promise<RunningReferral | null> => {
  const [row] = rowsOfResult<{
    id: number;
    name: string;
    description: string | null;
    title: string;
    value: string;
  }>(
    await db.execute(sql`
      select c.id, c.name, c.description, p.title, to_char(p.voucher_value, 'FM999999999990.00') as value
      from ${campaigns} c join ${voucherPacks} p on p.id = c.voucher_pack_id
      where c.company_id = ${companyId} and c.kind = 'REFERRAL' and ${campaignRuns(now.toISOString())}
      order by c.create_time, c.id limit 1`),
  );
  return row
    ? {
        id: row.id,
        name: row.name,
        description: row.description,
        reward: { title: row.title, value: row.value },
      }
    : null;
};

interface PromotionRow {
  name: string;
  kind: 'MULTIPLIER' | 'BONUS';
  description: string | null;
  multiplier: number | null;
  bonus_stamps: number | null;
  bonus_condition: BonusCondition | null;
  min_amount: string | null;
  days_of_week: unknown;
  hour_from: number | null;
  hour_to: number | null;
  end_at: string | null;
}

/** The MULTIPLIER and BONUS campaigns running on programme `programmeId` now, the first made first. */
export const runningPromotions = async (
  db: DbOrTx,
  programmeId: number,
  now: Date,
): Promise<PocketPromotion[]> => {
  const rows = rowsOfResult<PromotionRow>(
    await db.execute(sql`
      select c.name, c.kind, c.description, c.multiplier, c.bonus_stamps, c.bonus_condition,
        to_char(c.min_amount, 'FM999999999990.00') as min_amount, c.days_of_week, c.hour_from, c.hour_to,
        to_char(c.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_at
      from ${campaigns} c
      where c.stamp_card_id = ${programmeId} and c.kind in ('MULTIPLIER', 'BONUS') and ${campaignRuns(now.toISOString())}
      order by c.create_time, c.id`),
  );
  return rows.map((r) => ({
    name: r.name,
    kind: r.kind,
    description: r.description,
    multiplier: r.multiplier,
    bonusStamps: r.bonus_stamps,
    bonusCondition: r.bonus_condition,
    minAmount: r.min_amount,
    days: weekdaysOf(typeof r.days_of_week === 'string' ? JSON.parse(r.days_of_week) : r.days_of_week),
    hourFrom: r.hour_from,
    hourTo: r.hour_to,
    endAt: r.end_at,
  }));
};
