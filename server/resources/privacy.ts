// A member's mobile is answered whole only to a caller who may VIEW `member` (issue 25, "Privacy";
// docs/decisions.md "Members: privacy"). The declarations mark the fields holding one (`member: true`);
// from them come, for everybody else, the masked rows (every answer: lists, rows, exports, the
// operations' answers) and the list spec that finds rows by a whole number only (eq, in, an exact
// search), never by a part of one (regex, contains) nor in the number's order (sort).
import { canAccess } from '../../contract/access';
import { maskMobile } from '../../contract/members';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import type { ListSpec } from '../platform/list/types';
import type { Caller } from './principal';

type Row = Record<string, unknown>;

/** The fields of `decl` that hold a member's mobile. */
export const memberFieldsOf = (decl: ResourceDeclaration): readonly FieldDeclaration[] =>
  decl.fields.filter((f) => 'member' in f && f.member === true);

/** May `caller` see members' whole mobiles (VIEW on `member`)? */
export const maySeeMembers = (caller: Pick<Caller, 'subject'>): boolean =>
  canAccess(caller.subject, { action: 'VIEW', resource: 'member' });

/** `text` with every one of `mobiles` in it masked (a signal's summary names its member). */
const maskWithin = (text: string, mobiles: readonly string[]): string =>
  mobiles.reduce((out, m) => (out.includes(m) ? out.split(m).join(maskMobile(m)) : out), text);

/** `value` with `mobiles` masked in every string it holds (a json field's too). */
const maskDeep = (value: unknown, mobiles: readonly string[]): unknown => {
  if (typeof value === 'string') return maskWithin(value, mobiles);
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, mobiles));
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v, mobiles)]));
  return value;
};

/** One row of `decl` as `caller` may see it: its members' mobiles masked wherever they appear. */
export const maskRow = <R extends Row>(
  decl: ResourceDeclaration,
  caller: Pick<Caller, 'subject'>,
  row: R,
): R => {
  const fields = memberFieldsOf(decl);
  if (fields.length === 0 || maySeeMembers(caller)) return row;
  const mobiles = fields
    .map((f) => row[f.name])
    .filter((v): v is string => typeof v === 'string' && v !== '')
    // the longest first: a number that holds another is masked whole
    .sort((a, b) => b.length - a.length);
  if (mobiles.length === 0) return row;
  return maskDeep(row, mobiles) as R;
};

/** Rows of `decl` as `caller` may see them. */
export const maskRows = <R extends Row>(
  decl: ResourceDeclaration,
  caller: Pick<Caller, 'subject'>,
  rows: readonly R[],
): R[] =>
  memberFieldsOf(decl).length === 0 || maySeeMembers(caller)
    ? [...rows]
    : rows.map((r) => maskRow(decl, caller, r));

const masked = new WeakMap<ListSpec, ListSpec>();

/**
 * The list spec of `decl` for a caller who may not see members: its member fields found by a whole
 * number only. The same spec object when the declaration has none.
 */
export const listSpecForCaller = (
  decl: ResourceDeclaration,
  spec: ListSpec,
  caller: Pick<Caller, 'subject'>,
): ListSpec => {
  const fields = memberFieldsOf(decl);
  if (fields.length === 0 || maySeeMembers(caller)) return spec;
  let out = masked.get(spec);
  if (!out) {
    out = { ...spec };
    for (const f of fields) {
      const field = spec[f.name];
      if (!field) continue;
      out[f.name] = {
        ...field,
        filter: field.filter?.filter((op) => op === 'eq' || op === 'in'),
        sort: false,
        ...(field.search ? { exactSearch: true } : {}),
      };
    }
    masked.set(spec, out);
  }
  return out;
};
