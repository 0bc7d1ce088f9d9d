// English words made from names, the defaults of a declaration's labels (issue 37): a table declared
// without words still reads as English. Pure and plain, so the portal, scripts and tests share it.
// Words given in a declaration (`words`, `choiceWords`) and src/i18n/resources.en.ts win over these.
import { scopeColumnsOf } from './scope';
import type { ResourceDeclaration } from './types';

/** The columns every table gets (resources/types.ts): their words are the portal's, not their names'. */
const IMPLICIT_WORDS: Readonly<Record<string, string>> = {
  id: 'ID',
  createTime: 'Created',
  updateTime: 'Updated',
};

/**
 * 'initialAmount' → 'Initial amount', 'WAIT_EMAIL_ACTIVE' → 'Wait email active', 'rewardVoucherPackId'
 * → 'Reward voucher pack', 'redeemedAt' → 'Redeemed', 'createTime' → 'Created'.
 */
export const wordsFromName = (name: string): string => {
  const implicit = IMPLICIT_WORDS[name];
  if (implicit) return implicit;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
  // a reference reads as what it names, a timestamp as what happened
  if (words.length > 1 && (words.at(-1) === 'id' || words.at(-1) === 'at')) words.pop();
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const plural = (word: string): string => {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
};

const singular = (word: string): string => {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^siu]s$/.test(word)) return word.slice(0, -1); // not 'address', 'status', 'analysis'
  return word;
};

/** A resource's name as react-admin reads it: 'giftCards' → 'Gift card |||| Gift cards'. */
export const resourceWordsFromName = (name: string): string => {
  const words = wordsFromName(name).split(' ');
  const last = words.pop() ?? '';
  const one = singular(last);
  const many = one === last ? plural(last) : last;
  const head = words.length > 0 ? `${words.join(' ')} ` : '';
  return `${head}${one} |||| ${head}${many}`;
};

/** The English words of one declaration, under the keys the portal reads (`resources.<name>.…`). */
export interface ResourceWords {
  name: string;
  fields: Record<string, string>;
  /** select fields' choices, keyed by the choice's name (numeric selects too); absent when none */
  choices?: Record<string, Record<string, string>>;
  actions?: Record<string, string>;
}

/**
 * Every key a declaration is labelled by, with its words: those it gives itself, else made from names.
 * Fields include the implicit id, createTime, updateTime and scope columns.
 */
export const resourceWords = (decl: ResourceDeclaration): ResourceWords => {
  const fields: Record<string, string> = {};
  const choices: Record<string, Record<string, string>> = {};
  for (const f of decl.fields) {
    fields[f.name] = f.words ?? wordsFromName(f.name);
    if (f.type === 'select')
      choices[f.name] = Object.fromEntries(f.choices.map((c) => [c, f.choiceWords?.[c] ?? wordsFromName(c)]));
  }
  for (const c of ['id', 'createTime', 'updateTime', ...scopeColumnsOf(decl)]) fields[c] ??= wordsFromName(c);
  const actions = Object.fromEntries(
    (decl.actions ?? []).map((a) => [a.name, a.words ?? wordsFromName(a.name)]),
  );
  return {
    name: decl.words ?? resourceWordsFromName(decl.name),
    fields,
    ...(Object.keys(choices).length > 0 ? { choices } : {}),
    ...(Object.keys(actions).length > 0 ? { actions } : {}),
  };
};
