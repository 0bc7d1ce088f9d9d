// A card's stamping limits (issue 24), as its programme set them when the card was issued (issue 40
// item 2): the least time between two stampings of a card and the most stamps a member collects in a
// day of the company's country; 6630 past either.
import { and, desc, eq, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../contract/format';
import type { DbOrTx } from '../../platform/audit';
import { timeZoneOf } from '../../platform/countries';
import { company, stampsTransaction } from '../../platform/db/schema';
import { fail, type MemberCardRow, type ProgrammeRow } from './stamping';

/**
 * The card's stamping limits (issue 24; its programme's when it was issued), 6630 when this stamping would pass one: at least
 * `minMinutesBetweenStamps` since the card's last stamping, and at most `maxStampsPerMemberPerDay`
 * stamps for the member on the programme in a day of the company's country (its time zone). The card
 * is locked, and a member holds one AVAILABLE card per programme, so racing stampings count each other.
 */
export const assertStampingLimits = async (
  tx: DbOrTx,
  programme: ProgrammeRow,
  card: MemberCardRow,
  stamps: number,
  now: Date,
): Promise<void> => {
  const perDay = typeof card.maxStampsPerMemberPerDay === 'number' ? card.maxStampsPerMemberPerDay : null;
  const gap = typeof card.minMinutesBetweenStamps === 'number' ? card.minMinutesBetweenStamps : null;
  if (perDay === null && gap === null) return;
  const [where] = await tx
    .select({ country: company.country })
    .from(company)
    .where(eq(company.id, programme.companyId));
  const timeZone = await timeZoneOf(tx, typeof where?.country === 'string' ? where.country : 'sg');
  const success = and(eq(stampsTransaction.result, 'SUCCESS'), eq(stampsTransaction.type, 'STAMP_CARD_TXN'));
  if (gap !== null) {
    const [last] = await tx
      .select({ at: stampsTransaction.at })
      .from(stampsTransaction)
      .where(and(eq(stampsTransaction.memberCardId, card.id), success))
      .orderBy(desc(stampsTransaction.at))
      .limit(1);
    const lastAt = last?.at instanceof Date ? last.at : null;
    if (lastAt && now.getTime() - lastAt.getTime() < gap * 60_000)
      throw fail(
        'STAMP_LIMIT_EXCEEDED',
        'stamps',
        `this card was stamped at ${formatDateTime(lastAt, 'en-SG', timeZone)}; stampings are at least ${gap} minutes apart, so the next one is possible from ${formatDateTime(new Date(lastAt.getTime() + gap * 60_000), 'en-SG', timeZone)}`,
      );
  }
  if (perDay !== null) {
    // the start of the country's day that holds `now`
    const dayStart = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
    const [given] = await tx
      .select({ n: sql<string>`coalesce(sum(${stampsTransaction.stamps}), 0)::text` })
      .from(stampsTransaction)
      .where(
        and(
          eq(stampsTransaction.stampCardId, programme.id),
          eq(stampsTransaction.memberMobile, card.memberMobile),
          success,
          sql`${stampsTransaction.at} >= ${dayStart}`,
        ),
      );
    const today = Number(given?.n ?? 0);
    if (today + stamps > perDay)
      throw fail(
        'STAMP_LIMIT_EXCEEDED',
        'stamps',
        `a member collects at most ${perDay} ${perDay === 1 ? 'stamp' : 'stamps'} a day on this programme; ${today} given today, so ${Math.max(0, perDay - today)} more ${perDay - today === 1 ? 'is' : 'are'} possible`,
      );
  }
};
