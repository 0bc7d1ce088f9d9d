// A segment's filter as the editor holds it (issue 25): the contract's filter JSON itself,
// `[{field, op, value}]` over the members list's fields (contract/members.ts MEMBER_FILTER_FIELDS),
// edited a condition at a time. The form's value is the list the server stores: what is saved is
// exactly what the rows show. These helpers are pure: which fields and operators a row offers, a
// value as its picker shows it and as it is stored, and whether a row is complete.
import {
  MEMBER_FILTER_FIELDS,
  type MemberFilterField,
  type MemberFilterName,
} from '../../../contract/members';

export interface Condition {
  field: string;
  op: string;
  value: unknown;
}

/**
 * The fields a segment's editor offers: every members-list filter but `companyId` (a segment is of its
 * own company; the server pins it whatever the filter says).
 */
export const EDITOR_FIELDS = (Object.keys(MEMBER_FILTER_FIELDS) as MemberFilterName[]).filter(
  (name) => name !== 'companyId',
);

export const fieldOf = (name: string): MemberFilterField | undefined =>
  (MEMBER_FILTER_FIELDS as Record<string, MemberFilterField>)[name];

/** The resource a reference field picks from, with the field it shows. */
export const REFERENCES: Readonly<Record<string, { resource: string; sort: string }>> = {
  levelId: { resource: 'memberLevels', sort: 'rank' },
  brandId: { resource: 'brand', sort: 'name' },
  storeId: { resource: 'store', sort: 'name' },
};

export const opsOf = (name: string): readonly string[] => fieldOf(name)?.ops ?? [];

/** A new condition on `field`: its first operator, no value yet (booleans start at "yes"). */
export const newCondition = (field: string): Condition => {
  const f = fieldOf(field);
  return { field, op: f?.ops[0] ?? 'eq', value: f?.type === 'boolean' ? true : null };
};

/** The condition with another operator: a value kept when it still fits (one id ↔ a list of ids). */
export const withOp = (c: Condition, op: string): Condition => {
  const f = fieldOf(c.field);
  if (f?.type === 'reference' || (f?.type === 'text' && c.field === 'mobile')) {
    if (op === 'in' && !Array.isArray(c.value)) return { ...c, op, value: c.value === null ? [] : [c.value] };
    if (op !== 'in' && Array.isArray(c.value)) return { ...c, op, value: c.value[0] ?? null };
  }
  return { ...c, op };
};

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Is the condition one the server takes as it is (a field, one of its operators, a value of its type)? */
export const isComplete = (c: Condition): boolean => {
  const f = fieldOf(c.field);
  if (!f || !(f.ops as readonly string[]).includes(c.op)) return false;
  const v = c.value;
  switch (f.type) {
    case 'reference':
      return c.op === 'in'
        ? Array.isArray(v) && v.length > 0 && v.every((x) => Number.isInteger(x))
        : Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'datetime':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v));
    case 'text':
      return c.op === 'in'
        ? Array.isArray(v) && v.length > 0 && v.every(present)
        : typeof v === 'string' && v !== '';
    default:
      return false;
  }
};

/** The conditions of a stored filter (anything else: none). */
export const conditionsOf = (value: unknown): Condition[] =>
  Array.isArray(value)
    ? value.filter(
        (c): c is Condition =>
          typeof c === 'object' && c !== null && typeof (c as Condition).field === 'string',
      )
    : [];

/** A day picked for `op`: gte from the start of that day, lte to its end (the browser's zone). */
export const dayToInstant = (day: string, op: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T${op === 'lte' ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** The day an instant falls on, as a date input shows it (the browser's zone). */
export const instantToDay = (iso: unknown): string => {
  if (typeof iso !== 'string') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
