import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { LEVEL_REWARD_STATES } from '../../../../contract/enums';
import { requiredRef, timestamps, timestampTz } from './columns';
import { company, memberLevels, members, vouchers } from './resources';

/**
 * A member's standing at a company (issue 25): their level and the activity the members list filters and
 * sorts on, kept beside the ledgers so that a list or a segment of 100,000 members reads indexes, not
 * the ledgers. One row per company and member, written by the level service only: on each stamping and
 * void of the member (in its transaction), and for every member by the nightly job (the window moves).
 * The window figures are as of the member's last stamping or the last night, whichever is later.
 */
export const memberStanding = pgTable(
  'member_standing',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    memberMobile: varchar('member_mobile', { length: 20 }).notNull(),
    /** the member's row: the list's tie-breaker, so a company's list is read in index order */
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    levelId: integer('level_id').references(() => memberLevels.id, { onDelete: 'set null' }),
    levelSince: timestampTz('level_since'),
    /** the rule's measure over its window when last worked out (what the level was chosen by) */
    measureValue: integer('measure_value').notNull().default(0),
    stampsInWindow: integer('stamps_in_window').notNull().default(0),
    visitsInWindow: integer('visits_in_window').notNull().default(0),
    completedCardsInWindow: integer('completed_cards_in_window').notNull().default(0),
    /** AVAILABLE vouchers of the company the member holds (the list's "holds an available voucher") */
    availableVouchers: integer('available_vouchers').notNull().default(0),
    /** the brands whose cards or vouchers the member holds or held (the list's brand filter) */
    brandIds: integer('brand_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** the stores where the member was stamped, redeemed or given a card (the list's store filter) */
    storeIds: integer('store_ids').array().notNull().default(sql`'{}'::integer[]`),
    firstVisitAt: timestampTz('first_visit_at'),
    lastVisitAt: timestampTz('last_visit_at'),
    computedAt: timestampTz('computed_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('member_standing_company_member').on(t.companyId, t.memberMobile),
    index('member_standing_member_idx').on(t.memberMobile),
    // a company's list in each order it sorts by, its tie-breaker last: a first page reads 20 entries
    index('member_standing_company_level_idx').on(
      t.companyId,
      t.levelId,
      t.measureValue.desc().nullsFirst(),
      t.memberId.desc().nullsFirst(),
    ),
    index('member_standing_company_last_visit_idx').on(t.companyId, t.lastVisitAt, t.memberId),
    index('member_standing_company_first_visit_idx').on(t.companyId, t.firstVisitAt, t.memberId),
    index('member_standing_company_stamps_idx').on(t.companyId, t.stampsInWindow, t.memberId),
    index('member_standing_company_visits_idx').on(t.companyId, t.visitsInWindow, t.memberId),
    index('member_standing_company_measure_idx').on(
      t.companyId,
      t.measureValue.desc().nullsFirst(),
      t.memberId.desc().nullsFirst(),
    ),
    index('member_standing_company_available_idx').on(t.companyId, t.availableVouchers),
    index('member_standing_brands_idx').using('gin', t.brandIds),
    index('member_standing_stores_idx').using('gin', t.storeIds),
  ],
);

/**
 * A level's reward for one member (issue 25): at most one per company, level and member, ever, so a
 * member who falls and climbs again is not paid twice. ISSUED names the voucher; FAILED says why (a
 * wallet short of money) and may be retried by reaching the level again.
 */
export const memberLevelRewards = pgTable(
  'member_level_rewards',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    levelId: requiredRef('level_id', () => memberLevels.id, 'cascade'),
    memberMobile: varchar('member_mobile', { length: 20 }).notNull(),
    state: text('state', { enum: LEVEL_REWARD_STATES }).notNull(),
    voucherId: integer('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_level_rewards_once').on(t.companyId, t.levelId, t.memberMobile),
    index('member_level_rewards_member_idx').on(t.memberMobile),
  ],
);
