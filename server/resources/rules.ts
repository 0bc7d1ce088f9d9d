// The declaration's rules on a body or a row, checked by the generic service before it writes: fields
// only operations move, rules across fields (order, required-when, placeholders), frozen fields and a
// field's own range error.
import type { FieldViolation } from '../../contract/envelope';
import { PUSH_PLACEHOLDERS, unknownPlaceholders } from '../../contract/push';
import type { FieldDeclaration, ResourceDeclaration, RuleDeclaration } from '../../resources/types';
import { ownFields, storedChoice } from '../platform/db/derive-tables';
import { AppError } from '../platform/errors';

/** A derived table's row, keyed by field name (its columns are known at run time only). */
export type Row = Record<string, unknown>;
export type Body = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The declared defaults of a row about to be created (for rules across fields). */
export const defaultsOf = (decl: ResourceDeclaration): Row =>
  Object.fromEntries(
    ownFields(decl).flatMap((f) => ('default' in f && f.default !== undefined ? [[f.name, f.default]] : [])),
  );

/** Code 2 for each operation-only field a generic write would move (docs/operations.md principles). */
export const operationOnlyViolations = (
  decl: ResourceDeclaration,
  body: Body,
  existing?: Row,
): FieldViolation[] =>
  ownFields(decl).flatMap((f) => {
    if (!f.operationOnly || !Object.hasOwn(body, f.name)) return [];
    // an update echoing the stored value unchanged (react-admin sends records back whole) moves nothing
    if (existing && sameValue(existing[f.name], body[f.name], f)) return [];
    return [{ field: f.name, message: 'moves only through its operations' }];
  });

const sameValue = (stored: unknown, sent: unknown, f: FieldDeclaration): boolean => {
  if (stored instanceof Date)
    return typeof sent === 'string' && new Date(sent).getTime() === stored.getTime();
  if (f.type === 'select' && typeof sent === 'string') return stored === storedChoice(f, sent);
  if (stored === null || stored === undefined) return sent === null || sent === undefined;
  return stored === sent || String(stored) === String(sent);
};

/** The fields a rule reads. */
export const ruleFields = (rule: RuleDeclaration): string[] =>
  rule.kind === 'order' ? [rule.first, rule.last] : [rule.field, rule.when.field];

const blank = (v: unknown): boolean => v === null || v === undefined || v === '';

/**
 * A value of an order rule as it compares: instants for datetimes (a stored row holds Dates, a body
 * ISO text: neither compares as text, "Thu ..." sorts before "Wed ..."), numbers for numbers and
 * money, text for dates (YYYY-MM-DD sorts as it reads).
 */
const orderValue = (type: string | undefined, v: unknown): number | string => {
  if (type === 'datetime' || v instanceof Date)
    return v instanceof Date ? v.getTime() : Date.parse(String(v));
  if (type === 'number' || type === 'money') return Number(v);
  return String(v);
};

/**
 * The declaration's rules on a (merged) row: order rules (`first` ≤ `last`, else the rule's error),
 * required-when rules (code 2 naming the field) and placeholder texts (code 2 naming the field).
 */
export const assertRules = (decl: ResourceDeclaration, row: Row): void => {
  for (const rule of decl.rules ?? []) {
    if (rule.kind === 'requiredWhen') {
      const when = row[rule.when.field];
      if (blank(row[rule.field]) && rule.when.in.includes(String(when)))
        throw new AppError('PARAMETER_VALIDATION_FAILED', [
          { field: rule.field, message: `is required when ${rule.when.field} is ${String(when)}` },
        ]);
      continue;
    }
    const first = row[rule.first];
    const last = row[rule.last];
    if (first === null || first === undefined || last === null || last === undefined) continue;
    const type = ownFields(decl).find((f) => f.name === rule.first)?.type;
    const a = orderValue(type, first);
    const b = orderValue(type, last);
    if (a > b) {
      const relation = type === 'number' || type === 'money' ? 'less than' : 'before';
      throw new AppError(rule.error, [
        { field: rule.last, message: `must not be ${relation} ${rule.first}` },
      ]);
    }
  }
  const unknown = ownFields(decl).flatMap((f) => {
    const v = row[f.name];
    if (!('placeholders' in f) || f.placeholders !== true || typeof v !== 'string') return [];
    const names = unknownPlaceholders(v);
    return names.length === 0
      ? []
      : [
          {
            field: f.name,
            message: `names unknown placeholder ${names.map((n) => `{${n}}`).join(', ')}; known: ${PUSH_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
          },
        ];
  });
  if (unknown.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', unknown);
};

/** The declaration's frozen fields: an update may not change `field` while the row's `while` holds. */
export const assertNotFrozen = (decl: ResourceDeclaration, existing: Row, values: Row): void => {
  for (const rule of decl.frozen ?? []) {
    if (!Object.hasOwn(values, rule.field)) continue;
    const now = existing[rule.while.field];
    if (!rule.while.in.includes(String(now))) continue;
    if (String(values[rule.field] ?? null) === String(existing[rule.field] ?? null)) continue;
    throw new AppError(rule.error, [
      { field: rule.field, message: `cannot change while ${rule.while.field} is ${String(now)}` },
    ]);
  }
};

/** A field's own catalogue error (6801 for a negative pack price ...) for a value past its min or max. */
export const fieldRuleViolation = (decl: ResourceDeclaration, body: unknown): AppError | undefined => {
  if (!isObject(body)) return undefined;
  for (const f of ownFields(decl)) {
    if (!f.error || (f.type !== 'number' && f.type !== 'money')) continue;
    const v = body[f.name];
    if (typeof v !== 'number') continue;
    if ((f.min !== undefined && v < f.min) || (f.max !== undefined && v > f.max)) {
      const range = `${f.min ?? '…'} to ${f.max ?? '…'}`;
      return new AppError(f.error, [{ field: f.name, message: `must be ${range}` }]);
    }
  }
  return undefined;
};
