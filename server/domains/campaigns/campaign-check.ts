// What a campaign's declaration cannot say about a saved campaign (server/resources/extensions.ts's write
// check): its days are WEEKDAYS, its hours a part of a day, and its stores its company's own.
import { and, eq, inArray } from 'drizzle-orm';
import { WEEKDAYS } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import { store } from '../../platform/db/schema';
import { validationError } from '../../platform/errors';
import type { WriteCheck } from '../../resources/extensions';
import type { Row } from '../../resources/rules';

const refuse = (field: string, message: string): never => {
  throw validationError(field, message);
};

const checkCampaign = async (db: DbOrTx, row: Row, companyId: number | null): Promise<void> => {
  const days = row.daysOfWeek;
  if (days !== null && days !== undefined) {
    const list = Array.isArray(days) ? days : [];
    if (!Array.isArray(days) || list.some((d) => !WEEKDAYS.includes(d)) || new Set(list).size !== list.length)
      refuse('daysOfWeek', `must be a list of distinct days of ${WEEKDAYS.join(', ')}`);
  }
  if (typeof row.hourFrom === 'number' && row.hourFrom > 23) refuse('hourFrom', 'must be 0 to 23');
  if (typeof row.hourTo === 'number' && row.hourTo < 1) refuse('hourTo', 'must be 1 to 24');
  const stores = row.storeIds;
  if (stores === null || stores === undefined) return;
  if (!Array.isArray(stores) || stores.some((id) => !Number.isSafeInteger(id) || Number(id) < 1))
    refuse('storeIds', 'must be a list of store ids');
  const ids = [...new Set(stores as number[])];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: store.id })
    .from(store)
    .where(and(inArray(store.id, ids), companyId === null ? undefined : eq(store.companyId, companyId)));
  const known = new Set(found.map((s) => s.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) refuse('storeIds', `store ${missing} is not one of the company's`);
};

export const CAMPAIGN_CHECK: WriteCheck = {
  fields: ['kind', 'daysOfWeek', 'hourFrom', 'hourTo', 'storeIds'],
  check: checkCampaign,
};
