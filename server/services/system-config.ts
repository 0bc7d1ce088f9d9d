// System Config as the product reads it (contract/system-config.ts): the public settings by key.
import { inArray } from 'drizzle-orm';
import {
  PUBLIC_SYSTEM_SETTINGS,
  type PublicSystemSettings,
  SYSTEM_SETTING_KEYS,
  type SystemSettingKey,
} from '../../contract/system-config';
import type { Db } from '../db/client';
import { systemConfig } from '../db/schema';

const isKey = (key: string): key is SystemSettingKey =>
  (SYSTEM_SETTING_KEYS as readonly string[]).includes(key);

/** The settings anyone may read; a key nobody set is left out. */
export const publicSystemSettings = async (db: Db): Promise<PublicSystemSettings> => {
  const rows = await db
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(inArray(systemConfig.key, [...PUBLIC_SYSTEM_SETTINGS]));
  const out: PublicSystemSettings = {};
  for (const { key, value } of rows) {
    if (typeof key === 'string' && isKey(key) && typeof value === 'string') out[key] = value;
  }
  return out;
};
