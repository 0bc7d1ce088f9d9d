// GET /analytics (docs/api.md "Analytics"): the programme's figures over a date range, grouped by
// company, brand or store, shared by the server's aggregates (server/domains/insights/analytics.ts), the
// mocks and the /analytics screen.

export const ANALYTICS_PATH = '/analytics';
export const ANALYTICS_GROUPS = ['company', 'brand', 'store'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];
/** The longest range one call may ask for, in days. */
export const ANALYTICS_MAX_DAYS = 366;

export interface AnalyticsFigures {
  /** stamps of successful stampings */
  stampsGiven: number;
  /** member cards completed (their last stamp) */
  cardsCompleted: number;
  vouchersIssued: number;
  vouchersRedeemed: number;
  vouchersExpired: number;
  /** redeemed out of issued, in percent with one decimal; null when none was issued */
  redemptionRate: number | null;
  /** distinct members who were stamped or had a voucher move */
  activeMembers: number;
  /** push messages delivered (the pushes' sent counts) */
  pushesSent: number;
}

export interface AnalyticsRow extends AnalyticsFigures {
  /** the company, brand or store; null for what belongs to none (a push to every member) */
  id: number | null;
  name: string | null;
}

export interface AnalyticsAnswer {
  from: string;
  to: string;
  groupBy: AnalyticsGroup;
  /** the time zone the days are counted in (the country's) */
  timeZone: string;
  /** one row per group that has any figure, most stamps first */
  rows: AnalyticsRow[];
  /** the whole range (activeMembers counted once across groups) */
  totals: AnalyticsFigures;
  /** one entry per day of the range, oldest first */
  days: { day: string; stampsGiven: number; vouchersIssued: number; vouchersRedeemed: number }[];
}

/** Redeemed out of issued, in percent with one decimal; null when none was issued. */
export const rateOf = (issued: number, redeemed: number): number | null =>
  issued === 0 ? null : Math.round((redeemed / issued) * 1000) / 10;
