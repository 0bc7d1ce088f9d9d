// The poster sign-up page's pure parts: its words in both languages (same keys, same placeholders,
// none empty) and the number it sends (toE164).
import { describe, expect, it } from 'vitest';
import { JOIN_STRINGS } from '../../src/pocket/join.i18n';
import { toE164 } from '../../src/pocket/join.model';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the sign-up page in English and Simplified Chinese', () => {
  it('has the same keys and placeholders in both, and no empty text', () => {
    const en = JOIN_STRINGS.en;
    const zh = JOIN_STRINGS['zh-CN'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zh[key].trim(), key).not.toBe('');
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
    }
  });
});

describe('toE164', () => {
  it.each([
    ['+65 8899 1234', '+65', '+6588991234'],
    ['+65 8899-1234', '+65', '+6588991234'],
    ['8899 1234', '+65', '+6588991234'],
    ['0065 8899 1234', '+65', '+6588991234'],
    ['0412 345 678', '+61', '+61412345678'],
    ['012-345 6789', '+60', '+60123456789'],
    ['', '+65', '+65'],
  ])('reads %s at a %s store as %s', (typed, callingCode, e164) => {
    expect(toE164(typed, callingCode)).toBe(e164);
  });
});
