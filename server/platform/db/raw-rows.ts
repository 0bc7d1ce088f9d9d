// The rows of a raw `db.execute(sql...)`: node-postgres and PGlite answer `{rows}`, some drivers a
// bare array. One reader for every raw statement of the server.

export const rowsOfResult = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] } | null)?.rows ?? []);
