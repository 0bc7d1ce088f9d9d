// CSV imports (issue 27 item 3; docs/api.md "Importing a file", docs/decisions.md "Imports"): members
// (mobile, name) and bulk voucher issues (mobile, pack, quantity) from a file.
//
// - A dry run reads the file and answers, row by row, what the import would do and why not, writing
//   nothing: the same planner as the real run, on state read without locks and carried from one chunk
//   to the next (a pack's count, a member's vouchers, the wallet's balance).
// - A real run stores the file with the caller's id and enqueues the 'import' job. The job loads that
//   user fresh and checks their access again, then works through the file in chunks of IMPORT_CHUNK
//   rows, each ONE transaction of set-based statements: the chunk's rows are planned in order against
//   the locked wallet and packs, and what goes through is written in a few statements for the whole
//   chunk (vouchers, their history and links, one ledger row per issuing row with the balance after it,
//   summed in SQL numeric, the packs' counts, the members' standing, one audit row).
// - Each row that goes through leaves its key (hash of company, kind, the file's sha256 and the line)
//   in `import_keys`, in its chunk's transaction: the same file imported again finds them and issues
//   nothing twice ("already imported").
// Here: the routes' services and the job; the file's reading is import-file.ts, the planner
// import-plan.ts, a chunk's writes import-writes.ts.
import { asc, eq, sql } from 'drizzle-orm';
import { BLOCKED_USER_STATES } from '../../../contract/enums';
import {
  ALREADY_IMPORTED,
  IMPORT_ROWS_SHOWN,
  type ImportDryRun,
  type ImportKind,
  type ImportRowResult,
  type ImportStarted,
  type ImportStatus,
} from '../../../contract/imports';
import { createPermission } from '../../../resources/transitions';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { companyDay } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { company, importKeys, importRows, imports } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueue, type JobHandler } from '../../platform/jobs';
import { authorize, type Grant } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { findUser, userCaller } from '../access/caller';
import { assertOrgOpen, assertScopeOpen, closedLevelOf } from '../access/closure';
import { countryTermsOf } from '../money/wallet';
import { parseImport } from './import-file';
import { type ImportContext, type MemberApply, newState, plan, type VoucherApply } from './import-plan';
import { writeMembers, writeVouchers } from './import-writes';

export const IMPORT_JOB = 'import';
/** Rows per chunk transaction (docs/performance.md "Imports"). */
export const IMPORT_CHUNK = 1000;

const voucherDecl = declarationOf('vouchers');
if (!voucherDecl) throw new Error('imports: declarations missing');

/** Who may import each kind: what the single operation needs (docs/decisions.md "Imports"). */
export const importGrant = (kind: ImportKind): Grant =>
  kind === 'members'
    ? { resource: 'member', action: 'ADD', roles: ['operator', 'merchant'] }
    : { resource: createPermission(voucherDecl), action: 'ADD', roles: voucherDecl.createWith?.roles ?? [] };

const actor = (caller: Caller) => ({ id: caller.id, email: caller.email });

// ---- the dry run and the real run -----------------------------------------------------------------

/** The company an import is for: a merchant's own; an operator names one (else 2). */
export const importCompanyOf = async (db: DbOrTx, caller: Caller, companyId: number | undefined) => {
  if (caller.type !== 'OPERATOR') {
    if (caller.companyId === null) throw new AppError('ACCESS_DENIED');
    return caller.companyId;
  }
  if (companyId === undefined)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'companyId', message: 'an operator names the company the file is for' },
    ]);
  const [row] = await db
    .select({ id: company.id, state: company.state })
    .from(company)
    .where(eq(company.id, companyId))
    .limit(1);
  if (!row) throw new AppError('COMPANY_NOT_FOUND', [{ field: 'companyId', message: 'no such company' }]);
  // nothing is imported into a closed company (26433), not even by an operator
  assertOrgOpen({ company: row.state });
  return companyId;
};

const contextOf = async (
  db: DbOrTx,
  caller: Caller,
  companyId: number,
  kind: ImportKind,
  sha: string,
  now: Date,
): Promise<ImportContext> => {
  const terms = await countryTermsOf(db, companyId);
  return { caller, companyId, kind, sha, country: terms.country, currency: terms.currency, now };
};

