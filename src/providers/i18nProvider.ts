import pLimit from 'p-limit';
import pRetry from 'p-retry';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import {
  TRANSLATION_LOCALE,
  TRANSLATION_MAX_PARALLEL,
  TRANSLATION_NAMESPACE,
  TRANSLATION_RETRIES,
  TRANSLATION_RETRY_START_MS,
} from '../../contract';
import { en } from '../i18n/en';
import { lateEnglishPhrase } from '../i18n/lateMessages';
import { type Messages, mergeMessages } from '../i18n/merge';

export { type Messages, mergeMessages };
export type LoadTranslations = (locale: string, namespace: string) => Promise<Messages>;

export interface TranslationLoaderOptions {
  load: LoadTranslations;
  /** retries after the first attempt (spec: up to 5) */
  retries?: number;
  /** wait before the first retry, doubled each time (spec: 350 ms) */
  retryStartMs?: number;
  /** loads running at once (spec: at most 10) */
  maxParallel?: number;
}

/**
 * Loads translation bundles the way the spec's translation defaults describe: each load retried up
 * to 5 times, waiting 350 ms and doubling, with at most 10 loads running at once. A load waiting to
 * retry does not hold one of the 10 slots.
 */
export const createTranslationLoader = (options: TranslationLoaderOptions): LoadTranslations => {
  const limit = pLimit(options.maxParallel ?? TRANSLATION_MAX_PARALLEL);
  return (locale, namespace) =>
    pRetry(() => limit(() => options.load(locale, namespace)), {
      retries: options.retries ?? TRANSLATION_RETRIES,
      minTimeout: options.retryStartMs ?? TRANSLATION_RETRY_START_MS,
      factor: 2,
      randomize: false,
    });
};

/** Fetches `/locales/<locale>/<namespace>.json` from the portal's own origin. */
export const fetchTranslations: LoadTranslations = async (locale, namespace) => {
  // absolute, against the page's own address (a bare path is not a URL to every fetch)
  const url = new URL(
    `/locales/${encodeURIComponent(locale)}/${encodeURIComponent(namespace)}.json`,
    window.location.href,
  );
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Translations ${locale}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Messages;
};

export const englishPortalMessages = (): TranslationMessages =>
  mergeMessages(englishMessages as unknown as Messages, en as Messages) as unknown as TranslationMessages;

/**
 * The languages the app bar offers: English (bundled) and Simplified Chinese, loaded on first use
 * from `public/locales/zh-CN/common.json` (tests/unit/locales.test.ts keeps it complete). That file
 * carries react-admin's own words too (`ra.*`, every key of ra-language-english): the published
 * Chinese packages lack keys of react-admin 5, and the listed one depends on ra-core 4.
 */
export const PORTAL_LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'zh-CN', name: '简体中文' },
];

export interface I18nProviderOptions {
  /** How non-English bundles are fetched (default: `/locales/<locale>/<namespace>.json`). */
  load?: LoadTranslations;
  /** Locales offered in the locale menu. */
  locales?: { locale: string; name: string }[];
}

/**
 * English (react-admin's words plus ours, with every declared table's words: src/i18n/en.ts) is
 * bundled, so the first render never waits; any other locale goes through the retrying,
 * parallel-limited loader and falls back to English keys it lacks (a new table's words included).
 */
export const createI18nProvider = (options: I18nProviderOptions = {}): I18nProvider => {
  const english = englishPortalMessages();
  const loader = createTranslationLoader({ load: options.load ?? fetchTranslations });
  const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> => {
    if (locale === TRANSLATION_LOCALE) return english;
    return loader(locale, TRANSLATION_NAMESPACE).then(
      (loaded) => mergeMessages(english as unknown as Messages, loaded) as unknown as TranslationMessages,
    );
  };
  const provider = polyglotI18nProvider(getMessages, TRANSLATION_LOCALE, options.locales ?? PORTAL_LOCALES, {
    allowMissing: true,
  });
  return {
    ...provider,
    // a key the loaded messages lack may be a lazily loaded screen's (src/i18n/lateMessages.ts): its
    // English phrase is the fallback polyglot fills (placeholders and plurals as usual), before any
    // `_` of the caller's (react-admin passes the key itself as `_` for labels and validation
    // messages); a language that has the key answers its own
    translate: (key: string, translateOptions: Record<string, unknown> = {}) => {
      const late = lateEnglishPhrase(key);
      return provider.translate(
        key,
        late === undefined ? translateOptions : { ...translateOptions, _: late },
      );
    },
  };
};
