import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { Filter } from '../../../../contract/list-query';
import {
  EXPORT_EVERY,
  EXPORT_RUN_RESULTS,
  type ExportEvery,
  type ExportRunResult,
  SCHEDULED_EXPORT_STATES,
  type ScheduledExportState,
} from '../../../../contract/scheduled-exports';
import { literalList, oneOfCheck, requiredRef, timestamps, timestampTz } from './columns';
import { company } from './resources';
import { users } from './users';

/**
 * Scheduled exports (issue 27 item 4, server/domains/integrations/scheduled-exports.ts): a list's view e-mailed as
 * its CSV every day or week. The view is kept as the list's own parameters, read again by the list's
 * validation at every run. `companyId` is the creator's company when it was made (who sees the row);
 * what a run exports is the creator's scope as loaded at that run. The job picks ACTIVE rows whose
 * `nextRunAt` has come (the index), each claimed with FOR UPDATE SKIP LOCKED.
 */
export const scheduledExports = pgTable(
  'scheduled_exports',
  {
    id: serial('id').primaryKey(),
    resource: text('resource').notNull(),
    filter: jsonb('filter').$type<Filter[]>().notNull().default([]),
    sort: jsonb('sort').$type<string[]>().notNull().default([]),
    search: jsonb('search').$type<Record<string, string>>(),
    columns: jsonb('columns').$type<string[]>(),
    every: text('every').$type<ExportEvery>().notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    state: text('state').$type<ScheduledExportState>().notNull().default('ACTIVE'),
    companyId: integer('company_id').references(() => company.id, { onDelete: 'cascade' }),
    createdBy: requiredRef('created_by', () => users.id, 'cascade'),
    nextRunAt: timestampTz('next_run_at').notNull(),
    lastRunAt: timestampTz('last_run_at'),
    lastResult: text('last_result').$type<ExportRunResult>(),
    lastRows: integer('last_rows'),
    lastMessage: text('last_message'),
    stoppedBy: integer('stopped_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('scheduled_exports_due_idx').on(t.nextRunAt).where(sql`${t.state} = 'ACTIVE'`),
    index('scheduled_exports_company_idx').on(t.companyId),
    index('scheduled_exports_created_by_idx').on(t.createdBy),
    oneOfCheck('scheduled_exports_every_ck', t.every, EXPORT_EVERY),
    oneOfCheck('scheduled_exports_state_ck', t.state, SCHEDULED_EXPORT_STATES),
    check(
      'scheduled_exports_last_result_ck',
      sql`${t.lastResult} is null or ${t.lastResult} in (${literalList(EXPORT_RUN_RESULTS)})`,
    ),
  ],
);

export type ScheduledExportRow = typeof scheduledExports.$inferSelect;
