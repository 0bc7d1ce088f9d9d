// Scheduled exports (issue 27 item 4, docs/api.md "Scheduled exports"): a list's view (filter, sort,
// search, columns) saved with `every` DAY or WEEK and up to 10 addresses; a periodic job mails each due
// one the CSV the list's own Export answers for that view. The view is kept as the list's parameters
// and checked, at creation and at every run, by the list's export itself (the generic service's
// checkExport/exportRows, the members list's checkMemberExport/memberExport): nothing here parses a
// filter. A run acts as the creator loaded fresh from the database then; a creator who may no longer
// sign in, has moved company or may no longer export the list stops the schedule (FAILED, with why)
// and nothing is sent (docs/decisions.md "Scheduled exports run as their creator, as they are now").
import { and, asc, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { Brand } from '../../../contract/enums';
import { BLOCKED_USER_STATES, type UserState } from '../../../contract/enums';
import {
  EVERY_MS,
  type ExportEvery,
  SCHEDULED_EXPORT_LIMITS,
  type ScheduledExport,
  type ScheduledExportInput,
} from '../../../contract/scheduled-exports';
import { fieldViolation } from '../../../contract/validation';
import { members as membersDecl } from '../../../resources/tables/members';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { type ScheduledExportRow, scheduledExports, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { RawListQuery } from '../../platform/list/types';
import { escapeHtml, type Mailer } from '../../platform/mail';
import { kindOf } from '../../resources/authorize';
import { csvFileName, csvStream } from '../../resources/csv';
import type { ExportPlan } from '../../resources/export';
import type { Caller } from '../../resources/principal';
import { DERIVED_RESOURCES } from '../../resources/registry';
import { createResourceService } from '../../resources/service';
import { userCaller } from '../access/caller';
import { companyOpenSql } from '../access/closure';
import { isCompanyOwner } from '../access/rbac';
import { checkMemberExport, memberExport } from '../members/list';

export const SCHEDULED_EXPORT_AUDIT = 'scheduledExports';
/** Due schedules one job pass runs at most (the next pass, a minute on, takes the rest). */
export const EXPORTS_PER_PASS = 20;
export const SCHEDULED_EXPORTS_JOB = 'scheduled-exports';
export const SCHEDULED_EXPORTS_EVERY_MS = 60_000;

/** How a list is exported: its checks alone (at creation), and its rows (at a run). */
interface Exporter {
  /** the resource's list takes `columns` (the members export's columns are fixed) */
  columns: boolean;
  check(db: Db, caller: Caller, query: RawListQuery): Promise<void>;
  plan(db: Db, caller: Caller, query: RawListQuery): Promise<ExportPlan>;
}

const EXPORTERS = new Map<string, Exporter>();
for (const resource of DERIVED_RESOURCES) {
  const { decl } = resource;
  if (decl.handWritten?.includes('export')) continue;
  EXPORTERS.set(decl.name, {
    columns: true,
    check: (db, caller, query) => createResourceService(db, resource, undefined).checkExport(caller, query),
    plan: (db, caller, query) => createResourceService(db, resource, undefined).exportRows(caller, query),
  });
}
EXPORTERS.set(membersDecl.name, { columns: false, check: checkMemberExport, plan: memberExport });

/** The resources a schedule may name: every list with an Export. */
export const EXPORTABLE_RESOURCES: readonly string[] = [...EXPORTERS.keys()].sort();

type View = Pick<ScheduledExportRow, 'filter' | 'sort' | 'search' | 'columns'>;

/** The view as the list's query parameters: what GET <list>/export would be sent. */
export const listQueryOf = (view: View): RawListQuery => ({
  ...(view.filter.length > 0 ? { filter: JSON.stringify(view.filter) } : {}),
  ...(view.sort.length > 0 ? { sort: view.sort } : {}),
  ...(view.search ? { search: JSON.stringify(view.search) } : {}),
  ...(view.columns ? { project: JSON.stringify(view.columns) } : {}),
});

const exporterOf = (resource: string): Exporter => {
  const exporter = EXPORTERS.get(resource);
  if (!exporter)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      {
        field: 'resource',
        message: `is not a list with an export: one of ${EXPORTABLE_RESOURCES.join(', ')}`,
      },
    ]);
  return exporter;
};

