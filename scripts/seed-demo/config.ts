// Step: the product-wide configuration (countries, industries, app versions, maintenance windows,
// the main config per country, System Config's settings, the home banners).
import { createMainConfig } from '../../server/domains/config/config-main';
import { ago, count, create, type Seed, service } from './context';
import {
  BANNER_LINK,
  BANNERS,
  COUNTRIES,
  FORCE_UPDATES,
  INDUSTRIES,
  MAIN_CONFIGS,
  MAINTENANCE_WINDOWS,
  SYSTEM_CONFIG,
} from './data';
import { demoImage } from './images';

export const seedConfig = async (seed: Seed): Promise<void> => {
  for (const c of COUNTRIES) await create(seed, 'countryConfig', c);
  for (const i of INDUSTRIES) {
    seed.industryIds.set(i.code, await create(seed, 'industryConfig', { ...i, icon: demoImage(i.name) }));
  }
  for (const f of FORCE_UPDATES) await create(seed, 'forceUpdateConfig', f);
  for (const m of MAINTENANCE_WINDOWS) {
    const startAt = ago(seed, m.startDaysAgo);
    await create(seed, 'maintenanceConfig', {
      startAt: startAt.toISOString(),
      endAt: new Date(startAt.getTime() + m.hours * 3_600_000).toISOString(),
      message: m.message,
      ...(m.country === undefined ? {} : { country: m.country }),
      enabled: m.enabled,
    });
  }
  for (const m of MAIN_CONFIGS) {
    await createMainConfig(seed.tx, {
      country: m.country,
      currency: m.currency,
      banner: m.banner.map((title) => ({
        imageUrl: demoImage(title, 'banner'),
        linkUrl: BANNER_LINK,
        title,
      })),
      stampCardDefaultImages: [demoImage('Stamp card'), demoImage('Loyalty card')],
      stampCardDefaultPrice: m.price,
    });
    count(seed, 'main_configs');
  }
  for (const s of SYSTEM_CONFIG) await create(seed, 'systemConfig', s);
  for (const b of BANNERS) {
    const startAt = ago(seed, b.startDaysAgo);
    const endAt = b.endDaysAgo === null ? null : ago(seed, b.endDaysAgo);
    const id = await create(seed, 'bannerConfig', {
      title: b.title,
      country: b.country,
      imageUrl: demoImage(b.title, 'banner'),
      linkUrl: BANNER_LINK,
      sortOrder: b.sortOrder,
      startAt: startAt.toISOString(),
      ...(endAt ? { endAt: endAt.toISOString() } : {}),
    });
    if (endAt && endAt < seed.now) await service(seed, 'bannerConfig').runAction(seed.op, id, 'disable');
  }
};
