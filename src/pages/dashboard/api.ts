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
