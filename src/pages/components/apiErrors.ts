import { ERRORS, type ErrorName, type FieldViolation } from '../../../contract';
import { toApiErrorLike } from '../../components/apiError';

/** True when `error` is the catalogue error `name` (matched by code, so any thrown shape works). */
export const isApiError = (error: unknown, name: ErrorName): boolean =>
  toApiErrorLike(error).code === ERRORS[name].code;

/** The error's `data` (e.g. the reset token of 26202), or undefined. */
export const apiErrorData = (error: unknown): unknown => toApiErrorLike(error).data;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** For code 2: the field violations as `{ field: message }` for a react-admin form. */
export const violationsByField = (error: unknown): Record<string, string> | undefined => {
  const e = toApiErrorLike(error);
  if (e.code !== ERRORS.PARAMETER_VALIDATION_FAILED.code || !Array.isArray(e.data)) return undefined;
  const out: Record<string, string> = {};
  for (const v of e.data as unknown[]) {
    if (isRecord(v) && typeof v.field === 'string' && typeof v.message === 'string') {
      const violation = v as unknown as FieldViolation;
      out[violation.field.replace(/^\//, '').replace(/\//g, '.')] = violation.message;
    }
  }
  return Object.keys(out).length ? out : undefined;
};

/** HTTP status of a failed call when the error carries one. */
export const apiErrorStatus = (error: unknown): number | undefined => {
  if (!isRecord(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  const response = error.response;
  return isRecord(response) && typeof response.status === 'number' ? response.status : undefined;
};

/** Seconds from a Retry-After header on the failed call's response, if any. */
export const retryAfterSeconds = (error: unknown): number | undefined => {
  if (!isRecord(error)) return undefined;
  const candidates = [error.headers, isRecord(error.response) ? error.response.headers : undefined];
  for (const h of candidates) {
    if (h && typeof (h as Headers).get === 'function') {
      const raw = (h as Headers).get('Retry-After');
      const n = raw === null ? Number.NaN : Number(raw);
      if (Number.isFinite(n) && n >= 0) return n;
    }
  }
  return undefined;
};
