import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Permission } from '../../../../contract/access';
import { createTimeColumn, organizationLevelColumn, requiredRef, timestampTz } from './columns';
import { brand, company, store } from './resources';
import { users } from './users';

/**
 * An API key of a company (issue 27, docs/api.md "API keys"): what it may do (`permissions`, the same
 * matrix as groups) and where (the company, optionally one brand or store). Only the SHA-256 of the
 * whole key is kept; `prefix` (its first characters, unique) finds the row. The state is worked out from
 * the times (contract/api-keys.ts apiKeyStateAt), so nothing has to move when a key expires.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    brandId: integer('brand_id').references(() => brand.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => store.id, { onDelete: 'cascade' }),
    /** derived from the three ids above: COMPANY, BRAND or STORE (contract organizationLevelOf) */
    organizationLevel: organizationLevelColumn(),
    name: text('name').notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    secretHash: text('secret_hash').notNull(),
    permissions: jsonb('permissions').$type<Permission[]>().notNull(),
    /** who made it (null once that user is deleted; the e-mail stays) */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    createTime: createTimeColumn(),
    expiresAt: timestampTz('expires_at'),
    lastUsedAt: timestampTz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestampTz('revoked_at'),
    /** a rotated key works until then; the key that replaced it */
    graceUntil: timestampTz('grace_until'),
    replacedById: integer('replaced_by_id'),
  },
  (t) => [uniqueIndex('api_keys_prefix_key').on(t.prefix), index('api_keys_company_idx').on(t.companyId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
