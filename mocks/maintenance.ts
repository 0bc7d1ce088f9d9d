// GET /maintenance over the mocks' maintenanceConfig rows (server/services/maintenance.ts is the real
// one): the enabled window on now and the next one, for every country and the one named.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import { MAINTENANCE_PATH, type MaintenanceWindow } from '../contract/maintenance';
import { maintenanceConfig } from '../resources';
import type { MockDb, MockRow } from './data';
import { rowsOf } from './operations';
import { guard, success } from './respond';

const windowOf = (r: MockRow): MaintenanceWindow => ({
  id: Number(r.id),
  startAt: new Date(String(r.startAt)).toISOString(),
  endAt: new Date(String(r.endAt)).toISOString(),
  message: String(r.message),
  country: typeof r.country === 'string' && r.country !== '' ? r.country : null,
});

export const createMaintenanceHandlers = ({ db, origin }: { db: MockDb; origin: string }) => [
  http.get(
    `${origin}${BASE_PATHS.main}${MAINTENANCE_PATH}`,
    guard(async ({ request }) => {
      const country = new URL(request.url).searchParams.get('country');
      const now = db.now();
      const shown = rowsOf(db, maintenanceConfig)
        .filter((r) => r.enabled !== false)
        .map(windowOf)
        .filter((w) => w.country === null || w.country === country);
      const active = shown
        .filter((w) => Date.parse(w.startAt) <= now && Date.parse(w.endAt) > now)
        .sort((a, b) => Date.parse(b.endAt) - Date.parse(a.endAt))[0];
      const next = shown
        .filter((w) => Date.parse(w.startAt) > now)
        .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt))[0];
      return success({ active: active ?? null, next: next ?? null });
    }),
  ),
];
