// Deleting a stamp card programme asks the external stamp system first, when one is connected (issue
// 42; server/platform/partners/partners.ts): it may still use the programme elsewhere (4001) or hold
// its stamps (4002), and a failure to answer is 4000; nothing is deleted then. Without one, nothing is
// asked. The question is asked inside the delete's transaction (the generic service's beforeDelete),
// within PARTNER_TIMEOUT_MS: a programme is deleted rarely, by hand.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/audit';
import { stampCard } from '../../platform/db/schema';
import { wiredPartners } from '../../platform/partners/feed';
import { assertProgrammeRemovable } from '../../platform/partners/partners';

export const beforeProgrammesDeleted = async (tx: DbOrTx, ids: readonly number[]): Promise<void> => {
  const { stampSystem } = wiredPartners();
  if (!stampSystem || ids.length === 0) return;
  const rows = await tx
    .select({ id: stampCard.id, companyId: stampCard.companyId })
    .from(stampCard)
    .where(inArray(stampCard.id, [...ids]));
  for (const row of rows)
    await assertProgrammeRemovable(stampSystem, { id: row.id, companyId: Number(row.companyId) });
};
