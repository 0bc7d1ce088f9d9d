// Campaigns for every demo company (issue 43), after its cards and segments: double stamps on quiet
// afternoons (paused: a running multiplier would make the demo's stampings depend on the time of day),
// a first-visit bonus (a draft) and a running "Bring a friend" referral campaign, so every member's web
// card carries a referral link; and two friends a member brought (one stamped since: its referral is
// QUALIFIED). Written here rather than from the declarations' demo rows so a referral names a REFERRAL
// campaign and real members.
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordReferral } from '../../server/domains/campaigns/referrals';
import { issueMemberCard } from '../../server/domains/stamping/issue-card';
import { stampCardOnce } from '../../server/domains/stamping/stamp';
import { campaigns, memberCards, stampCard, voucherPacks } from '../../server/platform/db/schema';
import { ago, count, create, isoDate, type Seed } from './context';

/** The company's first running programme and first ACTIVE pack (null when it has none). */
const firstOf = async (seed: Seed, companyId: number) => {
  const [programme] = await seed.tx
    .select({ id: stampCard.id })
    .from(stampCard)
    .where(
      and(
        eq(stampCard.companyId, companyId),
        eq(stampCard.state, 'ACTIVE'),
        sql`${stampCard.startDate} <= ${isoDate(seed.now)} and ${stampCard.endDate} >= ${isoDate(seed.now)}`,
      ),
    )
    .orderBy(asc(stampCard.id))
    .limit(1);
  const [pack] = await seed.tx
    .select({ id: voucherPacks.id })
    .from(voucherPacks)
    .where(and(eq(voucherPacks.companyId, companyId), eq(voucherPacks.state, 'ACTIVE')))
    .orderBy(asc(voucherPacks.id))
    .limit(1);
  return { programmeId: programme?.id ?? null, packId: pack?.id ?? null };
};

/** Moves a campaign made as a DRAFT to `state`, as its actions would. */
const moveTo = (seed: Seed, id: number, state: 'ACTIVE' | 'PAUSED') =>
  seed.tx.update(campaigns).set({ state }).where(eq(campaigns.id, id));

/**
 * Two friends the holder of the programme's oldest card brought, through the same operations a poster
 * join runs: each new to the company gets a card and is recorded as the member's referral; the first
 * has been stamped once since, which qualified it (its two rewards wait in the job queue for the
 * server's first run), the second has not come back yet.
 */
const seedReferrals = async (seed: Seed, companyId: number, programmeId: number): Promise<void> => {
  const [referrer] = await seed.tx
    .select({ id: memberCards.id, storeId: memberCards.storeId })
    .from(memberCards)
    .where(and(eq(memberCards.stampCardId, programmeId), sql`${memberCards.memberMobile} is not null`))
    .orderBy(asc(memberCards.id))
    .limit(1);
  if (!referrer?.storeId) return;
  const storeId = Number(referrer.storeId);
  for (const [i, stamped] of [true, false].entries()) {
    const memberMobile = `+659${String(companyId).padStart(4, '0')}${String(i + 1).padStart(3, '0')}`;
    const joinedAt = ago(seed, 6 - i * 3);
    const card = await issueMemberCard(seed.tx, seed.op, programmeId, { memberMobile, storeId }, joinedAt);
    count(seed, 'memberCards');
    const ask = { companyId, referrerCardId: referrer.id, friendMobile: memberMobile, friendCardId: card.id };
    if (await recordReferral(seed.tx, ask, joinedAt)) count(seed, 'referrals');
    if (!stamped) continue;
    seed.next.receipt += 1;
    const receiptNo = `R${String(seed.next.receipt).padStart(8, '0')}`;
    await stampCardOnce(seed.tx, seed.op, card.id, { stamps: 1, storeId, receiptNo }, ago(seed, 2));
    count(seed, 'stampsTransaction');
    count(seed, 'stampingHistory');
  }
};

export const seedCampaigns = async (seed: Seed, companyId: number): Promise<void> => {
  const { programmeId, packId } = await firstOf(seed, companyId);
  const startAt = ago(seed, 30).toISOString();
  if (programmeId !== null) {
    const double = await create(seed, 'campaigns', {
      companyId,
      name: 'Double stamps on quiet afternoons',
      kind: 'MULTIPLIER',
      stampCardId: programmeId,
      multiplier: 2,
      daysOfWeek: ['MON', 'TUE', 'WED', 'THU'],
      hourFrom: 14,
      hourTo: 17,
      startAt,
    });
    await moveTo(seed, double, 'PAUSED');
    await create(seed, 'campaigns', {
      companyId,
      name: 'First visit of the day bonus',
      kind: 'BONUS',
      stampCardId: programmeId,
      bonusCondition: 'FIRST_VISIT_OF_DAY',
      bonusStamps: 1,
      startAt,
    });
  }
  if (packId === null) return;
  const referral = await create(seed, 'campaigns', {
    companyId,
    name: 'Bring a friend',
    kind: 'REFERRAL',
    description: 'A treat for you and your friend once they collect their first stamp',
    voucherPackId: packId,
    budgetRewards: 200,
    perMemberLimit: 5,
    startAt,
  });
  await moveTo(seed, referral, 'ACTIVE');
  if (programmeId !== null) await seedReferrals(seed, companyId, programmeId);
};
