// A refused operation as a form shows it: the server's message and the fields it names, and those of
// the form's own fields in the shape react-admin's Form takes as submission errors.
import type { FieldViolation } from '../../../contract';
import { toApiErrorLike } from '../apiError';

export interface OperationFailure {
  message: string;
  fields: FieldViolation[];
  /** the envelope's code, when the server answered one */
  code?: number;
}

const isViolation = (v: unknown): v is FieldViolation =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Record<string, unknown>).field === 'string' &&
  typeof (v as Record<string, unknown>).message === 'string';

export const failureOf = (error: unknown): OperationFailure => {
  const e = toApiErrorLike(error);
  return {
    message: e.message,
    fields: Array.isArray(e.data) ? e.data.filter(isViolation) : [],
    ...(e.code !== undefined ? { code: e.code } : {}),
  };
};

/** The failure's violations on the form's own fields, as react-admin's Form takes submission errors. */
export const fieldErrorsOf = (failure: OperationFailure, fields: readonly string[]): Record<string, string> =>
  Object.fromEntries(failure.fields.filter((v) => fields.includes(v.field)).map((v) => [v.field, v.message]));
