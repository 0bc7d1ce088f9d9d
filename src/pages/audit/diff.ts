// A readable diff of an audit entry's `before` and `after` rows: one entry per top-level key,
// marked added, removed, changed or unchanged. Values are compared by their JSON.

export type ChangeKind = 'added' | 'removed' | 'changed' | 'unchanged';

export interface KeyChange {
  key: string;
  kind: ChangeKind;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stable JSON: object keys sorted, so {a,b} and {b,a} compare equal. */
export const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  ) ?? 'undefined';

/** Every top-level key of either side; `before`/`after` that are not objects count as `{value: …}`. */
export const diffRecords = (before: unknown, after: unknown): KeyChange[] => {
  const b = isObject(before) ? before : before == null ? {} : { value: before };
  const a = isObject(after) ? after : after == null ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    const inB = Object.hasOwn(b, key);
    const inA = Object.hasOwn(a, key);
    const kind: ChangeKind = !inB
      ? 'added'
      : !inA
        ? 'removed'
        : stableJson(b[key]) === stableJson(a[key])
          ? 'unchanged'
          : 'changed';
    return { key, kind, before: b[key], after: a[key] };
  });
};

/** A value as one line of text: strings as they are, everything else as compact JSON. */
export const displayValue = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  return stableJson(value);
};
