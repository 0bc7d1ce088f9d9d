// The second language is complete: every English message key (src/i18n/en.ts) exists in
// public/locales/zh-CN/common.json, nothing else does, each is a non-empty string where English has
// one, and every %{placeholder} of the English text survives the translation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { PORTAL_LOCALES } from '../../src/providers/i18nProvider';

type Tree = { [key: string]: Tree | string };

const leaves = (tree: unknown, prefix = ''): [string, string][] =>
  typeof tree === 'object' && tree !== null
    ? Object.entries(tree as Tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, String(tree)]];

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

const zh = JSON.parse(
  readFileSync(new URL('../../public/locales/zh-CN/common.json', import.meta.url), 'utf8'),
) as Tree;

describe('Simplified Chinese', () => {
  const english = new Map(leaves(en));
  const chinese = new Map(leaves(zh));

  it('is offered beside English', () => {
    expect(PORTAL_LOCALES.map((l) => l.locale)).toEqual(['en', 'zh-CN']);
  });

  it('has every English key and no other', () => {
    expect([...english.keys()].filter((k) => !chinese.has(k))).toEqual([]);
    expect([...chinese.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('keeps every placeholder and leaves nothing blank that English fills', () => {
    const broken = [...english].flatMap(([key, text]) => {
      const other = chinese.get(key) ?? '';
      if (text !== '' && other.trim() === '') return [`${key}: empty`];
      const lost = placeholders(text).filter((p) => !other.includes(p));
      return lost.length > 0 ? [`${key}: lost ${lost.join(', ')}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
