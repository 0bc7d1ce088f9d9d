import { ERRORS, type ErrorDef, type ErrorName } from '../../contract';

/**
 * An error the client is meant to see: code, name, message and HTTP status come from the contract's
 * catalogue, so a route never invents its own wording.
 */
export class AppError<D = unknown> extends Error {
  readonly code: number;
  readonly errorName: ErrorName;
  readonly statusCode: number;
  readonly data: D | null;
  /** extra response headers, e.g. Retry-After */
  readonly headers: Record<string, string>;

  constructor(name: ErrorName, data?: D, headers: Record<string, string> = {}) {
    const def: ErrorDef = ERRORS[name];
    super(def.message);
    this.name = 'AppError';
    this.errorName = name;
    this.code = def.code;
    this.statusCode = def.status;
    this.data = data ?? null;
    this.headers = headers;
  }
}

/**
 * A refusal that says when to try again: `data.retryAfterSeconds` and the Retry-After header, in whole
 * seconds, at least 1 (a rate limit's 429, a busy database's 503).
 */
export const retryLater = (name: ErrorName, msBeforeNext: number): AppError => {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError(name, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
};

/** A code-2 error for one field, as the error handler shapes schema failures. */
export const validationError = (field: string, message: string): AppError =>
  new AppError('PARAMETER_VALIDATION_FAILED', [{ field, message }]);

/** A refusal in one line, as a ledger keeps why: its message and its first violation's ("…: 5 left in the pack"). */
export const refusalText = (err: AppError): string => {
  const first: unknown = Array.isArray(err.data) ? err.data[0] : undefined;
  const message = (first as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? `${err.message}: ${message}` : err.message;
};
