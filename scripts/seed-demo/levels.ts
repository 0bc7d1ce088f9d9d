// Member levels for every demo company (issue 25): Bronze, Silver and Gold on stamps over 90 days, so
// /aotg shows members per level, and a few segments over them; then every member's activity and level
// worked out as the nightly job would (server/domains/members/levels.ts), once the stampings are written.
import { sql } from 'drizzle-orm';
import { applyLevels } from '../../server/domains/members/levels';
import { refreshStanding } from '../../server/domains/members/standing';
import { company, memberLevelHistory } from '../../server/platform/db/schema/resources';
import { count, create, type Seed } from './context';

const LEVELS = [
  { name: 'Bronze', rank: 1, threshold: 1 },
  { name: 'Silver', rank: 2, threshold: 5 },
  { name: 'Gold', rank: 3, threshold: 10 },
] as const;

/**
 * The company's levels and rule, and a few saved segments over them (issue 25 item 4), so /aotg/segments,
 * a segment's page and the push composer's SEGMENT audience show something.
 */
export const seedLevels = async (seed: Seed, companyId: number): Promise<void> => {
  const ids: Record<string, number> = {};
  for (const level of LEVELS) ids[level.name] = await create(seed, 'memberLevels', { ...level, companyId });
  await create(seed, 'memberLevelRules', { measure: 'STAMPS', windowDays: 90, companyId });
  const segments = [
    {
      name: 'Gold members',
      description: 'Our most loyal members: 10 stamps or more in the last 90 days.',
      filter: [{ field: 'levelId', op: 'eq', value: ids.Gold }],
    },
    {
      name: 'Lapsed 30 days',
      description: 'Came before, but not in the last 30 days: worth a nudge.',
      filter: [{ field: 'daysSinceLastVisit', op: 'gte', value: 30 }],
    },
    {
      name: 'Holds a voucher',
      description: 'Members with a voucher they can still use.',
      filter: [{ field: 'hasAvailableVoucher', op: 'eq', value: true }],
    },
    {
      name: 'Silver or Gold regulars',
      filter: [
        { field: 'levelId', op: 'in', value: [ids.Silver, ids.Gold] },
        { field: 'visitsInWindow', op: 'gte', value: 3 },
      ],
    },
  ];
  for (const segment of segments) await create(seed, 'segments', { ...segment, companyId });
};

/** Every company's standing and levels as of the seed's "now" (reason RULES_CHANGED: the levels are new). */
export const applyDemoLevels = async (seed: Seed): Promise<void> => {
  const companies = await seed.tx.select({ id: company.id }).from(company);
  for (const { id } of companies) {
    const standing = await refreshStanding(seed.tx, id, null, seed.now);
    count(seed, 'memberStanding', standing);
    await applyLevels(seed.tx, id, null, 'RULES_CHANGED', seed.now);
  }
  // every move, also those the seed's own stampings made (their operations move levels too)
  const [moves] = await seed.tx.select({ n: sql<number>`count(*)::int` }).from(memberLevelHistory);
  count(seed, 'memberLevelHistory', (moves?.n ?? 0) - (seed.counts.memberLevelHistory ?? 0));
  // the recomputes the level writes enqueued would do the same again at the server's start
  await seed.tx.execute(sql`delete from jobs where name = 'member-levels-company' and state = 'queued'`);
};
