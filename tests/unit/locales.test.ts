// The second language is complete where it speaks: every English message key, react-admin's own
// (ra-language-english, ra.*) as well as ours (src/i18n/en.ts and the screens' own,
// src/i18n/lateMessages.ts), exists in public/locales/zh-CN/common.json, except the words of a declared
// table Chinese has not started on (a new table reads in English, its words made from its names, until
// someone translates it; `npm run i18n:report` lists them). A table it has started on is complete.
// Nothing else exists, each is a string where English has one and not blank where English has words,
// and the %{placeholders} react-admin fills survive the translation.
import { readFileSync } from 'node:fs';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import {
  leaves,
  missingByGroup,
  portalEnglish,
  renderReport,
  resourceOfKey,
} from '../../scripts/i18n-report';
import { en } from '../../src/i18n/en';
import { PORTAL_LOCALES } from '../../src/providers/i18nProvider';

/**
 * The tables declared when a table's words began to default from its names: Simplified Chinese speaks
 * for each of them (and so, by the property of the tests below, completely). A table added since may
 * wait for its words.
 */
const SHIPPED_TABLES = [
  'users',
  'stampCard',
  'memberCards',
  'stampsTransaction',
  'stampingHistory',
  'vouchers',
  'voucherHistory',
  'voucherPacks',
  'members',
  'memberLevels',
  'memberLevelRules',
  'memberLevelHistory',
  'segments',
  'pushTemplates',
  'push',
  'pushDeliveries',
  'payments',
  'signals',
  'devices',
  'bannerConfig',
  'maintenanceConfig',
  'countryConfig',
  'forceUpdateConfig',
  'systemConfig',
  'industryConfig',
  'account',
  'walletTransactions',
  'company',
  'brand',
  'store',
  'merchantSignup',
  'userGroups',
  'products',
  'auditLog',
];

type Tree = { [key: string]: Tree | string };

/**
 * The English keys `other` must have: every key outside `resources.*`, and every key of a resource it
 * translates at all (has any key under `resources.<name>`).
 */
const required = (english: ReadonlyMap<string, unknown>, other: ReadonlyMap<string, unknown>): string[] => {
  const started = new Set([...other.keys()].map(resourceOfKey));
  return [...english.keys()].filter((k) => {
    const resource = resourceOfKey(k);
    return resource === undefined || started.has(resource);
  });
};

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

/**
 * The placeholders a translation must keep. Chinese has one plural form (polyglot answers the first
 * form for every count in zh), so a plural English text ('1 item |||| %{smart_count} items') only
 * binds it to the placeholders of its general, last form; a singular form's extra placeholders
 * (bulk_update_content's %{recordRepresentation}) are not passed for several rows.
 */
const kept = (english: string) => placeholders(english.split('||||').at(-1) ?? english);

const zh = JSON.parse(
  readFileSync(new URL('../../public/locales/zh-CN/common.json', import.meta.url), 'utf8'),
) as Tree;

describe('Simplified Chinese', () => {
  // what the portal speaks in English: react-admin's messages with ours merged over them, and the
  // words of the screens that bring their own
  const english = portalEnglish();
  const chinese = new Map(leaves(zh));
  const mustHave = new Set(required(english, chinese));

  it('is offered beside English', () => {
    expect(PORTAL_LOCALES.map((l) => l.locale)).toEqual(['en', 'zh-CN']);
  });

  it("has every key of react-admin's own English messages (ra-language-english), as a string", () => {
    const raKeys = leaves(englishMessages).map(([key]) => key);
    expect(raKeys.length).toBeGreaterThan(150); // the package was read, not an empty default
    expect(raKeys.filter((k) => typeof chinese.get(k) !== 'string')).toEqual([]);
  });

  it('has every English key outside resources, every key of each table it translates, and no other', () => {
    expect(leaves(en).filter(([k]) => !english.has(k))).toEqual([]); // ours are in the walk
    expect([...mustHave].filter((k) => !chinese.has(k))).toEqual([]);
    expect([...chinese.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('translates every table that shipped when words began to default (issue 37)', () => {
    const translated = new Set([...chinese.keys()].map(resourceOfKey));
    expect(SHIPPED_TABLES.filter((name) => !translated.has(name))).toEqual([]);
  });

  it('lets a new table read in English, but not a table it translates in part', () => {
    const withNewTable = new Map([
      ...english,
      ['resources.raffleTickets.name', 'Raffle ticket |||| Raffle tickets'],
      ['resources.raffleTickets.fields.initialAmount', 'Initial amount'],
    ]);
    const { store: _store, ...otherResources } = (zh.resources ?? {}) as Tree;
    const partial = {
      ...zh,
      resources: { ...otherResources, brand: { ...((zh.resources as Tree).brand as Tree), name: undefined } },
    };
    const lacking = new Map(leaves(JSON.parse(JSON.stringify(partial))));
    const needed = required(withNewTable, lacking).filter((k) => !lacking.has(k));
    expect(needed).toEqual(['resources.brand.name']);
    const report = renderReport(withNewTable, 'zh-CN', JSON.parse(JSON.stringify(partial)));
    expect(report).toContain('resources.raffleTickets: 2 (not translated at all: shown in English)');
    expect(report).toContain('resources.brand: 1\n    resources.brand.name');
    expect(missingByGroup(withNewTable, lacking).get('resources.store')?.length).toBeGreaterThan(5);
  });

  it('keeps every placeholder and leaves nothing blank that English fills', () => {
    const broken = [...english].flatMap(([key, value]) => {
      if (!mustHave.has(key)) return [];
      const text = String(value);
      const other = String(chinese.get(key) ?? '');
      if (text.trim() !== '' && other.trim() === '') return [`${key}: empty`];
      const lost = kept(text).filter((p) => !other.includes(p));
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
