// Recognising PostgreSQL errors through the wrappers of Drizzle and the drivers (DrizzleQueryError
// keeps the driver's error in `cause`), so services can map them to catalogue errors.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** An error of PostgreSQL (or PGlite): one with a SQLSTATE `code`. */
type PgError = Record<string, unknown> & { code: string };
const isPgError = (e: Record<string, unknown>): e is PgError =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);

/** The PostgreSQL error (the one with a SQLSTATE `code`) somewhere in the cause chain. */
export const pgError = (err: unknown): PgError | undefined => {
  let e: unknown = err;
  for (let depth = 0; isObject(e) && depth < 5; depth++) {
    if (isPgError(e)) return e;
    e = e.cause;
  }
  return undefined;
};

/** The SQLSTATE of a database error, if it is one. */
export const sqlState = (err: unknown): string | undefined => pgError(err)?.code;

/** The violated unique constraint's name (SQLSTATE 23505), or undefined for any other error. */
export const uniqueViolation = (err: unknown): string | undefined => {
  const e = pgError(err);
  if (e?.code !== '23505') return undefined;
  if (typeof e.constraint === 'string') return e.constraint;
  // PGlite reports the constraint only inside the message on some versions
  const m = typeof e.message === 'string' ? /constraint "([^"]+)"/.exec(e.message) : null;
  return m?.[1] ?? '';
};

/**
 * SQLSTATEs that say the database could not do it now, not that the request is wrong: a statement
 * cancelled by the statement timeout (57014: under contention, a wait for another transaction's row
 * lock), a lock not granted in time (55P03), a deadlock or a serialisation failure PostgreSQL broke
 * (40P01, 40001), no connection slot left (53300), a server starting or shutting down (57P03, 57P01).
 * The same request may pass when sent again, and every operation takes an Idempotency-Key, so
 * sending it again is safe.
 */
const TRANSIENT_STATES = new Set(['57014', '55P03', '40P01', '40001', '53300', '57P03', '57P01']);

/** True when the error is one the database may not raise again for the same request (TRANSIENT_STATES). */
export const isTransientDbError = (err: unknown): boolean => {
  const state = sqlState(err);
  return state !== undefined && TRANSIENT_STATES.has(state);
};
