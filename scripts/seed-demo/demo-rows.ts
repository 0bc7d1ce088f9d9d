// Demo rows made from a declaration (issue 37 item 3): for a table the hand-written steps do not fill,
// its `demo` rows, or rows made from the field types, valid for the declaration: required fields set,
// texts within their lengths, well-formed e-mails, phones and web addresses, numbers and money within
// min and max, a select's default first and then its other choices, references to rows that exist,
// order rules kept and unique values distinct. Pure: the database part is generic.ts. Each row is
// checked against the server's own create schema (server/resources/schemas.ts) and the declaration's
// rules (server/resources/rules.ts) before it is given back, so a wrong `demo` row fails the seed
// with its table and field instead of being written.
import { Value } from 'typebox/value';
import type { DemoRow, FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { MONEY_MAX, ownFields } from '../../server/platform/db/derive-tables';
import { assertRules, type Body } from '../../server/resources/rules';
import { createBodySchema, isServerOwned } from '../../server/resources/schemas';
import { DAY } from './context';
import { demoImage } from './images';

/** Rows made per demo company (scoped tables) or in all (unscoped ones) when a table has no `demo`. */
export const GENERATED_ROWS = 3;

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** `openingHours` → `Opening hours`. */
const words = (name: string): string => {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};
const slug = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9-]/g, '')
    .toLowerCase();

/** `text` cut or padded into [min, max] characters, keeping its running number (the end) when cut. */
const fitLength = (text: string, n: number, min = 0, max = 10_000): string => {
  let out = text;
  if (out.length > max) {
    const tail = String(n);
    out = max > tail.length + 1 ? `${out.slice(0, max - tail.length - 1).trimEnd()} ${tail}` : tail;
    // still too long (max below the number's digits): the last digits, distinct as far as they go
    if (out.length > max) out = out.slice(out.length - max);
  }
  if (out.length < min) out = out.padEnd(min, 'x');
  return out;
};

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** A number in [lo, hi], different for different `n` as far as the range allows. */
const spread = (lo: number, hi: number, n: number, integer: boolean): number => {
  const span = hi - lo;
  if (integer) {
    const size = Math.floor(span) + 1;
    return Math.ceil(lo) + (size > 0 ? ((n - 1) * 7) % size : 0);
  }
  if (span <= 0) return lo;
  const v = round2(lo + ((n * 7.25) % span));
  return Math.min(Math.max(v, lo), hi);
};

/** The range a number or money field's values are made in: its min and max, else a small one. */
const range = (f: FieldDeclaration & { type: 'number' | 'money' }): [number, number] => {
  const floor = f.type === 'money' ? -MONEY_MAX : f.integer ? INT_MIN : -Number.MAX_VALUE;
  const ceil = f.type === 'money' ? MONEY_MAX : f.integer ? INT_MAX : Number.MAX_VALUE;
  let lo = f.min ?? (f.max !== undefined && f.max < 0 ? f.max - 100 : 0);
  let hi = f.max ?? lo + (f.type === 'money' ? 100 : 50);
  lo = Math.max(lo, floor);
  hi = Math.min(hi, ceil);
  return [lo, hi];
};

/**
 * A select's value for the row at `index`: its default first, then the other choices in turn (never
 * the soft-delete value, which would hide the row). Numeric selects carry the choice's index.
 */
const selectValue = (
  decl: ResourceDeclaration,
  f: FieldDeclaration & { type: 'select' },
  index: number,
): string | number => {
  const hidden = decl.softDelete?.field === f.name ? decl.softDelete.value : undefined;
  const choices = f.choices.filter((c) => c !== hidden);
  const start = f.default === undefined ? 0 : Math.max(choices.indexOf(f.default), 0);
  const choice = choices[(start + index) % choices.length];
  if (choice === undefined) throw new Error(`${decl.name}.${f.name}: no choice to make`);
  return f.numeric ? f.choices.indexOf(choice) : choice;
};

/**
 * The value of field `f` in the row at `index` (running number `n`), or undefined to leave it to the
 * database: an operation-only field with a default (the services set it), a field the server owns.
 */
