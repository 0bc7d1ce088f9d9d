// GET /analytics as the /analytics screen reads it (server/domains/insights/analytics.ts, docs/api.md
// "Analytics"), and the CSV of what the screen shows.
import { stringify } from 'csv-stringify/browser/esm/sync';
import {
  ANALYTICS_PATH,
  type AnalyticsAnswer,
  type AnalyticsFigures,
  type AnalyticsGroup,
} from '../../../contract/analytics';
import type { HttpClient } from '../../providers/httpClient';

export const fetchAnalytics = async (
  http: HttpClient,
  q: { from: string; to: string; groupBy: AnalyticsGroup },
): Promise<AnalyticsAnswer> => (await http<AnalyticsAnswer>(ANALYTICS_PATH, { query: q })).data;

/** The figures in the table's (and the CSV's) column order. */
export const FIGURES: readonly (keyof AnalyticsFigures)[] = [
  'stampsGiven',
  'cardsCompleted',
  'vouchersIssued',
  'vouchersRedeemed',
  'vouchersExpired',
  'redemptionRate',
  'activeMembers',
  'pushesSent',
];

/** One CSV line per group and a last line of totals, headed by the screen's labels. */
export const analyticsCsv = (
  answer: AnalyticsAnswer,
  labels: { group: string; none: string; total: string; figures: Record<keyof AnalyticsFigures, string> },
): string =>
  stringify([
    [labels.group, ...FIGURES.map((f) => labels.figures[f])],
    ...answer.rows.map((r) => [r.name ?? labels.none, ...FIGURES.map((f) => r[f] ?? '')]),
    [labels.total, ...FIGURES.map((f) => answer.totals[f] ?? '')],
  ]);

/**
 * A YYYY-MM-DD day `offset` days from today in the calendar of `timeZone` (an IANA name): the country's,
 * whose days the server counts. A name the browser does not know falls back to its own calendar.
 */
export const dayIn = (timeZone: string, offset = 0, now = new Date()): string => {
  let today: string;
  try {
    // en-CA writes dates as YYYY-MM-DD
    today = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return localDay(offset, now);
  }
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + offset)).toISOString().slice(0, 10);
};

/** A YYYY-MM-DD day `offset` days from today, in the browser's calendar. */
export const localDay = (offset = 0, now = new Date()): string => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
