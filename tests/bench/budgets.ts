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

export const WRITE_BUDGETS: Record<Op, WriteBudget> = {
  stamp: { p50: 3.5, throughput: 0.3 },
  void: { p50: 3.5, throughput: 0.3 },
  issueCard: { p50: 3.5, throughput: 0.3 },
  issueVouchers: { p50: 3.5, throughput: 0.3 },
  redeem: { p50: 3.5, throughput: 0.3 },
  topUp: { p50: 3.5, throughput: 0.3 },
  join: { p50: 3.5, throughput: 0.3 },
};

/** A first page: the app's p95 ÷ the SQL floor's. */
export const READ_BUDGETS: Record<string, number> = {
  'merchant first page': 4,
  'operator first page': 4,
  'new merchant first page': 4,
};

/** The app's first-page throughput at 8 callers ÷ the minimal Fastify + pg peer's: at least this. */
export const READ_THROUGHPUT_BUDGET = 0.4;
