// The speed budgets CI holds the product to (issue 39 item 2), checked by `npm run bench:guard`
// (tests/bench/guard.ts) on a short run of the write bench and the read bench on PostgreSQL. Every
// budget is a ratio of the app to its floor (or peer) measured in the same run, never a time: the
// machine may be slow or busy, the ratio stays. Each budget sits about halfway between what this
// machine measures today and twice that, so a change that makes an operation or a first page twice
// as slow fails, and the noise of a busy 2-core runner does not (docs/performance.md "The guard").
// Raise a budget only with the figures that justify it, in the same commit.
import type { Op } from './write-floor';

/** A write operation: the app's p50 at one caller ÷ the floor's, and its 8-caller throughput ÷ the floor's. */
export interface WriteBudget {
  /** at most this × the floor's p50, one caller */
  p50: number;
  /** at least this × the floor's operations per second, 8 callers on their own rows */
  throughput: number;
}

// Set from four runs of the guard on 2026-11-29 (2 vCPU, load average 2-3.4; docs/performance.md
// "The speed guard"): each p50 budget about 1.5 × the highest ratio measured and below twice the
// lowest; each throughput budget about the lowest measured ÷ 1.5 (throughput at 8 callers moves
// most between runs: join read 0.44-0.69). Tightened on 2026-11-30 after the fifth pass on the write
// path (docs/performance.md "Fifth pass"), from the bench:write and guard runs of that day, so that
// an operation twice as slow still fails: stamp 1.30-1.77 at one caller and 0.49-0.60 at 8, void
// 1.77-2.36, redeem 1.84-2.60 and 0.35-0.51, top-up 1.78-2.43, join 1.95-2.09.
export const WRITE_BUDGETS: Record<Op, WriteBudget> = {
  stamp: { p50: 2.8, throughput: 0.33 },
  void: { p50: 3.5, throughput: 0.27 },
  issueCard: { p50: 3.7, throughput: 0.3 },
  issueVouchers: { p50: 3.5, throughput: 0.31 },
  redeem: { p50: 3.9, throughput: 0.23 },
  topUp: { p50: 3.6, throughput: 0.29 },
  join: { p50: 3.4, throughput: 0.29 },
};

// The same runs, 20,000 rows: 4.4-5.1×, 5.7-7.3× and 4.1-5.1× the floor's p95; 0.26-0.35× the peer.
/** A first page: the app's p95 ÷ the SQL floor's. */
export const READ_BUDGETS: Record<string, number> = {
  'merchant first page': 7.5,
  'operator first page': 10.5,
  'new merchant first page': 7.5,
};

/** The app's first-page throughput at 8 callers ÷ the minimal Fastify + pg peer's: at least this. */
export const READ_THROUGHPUT_BUDGET = 0.19;
