// Business constants and limits of spec section 9, plus the contract's defaults.

export const REFRESH_TOKEN_RENEW_MS = 86_400_000;
export const THEME_COOKIE_NAME = 'color-scheme';
export const THEME_COOKIE_MAX_AGE_S = 2_592_000;
export const DEFAULT_THEME = 'dark' as const;

export const NOTIFICATION_AUTO_CLOSE_MS = 4000;
export const NOTIFICATION_MAX_VISIBLE = 5;

export const DEFAULT_COUNTRY = 'sg';
export const DEFAULT_CURRENCY = 'SGD';
/** The product's home time zone: a country without a known zone of its own reads times in Singapore's. */
export const DEFAULT_TIME_ZONE = 'Asia/Singapore';

export const BEARER_PREFIX = 'Bearer ';

export const INITIAL_HEADER_HEIGHT = 80;
export const LOADER_DELAY_MS = 200;

export const DIALOG_BUTTONS = { cancel: 'Cancel', confirm: 'Confirm', ok: 'OK' } as const;

export const TRANSLATION_NAMESPACE = 'common';
export const TRANSLATION_LOCALE = 'en';
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_START_MS = 350;
export const TRANSLATION_MAX_PARALLEL = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Server defaults (overridable by environment, see README). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_ABSOLUTE_TTL_S = 30 * 24 * 60 * 60;
export const REFRESH_REPLAY_GRACE_S = 10;