/** The first run after `from` that is later than `now`: runs a server missed are skipped, not repeated. */
export const nextRunAfter = (from: Date, every: ExportEvery, now: Date): Date => {
  const step = EVERY_MS[every];
  const missed = Math.max(0, Math.floor((now.getTime() - from.getTime()) / step));
  return new Date(from.getTime() + (missed + 1) * step);
};

/** Who sees a schedule: an operator all; a company owner their company's; anyone else their own. */
const visibleTo = (caller: Caller): SQL | undefined => {
  if (caller.type === 'OPERATOR') return undefined;
  const owner = caller.row ? isCompanyOwner(caller.row) : false;
  if (owner && caller.companyId !== null) return eq(scheduledExports.companyId, caller.companyId);
  return eq(scheduledExports.createdBy, caller.id);
};

/** The audit row of the caller's change to a schedule. */
const auditSchedule = (
  tx: DbOrTx,
  caller: Caller,
  action: 'create' | 'stop',
  row: ScheduledExportRow,
  change: { before?: unknown; after: unknown },
): Promise<void> =>
  recordAudit(tx, {
    actor: { id: caller.id, email: caller.email },
    action,
    resource: SCHEDULED_EXPORT_AUDIT,
    recordId: row.id,
    companyId: row.companyId,
    ...change,
  });

const answerOf = (row: ScheduledExportRow, createdByEmail: string | null): ScheduledExport => ({
  id: row.id,
  resource: row.resource,
  filter: row.filter,
  sort: row.sort,
  search: row.search,
  columns: row.columns,
  every: row.every,
  to: row.recipients,
  state: row.state,
  companyId: row.companyId,
  createdBy: row.createdBy,
  createdByEmail,
  nextRunAt: row.nextRunAt.toISOString(),
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  lastResult: row.lastResult,
  lastRows: row.lastRows,
  lastMessage: row.lastMessage,
  createTime: row.createTime.toISOString(),
});

/** Users only: a device exports nothing. */
const assertUser = (caller: Caller) => {
  if (kindOf(caller) !== 'user') throw new AppError('ACCESS_DENIED');
};

/**
 * `POST /scheduled-exports`: the view checked as the list's Export checks it, for the caller (26237 when
 * they may not export the list, 2 naming the parameter the list refuses). The first CSV goes out on the
 * job's next pass, the next ones every day or week after.
 */
export const createScheduledExport = async (
  db: Db,
  caller: Caller,
  input: ScheduledExportInput,
  now = new Date(),
): Promise<ScheduledExport> => {
  assertUser(caller);
  const exporter = exporterOf(input.resource);
  if (input.columns !== undefined && !exporter.columns)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'columns', message: `the ${input.resource} export has fixed columns: leave columns out` },
    ]);
  const view: View = {
    filter: input.filter ?? [],
    sort: input.sort ?? [],
    search: input.search ?? null,
    columns: input.columns ?? null,
  };
  await exporter.check(db, caller, listQueryOf(view));
  const recipients = [...new Set(input.to.map((a) => a.trim().toLowerCase()))];
  if (recipients.length === 0)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [fieldViolation('to', 'required')]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scheduledExports)
      .values({
        resource: input.resource,
        ...view,
        every: input.every,
        recipients,
        companyId: caller.type === 'OPERATOR' ? null : caller.companyId,
        createdBy: caller.id,
        nextRunAt: now,
      })
      .returning();
    if (!row) throw new Error('scheduled export not recorded');
    await auditSchedule(tx, caller, 'create', row, {
      after: { resource: row.resource, every: row.every, recipients: recipients.length },
    });
    return answerOf(row, caller.email);
  });
};

/** Schedules listed at most (newest first): far more than anyone keeps. */
export const SCHEDULED_EXPORTS_LISTED = 500;

/** `GET /scheduled-exports`: the ones the caller sees, newest first. */
export const listScheduledExports = async (db: Db, caller: Caller): Promise<ScheduledExport[]> => {
  assertUser(caller);
  const rows = await db
    .select({ row: scheduledExports, email: users.email })
    .from(scheduledExports)
    .leftJoin(users, eq(users.id, scheduledExports.createdBy))
    .where(visibleTo(caller))
    .orderBy(desc(scheduledExports.id))
    .limit(SCHEDULED_EXPORTS_LISTED);
  return rows.map(({ row, email }) => answerOf(row, email));
};

