// The list query's types (docs/api.md "Lists"): a resource's allow-list of fields (ListSpec), the raw
// query as it arrives and the parsed list the page query runs. Read by the parser (list-query.ts), the
// cursors (list-cursor.ts) and the page query (list-page.ts).
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FieldViolation } from '../../../contract/envelope';
import type { ErrorName } from '../../../contract/errors';
import type { FilterOperator } from '../../../contract/list-query';

export const FIELD_TYPES = ['text', 'number', 'boolean', 'datetime', 'enum'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a resource as the list query sees it. Plain data plus a column, so a declarative
 * registry can produce it from a resource declaration and its Drizzle table. */
export interface ListField {
  column: AnyPgColumn;
  type: FieldType;
  /** choices of an `enum` field; values outside are a validation error */
  values?: readonly string[];
  /** operators this field may be filtered with; none when absent */
  filter?: readonly FilterOperator[];
  sort?: boolean;
  search?: boolean;
  /** false hides the field from projections and from the default selection */
  project?: boolean;
  /**
   * Whether a trigram index serves this field's search and regex filter. Undefined: not known (a
   * hand-written list), and the large-table rule (`listLimits`) leaves the field alone.
   */
  trigram?: boolean;
  /**
   * A search on this field matches the whole value only, never a part (a member's mobile for a caller
   * who may not view members: server/resources/privacy.ts): staff at the counter type the number.
   */
  exactSearch?: boolean;
}

/** Every resource's spec must name `id`: it is the sort tie-breaker and always projected. */
export type ListSpec = { id: ListField } & Record<string, ListField>;

export interface ListQueryOptions {
  /** sort used when the request names none (before the `id` tie-breaker) */
  defaultSort?: readonly { field: string; direction: 'asc' | 'desc' }[];
  /**
   * Fields the route adds to each row itself (not columns; never filtered, sorted or searched):
   * `project` may name them, and no projection means all of them. Names of the spec win.
   */
  computed?: readonly string[];
}

/** The raw query, as Fastify hands it over (a repeated `sort` arrives as an array). */
export interface RawListQuery {
  page?: unknown;
  size?: unknown;
  sort?: unknown;
  project?: unknown;
  search?: unknown;
  filter?: unknown;
  /** the `cursor` a previous page's page object returned: continue after its last row (keyset) */
  cursor?: unknown;
  [other: string]: unknown;
}

/** One column of the effective order, the `id` tie-breaker last: what a cursor holds values of. */
export interface SortKey {
  name: string;
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
}

export interface ParsedList {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** the projection, ready for `db.select(columns)`; always holds `id` */
  columns: Record<string, AnyPgColumn>;
  /** the `computed` fields (ListQueryOptions) the projection asks for, in the options' order */
  computed: string[];
  page: number;
  size: number;
  /** the effective order's columns, `id` last (the keyset a cursor continues on) */
  keys: SortKey[];
  /** true when the request continued from a cursor (then `offset` is 0) */
  continued: boolean;
  /** `where` without the cursor's condition: what the total counts */
  whereWithoutCursor: SQL | undefined;
  /** the search and regex conditions no index answers: refused on a large table (`listLimits`) */
  scans: FieldViolation[];
}

export interface ListQueryFailure {
  name: Extract<ErrorName, 'PARAMETER_VALIDATION_FAILED' | 'JSON_PARSE_FAILED'>;
  data: FieldViolation[];
}

export type ListQueryResult = { ok: true; value: ParsedList } | { ok: false; error: ListQueryFailure };
