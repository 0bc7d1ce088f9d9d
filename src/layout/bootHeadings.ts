// The page headings index.html paints before any script (issue 39), as the data block the inline
// paint script reads (contract/document.ts BootHeadings): vite.config.ts writes it at build time from
// the routes (src/routes.tsx) and the same messages and translate the pages use. A path gets one only
// where its heading is known without data and the same for everyone of a user type: a top-level
// screen (no breadcrumb trail above the heading) in the layout's page frame, whose h1 is a table
// list's title or a page's declared `heading`, open to that type whatever the brand, the push check
// or (for a merchant) the permissions. A row's page, a screen whose title depends on data and a
// screen a colleague may not be granted get none.

import type { AccessSubject } from '../../contract/access';
import { TRANSLATION_LOCALE } from '../../contract/constants';
import {
  BOOT_HEADING_FLAGS,
  BOOT_HEADING_NAME,
  type BootHeadings,
  PORTAL_STORE_KEY,
} from '../../contract/document';
import { BRANDS } from '../../contract/enums';
import { createI18nProvider, type LoadTranslations, PORTAL_LOCALES } from '../providers/i18nProvider';
import { STORAGE_KEYS } from '../providers/storage';
import { canSee, ROUTES, type RouteDef, type Viewer } from '../routes';
import { trailOf } from './breadcrumbs';
import { LIST_HEADING_OPTIONS } from './headings';
import { maySee } from './menuPermissions';

/** translate(key, options) in one locale, as the portal's i18nProvider answers it. */
export type Translate = (key: string, options: Record<string, unknown>) => string;

/** The subject whose access stands for every user of a type: an operator, a merchant granted nothing. */
const LEAST: Readonly<Record<Exclude<Viewer, 'visitor'>, AccessSubject>> = {
  operator: { type: 'OPERATOR' },
  merchant: { type: 'MERCHANT', permissions: [] },
};

/** May every user of `role` open `def`, whatever the brand, the push check and the permissions? */
const openToAll = (def: RouteDef, role: Exclude<Viewer, 'visitor'>): boolean =>
  BRANDS.every((brand) => [true, false].every((pnsAllowed) => canSee(def, { role, brand, pnsAllowed }))) &&
  maySee(LEAST[role], def.path);

/** The i18n key and options of the page's h1 at `def`, when it needs no data. */
export const headingOf = (def: RouteDef): [string, Record<string, unknown>] | undefined => {
  if (def.table !== undefined && def.title !== undefined) return [def.title, LIST_HEADING_OPTIONS];
  if (def.heading !== undefined) return [def.heading, { name: BOOT_HEADING_NAME }];
  return undefined;
};

/** The data block of index.html's static headings, in the locales given (the default first). */
export const bootHeadings = (translators: ReadonlyMap<string, Translate>): BootHeadings => {
  const locales = [TRANSLATION_LOCALE, ...[...translators.keys()].filter((l) => l !== TRANSLATION_LOCALE)];
  const pages: Record<string, [number, ...string[]]> = {};
  for (const def of ROUTES) {
    const heading = headingOf(def);
    const { header, menu, padding } = def.layout;
    if (!heading || !header || !menu || !padding || trailOf(def.path).length > 0) continue;
    const flags =
      (openToAll(def, 'operator') ? BOOT_HEADING_FLAGS.operator : 0) |
      (openToAll(def, 'merchant') ? BOOT_HEADING_FLAGS.merchant : 0);
    if (flags === 0) continue;
    const texts = locales.map((locale) => {
      const translate = translators.get(locale);
      if (!translate) throw new Error(`no messages for ${locale}`);
      return translate(...heading);
    });
    pages[def.path] = [flags | (def.layout.fullWidth ? BOOT_HEADING_FLAGS.fullWidth : 0), ...texts];
  }
  return {
    k: [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.user,
      `RaStore${PORTAL_STORE_KEY}.`,
    ],
    l: locales,
    p: pages,
  };
};

/**
 * The data block from the portal's own i18nProvider in each of its locales (PORTAL_LOCALES), with
 * `load` reading a locale's bundle (the build reads public/locales/ from the disk).
 */
export const bootHeadingsFrom = async (load: LoadTranslations): Promise<BootHeadings> => {
  const translators = new Map<string, Translate>();
  for (const { locale } of PORTAL_LOCALES) {
    const provider = createI18nProvider({ load });
    await provider.changeLocale(locale);
    translators.set(locale, (key, options) => provider.translate(key, options));
  }
  return bootHeadings(translators);
};
