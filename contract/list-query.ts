// The list query parameters of every paged GET (docs/contract.md "Lists").
import type { SortDirection } from './enums';

export const FILTER_OPERATORS = ['eq', 'in', 'regex', 'gte', 'lte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterValue = string | number | boolean | null;

export type Filter =
  | { field: string; op: 'eq'; value: FilterValue }
  | { field: string; op: 'in'; value: FilterValue[] }
  | { field: string; op: 'regex'; value: string }
  | { field: string; op: 'gte' | 'lte'; value: string | number };

export interface SortSpec {
  field: string;
  direction: SortDirection;
}

/** The parsed form of a list query. */
export interface ListQuery {
  page: number;
  size: number;
  sort: SortSpec[];
  project?: string[];
  search?: Record<string, string>;
  filter: Filter[];
}

/** The raw query-string form, as sent on the wire. */
export interface ListQueryParams {
  page?: string;
  size?: string;
  /** `field,asc|desc`, repeatable */
  sort?: string | string[];
  /** JSON array of field names */
  project?: string;
  /** JSON object field → text */
  search?: string;
  /** JSON array of Filter */
  filter?: string;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

/** Limits on `regex` filter patterns (checked before any pattern reaches SQL). */
export const REGEX_MAX_LENGTH = 100;