/** `POST /scheduled-exports/{id}/stop`: one the caller sees (else 5) and ACTIVE (else 11) stops for good. */
export const stopScheduledExport = async (db: Db, caller: Caller, id: number): Promise<ScheduledExport> => {
  assertUser(caller);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(scheduledExports)
      .where(and(eq(scheduledExports.id, id), visibleTo(caller)))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND');
    if (found.state !== 'ACTIVE') throw new AppError('STATE_TRANSITION_NOT_ALLOWED');
    const [row] = await tx
      .update(scheduledExports)
      .set({ state: 'STOPPED', stoppedBy: caller.id, lastMessage: `Stopped by ${caller.email}` })
      .where(eq(scheduledExports.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await auditSchedule(tx, caller, 'stop', row, {
      before: { state: found.state },
      after: { state: row.state },
    });
    const [creator] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.createdBy));
    return answerOf(row, creator?.email ?? null);
  });
};

/** The CSV of a plan, its first `max` rows; `rows` counts them, `more` says rows were left out. */
export const csvText = async (
  plan: ExportPlan,
  max: number = SCHEDULED_EXPORT_LIMITS.rowsMax,
): Promise<{ text: string; rows: number; more: boolean }> => {
  let rows = 0;
  let more = false;
  const source = plan.batches;
  const capped: ExportPlan = {
    columns: plan.columns,
    batches: (async function* () {
      for await (const batch of source) {
        const room = max - rows;
        if (batch.length > room) {
          more = true;
          rows += room;
          if (room > 0) yield batch.slice(0, room);
          return;
        }
        rows += batch.length;
        yield batch;
      }
    })(),
  };
  const chunks: string[] = [];
  for await (const chunk of csvStream(capped)) chunks.push(String(chunk));
  return { text: chunks.join(''), rows, more };
};

const BLOCKED_WORDS: Partial<Record<UserState, string>> = {
  DISABLE: 'is disabled',
  LOCK: 'is locked',
  DELETE: 'is deleted',
  WAIT_EMAIL_ACTIVE: 'is not activated',
};

/** Why a run may not act as its creator, in words, or null when it may. */
const creatorRefusal = (
  row: ScheduledExportRow,
  creator: typeof users.$inferSelect | undefined,
): string | null => {
  if (!creator) return 'Its creator no longer exists.';
  if ((BLOCKED_USER_STATES as readonly string[]).includes(creator.state))
    return `Its creator's account ${BLOCKED_WORDS[creator.state] ?? 'may not sign in'} (${creator.state}).`;
  if (creator.type !== 'OPERATOR' && creator.companyId !== row.companyId)
    return 'Its creator no longer belongs to the company it was made for.';
  return null;
};

const EVERY_WORD: Record<ExportEvery, string> = { DAY: 'daily', WEEK: 'weekly' };

export interface RunOutcome {
  id: number;
  result: 'SENT' | 'FAILED';
  rows?: number;
  message?: string;
}

/**
 * One pass of the job: claims the ACTIVE schedules due at `now` (FOR UPDATE SKIP LOCKED, and their next
 * run moved on in the same statement, so a second server never takes one too), then runs each: the
 * creator loaded fresh, the list's Export for them, one mail per address with the CSV attached, in
 * one transaction with the run's record. A run that finds its creator may no longer export the list
 * stops the schedule (FAILED) and sends nothing; a failure of the database leaves it ACTIVE for its
 * next run.
 */
export const runDueExports = async (
  db: Db,
  mailer: Mailer,
  { now, brand, limit = EXPORTS_PER_PASS }: { now: Date; brand?: Brand; limit?: number },
): Promise<RunOutcome[]> => {
  // claimed and moved on in one short transaction: a second server's pass skips the locked rows and
  // then finds them no longer due
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(scheduledExports)
      .where(
        and(
          eq(scheduledExports.state, 'ACTIVE'),
          lte(scheduledExports.nextRunAt, now),
          // a closed company's schedules wait, due, and run once it is enabled again (closure.ts)
          companyOpenSql(scheduledExports.companyId),
        ),
      )
      .orderBy(asc(scheduledExports.nextRunAt), asc(scheduledExports.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due)
      await tx
        .update(scheduledExports)
        .set({ nextRunAt: nextRunAfter(row.nextRunAt, row.every, now), lastRunAt: now })
        .where(eq(scheduledExports.id, row.id));
    return due;
  });
  const outcomes: RunOutcome[] = [];
  for (const row of claimed) outcomes.push(await runOne(db, mailer, row, now, brand));
  return outcomes;
};

