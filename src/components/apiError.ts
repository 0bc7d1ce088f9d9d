import { ERRORS, type ErrorName, errorByCode, type FieldViolation } from '../../contract';

/** What the notices need from a failed call; read structurally so any thrown value works. */
export interface ApiErrorLike {
  code?: number;
  name?: string;
  message: string;
  requestId?: string | null;
  data?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export const toApiErrorLike = (error: unknown): ApiErrorLike => {
  if (!isRecord(error)) return { message: typeof error === 'string' ? error : '' };
  const code = typeof error.code === 'number' ? error.code : undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  return {
    code,
    // A plain Error's name is 'Error': only a catalogue name is worth showing.
    name:
      typeof error.name === 'string' && error.name !== 'Error' ? error.name : errorByCode(code ?? -1)?.name,
    message: message || (code !== undefined ? (errorByCode(code)?.message ?? '') : ''),
    requestId: typeof error.requestId === 'string' ? error.requestId : null,
    data: error.data,
  };
};

const isViolation = (v: unknown): v is FieldViolation =>
  isRecord(v) && typeof v.field === 'string' && typeof v.message === 'string';

/**
 * The lines of an error notice (spec section 8): the message, then the code and the first 4
 * characters of the request id, then the error's name; for code 2 each field (named by `labelOf`,
 * e.g. the form's label of it) with its violation (`messageOf`: in the user's language).
 */
export const apiErrorLines = (
  error: unknown,
  fallbackMessage = '',
  labelOf: (field: string) => string = (field) => field,
  messageOf: (violation: FieldViolation) => string = (v) => v.message,
): string[] => {
  const e = toApiErrorLike(error);
  const lines: string[] = [e.message || fallbackMessage];
  if (e.code === 2 && Array.isArray(e.data)) {
    for (const v of e.data) if (isViolation(v)) lines.push(`${labelOf(v.field)}: ${messageOf(v)}`);
  }
  if (e.code !== undefined)
    lines.push(e.requestId ? `${e.code} · ${e.requestId.slice(0, 4)}` : String(e.code));
  if (e.name) lines.push(e.name);
  return lines.filter((l) => l !== '');
};

/** True when `error` is the catalogue error `name` (matched by code, so any thrown shape works). */
export const isApiError = (error: unknown, name: ErrorName): boolean =>
  toApiErrorLike(error).code === ERRORS[name].code;

/** The error's `data` (e.g. the reset token of 26202), or undefined. */
export const apiErrorData = (error: unknown): unknown => toApiErrorLike(error).data;

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
/** A whole number of seconds or the like in response header `name` of a failed call, if it carries one. */
export const numberHeaderOf = (error: unknown, name: string): number | undefined => {
  if (!isRecord(error)) return undefined;
  const candidates = [error.headers, isRecord(error.response) ? error.response.headers : undefined];
  for (const h of candidates) {
    if (h && typeof (h as Headers).get === 'function') {
      const raw = (h as Headers).get(name);
      const n = raw === null ? Number.NaN : Number(raw);
      if (Number.isFinite(n) && n >= 0) return n;
    }
  }
  return undefined;
};

export const retryAfterSeconds = (error: unknown): number | undefined => numberHeaderOf(error, 'Retry-After');
