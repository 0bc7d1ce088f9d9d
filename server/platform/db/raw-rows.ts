// The rows of a raw `db.execute(sql...)`: node-postgres and PGlite answer `{rows}`, some drivers a
// bare array. One reader for every raw statement of the server.

export const rowsOfResult = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] } | null)?.rows ?? []);

/** How many rows a raw write (`db.execute`, a prepared statement) touched, on either driver. */
export const affectedOfResult = (result: unknown): number => {
  const r = (result ?? {}) as { affectedRows?: number; rowCount?: number | null };
  return Number(r.affectedRows ?? r.rowCount ?? 0);
};
