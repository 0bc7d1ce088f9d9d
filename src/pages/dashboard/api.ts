// GET /dashboard as the home page reads it (server/services/dashboard.ts, docs/api.md "Dashboard").
import { useLoadable } from '../../components/operations/useLoadable';

export interface DashboardData {
  timeZone: string;
  since: string;
  waiting: {
    signups: number;
    brandRequests: number;
    storeRequests: number;
    failedPushes: number | null;
    devicesToActivate: number | null;
  } | null;
  figures: {
    activeProgrammes: number | null;
    cardsIssued: number | null;
    cardsCompleted: number | null;
    stampsGiven: number | null;
    vouchersIssued: number | null;
    vouchersRedeemed: number | null;
    members: number | null;
  };
  series: { day: string; stamps: number; vouchersIssued: number; vouchersRedeemed: number }[];
  wallet: { balance: number; currency: string } | null;
}

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
