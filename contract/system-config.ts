// System Config: the product's key/value settings (operators edit them at /config/systemConfig).
// Each key the product reads is listed here with what reads it; the public ones are answered without
// a token at SYSTEM_SETTINGS_PUBLIC_PATH (the Help page and the member app show them).

import { SYSTEM_SETTING_KEYS, type UserType } from './enums';

export { SYSTEM_SETTING_KEYS };
export type SystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];

/** Settings anyone may read (they are shown to visitors): the support contact. */
export const PUBLIC_SYSTEM_SETTINGS = [
  'supportEmail',
  'supportPhone',
  'supportHours',
] as const satisfies readonly SystemSettingKey[];

/**
 * Yes/no settings: `true` (any case, spaces around forgiven) means yes, anything else no.
 * requireTwoFactorOperators / requireTwoFactorMerchants: every operator / merchant must have a second
 * factor (server/domains/users/two-factor.ts; docs/decisions.md "Two-factor sign-in").
 */
export const BOOLEAN_SYSTEM_SETTINGS = [
  'requireTwoFactorOperators',
  'requireTwoFactorMerchants',
] as const satisfies readonly SystemSettingKey[];

export const settingIsOn = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim().toLowerCase() === 'true';

/** The setting that requires a second factor of each user type. */
export const TWO_FACTOR_SETTING_OF = {
  OPERATOR: 'requireTwoFactorOperators',
  MERCHANT: 'requireTwoFactorMerchants',
} as const satisfies Record<UserType, SystemSettingKey>;

/** GET, public, under the main service: `{supportEmail?, supportPhone?, supportHours?}` (unset keys absent). */
export const SYSTEM_SETTINGS_PUBLIC_PATH = '/system-config/public';

export type PublicSystemSettings = Partial<Record<(typeof PUBLIC_SYSTEM_SETTINGS)[number], string>>;
