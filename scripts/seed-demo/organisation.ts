// Step: company > brand > store. A company (waiting for approval when the demo says so), and each of
// its brands with its manager, stores and products.
import { eq } from 'drizzle-orm';
import { company } from '../../server/platform/db/schema/resources';
import { addUser } from './access';
import { create, type Seed, service } from './context';
import type { BrandSeed, CompanySeed } from './data';
import { demoImage } from './images';

export const seedCompany = async (seed: Seed, c: CompanySeed): Promise<number> => {
  const companyId = await create(seed, 'company', {
    name: c.name,
    registrationNo: c.registrationNo,
    address: c.address,
    contactEmail: c.contactEmail,
    phone: c.phone,
    country: c.country,
  });
  seed.companyIds.set(c.registrationNo, companyId);
  // a company starts ACTIVE when an operator creates it; the demo also has one awaiting approval
  if (c.state !== 'ACTIVE') {
    await seed.tx
      .update(company)
      .set({ state: c.state } as never)
      .where(eq(company.id, companyId));
  }
  return companyId;
};

export interface SeededBrand {
  brandId: number;
  storeIds: number[];
  /** the stores not disabled: where the demo's members redeem and stamp */
  activeStores: number[];
}

export const seedBrand = async (
  seed: Seed,
  c: CompanySeed,
  companyId: number,
  b: BrandSeed,
): Promise<SeededBrand> => {
  const industryConfigId = seed.industryIds.get(b.industry);
  const brandId = await create(seed, 'brand', {
    companyId,
    name: b.name,
    logo: demoImage(b.name),
    description: b.description,
    website: b.website,
    contactEmail: b.contactEmail,
    ...(industryConfigId ? { industryConfigId } : {}),
  });
  if (b.manager) {
    await addUser(seed, b.manager, 'MERCHANT', {
      companyId,
      brandId,
      signupState: 'APPROVAL',
      company: c.name,
    });
  }

  const storeIds: number[] = [];
  for (const s of b.stores) {
    const { state, ...fields } = s;
    const storeId = await create(seed, 'store', { ...fields, companyId, brandId });
    if (state === 'DISABLED') await service(seed, 'store').runAction(seed.op, storeId, 'disable');
    storeIds.push(storeId);
  }
  const activeStores = storeIds.filter((_, i) => b.stores[i]?.state !== 'DISABLED');

  for (const p of b.products) {
    await create(seed, 'products', { ...p, companyId, brandId, description: `${p.name} at ${b.name}` });
  }
  return { brandId, storeIds, activeStores };
};
