import { boolean, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { IMPORT_KINDS, IMPORT_STATES } from '../../../../contract/imports';
import { createTimeColumn, requiredRef, timestamps, timestampTz } from './columns';
import { company } from './resources';
import { users } from './users';

/**
 * A CSV import (issue 27 item 3, server/domains/integrations/imports.ts): the file as sent, who sent it (the job acts
 * as that user, loaded fresh when it runs), the company it is for, and its progress. `next` is the index
 * of the first data row not yet worked through, moved in each chunk's transaction with `done`/`failed`,
 * so a run picked up again (a lost lease) carries on where the last chunk committed.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    state: text('state', { enum: IMPORT_STATES }).notNull().default('QUEUED'),
    /** sha256 of the file's bytes (hex): the rows' idempotency keys are derived from it */
    fileSha: varchar('file_sha', { length: 64 }).notNull(),
    csv: text('csv').notNull(),
    total: integer('total').notNull(),
    next: integer('next').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** why the whole import stopped (the caller lost the right to import), plain words */
    error: text('error'),
    finishTime: timestampTz('finish_time'),
    ...timestamps,
  },
  (t) => [index('imports_company_idx').on(t.companyId, t.id)],
);

/** The rows of an import worth reading: those that failed and those already imported, with why. */
export const importRows = pgTable(
  'import_rows',
  {
    id: serial('id').primaryKey(),
    importId: requiredRef('import_id', () => imports.id, 'cascade'),
    line: integer('line').notNull(),
    ok: boolean('ok').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('import_rows_import_line_idx').on(t.importId, t.line)],
);

/**
 * One row of a file that went through, for ever: its key is hash(company, kind, the file's sha256, the
 * line), inserted in the row's own chunk transaction, so the same file imported again finds it and
 * issues nothing twice (ON CONFLICT DO NOTHING). Unlike `idempotency_keys` it never expires.
 */
export const importKeys = pgTable(
  'import_keys',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    companyId: requiredRef('company_id', () => company.id, 'cascade'),
    importId: integer('import_id').references(() => imports.id, { onDelete: 'set null' }),
    line: integer('line').notNull(),
    createTime: createTimeColumn(),
  },
  (t) => [index('import_keys_import_idx').on(t.importId)],
);
