// `npm run i18n:report`: per language in public/locales/, the message keys it lacks compared to
// English (the portal's bundle, declared tables' words made from their names included, plus the words
// of the screens that bring their own), counted and grouped by resource. The portal shows English for a
// missing key, so this is a to-do list, not a failure: it always exits 0. tests/unit/locales.test.ts
// decides what Simplified Chinese must have.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TRANSLATION_NAMESPACE } from '../contract';
import { apiKeysEn } from '../src/i18n/apiKeys.en';
import { campaignsEn } from '../src/i18n/campaigns.en';
import { devicesEn } from '../src/i18n/devices.en';
import { importsEn } from '../src/i18n/imports.en';
import { pushEn } from '../src/i18n/push.en';
import {
  companyClosureEn,
  counterMatrixEn,
  membersHintEn,
  packTermsEn,
  twoFactorOthersEn,
} from '../src/i18n/rules.en';
import { posterEn, scanScreenEn, webCardEn } from '../src/i18n/scanScreens.en';
import { scheduledExportsEn } from '../src/i18n/scheduledExports.en';
import { segmentsEn } from '../src/i18n/segments.en';
import { stampCardsEn } from '../src/i18n/stampCards.en';
import { voucherManagementEn } from '../src/i18n/voucherManagement.en';
import { walletChargeEn } from '../src/i18n/walletCharge.en';
import { webhooksEn } from '../src/i18n/webhooks.en';
import { englishPortalMessages, type Messages, mergeMessages } from '../src/providers/i18nProvider';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../public/locales');

/** The words of the screens that register theirs when they load (src/i18n/lateMessages.ts). */
export const LATE_ENGLISH: readonly Messages[] = [
  apiKeysEn,
  devicesEn,
  importsEn,
  posterEn,
  pushEn,
  scanScreenEn,
  scheduledExportsEn,
  segmentsEn,
  stampCardsEn,
  walletChargeEn,
  packTermsEn,
  counterMatrixEn,
  companyClosureEn,
  twoFactorOthersEn,
  membersHintEn,
  webCardEn,
  webhooksEn,
  voucherManagementEn,
  campaignsEn,
];

/** Every leaf of a message tree, by its dotted key. */
export const leaves = (tree: unknown, prefix = ''): [string, unknown][] =>
  typeof tree === 'object' && tree !== null
    ? Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, tree]];

/** What the portal speaks in English: react-admin's messages, ours over them, the screens' own words. */
export const portalEnglish = (): Map<string, unknown> =>
  new Map(
    leaves(LATE_ENGLISH.reduce((all, late) => mergeMessages(all, late), englishPortalMessages() as Messages)),
  );

/** The resource a key words (`resources.<name>.…`), else undefined. */
export const resourceOfKey = (key: string): string | undefined =>
  key.startsWith('resources.') ? key.split('.')[1] : undefined;

/** The keys of `english` that `other` lacks, grouped by `resources.<name>` or, outside resources, by namespace. */
export const missingByGroup = (
  english: ReadonlyMap<string, unknown>,
  other: ReadonlyMap<string, unknown>,
): Map<string, string[]> => {
  const groups = new Map<string, string[]>();
  for (const key of english.keys()) {
    if (other.has(key)) continue;
    const resource = resourceOfKey(key);
    const group = resource === undefined ? (key.split('.')[0] ?? key) : `resources.${resource}`;
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  return groups;
};

export const renderReport = (
  english: ReadonlyMap<string, unknown>,
  locale: string,
  tree: unknown,
): string => {
  const other = new Map(leaves(tree));
  const groups = missingByGroup(english, other);
  const count = [...groups.values()].reduce((n, keys) => n + keys.length, 0);
  const lines = [`${locale}: ${count} of ${english.size} English keys missing`];
  for (const [group, keys] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const resource = group.startsWith('resources.') ? group.slice('resources.'.length) : undefined;
    const untouched = resource !== undefined && ![...other.keys()].some((k) => resourceOfKey(k) === resource);
    lines.push(`  ${group}: ${keys.length}${untouched ? ' (not translated at all: shown in English)' : ''}`);
    for (const key of keys) lines.push(`    ${key}`);
  }
  return lines.join('\n');
};

const main = () => {
  const english = portalEnglish();
  const locales = existsSync(LOCALES_DIR)
    ? readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())
    : [];
  if (locales.length === 0) console.log(`no locales in ${LOCALES_DIR}`);
  for (const { name: locale } of locales) {
    const file = path.join(LOCALES_DIR, locale, `${TRANSLATION_NAMESPACE}.json`);
    try {
      console.log(renderReport(english, locale, JSON.parse(readFileSync(file, 'utf8'))));
    } catch (error) {
      console.log(`${locale}: ${file} could not be read (${(error as Error).message})`);
    }
  }
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main();
  process.exitCode = 0;
}
