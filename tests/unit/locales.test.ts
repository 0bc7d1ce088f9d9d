// The second language is complete: every English message key, react-admin's own (ra-language-english,
// ra.*) as well as ours (src/i18n/en.ts and the screens' own, src/i18n/lateMessages.ts), exists in public/locales/zh-CN/common.json, nothing else
// does, each is a string where English has one and not blank where English has words, and the
// %{placeholders} react-admin fills survive the translation.
import { readFileSync } from 'node:fs';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { apiKeysEn } from '../../src/i18n/apiKeys.en';
import { devicesEn } from '../../src/i18n/devices.en';
import { en } from '../../src/i18n/en';
import { importsEn } from '../../src/i18n/imports.en';
import { pushEn } from '../../src/i18n/push.en';
import { posterEn, webCardEn } from '../../src/i18n/scan.en';
import { scheduledExportsEn } from '../../src/i18n/scheduledExports.en';
import { segmentsEn } from '../../src/i18n/segments.en';
import { stampCardsEn } from '../../src/i18n/stampCards.en';
import { webhooksEn } from '../../src/i18n/webhooks.en';
import { englishPortalMessages, mergeMessages, PORTAL_LOCALES } from '../../src/providers/i18nProvider';

/** The words of the screens that register theirs when they load (src/i18n/lateMessages.ts). */
const LATE_ENGLISH = [
  apiKeysEn,
  devicesEn,
  importsEn,
  posterEn,
  pushEn,
  scheduledExportsEn,
  segmentsEn,
  stampCardsEn,
  webCardEn,
  webhooksEn,
];

type Tree = { [key: string]: Tree | string };

const leaves = (tree: unknown, prefix = ''): [string, unknown][] =>
  typeof tree === 'object' && tree !== null
    ? Object.entries(tree as Tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, tree]];

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

/**
 * The placeholders a translation must keep. Chinese has one plural form (polyglot answers the first
 * form for every count in zh), so a plural English text ('1 item |||| %{smart_count} items') only
 * binds it to the placeholders of its general, last form; a singular form's extra placeholders
 * (bulk_update_content's %{recordRepresentation}) are not passed for several rows.
 */
const required = (english: string) => placeholders(english.split('||||').at(-1) ?? english);

const zh = JSON.parse(
  readFileSync(new URL('../../public/locales/zh-CN/common.json', import.meta.url), 'utf8'),
) as Tree;

describe('Simplified Chinese', () => {
  // what the portal speaks in English: react-admin's messages with ours merged over them, and the
  // words of the screens that bring their own
  const english = new Map(
    leaves(
      LATE_ENGLISH.reduce(
        (all, late) => mergeMessages(all, late),
        englishPortalMessages() as Record<string, unknown>,
      ),
    ),
  );
  const chinese = new Map(leaves(zh));

  it('is offered beside English', () => {
    expect(PORTAL_LOCALES.map((l) => l.locale)).toEqual(['en', 'zh-CN']);
  });

  it("has every key of react-admin's own English messages (ra-language-english), as a string", () => {
    const raKeys = leaves(englishMessages).map(([key]) => key);
    expect(raKeys.length).toBeGreaterThan(150); // the package was read, not an empty default
    expect(raKeys.filter((k) => typeof chinese.get(k) !== 'string')).toEqual([]);
  });

  it('has every English key and no other', () => {
    expect(leaves(en).filter(([k]) => !english.has(k))).toEqual([]); // ours are in the walk
    expect([...english.keys()].filter((k) => !chinese.has(k))).toEqual([]);
    expect([...chinese.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('keeps every placeholder and leaves nothing blank that English fills', () => {
    const broken = [...english].flatMap(([key, value]) => {
      const text = String(value);
      const other = String(chinese.get(key) ?? '');
      if (text.trim() !== '' && other.trim() === '') return [`${key}: empty`];
      const lost = required(text).filter((p) => !other.includes(p));
      const invented = placeholders(other).filter((p) => !text.includes(p));
      return [
        ...(lost.length > 0 ? [`${key}: lost ${lost.join(', ')}`] : []),
        ...(invented.length > 0 ? [`${key}: unknown ${invented.join(', ')}`] : []),
      ];
    });
    expect(broken).toEqual([]);
  });
});

describe("a screen's own English words (src/i18n/lateMessages.ts)", () => {
  it('are answered once the screen registered them, placeholders filled, and not before', async () => {
    const { createI18nProvider } = await import('../../src/providers/i18nProvider');
    const { addEnglishMessages } = await import('../../src/i18n/lateMessages');
    const i18n = createI18nProvider();
    const key = 'lateTest.greeting';
    expect(i18n.translate(key)).toBe(key);
    addEnglishMessages({ lateTest: { greeting: 'Keys rotate after %{hours} hours' } });
    expect(i18n.translate(key, { hours: 24 })).toBe('Keys rotate after 24 hours');
    // react-admin passes the key itself as `_` (labels, validation messages): the phrase wins
    expect(i18n.translate(key, { _: key, hours: 1 })).toBe('Keys rotate after 1 hours');
    // a key nobody registered still falls back to the caller's `_`
    expect(i18n.translate('lateTest.unknown', { _: 'Own default' })).toBe('Own default');
  });
});
