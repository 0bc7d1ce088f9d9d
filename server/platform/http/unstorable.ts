// Text no database can store: the NUL character (PostgreSQL text cannot hold U+0000) and UTF-16
// halves without their pair (not valid UTF-8). The input guard (server/platform/http/input-guard.ts) checks
// every request's query, parameters and body with it, and the list-query parser the JSON it decodes
// from the query (a JSON-escaped "\u0000" becomes a NUL only then).
import type { FieldViolation } from '../../../contract';

const NUL = String.fromCharCode(0);
/** A surrogate half that is not part of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Nesting followed at most this deep (bodies are small; a deeper one is refused, not walked). */
const MAX_DEPTH = 32;

const problemOf = (text: string): string | undefined => {
  const nul = text.includes(NUL);
  if (!nul && !LONE_SURROGATE.test(text)) return undefined;
  return nul
    ? 'must not contain the NUL character (\\u0000)'
    : 'must be valid Unicode text (a UTF-16 surrogate without its pair)';
};

/** The first unstorable string under `value`, with its path. */
export const unstorableIn = (value: unknown, path: string, depth = 0): FieldViolation | undefined => {
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message ? { field: path || 'body', message } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH)
    return { field: path || 'body', message: `is nested more than ${MAX_DEPTH} levels deep` };
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    const keyProblem = problemOf(key);
    const at = path ? `${path}.${key}` : key;
    if (keyProblem) return { field: path || 'body', message: `a key ${keyProblem}` };
    const found = unstorableIn(v, at, depth + 1);
    if (found) return found;
  }
  return undefined;
};
