// The speed guard's judgement (tests/bench/guard-judge.ts): a run at today's ratios passes its budgets
// (tests/bench/budgets.ts), the same run with one operation or one first page twice as slow fails, and
// a second run judged with it keeps the better figure of each ratio.
import { describe, expect, it } from 'vitest';
import { READ_BUDGETS, READ_THROUGHPUT_BUDGET, WRITE_BUDGETS } from '../bench/budgets';
import { judge, type ReadFigures, type WriteFigures } from '../bench/guard-judge';

const budgets = { write: WRITE_BUDGETS, read: READ_BUDGETS, readThroughput: READ_THROUGHPUT_BUDGET };

/**
 * A write run where the app is `slower` × (its budget ÷ 1.4) behind the floor: a run at 1 sits well
 * within every budget (the budgets are set at about 1.4-1.6 × what is measured), twice that is over.
 */
const writeRun = (
  slower: Record<string, number>,
  moreStatements: Record<string, number> = {},
  moreWrites: Record<string, number> = {},
): WriteFigures => ({
  failed: 0,
  rows: Object.entries(WRITE_BUDGETS).flatMap(([op, budget]) => {
    const k = slower[op] ?? 1;
    // today's count is the budget less half a statement
    const statementsPerOp = budget.statements - 0.5 + (moreStatements[op] ?? 0);
    // and its writes: the budget less half a write
    const writesPerOp = budget.writes - 0.5 + (moreWrites[op] ?? 0);
    return [
      {
        db: 'postgres',
        op,
        mode: '1',
        side: 'floor' as const,
        p50: 4,
        opsPerSecond: 250,
        statementsPerOp: 8,
        writesPerOp: 8,
      },
      {
        db: 'postgres',
        op,
        mode: '1',
        side: 'app' as const,
        p50: (4 * k * budget.p50) / 1.4,
        opsPerSecond: 100,
        statementsPerOp,
        writesPerOp,
      },
      {
        db: 'postgres',
        op,
        mode: '8',
        side: 'floor' as const,
        p50: 20,
        opsPerSecond: 400,
        statementsPerOp: 8,
        writesPerOp: 8,
      },
      {
        db: 'postgres',
        op,
        mode: '8',
        side: 'app' as const,
        p50: 40,
        opsPerSecond: (400 * budget.throughput * 1.4) / k,
        statementsPerOp,
        writesPerOp,
      },
    ];
  }),
});

const readRun = (
  slower: Record<string, number>,
  moreStatements: Record<string, number> = {},
): ReadFigures => ({
  rows: Object.entries(READ_BUDGETS).map(([name, budget]) => {
    const k = slower[name] ?? 1;
    return {
      name: `${name} (1000 rows)`,
      figures: {
        floor: { p50: 1, p95: 2 },
        peer: { p50: 2, p95: 3 },
        app: { p50: (k * budget.p50) / 1.4, p95: (2 * k * budget.p95) / 1.4 },
      },
    };
  }),
  rps: { app: (1000 * READ_THROUGHPUT_BUDGET * 1.4) / (slower.throughput ?? 1), peer: 1000 },
  // today's two (the login's and the page's), where the bench counts them
  statements: Object.fromEntries(
    Object.entries(READ_BUDGETS)
      .filter(([, budget]) => budget.statements !== undefined)
      .map(([name]) => [name, 2 + (moreStatements[name] ?? 0)]),
  ),
});

const failing = (verdicts: ReturnType<typeof judge>) => verdicts.filter((v) => !v.pass).map((v) => v.what);

describe('the speed guard', () => {
  it('passes a run at the ratios measured today', () => {
    const verdicts = judge({ write: [writeRun({})], read: [readRun({})] }, budgets);
    expect(verdicts).toHaveLength(
      Object.keys(WRITE_BUDGETS).length * 4 +
        Object.keys(READ_BUDGETS).length * 2 +
        Object.values(READ_BUDGETS).filter((b) => b.statements !== undefined).length +
        1,
    );
    expect(failing(verdicts)).toEqual([]);
  });

  it('fails a stamp twice as slow, naming it and its figure', () => {
    const verdicts = judge({ write: [writeRun({ stamp: 2 })], read: [] }, budgets);
    expect(failing(verdicts)).toEqual([
      'stamp, 1 caller: app p50 ÷ floor p50',
      'stamp, 8 callers: app ops/s ÷ floor ops/s',
    ]);
    expect(verdicts.find((v) => v.what.startsWith('stamp, 1'))?.measured).toBeCloseTo(
      (2 * WRITE_BUDGETS.stamp.p50) / 1.4,
    );
  });

  it('fails an operation that sends one statement more on every call, and not one that sometimes does', () => {
    const verdicts = judge({ write: [writeRun({}, { redeem: 1 })], read: [] }, budgets);
    expect(failing(verdicts)).toEqual(['redeem, 1 caller: app statements per call']);
    expect(verdicts.find((v) => v.what === 'redeem, 1 caller: app statements per call')?.measured).toBe(
      WRITE_BUDGETS.redeem.statements + 0.5,
    );
    // a level's statement on one stamping in three
    expect(failing(judge({ write: [writeRun({}, { stamp: 0.3 })], read: [] }, budgets))).toEqual([]);
  });

  it('fails an operation that waits for one answer more on every call, with the same statements', () => {
    const verdicts = judge({ write: [writeRun({}, {}, { redeem: 1 })], read: [] }, budgets);
    expect(failing(verdicts)).toEqual(['redeem, 1 caller: app writes to PostgreSQL per call']);
    expect(
      verdicts.find((v) => v.what === 'redeem, 1 caller: app writes to PostgreSQL per call')?.measured,
    ).toBe(WRITE_BUDGETS.redeem.writes + 0.5);
  });

  it('fails a first page that sends one statement more', () => {
    expect(failing(judge({ write: [], read: [readRun({}, { 'merchant first page': 1 })] }, budgets))).toEqual(
      ['merchant first page: app statements per call'],
    );
  });

  it('fails a first page twice as slow, and a throughput halved', () => {
    expect(failing(judge({ write: [], read: [readRun({ 'operator first page': 2 })] }, budgets))).toEqual([
      'operator first page: app p50 ÷ SQL floor p50',
      'operator first page: app p95 ÷ SQL floor p95',
    ]);
    expect(failing(judge({ write: [], read: [readRun({ throughput: 2 })] }, budgets))).toEqual([
      'first page, 8 callers: app req/s ÷ minimal peer req/s',
    ]);
  });

  it('judges each ratio on the better of two runs, and fails a case that did not run', () => {
    const noisy = writeRun({ redeem: 2 });
    expect(failing(judge({ write: [noisy, writeRun({})], read: [] }, budgets))).toEqual([]);
    const missing: WriteFigures = { failed: 0, rows: writeRun({}).rows.filter((r) => r.op !== 'join') };
    expect(failing(judge({ write: [missing], read: [] }, budgets))).toEqual([
      'join, 1 caller: app p50 ÷ floor p50',
      'join, 8 callers: app ops/s ÷ floor ops/s',
      'join, 1 caller: app statements per call',
      'join, 1 caller: app writes to PostgreSQL per call',
    ]);
  });
});
