// GET /system-config/public over the mocks' systemConfig rows (server/services/system-config.ts is
// the real one): the public settings by key, unset keys absent.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import {
  PUBLIC_SYSTEM_SETTINGS,
  type PublicSystemSettings,
  SYSTEM_SETTINGS_PUBLIC_PATH,
  type SystemSettingKey,
} from '../contract/system-config';
import { systemConfig } from '../resources';
import type { MockDb } from './data';
import { rowsOf } from './operations';
import { guard, success } from './respond';

export const createSystemConfigHandlers = ({ db, origin }: { db: MockDb; origin: string }) => [
  http.get(
    `${origin}${BASE_PATHS.main}${SYSTEM_SETTINGS_PUBLIC_PATH}`,
    guard(async () => {
      const out: PublicSystemSettings = {};
      for (const r of rowsOf(db, systemConfig)) {
        const key = String(r.key) as SystemSettingKey;
        if (PUBLIC_SYSTEM_SETTINGS.includes(key)) out[key] = String(r.value);
      }
      return success(out);
    }),
  ),
];
