import { QueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../contract';
import { isApiError } from './httpClient';

/** How many times a read that failed in passing is asked again (react-query's default is 3). */
export const TRANSIENT_RETRIES = 2;

/** Statuses of a gateway or a server starting or draining (NOT_READY): the next try may pass. */
const PASSING_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a failed read may pass if asked again: no answer at all (the network), or a gateway's or a
 * starting server's status. An answer in the API's envelope with any other code is the server's
 * decision (not allowed, not found, invalid, a token error, a failure it reported): asking again
 * gives the same answer, so the page shows it at once. react-query's default retries every error
 * three times, 1, 2 and 4 s apart: a visitor's welcome page kept the app bar's loader turning for
 * seven seconds (its identity is asked for and refused), and a refused list showed its error as late.
 */
export const isPassingFailure = (error: unknown): boolean => {
  if (!isApiError(error)) return false;
  if (error.response === undefined) return error.code === ERRORS.API_FAILED.code;
  return PASSING_STATUSES.has(error.status);
};

/** react-query's `retry` for the portal's reads. */
export const retryPassingFailure = (failureCount: number, error: unknown): boolean =>
  failureCount < TRANSIENT_RETRIES && isPassingFailure(error);

/** The portal's query client: react-admin's, except for which failures are asked again. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: retryPassingFailure } } });
