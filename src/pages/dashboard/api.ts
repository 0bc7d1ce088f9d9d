// GET /dashboard as the home page reads it (server/domains/insights/dashboard.ts, docs/api.md "Dashboard").
import type { DashboardAnswer } from '../../../contract/dashboard';
import { useLoadable } from '../../components/operations/useLoadable';

export type DashboardData = DashboardAnswer;

export const DASHBOARD_PATH = '/dashboard';

/** The figures, asked again when `version` changes (the country, a reload). */
export const useDashboard = (version: string) =>
  useLoadable<DashboardData>({
    key: `dashboard:${version}`,
    load: async (http) => (await http<DashboardData>(DASHBOARD_PATH)).data,
  });

/** Redeemed out of issued, as a whole percentage; null when nothing was issued. */
export const redemptionRate = (issued: number | null, redeemed: number | null): number | null =>
  issued === null || redeemed === null || issued === 0 ? null : Math.round((redeemed / issued) * 100);

export type WaitingKey =
  | 'signups'
  | 'brand_requests'
  | 'store_requests'
  | 'failed_pushes'
  | 'devices_to_activate'
  | 'open_signals';

export interface WaitingItem {
  key: WaitingKey;
  n: number;
  /** where it is decided; merchants only wait on operators, so theirs lead nowhere */
  to: string | null;
}

/**
 * What waits, as the dashboard and /todo show it: operators every item the server counted, each
 * leading to where it is decided; merchants their own requests waiting for an operator, and their
 * company's open fraud signals, which they resolve themselves.
 */
export const waitingItems = (
  waiting: NonNullable<DashboardData['waiting']>,
  operator: boolean,
): WaitingItem[] => {
  const all: { key: WaitingKey; n: number | null; to: string }[] = [
    { key: 'signups', n: waiting.signups, to: '/approve/merchant-signup' },
    { key: 'brand_requests', n: waiting.brandRequests, to: '/approve/merchant-signup' },
    { key: 'store_requests', n: waiting.storeRequests, to: '/approve/merchant-signup' },
    { key: 'failed_pushes', n: waiting.failedPushes, to: '/communications/pushNotifications' },
    { key: 'devices_to_activate', n: waiting.devicesToActivate, to: '/device' },
    { key: 'open_signals', n: waiting.openSignals, to: '/transaction/signals' },
  ];
  return all.flatMap((i): WaitingItem[] => {
    if (i.n === null) return [];
    if (operator || isMerchantsOwn(i.key)) return [{ key: i.key, n: i.n, to: i.to }];
    if (i.key.endsWith('requests') || i.key === 'signups') return [{ key: i.key, n: i.n, to: null }];
    return [];
  });
};

/** An item a merchant acts on themselves (not an operator's decision). */
export const isMerchantsOwn = (key: WaitingKey): boolean => key === 'open_signals';
