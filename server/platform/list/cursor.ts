// Keyset pagination of the list query: a cursor holds the last row's values of the order's keys.
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { SortKey } from './types';

// ---- cursors (keyset pagination) ---------------------------------------------------------------
// A cursor is the base64url JSON of the last row's values of the order's keys. The next page is the
// rows strictly after that row in the order PostgreSQL sorts them (ascending: nulls last;
// descending: nulls first), whatever the depth: no OFFSET, so page 40,000 costs what page 2 costs.

export type CursorValue = string | number | boolean | null;

/** The cursor of `row` under `keys` (dates as ISO strings). */
export const encodeCursor = (keys: readonly SortKey[], row: Record<string, unknown>): string =>
  Buffer.from(
    JSON.stringify(
      keys.map((k) => {
        const v = row[k.name];
        return v instanceof Date ? v.toISOString() : (v ?? null);
      }),
    ),
  ).toString('base64url');

export const decodeCursor = (raw: unknown, keys: readonly SortKey[]): CursorValue[] | undefined => {
  if (typeof raw !== 'string' || raw.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(raw)) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(values) || values.length !== keys.length) return undefined;
    const ok = values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    return ok && values.at(-1) !== null ? (values as CursorValue[]) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Rows strictly after the cursor's row: OR over i of (keys before i equal, key i after), AND'ed with
 * a plain bound on the first key (`at <= $1`): PostgreSQL cannot start an index range at an OR, but
 * it can at that bound, so the page reads its twenty index entries at any depth.
 */
export const afterCursor = (keys: readonly SortKey[], values: readonly CursorValue[]): SQL => {
  const alternatives: SQL[] = [];
  const equal: SQL[] = [];
  keys.forEach((k, i) => {
    const v = values[i] ?? null;
    const col = k.column;
    let beyond: SQL | undefined;
    if (k.direction === 'asc') {
      // a NOT NULL column has no empty values to come last
      if (v !== null) beyond = col.notNull ? sql`${col} > ${v}` : sql`(${col} > ${v} or ${col} is null)`;
    } else beyond = v === null ? sql`${col} is not null` : sql`${col} < ${v}`;
    if (beyond) alternatives.push(equal.length > 0 ? (and(...equal, beyond) as SQL) : beyond);
    equal.push(v === null ? sql`${col} is null` : sql`${col} = ${v}`);
  });
  if (alternatives.length === 0) return sql`false`;
  const after = or(...alternatives) as SQL;
  const [first] = keys;
  const v = values[0] ?? null;
  if (!first || v === null) return after;
  if (first.direction === 'desc') return and(sql`${first.column} <= ${v}`, after) as SQL;
  return first.column.notNull ? (and(sql`${first.column} >= ${v}`, after) as SQL) : after;
};
