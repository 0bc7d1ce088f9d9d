// Recognising PostgreSQL errors through the wrappers of Drizzle and the drivers (DrizzleQueryError
// keeps the driver's error in `cause`), so services can map them to catalogue errors.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The PostgreSQL error (the one with a SQLSTATE `code`) somewhere in the cause chain. */
const pgError = (err: unknown): Record<string, unknown> | undefined => {
  let e: unknown = err;
  for (let depth = 0; isObject(e) && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause;
  }
  return undefined;
};

/** The SQLSTATE of a database error, if it is one. */
export const sqlState = (err: unknown): string | undefined => pgError(err)?.code as string | undefined;

/** The violated unique constraint's name (SQLSTATE 23505), or undefined for any other error. */
export const uniqueViolation = (err: unknown): string | undefined => {
  const e = pgError(err);
  if (e?.code !== '23505') return undefined;
  if (typeof e.constraint === 'string') return e.constraint;
  // PGlite reports the constraint only inside the message on some versions
  const m = typeof e.message === 'string' ? /constraint "([^"]+)"/.exec(e.message) : null;
  return m?.[1] ?? '';
};
