// Rows a merchant may see in a resource that has no organisation columns of its own. A member
// belongs to no company: a merchant sees the members who hold one of its vouchers (and, with the
// stamp cards, one of its member cards), through the holding rows' own organisation scope. A device
// belongs to a company and sits in a store: a colleague limited to a brand sees its stores' devices.
// An audit entry names the company whose row changed: a merchant reads its own company's.
import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/audit';
import type { Db } from '../platform/db/client';
import { auditLog, devices, memberCards, members, store, vouchers } from '../platform/db/schema';
import type { Caller } from './principal';

type Org = Pick<Caller, 'companyId' | 'brandId' | 'storeId'>;

/** The vouchers of an organisation: its company, and its brand when it has one. */
const vouchersOf = (org: Org): SQL | undefined => {
  if (org.companyId === null) return sql`false`;
  return and(
    eq(vouchers.companyId, org.companyId),
    org.brandId === null ? undefined : eq(vouchers.brandId, org.brandId),
  );
};

/** The member cards of an organisation: its company, and its brand when it has one. */
const cardsOf = (org: Org): SQL | undefined => {
  if (org.companyId === null) return sql`false`;
  return and(
    eq(memberCards.companyId, org.companyId),
    org.brandId === null ? undefined : eq(memberCards.brandId, org.brandId),
  );
};

/** SQL true for the members `org` may see: holders of one of its vouchers or member cards. */
export const membersVisibleTo = (db: Db, org: Org): SQL =>
  or(
    exists(
      db
        .select({ one: sql`1` })
        .from(vouchers)
        .where(and(eq(vouchers.memberMobile, members.mobile), vouchersOf(org))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(memberCards)
        .where(and(eq(memberCards.memberMobile, members.mobile), cardsOf(org))),
    ),
  ) ?? sql`false`;

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