/** What importing the file would do, row by row; nothing is written (the wallet opened on first use aside). */
export const dryRunImport = async (
  db: Db,
  caller: Caller,
  input: { kind: ImportKind; csv: string; companyId?: number | undefined },
  now = new Date(),
): Promise<ImportDryRun> => {
  const companyId = await importCompanyOf(db, caller, input.companyId);
  const file = parseImport(input.kind, input.csv);
  const ctx = await contextOf(db, caller, companyId, input.kind, file.sha, now);
  const day = await companyDay(db, companyId, now);
  const state = newState();
  const rows: ImportRowResult[] = [];
  for (let i = 0; i < file.rows.length; i += IMPORT_CHUNK) {
    const outcomes = await plan(db, ctx, file.rows.slice(i, i + IMPORT_CHUNK), state, true, day);
    for (const o of outcomes) rows.push({ line: o.line, ok: o.ok, message: o.message });
  }
  return { rows };
};

/** Stores the file and enqueues its job; the job acts as the caller, loaded fresh. */
export const startImport = async (
  db: Db,
  caller: Caller,
  input: { kind: ImportKind; csv: string; companyId?: number | undefined },
): Promise<ImportStarted> => {
  const companyId = await importCompanyOf(db, caller, input.companyId);
  const file = parseImport(input.kind, input.csv);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(imports)
      .values({
        companyId,
        userId: caller.id,
        kind: input.kind,
        fileSha: file.sha,
        csv: input.csv,
        total: file.rows.length,
      })
      .returning({ id: imports.id, state: imports.state });
    if (!row) throw new Error('import insert returned nothing');
    await enqueue(tx, IMPORT_JOB, { importId: row.id }, { maxAttempts: 5 });
    await recordAudit(tx, {
      actor: actor(caller),
      action: 'import',
      resource: 'imports',
      recordId: row.id,
      companyId,
      after: { kind: input.kind, rows: file.rows.length, fileSha: file.sha },
    });
    return { id: row.id, state: row.state };
  });
};

/** The import `id` as the caller may see it: an operator's any, a merchant's own company's (else 5). */
export const importStatus = async (db: Db, caller: Caller, id: number): Promise<ImportStatus> => {
  const [row] = await db
    .select({
      id: imports.id,
      companyId: imports.companyId,
      kind: imports.kind,
      state: imports.state,
      total: imports.total,
      done: imports.done,
      failed: imports.failed,
      error: imports.error,
    })
    .from(imports)
    .where(eq(imports.id, id))
    .limit(1);
  if (!row || (caller.type !== 'OPERATOR' && row.companyId !== caller.companyId))
    throw new AppError('NOT_FOUND');
  authorize(caller, importGrant(row.kind));
  const rows = await db
    .select({ line: importRows.line, ok: importRows.ok, message: importRows.message })
    .from(importRows)
    .where(eq(importRows.importId, id))
    .orderBy(asc(importRows.line))
    .limit(IMPORT_ROWS_SHOWN);
  const shown = row.error ? [{ line: 0, ok: false, message: row.error }, ...rows] : rows;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    total: row.total,
    done: row.done,
    failed: row.failed,
    rows: shown,
  };
};

/**
 * The importing user as they are now, with their access checked again for the import's kind and
 * company: a user disabled, moved to another company or stripped of the permission since the file
 * was sent stops the import (docs/decisions.md "Imports").
 */
export const importCaller = async (
  db: Db,
  userId: number,
  companyId: number,
  kind: ImportKind,
): Promise<Caller> => {
  const row = await findUser(db, userId);
  if (!row || (BLOCKED_USER_STATES as readonly string[]).includes(row.state))
    throw new AppError('INVALID_USER_STATE');
  if (row.type !== 'OPERATOR' && (row.companyId !== companyId || row.signupState !== 'APPROVAL'))
    throw new AppError('ACCESS_DENIED');
  // nor does anything go into a company closed since (26433), or through a closed brand or store
  await assertScopeOpen(db, { companyId, brandId: row.brandId, storeId: row.storeId });
  const caller: Caller = await userCaller(db, row, undefined);
  authorize(caller, importGrant(kind));
  return caller;
};

