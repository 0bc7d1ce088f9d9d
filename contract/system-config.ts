// System Config: the product's key/value settings (operators edit them at /config/systemConfig).
// Each key the product reads is listed here with what reads it; the public ones are answered without
// a token at SYSTEM_SETTINGS_PUBLIC_PATH (the Help page and the member app show them).

import { SYSTEM_SETTING_KEYS } from './enums';

export { SYSTEM_SETTING_KEYS };
export type SystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];

/** Settings anyone may read (they are shown to visitors): all of them today. */
export const PUBLIC_SYSTEM_SETTINGS: readonly SystemSettingKey[] = SYSTEM_SETTING_KEYS;

/** GET, public, under the main service: `{supportEmail?, supportPhone?, supportHours?}` (unset keys absent). */
export const SYSTEM_SETTINGS_PUBLIC_PATH = '/system-config/public';

export type PublicSystemSettings = Partial<Record<SystemSettingKey, string>>;
