// GET /portal-main-service/api/v1/maintenance: public, for the member app and the portal's banner.

export const MAINTENANCE_PATH = '/maintenance';

/** One maintenance window as the member app shows it. */
export interface MaintenanceWindow {
  id: number;
  startAt: string;
  endAt: string;
  message: string;
  /** null: every country */
  country: string | null;
}

export interface MaintenanceAnswer {
  /** the window on now, if any (the one ending last when several overlap) */
  active: MaintenanceWindow | null;
  /** the next window to start, if any */
  next: MaintenanceWindow | null;
}
