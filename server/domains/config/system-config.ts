// System Config as the product reads it (contract/system-config.ts): the public settings by key.
import { eq, inArray } from 'drizzle-orm';
import {
  PUBLIC_SYSTEM_SETTINGS,
  type PublicSystemSettings,
  type SystemSettingKey,
  settingIsOn,
} from '../../../contract/system-config';
import type { Db } from '../../platform/db/client';
import { systemConfig } from '../../platform/db/schema';

type PublicKey = (typeof PUBLIC_SYSTEM_SETTINGS)[number];
const isKey = (key: string): key is PublicKey => (PUBLIC_SYSTEM_SETTINGS as readonly string[]).includes(key);

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

/** A yes/no setting (contract/system-config.ts BOOLEAN_SYSTEM_SETTINGS); unset is no. */
export const systemSettingIsOn = async (db: Db, key: SystemSettingKey): Promise<boolean> => {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, key))
    .limit(1);
  return settingIsOn(row?.value);
};
