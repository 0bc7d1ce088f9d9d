// The speed guard's judgement (tests/bench/guard.ts), apart from the runs so a unit test can feed it
// figures: each ratio of the app to its floor or peer, and each operation's statements and writes per call, taken
// from the best of the runs given, against its budget (tests/bench/budgets.ts).
import type { ReadBudget, WriteBudget } from './budgets';

/** What tests/bench/write.ts writes to BENCH_RESULT (the fields the guard reads). */
export interface WriteFigures {
  rows: {
    db: string;
    op: string;
    mode: string;
    side: 'app' | 'floor';
    opsPerSecond: number;
    p50: number;
    /** statements the driver sent per call (the app's: the login's, BEGIN and COMMIT included) */
    statementsPerOp: number;
    /** writes per call to PostgreSQL (the app's: the login's included; NaN on the embedded database) */
    writesPerOp: number;
  }[];
  /** checks of the bench that failed (a wrong count) */
  failed: number;
}

/** What tests/bench/run.ts writes to BENCH_RESULT (the fields the guard reads). */
export interface ReadFigures {
  rows: { name: string; figures: Partial<Record<string, { p50: number; p95: number }>> }[];
  rps: { app: number; peer: number };
  /** statements the app sent per first page, by case (the login's included) */
  statements: Partial<Record<string, number>>;
}

export interface Verdict {
  bench: 'write' | 'read';
  what: string;
  measured: number;
  /** 'max': the ratio may not exceed the budget; 'min': it may not fall below it */
  kind: 'max' | 'min';
  budget: number;
  pass: boolean;
  /** a count (statements or writes per call), which a second run would not change; else a ratio of times */
  exact: boolean;
}

export interface Budgets {
  write: Record<string, WriteBudget>;
  read: Record<string, ReadBudget>;
  readThroughput: number;
}

const best = (values: number[], kind: 'max' | 'min'): number => {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return Number.NaN;
  return kind === 'max' ? Math.min(...finite) : Math.max(...finite);
};

const verdict = (
  bench: Verdict['bench'],
  what: string,
  values: number[],
  kind: Verdict['kind'],
  budget: number,
  exact = false,
): Verdict => {
  const measured = best(values, kind);
  // a figure that is missing (NaN) fails: a case that stopped running is not a pass
  const pass = kind === 'max' ? measured <= budget : measured >= budget;
  return { bench, what, measured, kind, budget, pass, exact };
};

/** Every budget's verdict over the runs given (a bench not run is not judged). */
export const judge = (runs: { write: WriteFigures[]; read: ReadFigures[] }, budgets: Budgets): Verdict[] => {
  const out: Verdict[] = [];
  if (runs.write.length > 0)
    for (const [op, budget] of Object.entries(budgets.write)) {
      const row = (run: WriteFigures, mode: string, side: 'app' | 'floor') =>
        run.rows.find((r) => r.db === 'postgres' && r.op === op && r.mode === mode && r.side === side);
      const ratio = (mode: string, of: (r: WriteFigures['rows'][number]) => number) =>
        runs.write.map((run) => {
          const app = row(run, mode, 'app');
          const floor = row(run, mode, 'floor');
          return app && floor ? of(app) / of(floor) : Number.NaN;
        });
      out.push(
        verdict(
          'write',
          `${op}, 1 caller: app p50 ÷ floor p50`,
          ratio('1', (r) => r.p50),
          'max',
          budget.p50,
        ),
        verdict(
          'write',
          `${op}, 8 callers: app ops/s ÷ floor ops/s`,
          ratio('8', (r) => r.opsPerSecond),
          'min',
          budget.throughput,
        ),
        verdict(
          'write',
          `${op}, 1 caller: app statements per call`,
          runs.write.map((run) => row(run, '1', 'app')?.statementsPerOp ?? Number.NaN),
          'max',
          budget.statements,
          true,
        ),
        verdict(
          'write',
          `${op}, 1 caller: app writes to PostgreSQL per call`,
          runs.write.map((run) => row(run, '1', 'app')?.writesPerOp ?? Number.NaN),
          'max',
          budget.writes,
          true,
        ),
      );
    }
  if (runs.read.length > 0) {
    for (const [name, budget] of Object.entries(budgets.read)) {
      const ratio = (of: 'p50' | 'p95') =>
        runs.read.map((run) => {
          const f = run.rows.find((r) => r.name.startsWith(name))?.figures;
          return (f?.app?.[of] ?? Number.NaN) / (f?.floor?.[of] ?? Number.NaN);
        });
      out.push(
        verdict('read', `${name}: app p50 ÷ SQL floor p50`, ratio('p50'), 'max', budget.p50),
        verdict('read', `${name}: app p95 ÷ SQL floor p95`, ratio('p95'), 'max', budget.p95),
      );
      if (budget.statements !== undefined)
        out.push(
          verdict(
            'read',
            `${name}: app statements per call`,
            runs.read.map((run) => run.statements[name] ?? Number.NaN),
            'max',
            budget.statements,
            true,
          ),
        );
    }
    out.push(
      verdict(
        'read',
        'first page, 8 callers: app req/s ÷ minimal peer req/s',
        runs.read.map((run) => run.rps.app / run.rps.peer),
        'min',
        budgets.readThroughput,
      ),
    );
  }
  return out;
};