const valueFor = (
  decl: ResourceDeclaration,
  f: FieldDeclaration,
  position: number,
  input: DemoRowInput,
): unknown => {
  const { index, n } = input;
  switch (f.type) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
    case 'image': {
      const label = words(f.name);
      const text =
        f.type === 'email'
          ? `demo${n}@${slug(decl.name)}.example`
          : f.type === 'phone'
            ? `+6580${String(n).padStart(6, '0')}`
            : f.type === 'url'
              ? `https://example.com/${slug(decl.name)}/${n}`
              : f.type === 'image'
                ? demoImage(`${label} ${n}`)
                : f.multiline
                  ? `${label} of demo row ${n}.`
                  : `${label} ${n}`;
      // a picture too long for the field: a web address of one instead
      const fitted =
        f.type === 'image' && f.maxLength !== undefined && text.length > f.maxLength
          ? `https://example.com/${n}.png`
          : text;
      return f.type === 'text' || f.type === 'image'
        ? fitLength(fitted, n, f.minLength, f.maxLength)
        : fitted;
    }
    case 'number': {
      const [lo, hi] = range(f);
      return spread(lo, hi, n, f.integer === true);
    }
    case 'money': {
      const [lo, hi] = range(f);
      return spread(lo, hi, n, false);
    }
    case 'boolean': {
      const start = f.default ?? true;
      return index % 2 === 0 ? start : !start;
    }
    case 'date':
    case 'datetime': {
      // later fields later (a window's start before its end), rows a few days apart
      const at = new Date(input.now.getTime() - n * 3 * DAY + position * DAY);
      return f.type === 'date' ? at.toISOString().slice(0, 10) : at.toISOString();
    }
    case 'select':
      return selectValue(decl, f, index);
    case 'reference': {
      const ids = input.references?.[f.name] ?? [];
      const id = ids[index % Math.max(ids.length, 1)];
      if (id === undefined) {
        if (f.required) throw new Error(`${decl.name}.${f.name}: no ${f.reference} row to point to`);
        return null;
      }
      return id;
    }
    case 'json':
      return f.shape === 'list' ? [] : {};
    default: {
      const never: never = f;
      throw new Error(`unknown field type ${JSON.stringify(never)}`);
    }
  }
};

/** Whether the seed makes a value for `f` (else the database's default or null holds). */
const isMade = (f: FieldDeclaration): boolean => {
  if (isServerOwned(f)) return false;
  // the operations move it: its default, as a row the operations have not touched yet
  if (f.operationOnly && 'default' in f && f.default !== undefined) return false;
  if (f.operationOnly && !f.required) return false;
  return true;
};

const comparable = (f: FieldDeclaration | undefined, v: unknown): number | string =>
  f?.type === 'number' || f?.type === 'money'
    ? Number(v)
    : f?.type === 'datetime'
      ? Date.parse(String(v))
      : String(v);

const shifted = (f: FieldDeclaration | undefined, v: unknown, days: number): string => {
  const at = new Date(Date.parse(String(v)) + days * DAY).toISOString();
  return f?.type === 'date' ? at.slice(0, 10) : at;
};

/**
 * Order rules (`first` ≤ `last`): a made `last` follows `first` (a month later for dates), or a made
 * `first` precedes a given `last`. Rules that pull against each other end with equal values.
 */
const keepOrder = (decl: ResourceDeclaration, row: Body, given: ReadonlySet<string>): void => {
  const rules = (decl.rules ?? []).flatMap((r) => (r.kind === 'order' ? [r] : []));
  for (let pass = 0; pass <= rules.length; pass++) {
    // the first pass leaves a month between dates; later passes only mend what it broke
    const gap = pass === 0 ? 30 : 0;
    let moved = false;
    for (const rule of rules) {
      const a = row[rule.first];
      const b = row[rule.last];
      if (a === null || a === undefined || b === null || b === undefined) continue;
      const fa = decl.fields.find((f) => f.name === rule.first);
      const fb = decl.fields.find((f) => f.name === rule.last);
      if (comparable(fa, a) <= comparable(fb, b)) continue;
      const move = given.has(rule.last) ? rule.first : rule.last;
      if (given.has(move)) continue; // both given by the demo row: the rules' check tells
      const dated = fa?.type === 'date' || fa?.type === 'datetime';
      if (move === rule.last) row[rule.last] = dated ? shifted(fb, a, gap) : a;
      else row[rule.first] = dated ? shifted(fa, b, -gap) : b;
      moved = true;
    }
    if (!moved) return;
  }
};

/** The violations of `row` against the server's create schema, as `field: message` lines. */
export const createSchemaProblems = (decl: ResourceDeclaration, row: Body): string[] =>
  [...Value.Errors(createBodySchema(decl), row)].map(
    (e) => `${e.instancePath.replace(/^\//, '') || '(row)'}: ${e.message}`,
  );

