// Scheduled exports (issue 27 item 4, docs/api.md "Scheduled exports"): a list's view (filter, sort,
// search, columns) e-mailed as the list's own CSV every day or week to named addresses, in the scope
// of its creator as loaded when it runs. Server, portal and tests read these names and limits.
import type { Filter } from './list-query';

export const EXPORT_EVERY = ['DAY', 'WEEK'] as const;
export type ExportEvery = (typeof EXPORT_EVERY)[number];

/** ACTIVE runs when due; STOPPED by its owner (or someone who sees it); FAILED: its creator may no longer export it. */
export const SCHEDULED_EXPORT_STATES = ['ACTIVE', 'STOPPED', 'FAILED'] as const;
export type ScheduledExportState = (typeof SCHEDULED_EXPORT_STATES)[number];

/** The outcome of a schedule's last run. */
export const EXPORT_RUN_RESULTS = ['SENT', 'FAILED'] as const;
export type ExportRunResult = (typeof EXPORT_RUN_RESULTS)[number];

export const SCHEDULED_EXPORT_LIMITS = {
  /** addresses a schedule mails */
  recipientsMax: 10,
  /** filters of a schedule's view (the list takes as many; a saved view needs no more) */
  filtersMax: 50,
  sortsMax: 5,
  columnsMax: 100,
  /** rows a mailed CSV holds at most: the rest are left out and the mail says so */
  rowsMax: 10_000,
} as const;

/** The interval of each `every`, in milliseconds. */
export const EVERY_MS: Readonly<Record<ExportEvery, number>> = {
  DAY: 24 * 60 * 60 * 1000,
  WEEK: 7 * 24 * 60 * 60 * 1000,
};

/** `POST /scheduled-exports`' body. */
export interface ScheduledExportInput {
  /** a declared resource's name (`vouchers`, `members` ...) */
  resource: string;
  filter?: Filter[];
  /** `field,asc|desc`, as the list's `sort` parameter */
  sort?: string[];
  /** the list's `search` parameter: field → text */
  search?: Record<string, string>;
  /** the CSV's columns (the list's `project`); absent: every column, as the list's Export */
  columns?: string[];
  every: ExportEvery;
  to: string[];
}

/** A schedule as the API answers it. */
export interface ScheduledExport {
  id: number;
  resource: string;
  filter: Filter[];
  sort: string[];
  search: Record<string, string> | null;
  columns: string[] | null;
  every: ExportEvery;
  to: string[];
  state: ScheduledExportState;
  companyId: number | null;
  createdBy: number;
  createdByEmail: string | null;
  nextRunAt: string;
  lastRunAt: string | null;
  lastResult: ExportRunResult | null;
  lastRows: number | null;
  /** why the last run failed or the schedule stopped, in words */
  lastMessage: string | null;
  createTime: string;
}