/**
 * The notice that a schedule stopped by itself: once to each recipient, and to its creator unless they
 * can no longer sign in (then they could not act on it).
 */
const mailStopped = async (
  tx: DbOrTx,
  mailer: Mailer,
  row: ScheduledExportRow,
  creator: UserRow | undefined,
  why: string,
): Promise<void> => {
  const every = EVERY_WORD[row.every];
  const by = creator ? ` that ${creator.email} scheduled` : '';
  const paragraphs = [
    `The ${every} export of ${row.resource}${by} (#${row.id}) has stopped and sends nothing more. ${why}`,
    'To receive it again, someone who may export the list schedules it anew: open the list in the portal and choose Schedule beside Export.',
  ];
  const subject = `Scheduled export stopped: ${row.resource} (${every})`;
  const text = paragraphs.join('\n\n');
  const html = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const reachable = creator && !(BLOCKED_USER_STATES as readonly string[]).includes(creator.state);
  const to = new Set([...(reachable ? [creator.email] : []), ...row.recipients]);
  for (const address of to) await mailer.send({ to: address, subject, text, html }, tx);
};

const runOne = async (
  db: Db,
  mailer: Mailer,
  row: ScheduledExportRow,
  now: Date,
  brand: Brand | undefined,
): Promise<RunOutcome> => {
  const [creator] = await db.select().from(users).where(eq(users.id, row.createdBy));
  const fail = async (message: string, stop: boolean): Promise<RunOutcome> => {
    await db.transaction(async (tx) => {
      await tx
        .update(scheduledExports)
        .set({
          lastResult: 'FAILED',
          lastRows: null,
          lastMessage: message,
          ...(stop ? { state: 'FAILED' as const } : {}),
        })
        .where(eq(scheduledExports.id, row.id));
      // a stopped schedule tells whoever would miss its file
      if (stop) await mailStopped(tx, mailer, row, creator, message);
    });
    return { id: row.id, result: 'FAILED', message };
  };
  const refusal = creatorRefusal(row, creator);
  if (refusal || !creator) return fail(refusal ?? 'Its creator no longer exists.', true);
  let csv: Awaited<ReturnType<typeof csvText>>;
  try {
    const caller = await userCaller(db, creator, brand);
    const exporter = exporterOf(row.resource);
    csv = await csvText(await exporter.plan(db, caller, listQueryOf(row)));
  } catch (err) {
    if (err instanceof AppError) {
      const why =
        err.errorName === 'ACCESS_DENIED'
          ? `Its creator may no longer export ${row.resource}.`
          : `Its view is no longer accepted by the ${row.resource} list: ${err.message}`;
      return fail(why, true);
    }
    await fail('The export could not be read this time; it runs again at its next time.', false);
    throw err;
  }
  const fileName = csvFileName(row.resource, now);
  const note = csv.more
    ? `It holds the first ${SCHEDULED_EXPORT_LIMITS.rowsMax} rows: the list has more. Narrow its filter to receive them all.`
    : `It holds ${csv.rows} rows.`;
  const subject = `Scheduled export: ${row.resource} (${EVERY_WORD[row.every]})`;
  const text = `Attached is ${fileName}, the ${EVERY_WORD[row.every]} export of ${row.resource} that ${creator.email} scheduled (#${row.id}). ${note}\n\nTo stop it, sign in to the portal and open Scheduled exports.`;
  const html = `<p>Attached is <b>${escapeHtml(fileName)}</b>, the ${EVERY_WORD[row.every]} export of ${escapeHtml(row.resource)} that ${escapeHtml(creator.email)} scheduled (#${row.id}). ${escapeHtml(note)}</p><p>To stop it, sign in to the portal and open Scheduled exports.</p>`;
  await db.transaction(async (tx) => {
    for (const to of row.recipients)
      await mailer.send({ to, subject, text, html, attachment: { name: fileName, text: csv.text } }, tx);
    await tx
      .update(scheduledExports)
      .set({ lastResult: 'SENT', lastRows: csv.rows, lastMessage: csv.more ? note : null })
      .where(eq(scheduledExports.id, row.id));
  });
  return { id: row.id, result: 'SENT', rows: csv.rows };
};
