// Regex and search safety of the list query (docs/api.md "Lists"): which patterns may reach
// PostgreSQL's regex engine, whether a search or a pattern can use a trigram index, and LIKE escaping.
import { REGEX_MAX_LENGTH } from '../../../contract/list-query';

/** Largest `{n,m}` bound a regex may use (PostgreSQL's own limit is 255). */
export const REGEX_MAX_BOUND = 100;

/** Letters or digits in a row that pg_trgm needs to use its index (it indexes three at a time). */
export const TRIGRAM_MIN = 3;

export const hasTrigram = (text: string): boolean =>
  new RegExp(`[\\p{L}\\p{N}]{${TRIGRAM_MIN},}`, 'u').test(text);

/** A regex with a literal run of letters or digits that is not optional (`abc`, not `ab[cd]` or `abc?`). */
export const regexHasTrigram = (pattern: string): boolean =>
  new RegExp(`[\\p{L}\\p{N}]{${TRIGRAM_MIN},}(?![*?{])`, 'u').test(
    pattern.replace(/\\./g, ' ').replace(/\[[^\]]*\]/g, ' '),
  );

/** Escapes LIKE's wildcards and its escape character so the search text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Why this is enough for PostgreSQL. Its regex engine (Henry Spencer's, `~`) compiles a pattern
 * into an automaton and runs it DFA-style, so matching time is linear in the text for any pattern
 * WITHOUT back-references; back-references force its backtracking sub-matcher, the one path with
 * exponential time. The automaton's size grows with the pattern length and with bounded
 * repetition (`{n}` copies its operand n times, and nested repetition multiplies the copies), so
 * we cap the length and every bound, and refuse quantified groups that contain quantifiers.
 * Lookaround is refused because PostgreSQL evaluates each lookaround as a separate sub-match per
 * position (and JS and PostgreSQL disagree on it). PGlite runs in our own thread and has no
 * statement_timeout, so the check must happen before the pattern is sent. Finally the pattern
 * must compile as a JS RegExp (a stricter grammar than PostgreSQL's ARE), and a pattern that
 * PostgreSQL still rejects surfaces as SQLSTATE 2201B, which `selectPage` maps to code 2.
 */
export const checkRegex = (pattern: string): string | undefined => {
  if (pattern.length === 0) return 'must not be empty';
  if (pattern.length > REGEX_MAX_LENGTH) return `must be at most ${REGEX_MAX_LENGTH} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  // One pass over the pattern, tracking groups: whether each open group holds a quantifier.
  const groups: boolean[] = [];
  let i = 0;
  let lastWasGroupWithQuantifier = false;
  const markQuantified = () => {
    if (groups.length > 0) groups[groups.length - 1] = true;
  };
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'must not use back-references';
      i += 2;
      lastWasGroupWithQuantifier = false;
      continue;
    }
    if (c === '[') {
      // Skip the character class; a `]` right after `[` or `[^` is literal in both grammars.
      i += 1;
      if (pattern[i] === '^') i += 1;
      if (pattern[i] === ']') i += 1;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i += 1;
      lastWasGroupWithQuantifier = false;
      continue;
    }
    if (c === '(') {
      if (pattern[i + 1] === '?') {
        if (pattern[i + 2] !== ':') return 'must not use lookaround or special groups; only (?: ) is allowed';
        i += 3;
      } else {
        i += 1;
      }
      groups.push(false);
      lastWasGroupWithQuantifier = false;
      continue;
    }
    if (c === ')') {
      const inner = groups.pop() ?? false;
      lastWasGroupWithQuantifier = inner;
      // a group that holds a quantifier makes its parent hold one too
      if (inner) markQuantified();
      i += 1;
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      let isOptionalOnly = c === '?';
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
        if (!m) {
          i += 1;
          lastWasGroupWithQuantifier = false;
          continue;
        }
        const low = Number(m[1]);
        const high = m[3] ? Number(m[3]) : undefined;
        if (low > REGEX_MAX_BOUND || (high !== undefined && high > REGEX_MAX_BOUND)) {
          return `must not repeat more than ${REGEX_MAX_BOUND} times`;
        }
        isOptionalOnly = m[2] === undefined ? low <= 1 : high !== undefined && high <= 1;
        i += m[0].length;
      } else {
        i += 1;
      }
      // a lazy / possessive suffix (`*?`) belongs to this quantifier
      if (pattern[i] === '?') i += 1;
      if (lastWasGroupWithQuantifier && !isOptionalOnly) return 'must not nest quantifiers such as (a+)+';
      markQuantified();
      lastWasGroupWithQuantifier = false;
      continue;
    }
    i += 1;
    lastWasGroupWithQuantifier = false;
  }
  return undefined;
};

/** PostgreSQL's SQLSTATE for a pattern its regex engine rejects. */
export const INVALID_REGEX_SQLSTATE = '2201B';

/** True when a database error is PostgreSQL refusing a regex pattern (found in a cause chain). */
export const isInvalidRegexError = (err: unknown): boolean => {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (isObject(e) && e.code === INVALID_REGEX_SQLSTATE) return true;
    e = isObject(e) || e instanceof Error ? (e as { cause?: unknown }).cause : undefined;
  }
  return false;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
