// GET /dashboard as the home page reads it (server/services/dashboard.ts, docs/api.md "Dashboard").
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
  | 'devices_to_activate';

export interface WaitingItem {
  key: WaitingKey;
  n: number;
  /** where it is decided; merchants only wait on operators, so theirs lead nowhere */
  to: string | null;
}

/**
 * What waits, as the dashboard and /todo show it: operators every item the server counted, each
 * leading to where it is decided; merchants their own requests waiting for an operator.
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
  ];
  return all.flatMap((i) =>
    i.n === null || !(operator || i.key.endsWith('requests') || i.key === 'signups')
      ? []
      : [{ key: i.key, n: i.n, to: operator ? i.to : null }],
  );
};
