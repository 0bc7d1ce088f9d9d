// The speed budgets CI holds the product to (issue 39 item 2), checked by `npm run bench:guard`
// (tests/bench/guard.ts) on a short run of the write bench and the read bench on PostgreSQL. Every
// time budget is a ratio of the app to its floor (or peer) measured in the same run, never a time: the
// machine may be slow or busy, the ratio stays. The statement budgets are counts, which no machine moves. Each budget sits about halfway between what this
// machine measures today and twice that, so a change that makes an operation or a first page twice
// as slow fails, and the noise of a busy 2-core runner does not (docs/performance.md "The guard").
// Raise a budget only with the figures that justify it, in the same commit.
import type { Op } from './write-floor';

/**
 * A write operation: the app's p50 at one caller ÷ the floor's, its 8-caller throughput ÷ the floor's,
 * and the statements one call sends.
 */
export interface WriteBudget {
  /** at most this × the floor's p50, one caller */
  p50: number;
  /** at least this × the floor's operations per second, 8 callers on their own rows */
  throughput: number;
  /**
   * At most this many statements per call, one caller (the login's, BEGIN and COMMIT included: the
   * bench's `stmts/op`). An operation's time went up fourfold while features each added a statement
   * or two to every call (issue 39), which a ratio on a noisy runner catches late; a count is exact.
   */
  statements: number;
  /**
   * At most this many writes per call to PostgreSQL, one caller (the bench's `writes/op`: the
   * statements sent together in one turn are one write, and each write waits for its answers). A
   * statement that waits for another's answer where it did not have to adds a round trip to every
   * call, not a statement; a count is exact.
   */
  writes: number;
}

// Set from four runs of the guard on 2026-11-29 (2 vCPU, load average 2-3.4; docs/performance.md
// "The speed guard"): each p50 budget about 1.5 × the highest ratio measured and below twice the
// lowest; each throughput budget about the lowest measured ÷ 1.5 (throughput at 8 callers moves
// most between runs: join read 0.44-0.69). Tightened on 2026-11-30 after the fifth pass on the write
// path (docs/performance.md "Fifth pass"), from the bench:write and guard runs of that day, so that
// an operation twice as slow still fails: stamp 1.30-1.77 at one caller and 0.49-0.60 at 8, void
// 1.77-2.36, redeem 1.84-2.60 and 0.35-0.51, top-up 1.78-2.43, join 1.95-2.09.
// The statement budgets (2026-12-03, the guard's run: stamp 9.3, void 14.1, issueCard 24.0,
// issueVouchers 24.0, redeem 11.0, topUp 11.0, join 28.0 per call) are those counts plus half a
// statement: what a call sends only now and then (a level that moves, a card that completes) fits, one
// more statement on every call does not. A change that must send one more raises its budget in the
// same commit and says why (docs/performance.md "The speed guard"). The write budgets (2026-12-03,
// `npm run bench:write` with the BEGIN sent with its first statements and the stored answer with the
// COMMIT: stamp 5.1, void 5.1, issueCard 14.0, issueVouchers 15.0, redeem 5.0, topUp 6.0, join 19.0)
// are those counts plus half a write, in the same way.
export const WRITE_BUDGETS: Record<Op, WriteBudget> = {
  stamp: { p50: 2.8, throughput: 0.33, statements: 9.8, writes: 5.6 },
  void: { p50: 3.5, throughput: 0.27, statements: 14.6, writes: 5.6 },
  issueCard: { p50: 3.7, throughput: 0.3, statements: 24.5, writes: 14.5 },
  issueVouchers: { p50: 3.5, throughput: 0.31, statements: 24.5, writes: 15.5 },
  redeem: { p50: 3.9, throughput: 0.23, statements: 11.5, writes: 5.5 },
  topUp: { p50: 3.6, throughput: 0.29, statements: 11.5, writes: 6.5 },
  join: { p50: 3.4, throughput: 0.29, statements: 28.5, writes: 19.5 },
};

/** A first page at one caller: the app's p50 and p95 ÷ the SQL floor's, and the statements it sends. */
export interface ReadBudget {
  p50: number;
  p95: number;
  /** at most this many statements per call (the login's included), where the read bench counts them */
  statements?: number;
}

// The p95 budgets were set from the four runs of 2026-11-29 at 20,000 rows (4.4-5.1×, 5.7-7.3× and
// 4.1-5.1× the floor's p95). A p95 moves with a few slow calls of 200, so on their own they let a read
// twice as slow pass: 4 ms of CPU seeded in every list call on 2026-12-01 (the merchant's p50 5 → 9.6
// ms) left them at 5.9-6.0, 6.8 and 5.7. The p50 budgets, added that day, catch it (7.2-7.9, 10.3-10.7
// and 7.1-8.6): each about 1.5 × the highest of six quiet runs (merchant 3.75-4.18, operator
// 5.90-6.89, new merchant 3.67-3.97) and under twice the lowest.
// The statement budgets (2026-12-03): a first page sends two, the login's lookup and the page with its
// total; half a statement over, as for the writes.
export const READ_BUDGETS: Record<string, ReadBudget> = {
  'merchant first page': { p50: 6.2, p95: 7.5, statements: 2.5 },
  'operator first page': { p50: 10, p95: 10.5, statements: 2.5 },
  'new merchant first page': { p50: 6, p95: 7.5 },
};

// Tightened on 2026-12-01 from 0.19, which a halved throughput passed: the guards and benches since
// the sixth pass measured 0.35-0.45 (six runs that day: 0.36-0.45), so 0.27 is about the lowest ÷ 1.3
// and a halved throughput fails (the seeded 4 ms: 0.14 and 0.19).
/** The app's first-page throughput at 8 callers ÷ the minimal Fastify + pg peer's: at least this. */
export const READ_THROUGHPUT_BUDGET = 0.27;
