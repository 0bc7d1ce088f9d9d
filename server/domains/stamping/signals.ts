// Fraud signals (issue 24, docs/decisions.md "Fraud signals"): the periodic job reads the stamping
// ledger (stamps_transaction: stampings, refusals and voids, with the store, device and staff account
// behind each) and raises one OPEN signal per subject and window for what looks like abuse:
//   STORE_RATE_SPIKE   a store's stamps in one clock hour far above its own hourly norm
//   MEMBER_TWO_STORES  one member stamped at two stores of a company minutes apart
//   VOID_CLUSTER       voids clustering on one staff account or device in a day
//   OUTSIDE_HOURS      a device stamping outside its store's opening hours
// Each signal says what it saw in plain words, with its numbers and the transactions' ids. Its
// `subjectKey` (kind, company, subject, window) is unique: running the job again raises nothing new,
// and only refreshes the numbers of a signal still OPEN. An operator, or the company's owner or a
// colleague with the permission, resolves one with a note (audited).
// The rules are detect-signals.ts (thresholds in signal-rules.ts); resolving is resolve-signal.ts.
import { and, desc, eq, sql } from 'drizzle-orm';
import { signals as signalsDecl } from '../../../resources/tables/signals';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { jobs, signals } from '../../platform/db/schema';
import { detectSignals } from './detect-signals';
import { DAY, HOUR, type RaisedSignal, SIGNAL_RULES } from './signal-rules';

export const SIGNALS_JOB = 'fraud-signals';
/** How often the job looks (the periodic slot of server/jobs.ts). */
export const SIGNALS_EVERY_MS = 10 * 60_000;

/**
 * Stores the signals: a new subject and window is inserted OPEN (and audited, actor the system); one
 * already raised and still OPEN gets the latest numbers; a RESOLVED one is left as it was. Answers
 * how many were new.
 */
export const storeSignals = async (db: Db, found: readonly RaisedSignal[]): Promise<number> => {
  let raised = 0;
  for (const s of found) {
    const values = {
      companyId: s.companyId,
      kind: s.kind,
      summary: s.summary.slice(0, 500),
      storeId: s.storeId ?? null,
      deviceId: s.deviceId ?? null,
      staffId: s.staffId ?? null,
      memberMobile: s.memberMobile ?? null,
      windowStart: s.windowStart,
      windowEnd: s.windowEnd,
      figures: s.figures,
      transactionIds: s.transactionIds,
      subjectKey: s.subjectKey,
    };
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(signals)
        .values(values)
        .onConflictDoUpdate({
          target: signals.subjectKey,
          set: {
            summary: values.summary,
            figures: values.figures,
            transactionIds: values.transactionIds,
            windowEnd: values.windowEnd,
            updateTime: new Date(),
          },
          setWhere: and(
            eq(signals.state, 'OPEN'),
            sql`${signals.figures} is distinct from ${JSON.stringify(values.figures)}::jsonb`,
          ),
        })
        .returning({ id: signals.id, inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (!row?.inserted) return;
      raised += 1;
      await recordAudit(tx, {
        actor: null,
        action: 'raise',
        resource: signalsDecl.name,
        recordId: row.id,
        companyId: s.companyId,
        after: values,
      });
    });
  }
  return raised;
};

/**
 * Where this run starts reading: where the last finished run stopped, less the overlap (a day's
 * windows still filling up), but never more than `lookbackDays` back (a first run).
 */
export const signalsSince = async (db: DbOrTx, now: Date): Promise<Date> => {
  const floor = now.getTime() - SIGNAL_RULES.lookbackDays * DAY;
  const [last] = await db
    .select({ result: jobs.result })
    .from(jobs)
    .where(and(eq(jobs.name, SIGNALS_JOB), eq(jobs.state, 'done')))
    .orderBy(desc(jobs.finishTime))
    .limit(1);
  const until = Date.parse(String((last?.result as { scannedUntil?: unknown } | null)?.scannedUntil ?? ''));
  if (Number.isNaN(until)) return new Date(floor);
  return new Date(Math.max(floor, Math.min(until, now.getTime()) - SIGNAL_RULES.overlapHours * HOUR));
};

/** The job: reads since the last run, stores what it found; its result says where it stopped. */
export const runSignalsJob = async (db: Db, now: Date) => {
  const since = await signalsSince(db, now);
  const found = await detectSignals(db, since, now);
  const raised = await storeSignals(db, found);
  return { scannedFrom: since.toISOString(), scannedUntil: now.toISOString(), found: found.length, raised };
};
