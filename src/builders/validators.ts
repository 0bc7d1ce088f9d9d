// The form validators a field declaration implies: required, lengths and ranges. The generated
// screens use them, and so do the hand-written forms that edit a declared table's fields (signup,
// brand and store requests, user groups), so a limit is written once, in the declaration.

import { maxLength, maxValue, minLength, minValue, required, type Validator } from 'react-admin';
import { PUSH_PLACEHOLDERS, unknownPlaceholders } from '../../contract/push';
import { IMAGE_ADDRESS_PATTERN, validationKey } from '../../contract/validation';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { fieldLabelKey } from './declarations';

/**
 * Required, length and range validators of one field (formats such as e-mail are the caller's), in
 * the plain words the server's field errors use (contract/validation.ts).
 */
export const limitValidators = (field: FieldDeclaration): Validator[] => {
  const out: Validator[] = [];
  if (field.required) out.push(required(validationKey('required')));
  switch (field.type) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
    case 'image':
      if (field.minLength !== undefined) out.push(minLength(field.minLength, validationKey('min_length')));
      if (field.maxLength !== undefined) out.push(maxLength(field.maxLength, validationKey('max_length')));
      return out;
    case 'number':
    case 'money':
      if (field.min !== undefined) out.push(minValue(field.min, validationKey('min_value')));
      if (field.max !== undefined) out.push(maxValue(field.max, validationKey('max_value')));
      return out;
    case 'json':
    case 'boolean':
    case 'date':
    case 'datetime':
    case 'select':
    case 'reference':
      return out;
    default: {
      const never: never = field;
      throw new Error(`unknown field type ${String(never)}`);
    }
  }
};

/** The value of one side of an order rule, compared as the server does (numbers, else text). */
const comparable = (v: unknown): number | string | undefined =>
  v === null || v === undefined || v === '' ? undefined : typeof v === 'number' ? v : String(v);

/**
 * The declaration's rules as form validators, checked as the server checks them on every create and
 * update: an order rule (`first` ≤ `last`) on its `last` field ('Must be on or after Valid from' for
 * dates, 'Must be at least …' for numbers; a blank side is left to `required`), a required-when rule
 * on its field while the other field holds one of its values. `label` translates a label key.
 */
export const ruleValidators = (
  decl: ResourceDeclaration,
  label: (key: string) => string,
): Record<string, Validator[]> => {
  const out: Record<string, Validator[]> = {};
  const add = (field: string, validator: Validator) => {
    out[field] = [...(out[field] ?? []), validator];
  };
  for (const rule of decl.rules ?? []) {
    if (rule.kind === 'requiredWhen') {
      const { when } = rule;
      add(rule.field, (value: unknown, values: Record<string, unknown> | undefined) =>
        comparable(value) === undefined && when.in.includes(String(values?.[when.field]))
          ? 'ra.validation.required'
          : undefined,
      );
      continue;
    }
    const first = decl.fields.find((f) => f.name === rule.first);
    if (!first) throw new Error(`${decl.name}: rule names no field ${rule.first}`);
    const message =
      first.type === 'date' || first.type === 'datetime'
        ? 'builders.rules.order_date'
        : 'builders.rules.order';
    add(rule.last, (value: unknown, values: Record<string, unknown> | undefined) => {
      const a = comparable(values?.[rule.first]);
      const b = comparable(value);
      if (a === undefined || b === undefined) return undefined;
      return a > b ? { message, args: { field: label(fieldLabelKey(decl.name, first)) } } : undefined;
    });
  }
  for (const f of decl.fields) {
    if (!('placeholders' in f) || f.placeholders !== true) continue;
    add(f.name, (value: unknown) => {
      const names = typeof value === 'string' ? unknownPlaceholders(value) : [];
      return names.length === 0
        ? undefined
        : {
            message: 'builders.rules.placeholders',
            args: {
              unknown: names.map((n) => `{${n}}`).join(', '),
              known: PUSH_PLACEHOLDERS.map((n) => `{${n}}`).join(' '),
            },
          };
    });
  }
  return out;
};

/** `limitValidators` of the field `name` of `decl`; a name the declaration lacks is a programming error. */
export const declaredLimits = (decl: ResourceDeclaration, name: string): Validator[] => {
  const field = decl.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${decl.name} declares no field ${name}`);
  return limitValidators(field);
};

/** What the server accepts for an `image` field: a web address or a file store address; blank passes. */
export const imageAddress =
  (message: string): Validator =>
  (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' && !new RegExp(IMAGE_ADDRESS_PATTERN).test(value.trim())
      ? message
      : undefined;

/** A web address the server accepts for a `url` field (`^https?://`); blank passes (required() says). */
export const webAddress =
  (message: string): Validator =>
  (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' && !/^https?:\/\/\S+$/i.test(value.trim())
      ? message
      : undefined;
