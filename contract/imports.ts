// CSV imports (issue 27 item 3, docs/api.md "Importing a file"): members (mobile, name) and bulk voucher
// issues (mobile, pack, quantity) from a file. A dry run answers row by row what would happen; a real
// run is a job (server/domains/integrations/imports.ts) whose progress `GET /imports/{id}` reports. The portal's
// Import screen, the server and the tests read these.

export const IMPORT_KINDS = ['members', 'voucherIssues'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** The columns each kind reads by header name (any order; other columns are ignored). */
export const IMPORT_COLUMNS = {
  members: { required: ['mobile'], optional: ['name', 'birthday'] },
  voucherIssues: { required: ['mobile', 'pack', 'quantity'], optional: [] },
} as const satisfies Record<ImportKind, { required: readonly string[]; optional: readonly string[] }>;

/** The largest file taken, in bytes of UTF-8 (about 100,000 rows of either kind with room to spare). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** The most data rows (the header not counted) one file may hold. */
export const IMPORT_MAX_ROWS = 100_000;
/** The most vouchers one row may issue (as one issue call: server/domains/vouchers/vouchers.routes.ts ISSUE_MAX). */
export const IMPORT_ROW_QUANTITY_MAX = 100;
/** The rows `GET /imports/{id}` answers at most (the first by line: failed and already imported). */
export const IMPORT_ROWS_SHOWN = 1000;
/** How often the portal asks for an import's progress, in ms. */
export const IMPORT_POLL_MS = 1000;

/** The message of a row of a file that was already imported (the same file, the same line). */
export const ALREADY_IMPORTED = 'already imported';

/** POST /imports */
export interface ImportBody {
  kind: ImportKind;
  /** the file's text (UTF-8; a BOM, quoted fields and CRLF are read) */
  csv: string;
  dryRun: boolean;
  /** operators name the company; a merchant's is their own */
  companyId?: number;
}

/** One row of a file: its line in the file (the header is line 1), whether it went (or would go) through, why. */
export interface ImportRowResult {
  line: number;
  ok: boolean;
  message: string;
}

/** What a dry run answers: every row, nothing written. */
export interface ImportDryRun {
  rows: ImportRowResult[];
}

/** What a real run answers at once: the import job. */
export interface ImportStarted {
  id: number;
  state: ImportState;
}

/** GET /imports/{id}: rows done and failed so far, and the rows worth reading (failed, already imported). */
export interface ImportStatus {
  id: number;
  kind: ImportKind;
  state: ImportState;
  total: number;
  done: number;
  failed: number;
  rows: ImportRowResult[];
}
