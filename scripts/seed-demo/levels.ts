// Member levels for every demo company (issue 25): Bronze, Silver and Gold on stamps over 90 days, so
// /aotg shows members per level; then every member's activity and level worked out as the nightly job
// would (server/services/member-levels.ts), once the companies' stampings are all written.
import { sql } from 'drizzle-orm';
import { company, memberLevelHistory } from '../../server/db/schema/resources';
import { applyLevels } from '../../server/services/member-levels';
import { refreshStanding } from '../../server/services/member-standing';
import { count, create, type Seed } from './context';

const LEVELS = [
  { name: 'Bronze', rank: 1, threshold: 1 },
  { name: 'Silver', rank: 2, threshold: 5 },
  { name: 'Gold', rank: 3, threshold: 12 },
] as const;

export const seedLevels = async (seed: Seed, companyId: number): Promise<void> => {
  for (const level of LEVELS) await create(seed, 'memberLevels', { ...level, companyId });
  await create(seed, 'memberLevelRules', { measure: 'STAMPS', windowDays: 90, companyId });
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
