// The one place the portal learns how to write a date for the person in front of it (docs/decisions.md
// "Money and dates"): every date display (LocalDateField, the hand-made pages, the pickers of
// DatePickers.tsx) reads useDates().
// - the time zone is the signed-in user's country's (GET /config/main/supported-countries answers each
//   country's `timeZone`): a merchant's is their own (their company's) country, an operator's their own
//   country; before sign-in, the portal's current country; the product's home zone until the answer.
// - the language is the portal's: Simplified Chinese writes 2026年11月26日; English writes the country's
//   English (en-SG …): 26 Nov 2026, 07:01.
import { useMemo } from 'react';
import { useGetIdentity, useLocaleState } from 'react-admin';
import { DEFAULT_TIME_ZONE } from '../../contract/constants';
import { formatDate, formatDateRange, formatDateTime, localeOf } from '../../contract/format';
import { useCountry } from './CountryContext';

export interface PeopleDates {
  /** the Intl locale dates are written in: 'zh-CN', or the country's English ('en-SG' …) */
  locale: string;
  /** the IANA zone times are written and picked in */
  timeZone: string;
  /** the portal's language: the pickers' words and formats follow it */
  language: 'en' | 'zh-CN';
  /** '26 Nov 2026, 07:01' in the zone, or a dash */
  dateTime: (value: unknown) => string;
  /** '26 Nov 2026': a stored day as it is, an instant as its day in the zone; or a dash */
  date: (value: unknown) => string;
  /** '26 Nov 2026 – 25 Dec 2026' */
  dateRange: (from: unknown, to: unknown) => string;
  /** a moment `ms` ago in words: '30 seconds ago', '2 minutes ago' */
  ago: (ms: number) => string;
}

/** `ms` ago in the language's words: seconds under a minute, then minutes, then hours. */
const agoIn = (locale: string, ms: number): string => {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return words.format(-seconds, 'second');
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? words.format(-minutes, 'minute') : words.format(-Math.round(minutes / 60), 'hour');
};

/** The zone of `country` in the supported countries' answer, else the product's home zone. */
export const timeZoneOfCountry = (
  country: string | null | undefined,
  supported: readonly { countryCode: string; timeZone?: string }[],
): string => {
  const code = (country ?? '').toLowerCase();
  return supported.find((c) => c.countryCode.toLowerCase() === code)?.timeZone || DEFAULT_TIME_ZONE;
};

export const useDates = (): PeopleDates => {
  const { country, supported } = useCountry();
  const { identity } = useGetIdentity();
  const [uiLocale] = useLocaleState();
  const own = typeof identity?.country === 'string' && identity.country !== '' ? identity.country : null;
  const timeZone = timeZoneOfCountry(own ?? country, supported);
  const language = uiLocale === 'zh-CN' ? 'zh-CN' : 'en';
  const locale = language === 'zh-CN' ? 'zh-CN' : localeOf(country);
  return useMemo(
    () => ({
      locale,
      timeZone,
      language,
      dateTime: (value: unknown) => formatDateTime(value, locale, timeZone),
      date: (value: unknown) => formatDate(value, locale, timeZone),
      dateRange: (from: unknown, to: unknown) => formatDateRange(from, to, locale, timeZone),
      ago: (ms: number) => agoIn(locale, ms),
    }),
    [locale, timeZone, language],
  );
};
