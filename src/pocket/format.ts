// How the web card writes what it shows: a code in groups, the locale of its numbers and dates (money
// and days themselves are written by contract/format.ts, as everywhere in the product), the stamp row
// and the brand's colour. Pure functions (tests/unit/pocket-format.test.ts).
import type { Language } from './dom';

/**
 * A code written in groups to read aloud at a till: groups of 5 when the length divides by 5
 * (a 10-character voucher or card code: "ABCDE FGHJK"), else groups of 4 ("ABCD EFGH JK").
 */
export const groupCode = (code: string): string => {
  const size = code.length % 5 === 0 ? 5 : 4;
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += size) groups.push(code.slice(i, i + size));
  return groups.join(' ');
};

/**
 * The locale money and dates are written in: the browser's own tag when it is of the language shown
 * (en-MY, en-GB ...), else the product's en-SG for English and zh-CN for Chinese (which stays Simplified).
 */
export const intlLocale = (lang: Language, browser: readonly string[]): string => {
  const family = lang === 'zh-CN' ? 'zh' : 'en';
  const fallback = lang === 'zh-CN' ? 'zh-CN' : 'en-SG';
  const match = browser.find((tag) => tag.toLowerCase().split('-')[0] === family);
  if (!match || match.toLowerCase() === family || (family === 'zh' && /-(hant|tw|hk|mo)\b/i.test(match)))
    return fallback;
  try {
    return Intl.getCanonicalLocales(match)[0] ?? fallback;
  } catch {
    return fallback;
  }
};

/** The stamp row: one slot per stamp needed, the first `stamps` of them filled. */
export const stampSlots = (stamps: number, required: number): boolean[] => {
  const total = Math.max(0, Math.floor(required));
  const given = Math.min(total, Math.max(0, Math.floor(stamps)));
  return Array.from({ length: total }, (_, i) => i < given);
};

/** sRGB channels (0-255) of an HSL colour (h in degrees, s and l in 0-1). */
export const hslToRgb = (h: number, s: number, l: number): [number, number, number] => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
};

/** WCAG 2 relative luminance of an sRGB colour. */
export const luminance = ([r, g, b]: readonly [number, number, number]): number => {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export const contrast = (
  a: readonly [number, number, number],
  b: readonly [number, number, number],
): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The saturation and lightness of every brand's colour (only the hue differs between brands). */
export const BRAND_TONE = { saturation: 0.42, lightness: 0.3 } as const;

/**
 * The card's colour, derived from the brand's name (a brand has no colour of its own): a muted,
 * dark hue, the same for every card of the brand, on which white text passes WCAG AA (4.5:1) for
 * every hue. A brand without a name gets a neutral slate.
 */
export const brandColour = (name: string): string => {
  if (!name.trim()) return 'rgb(51, 65, 85)';
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const [r, g, b] = hslToRgb(hash % 360, BRAND_TONE.saturation, BRAND_TONE.lightness);
  return `rgb(${r}, ${g}, ${b})`;
};

/** The initials of a brand with no logo: "Harbour Kopi" → "HK". */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