/** Works through import `importId` from where it stands, a chunk per transaction. */
export const runImport = async (
  db: Db,
  importId: number,
  now = new Date(),
): Promise<ImportStatus['state']> => {
  const [imp] = await db.select().from(imports).where(eq(imports.id, importId)).limit(1);
  if (!imp || imp.state === 'DONE' || imp.state === 'FAILED') return imp?.state ?? 'FAILED';
  let caller: Caller;
  try {
    caller = await importCaller(db, imp.userId, imp.companyId, imp.kind);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const closed = closedLevelOf(err);
    await db
      .update(imports)
      .set({
        state: 'FAILED',
        error: closed
          ? `the ${closed} is closed; nothing more was imported (send the rest again once it is enabled)`
          : 'the user who sent the file may no longer import it; nothing more was imported',
        finishTime: now,
      })
      .where(eq(imports.id, importId));
    return 'FAILED';
  }
  const file = parseImport(imp.kind, imp.csv);
  const ctx = await contextOf(db, caller, imp.companyId, imp.kind, file.sha, now);
  const day = await companyDay(db, imp.companyId, now);
  await db.update(imports).set({ state: 'RUNNING' }).where(eq(imports.id, importId));
  for (;;) {
    const finished = await db.transaction(async (tx) => {
      // the import's row first: a second run of the same job (a lost lease) waits here, then carries on
      const [cur] = await tx
        .select({ next: imports.next })
        .from(imports)
        .where(eq(imports.id, importId))
        .for('update');
      const start = cur?.next ?? file.rows.length;
      if (start >= file.rows.length) return true;
      // the chunk looks members up by mobile among thousands: without fresh statistics (a table that
      // just grew by the import itself) PostgreSQL's planner takes the trigram GIN index of the
      // members' mobile, through a bitmap scan, at ~4 ms a lookup, over the unique btree at
      // microseconds (measured: docs/performance.md "Imports"); GIN is only ever read by bitmap scans
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const chunk = file.rows.slice(start, start + IMPORT_CHUNK);
      const state = newState();
      const outcomes = await plan(tx, ctx, chunk, state, false, day);
      const going = outcomes.filter((o) => o.apply !== undefined);
      // the keys first: a row whose key is already there (a racing run of the same file) is skipped
      const inserted =
        going.length === 0
          ? []
          : await tx
              .insert(importKeys)
              .values(going.map((o) => ({ key: o.key, companyId: ctx.companyId, importId, line: o.line })))
              .onConflictDoNothing()
              .returning({ key: importKeys.key });
      const fresh = new Set(inserted.map((r) => r.key));
      for (const o of going)
        if (!fresh.has(o.key)) {
          o.apply = undefined;
          o.already = true;
          o.message = ALREADY_IMPORTED;
        }
      const applied = going.filter((o) => o.apply !== undefined);
      let issuedVouchers = 0;
      if (ctx.kind === 'members')
        await writeMembers(
          tx,
          ctx,
          applied.map((o) => o.apply as MemberApply),
        );
      else
        issuedVouchers = await writeVouchers(
          tx,
          ctx,
          applied.map((o) => o.apply as VoucherApply),
          day,
        );
      const shown = outcomes.filter((o) => !o.ok || o.already);
      if (shown.length > 0)
        await tx
          .insert(importRows)
          .values(shown.map((o) => ({ importId, line: o.line, ok: o.ok, message: o.message })));
      const failed = outcomes.filter((o) => !o.ok).length;
      await tx
        .update(imports)
        .set({
          next: start + chunk.length,
          done: sql`${imports.done} + ${outcomes.length - failed}`,
          failed: sql`${imports.failed} + ${failed}`,
        })
        .where(eq(imports.id, importId));
      // one audit row per chunk (docs/decisions.md "Imports"): who, which lines, what they did
      if (applied.length > 0)
        await recordAudit(tx, {
          actor: actor(caller),
          action: ctx.kind === 'members' ? 'import-members' : 'issue',
          resource: ctx.kind === 'members' ? 'members' : 'voucherPacks',
          recordId: importId,
          companyId: ctx.companyId,
          after: {
            importId,
            lines: [applied[0]?.line, applied[applied.length - 1]?.line],
            rows: applied.length,
            ...(ctx.kind === 'voucherIssues' ? { vouchers: issuedVouchers } : {}),
          },
        });
      return start + chunk.length >= file.rows.length;
    });
    if (finished) break;
  }
  await db.update(imports).set({ state: 'DONE', finishTime: new Date() }).where(eq(imports.id, importId));
  return 'DONE';
};

/** The 'import' job: payload `{ importId }`. */
export const importJob: JobHandler = async (payload, { db, now }) => {
  const importId = Number(payload.importId);
  if (!Number.isInteger(importId)) return { skipped: 'no importId' };
  return { state: await runImport(db, importId, now) };
};
