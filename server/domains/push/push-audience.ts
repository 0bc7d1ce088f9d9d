// The audience of a push (docs/operations.md "Push notifications"): who it reaches (an SQL condition
// on members), how many and the first of them for the preview, each member's placeholder values, and
// what a brand-limited colleague may aim at.
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PushAudience } from '../../../contract/enums';
import type { PushValues } from '../../../contract/push';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { brand, company, memberCards, members, segments, store, vouchers } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { memberOf } from '../../resources/visibility';
import { segmentCondition } from '../members/query';
import { CARD_STATE } from '../stamping/stamping';

/** What an audience is: the push's company and who in it. */
export interface Audience {
  companyId: number;
  audience: PushAudience;
  audienceBrandId: number | null;
  audienceStoreId: number | null;
  audienceMobile: string | null;
  /** SEGMENT: the segment (of the company), and its filter when fixed already (a push being sent) */
  segmentId: number | null;
  segmentFilter?: unknown;
}

/**
 * The filter of segment `segmentId` of company `companyId` (another company's, or none: null). A push
 * being sent reads the filter it fixed when sending began (`segmentFilter`), not the segment's now.
 */
export const segmentFilterOf = async (db: DbOrTx, a: Audience): Promise<unknown> => {
  if (a.segmentFilter !== undefined && a.segmentFilter !== null) return a.segmentFilter;
  if (a.segmentId === null) return null;
  const [row] = await db
    .select({ filter: segments.filter })
    .from(segments)
    .where(and(eq(segments.id, a.segmentId), eq(segments.companyId, a.companyId)));
  return row ? row.filter : null;
};

/**
 * SQL true for the members of `a`, by the one definition of a member (server/resources/visibility.ts
 * memberOf, issue 40 item 4): ALL_MEMBERS the company's members, so a push to all reaches exactly the
 * members list's total; BRAND those of the brand; STORE those of the store (a card issued there, a
 * stamping or a redemption there); MEMBER that member when they are the company's; SEGMENT the
 * company's members its segment's filter picks (server/domains/members/query.ts segmentCondition, the
 * same condition as the segment's reach).
 */
export const audienceCondition = async (db: DbOrTx, a: Audience): Promise<SQL> => {
  switch (a.audience) {
    case 'ALL_MEMBERS':
      return memberOf(db, a.companyId);
    case 'BRAND':
      return a.audienceBrandId === null
        ? sql`false`
        : memberOf(db, a.companyId, { brandId: a.audienceBrandId });
    case 'MEMBER':
      return a.audienceMobile === null
        ? sql`false`
        : sql`${eq(members.mobile, a.audienceMobile)} and ${memberOf(db, a.companyId)}`;
    case 'STORE':
      return a.audienceStoreId === null
        ? sql`false`
        : memberOf(db, a.companyId, { storeId: a.audienceStoreId });
    case 'SEGMENT': {
      const filter = await segmentFilterOf(db, a);
      return filter === null ? sql`false` : segmentCondition(db, a.companyId, filter);
    }
    default: {
      const never: never = a.audience;
      throw new Error(`unknown audience ${String(never)}`);
    }
  }
};

export interface AudienceMember {
  mobile: string;
  name: string | null;
}

/** How many members `a` reaches now, and the first of them (for a preview). */
export const audienceSize = async (
  db: DbOrTx,
  a: Audience,
): Promise<{ count: number; sample: AudienceMember | null }> => {
  const where = await audienceCondition(db, a);
  const [total] = await db.select({ n: count() }).from(members).where(where);
  const [sample] = await db
    .select({ mobile: members.mobile, name: members.name })
    .from(members)
    .where(where)
    .orderBy(asc(members.mobile))
    .limit(1);
  return { count: Number(total?.n ?? 0), sample: (sample as AudienceMember | undefined) ?? null };
};

/** The names the placeholders {brand} and {company} take for a push of `a`. */
const namesOf = async (db: DbOrTx, a: Audience): Promise<{ brand: string; company: string }> => {
  const [co] = await db.select({ name: company.name }).from(company).where(eq(company.id, a.companyId));
  const companyName = String(co?.name ?? '');
  let brandId = a.audience === 'BRAND' ? a.audienceBrandId : null;
  if (a.audience === 'STORE' && a.audienceStoreId !== null) {
    const [st] = await db
      .select({ brandId: store.brandId })
      .from(store)
      .where(eq(store.id, a.audienceStoreId));
    brandId = (st?.brandId as number | null | undefined) ?? null;
  }
  if (brandId === null) return { brand: companyName, company: companyName };
  const [br] = await db.select({ name: brand.name }).from(brand).where(eq(brand.id, brandId));
  return { brand: String(br?.name ?? companyName), company: companyName };
};

