// Step: merchant signups. Each company's own request, decided (or not yet) by the operator, and the
// requests beyond them: a rejected signup and requests to add a brand and a store.
import { eq } from 'drizzle-orm';
import { brand, merchantSignup, store } from '../../server/platform/db/schema/resources';
import { ago, column, count, type Seed } from './context';
import {
  type CompanySeed,
  DEMO_MARKER_REGISTRATION_NO,
  EXTRA_SIGNUPS,
  REQUESTED_BRAND,
  REQUESTED_STORE,
} from './data';

/**
 * The merchant's signup request; a pending one names the first brand and store the merchant asked
 * for, waiting (SUBMITTED) like the company.
 */
export const seedCompanySignup = async (
  seed: Seed,
  c: CompanySeed,
  companyId: number,
  ownerId: number,
): Promise<void> => {
  const { tx } = seed;
  const approved = c.owner.signupState === 'APPROVAL';
  const brandName = c.brands[0]?.name ?? c.name.replace(/ Pte Ltd$/, '');
  let pending: { brandId: number; storeId: number } | null = null;
  if (!approved) {
    const [b] = (await tx
      .insert(brand)
      .values({ companyId, name: brandName, contactEmail: c.contactEmail, state: 'SUBMITTED' } as never)
      .returning()) as { id: number }[];
    const [st] = (await tx
      .insert(store)
      .values({
        companyId,
        brandId: b?.id,
        name: `${brandName} Flagship`,
        address: c.address,
        state: 'SUBMITTED',
      } as never)
      .returning()) as { id: number }[];
    count(seed, 'brand');
    count(seed, 'store');
    pending = { brandId: b?.id ?? 0, storeId: st?.id ?? 0 };
  }
  await tx.insert(merchantSignup).values({
    requestKind: 'MERCHANT_SIGNUP',
    approval: approved ? 'APPROVED' : 'PENDING',
    userId: ownerId,
    companyName: c.name,
    registrationNo: c.registrationNo,
    brandName,
    storeName: c.brands[0]?.stores[0]?.name ?? (pending ? `${brandName} Flagship` : null),
    contactEmail: c.contactEmail,
    contactMobile: c.owner.mobile,
    companyId,
    ...(pending ?? {}),
    decidedBy: approved ? seed.operatorId : null,
    decidedAt: approved ? ago(seed, 180) : null,
    createTime: ago(seed, approved ? 185 : 2),
  } as never);
  count(seed, 'merchantSignup');
};

/** The requests beyond the companies' own (EXTRA_SIGNUPS), after every company is there. */
export const seedRequests = async (seed: Seed): Promise<void> => {
  const { tx } = seed;
  const harbourId = seed.companyIds.get(DEMO_MARKER_REGISTRATION_NO) ?? null;
  // the brand the pending ADD_BRAND request asks for, and the store the approved ADD_STORE added
  const [requested] = (await tx
    .insert(brand)
    .values({ companyId: harbourId, name: REQUESTED_BRAND, state: 'SUBMITTED' } as never)
    .returning()) as { id: number }[];
  count(seed, 'brand');
  const [added] = (await tx
    .select()
    .from(store)
    .where(eq(column(store, 'name'), REQUESTED_STORE))
    .limit(1)) as { id: number; brandId: number }[];
  for (const s of EXTRA_SIGNUPS) {
    await tx.insert(merchantSignup).values({
      ...s.row,
      ...(s.forRequested === 'brand' ? { companyId: harbourId, brandId: requested?.id ?? null } : {}),
      ...(s.forRequested === 'store'
        ? { companyId: harbourId, brandId: added?.brandId ?? null, storeId: added?.id ?? null }
        : {}),
      ...(s.decidedDaysAgo === undefined
        ? {}
        : { decidedBy: seed.operatorId, decidedAt: ago(seed, s.decidedDaysAgo) }),
      createTime: ago(seed, s.createdDaysAgo),
    } as never);
    count(seed, 'merchantSignup');
  }
};
