// Rows a merchant may see in a resource that has no organisation columns of its own. A member
// belongs to no company: a merchant sees the members of its company (memberOf: the company's standing
// rows, the one definition every surface reads). A device
// belongs to a company and sits in a store: a colleague limited to a brand sees its stores' devices.
// An audit entry names the company whose row changed: a merchant reads its own company's.
import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/audit';
import type { Db } from '../platform/db/client';
import { auditLog, devices, memberStanding, members, store } from '../platform/db/schema';
import type { Caller } from './principal';

type Org = Pick<Caller, 'companyId' | 'brandId' | 'storeId'>;

/**
 * One definition of a member of a company (issue 40 item 4; docs/decisions.md "One definition of a
 * member"): a member stands at company `companyId` when the company's `member_standing` holds a row for
 * them. The row is written by whatever makes someone the company's member (a card or a voucher issued,
 * a poster join, an import, a donation received: server/domains/members/standing.ts) and is never
 * taken away, so the members list, the profile, every push audience, segments, exports, the
 * dashboard's count and imports all read the same set. `within` narrows it to a brand (a member
 * holding or having held one of its cards or vouchers: `brand_ids`) or a store (a card issued there,
 * a stamping or a redemption there: `store_ids`).
 */
export const memberOf = (
  db: DbOrTx,
  companyId: number,
  within: { brandId?: number | null; storeId?: number | null } = {},
): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(memberStanding)
      .where(
        and(
          eq(memberStanding.memberId, members.id),
          eq(memberStanding.companyId, companyId),
          typeof within.brandId === 'number'
            ? sql`${memberStanding.brandIds} @> ${sql.param([within.brandId])}::int[]`
            : undefined,
          typeof within.storeId === 'number'
            ? sql`${memberStanding.storeIds} @> ${sql.param([within.storeId])}::int[]`
            : undefined,
        ),
      ),
  );

/**
 * SQL true for the members `org` may see: the members of its company (memberOf), of its brand for a
 * colleague limited to one (the members list narrows the same way).
 */
export const membersVisibleTo = (db: DbOrTx, org: Org): SQL =>
  org.companyId === null ? sql`false` : memberOf(db, org.companyId, { brandId: org.brandId });

/**
 * SQL true for the devices `org` may see beyond its company (devices are scoped to the company): a
 * colleague limited to a brand sees the devices placed in that brand's stores only.
 */
export const devicesVisibleTo = (db: DbOrTx, org: Org): SQL => {
  if (org.brandId === null) return sql`true`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(store)
      .where(and(eq(store.id, devices.storeId), eq(store.brandId, org.brandId))),
  );
};

/**
 * SQL true for the audit entries `org` may read: its own company's (the log is unscoped, as it outlives
 * the rows it names; `companyId` says whose row changed). A merchant without a company reads none.
 */
export const auditVisibleTo = (_db: DbOrTx, org: Org): SQL =>
  org.companyId === null ? sql`false` : eq(auditLog.companyId, org.companyId);

/** Extra conditions per declaration for non-operators (beyond the organisation columns). */
export const VISIBILITY: Readonly<Record<string, (db: Db, org: Org) => SQL>> = {
  members: membersVisibleTo,
  devices: devicesVisibleTo,
  auditLog: auditVisibleTo,
};
