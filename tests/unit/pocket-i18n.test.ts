// The pocket web card's words (src/pocket/i18n.ts): English and Simplified Chinese have the same keys,
// none is blank, and each translation keeps the {placeholders} its English text has.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/pocket/dom';
import { CARD_STRINGS } from '../../src/pocket/i18n';

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

describe('the web card in both languages', () => {
  it('has strings for every language the pocket offers', () => {
    expect(Object.keys(CARD_STRINGS).sort()).toEqual([...LANGUAGES].sort());
  });
  it('has the same keys in English and Simplified Chinese', () => {
    expect(Object.keys(CARD_STRINGS['zh-CN']).sort()).toEqual(Object.keys(CARD_STRINGS.en).sort());
  });
  it('has no blank text, and the same placeholders in both', () => {
    for (const [key, english] of Object.entries(CARD_STRINGS.en)) {
      const chinese = CARD_STRINGS['zh-CN'][key as keyof typeof CARD_STRINGS.en];
      expect(english.trim(), key).not.toBe('');
      expect(chinese.trim(), key).not.toBe('');
      expect(placeholders(chinese), key).toEqual(placeholders(english));
    }
  });
  it('says in Chinese what it says in English, not the English again', () => {
    const same = Object.entries(CARD_STRINGS.en).filter(
      ([key, text]) => CARD_STRINGS['zh-CN'][key as keyof typeof CARD_STRINGS.en] === text,
    );
    expect(same).toEqual([]);
  });
});
