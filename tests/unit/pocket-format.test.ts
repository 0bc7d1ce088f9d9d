// How the pocket's web card writes what it shows (src/pocket/format.ts) and picks its language
// (src/pocket/dom.ts): pure functions at fixed values.
import { describe, expect, it } from 'vitest';
import { fill, pickLanguage } from '../../src/pocket/dom';
import {
  BRAND_TONE,
  brandColour,
  contrast,
  groupCode,
  hslToRgb,
  initials,
  intlLocale,
  stampSlots,
} from '../../src/pocket/format';

const WHITE = [255, 255, 255] as const;
const rgbOf = (css: string) => (css.match(/\d+/g) ?? []).map(Number) as unknown as [number, number, number];

describe('groupCode', () => {
  it('writes a 10-character code in two groups of five', () => {
    expect(groupCode('K7QX4M9PTR')).toBe('K7QX4 M9PTR');
  });
  it('writes other lengths in groups of four, the last one shorter', () => {
    expect(groupCode('ABCDEFGHJK2')).toBe('ABCD EFGH JK2');
    expect(groupCode('ABCDEFGH')).toBe('ABCD EFGH');
    expect(groupCode('')).toBe('');
  });
});

describe('stampSlots', () => {
  it('has one slot per stamp needed, the stamps given filled first', () => {
    expect(stampSlots(3, 8)).toEqual([true, true, true, false, false, false, false, false]);
  });
  it('never fills more slots than there are, nor fewer than none', () => {
    expect(stampSlots(12, 4)).toEqual([true, true, true, true]);
    expect(stampSlots(-1, 2)).toEqual([false, false]);
    expect(stampSlots(1, 0)).toEqual([]);
  });
});

describe('brandColour', () => {
  it('is the same for the same brand and differs between brands', () => {
    expect(brandColour('Harbour Kopi')).toBe(brandColour('Harbour Kopi'));
    expect(brandColour('Harbour Kopi')).not.toBe(brandColour('Bao Bros'));
  });
  it('carries white text at WCAG AA (4.5:1) for every hue it can be', () => {
    for (let hue = 0; hue < 360; hue += 1) {
      expect(
        contrast(hslToRgb(hue, BRAND_TONE.saturation, BRAND_TONE.lightness), WHITE),
        `hue ${hue}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
    for (const name of ['Harbour Kopi', 'Bao Bros', 'Sunrise Bakery', '咖啡店', 'x', '']) {
      expect(contrast(rgbOf(brandColour(name)), WHITE), name).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('is a neutral slate for a brand without a name', () => {
    expect(brandColour('  ')).toBe('rgb(51, 65, 85)');
  });
});

describe('contrast', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrast([0, 0, 0], WHITE)).toBeCloseTo(21, 5);
    expect(contrast([120, 30, 200], [120, 30, 200])).toBe(1);
  });
});

describe('initials', () => {
  it('takes the first letter of the first two words', () => {
    expect(initials('Harbour Kopi Express')).toBe('HK');
    expect(initials('bao')).toBe('B');
    expect(initials('咖啡 店')).toBe('咖店');
  });
});

describe('intlLocale', () => {
  it("writes numbers and dates as the member's browser does when it speaks the language shown", () => {
    expect(intlLocale('en', ['en-MY', 'zh-CN'])).toBe('en-MY');
    expect(intlLocale('zh-CN', ['en-MY', 'zh-SG'])).toBe('zh-SG');
  });
  it("falls back to the product's en-SG and to Simplified Chinese", () => {
    expect(intlLocale('en', ['zh-CN'])).toBe('en-SG');
    expect(intlLocale('en', ['en'])).toBe('en-SG');
    expect(intlLocale('zh-CN', ['zh-TW'])).toBe('zh-CN');
    expect(intlLocale('zh-CN', ['zh-Hant-HK'])).toBe('zh-CN');
    expect(intlLocale('zh-CN', [])).toBe('zh-CN');
  });
});

describe('pickLanguage', () => {
  it('takes the first of the browser languages that is English or Chinese', () => {
    expect(pickLanguage(['zh-SG', 'en'])).toBe('zh-CN');
    expect(pickLanguage(['zh'])).toBe('zh-CN');
    expect(pickLanguage(['zh-Hant-TW'])).toBe('zh-CN');
    expect(pickLanguage(['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(pickLanguage(['ms-MY'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
  it("prefers the member's own choice on this phone, when it is one of ours", () => {
    expect(pickLanguage(['en-SG'], 'zh-CN')).toBe('zh-CN');
    expect(pickLanguage(['zh-CN'], 'en')).toBe('en');
    expect(pickLanguage(['zh-CN'], 'fr')).toBe('zh-CN');
  });
});

describe('fill', () => {
  it('puts the values in their placeholders and leaves unknown ones', () => {
    expect(fill('{given} of {needed} stamps', { given: 3, needed: 8 })).toBe('3 of 8 stamps');
    expect(fill('Call {phone} {x}', { phone: '+65 6220 1011' })).toBe('Call +65 6220 1011 {x}');
  });
});
