// English words that load with their screen rather than with the portal (docs/performance.md "The
// portal's first load"): a screen that loads on first use registers its words when its module loads,
// before it renders, so the first load carries only the shell's and the common words. The i18n
// provider answers a key it does not hold from here (English); Simplified Chinese has every key in
// public/locales/zh-CN/common.json, these included (tests/unit/locales.test.ts). No React, no state:
// a module-level map.
export type MessageTree = { readonly [key: string]: MessageTree | string };

const phrases = new Map<string, string>();

const flatten = (tree: MessageTree, prefix: string): void => {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') phrases.set(path, value);
    else flatten(value, path);
  }
};

/** Registers a screen's English words (a tree like src/i18n/en.ts's); registering again changes nothing. */
export const addEnglishMessages = (bundle: MessageTree): void => flatten(bundle, '');

/** The English phrase of `key` among the registered screens' words, if one registered it. */
export const lateEnglishPhrase = (key: string): string | undefined => phrases.get(key);