/**
 * Each member's placeholder values: their name (else their mobile), the push's brand and company,
 * the stamps on their fullest AVAILABLE card and their AVAILABLE vouchers (of the push's brand when
 * it has one, else of its company).
 */
export const valuesOf = async (
  db: DbOrTx,
  a: Audience,
  batch: readonly AudienceMember[],
): Promise<Map<string, PushValues>> => {
  const names = await namesOf(db, a);
  const mobiles = batch.map((m) => m.mobile);
  const brandId = a.audience === 'BRAND' ? a.audienceBrandId : null;
  const stamps = mobiles.length
    ? await db
        .select({ mobile: memberCards.memberMobile, stamps: sql<number>`max(${memberCards.stamps})` })
        .from(memberCards)
        .where(
          and(
            inArray(memberCards.memberMobile, mobiles),
            eq(memberCards.companyId, a.companyId),
            brandId === null ? undefined : eq(memberCards.brandId, brandId),
            eq(memberCards.state, CARD_STATE.AVAILABLE),
          ),
        )
        .groupBy(memberCards.memberMobile)
    : [];
  const held = mobiles.length
    ? await db
        .select({ mobile: vouchers.memberMobile, n: count() })
        .from(vouchers)
        .where(
          and(
            inArray(vouchers.memberMobile, mobiles),
            eq(vouchers.companyId, a.companyId),
            brandId === null ? undefined : eq(vouchers.brandId, brandId),
            eq(vouchers.state, 'AVAILABLE'),
          ),
        )
        .groupBy(vouchers.memberMobile)
    : [];
  const stampsOf = new Map(stamps.map((s) => [String(s.mobile), Number(s.stamps)]));
  const vouchersOf = new Map(held.map((h) => [String(h.mobile), Number(h.n)]));
  return new Map(
    batch.map((m) => [
      m.mobile,
      {
        name: m.name?.trim() ? m.name.trim() : m.mobile,
        mobile: m.mobile,
        brand: names.brand,
        company: names.company,
        stamps: String(stampsOf.get(m.mobile) ?? 0),
        vouchers: String(vouchersOf.get(m.mobile) ?? 0),
      },
    ]),
  );
};

/** The audience as the caller may ask for it: a brand-limited colleague stays inside its brand. */
export const assertAudienceAllowed = async (db: DbOrTx, caller: Caller, a: Audience): Promise<void> => {
  if (caller.type === 'OPERATOR' || caller.brandId === null) return;
  const outside = (field: string) =>
    new AppError('ACCESS_DENIED', [{ field, message: 'is outside the brand you work for' }]);
  // every member of the company, any one of them or a segment of them (a filter over the company's
  // members) is more than the brand: its brand's or stores'
  if (a.audience === 'ALL_MEMBERS' || a.audience === 'MEMBER' || a.audience === 'SEGMENT')
    throw outside('audience');
  if (a.audience === 'BRAND' && a.audienceBrandId !== caller.brandId) throw outside('audienceBrandId');
  if (a.audience === 'STORE' && a.audienceStoreId !== null) {
    const [st] = await db
      .select({ brandId: store.brandId })
      .from(store)
      .where(eq(store.id, a.audienceStoreId));
    if (st?.brandId !== caller.brandId) throw outside('audienceStoreId');
  }
};

/** What a merchant (or an operator, naming the company) asks the audience preview for. */
export const previewAudience = async (db: Db, caller: Caller, a: Audience) => {
  if (caller.type !== 'OPERATOR' && a.companyId !== caller.companyId) throw new AppError('ACCESS_DENIED');
  await assertAudienceAllowed(db, caller, a);
  const { count: n, sample } = await audienceSize(db, a);
  const values = sample ? ((await valuesOf(db, a, [sample])).get(sample.mobile) ?? null) : null;
  return { count: n, sample: values };
};
