import { jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type BannerItem, DEFAULT_CURRENCY } from '../../../../contract';
import { timestamps } from './columns';

export type { BannerItem };

/** The main config of one country (spec section 3 "Main config"); one row per country. */
export const mainConfigs = pgTable(
  'main_configs',
  {
    id: serial('id').primaryKey(),
    /** lower-case ISO code as sent in X-Country, e.g. sg */
    country: text('country').notNull(),
    banner: jsonb('banner').$type<BannerItem[]>().notNull().default([]),
    stampCardDefaultImages: jsonb('stamp_card_default_images').$type<string[]>().notNull().default([]),
    stampCardDefaultPrice: numeric('stamp_card_default_price', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    currency: text('currency').notNull().default(DEFAULT_CURRENCY),
    ...timestamps,
  },
  (t) => [uniqueIndex('main_configs_country_uq').on(t.country)],
);

export type MainConfigRow = typeof mainConfigs.$inferSelect;