/** A `demo` row's values as a create body takes them (a numeric select's choice as its index). */
const wireValues = (decl: ResourceDeclaration, demo: DemoRow): Body => {
  const out: Body = {};
  for (const [name, value] of Object.entries(demo)) {
    const f = ownFields(decl).find((x) => x.name === name);
    if (!f) throw new Error(`${decl.name}: demo row names ${name}, which is not a field of it`);
    if (f.type === 'reference' || isServerOwned(f))
      throw new Error(`${decl.name}: demo row names ${name}; the seed fills references and server fields`);
    out[name] =
      f.type === 'select' && f.numeric && typeof value === 'string' ? f.choices.indexOf(value) : value;
  }
  return out;
};

/** The unique keys a row must not share with another (per unique field, per `uniques` entry). */
const uniqueKeys = (decl: ResourceDeclaration, row: Body): string[] => {
  const keys: string[] = [];
  const scope = decl.scope === 'none' ? '' : String(row.companyId ?? '');
  for (const f of ownFields(decl)) {
    const v = row[f.name];
    if (f.unique && v !== null && v !== undefined) keys.push(`${f.name}|${scope}|${JSON.stringify(v)}`);
  }
  for (const u of decl.uniques ?? []) {
    if (u.where) {
      const f = ownFields(decl).find((x) => x.name === u.where?.field);
      const v = row[u.where.field] ?? (f && 'default' in f ? f.default : undefined);
      const choice = f?.type === 'select' && f.numeric && typeof v === 'number' ? f.choices[v] : v;
      if (!u.where.in.includes(String(choice))) continue;
    }
    const values = u.fields.map((name) => row[name]);
    // PostgreSQL's unique indexes let rows with a null in the key be
    if (values.some((v) => v === null || v === undefined)) continue;
    keys.push(`${u.name}|${JSON.stringify(values)}`);
  }
  return keys;
};

/**
 * Drops the rows that would break a unique index another row of `rows` (or of `taken`, the keys of
 * rows made before) already holds, keeping the first; adds the kept rows' keys to `taken`.
 */
export const keepDistinct = (
  decl: ResourceDeclaration,
  rows: readonly Body[],
  taken: Set<string> = new Set(),
): Body[] =>
  rows.filter((row) => {
    const keys = uniqueKeys(decl, row);
    if (keys.some((k) => taken.has(k))) return false;
    for (const k of keys) taken.add(k);
    return true;
  });

/** How many rows a table gets per demo company (scoped) or in all (unscoped): its demo rows, or a few. */
export const rowsPerBatch = (decl: ResourceDeclaration): number => decl.demo?.rows.length ?? GENERATED_ROWS;

export interface DemoRowInput {
  /** which of the batch's rows: the `demo` row of that index; selects and booleans spread by it */
  index: number;
  /** the table's running number: texts, e-mails and phones carry it, so they stay distinct */
  n: number;
  /** the ids each reference field may point to (rows of the same company, when the target is scoped) */
  references?: Readonly<Record<string, readonly number[]>>;
  /** "now" for the dates */
  now: Date;
}

/**
 * One row of the declaration: its `demo` row `index` with what it leaves out made, or a row made from
 * the fields, as a create body of its own fields (no scope columns: the seed adds them). Throws,
 * naming the table, the row and the field, when the row breaks the create schema or a rule.
 */
export const demoRow = (decl: ResourceDeclaration, input: DemoRowInput): Body => {
  const { index } = input;
  const demo = decl.demo?.rows[index];
  const given = demo ? wireValues(decl, demo) : {};
  const row: Body = {};
  ownFields(decl).forEach((f, position) => {
    if (Object.hasOwn(given, f.name)) row[f.name] = given[f.name];
    else if (isMade(f)) row[f.name] = valueFor(decl, f, position, input);
  });
  keepOrder(decl, row, new Set(Object.keys(given)));
  const problems = createSchemaProblems(decl, row);
  if (problems.length > 0)
    throw new Error(`${decl.name}: demo row ${input.n} does not fit the declaration: ${problems.join('; ')}`);
  try {
    assertRules(decl, row);
  } catch (e) {
    const data = (e as { data?: unknown }).data;
    throw new Error(
      `${decl.name}: demo row ${input.n} breaks a rule: ${(e as Error).message} ${JSON.stringify(data ?? '')}`,
    );
  }
  return row;
};

/** One batch of rows (`rowsPerBatch`, or `count`) with the same references: demoRow for each. */
export const demoRows = (
  decl: ResourceDeclaration,
  {
    count = rowsPerBatch(decl),
    first = 1,
    references,
    now,
  }: Omit<DemoRowInput, 'index' | 'n'> & {
    count?: number;
    first?: number;
  },
): Body[] =>
  Array.from({ length: count }, (_, index) =>
    demoRow(decl, { index, n: first + index, now, ...(references ? { references } : {}) }),
  );
