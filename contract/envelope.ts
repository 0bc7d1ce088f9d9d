// The response envelope of every call (docs/contract.md "Envelope").

export const ENVELOPE_TYPE = 'CR' as const;

export interface PageInfo {
  /** 0-based page number */
  number: number;
  size: number;
  /** left out under X-No-Count */
  totalPages?: number;
  /** left out under X-No-Count */
  totalElements?: number;
  /**
   * true when `totalElements` (and `totalPages`) are the database planner's estimate, not a count:
   * an operator's unfiltered list of a table above 100,000 rows (docs/api.md "Lists")
   */
  totalEstimated?: true;
  /**
   * On a full page of a declared resource's list: send it back as `cursor` (same filters and sort) for
   * the rows after this page's last one, at any depth without OFFSET (docs/api.md "Lists").
   */
  cursor?: string;
}

export interface SuccessEnvelope<T> {
  type: typeof ENVELOPE_TYPE;
  code: 0;
  data: T;
  page?: PageInfo;
}

export interface FieldViolation {
  field: string;
  /** in plain English; a client shows its own language's sentence for `key` when it has one */
  message: string;
  /** a schema failure's stable message key, `validation.<name>` (contract/validation.ts) */
  key?: string;
  /** the key's placeholders, e.g. {max: 20} */
  params?: Record<string, string | number>;
}

export interface FailureEnvelope<D = unknown> {
  type: typeof ENVELOPE_TYPE;
  code: number;
  name: string;
  message: string;
  data: D;
}

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export const isFailure = <T>(e: Envelope<T>): e is FailureEnvelope => e.code !== 0;

export const ok = <T>(data: T, page?: PageInfo): SuccessEnvelope<T> =>
  page ? { type: ENVELOPE_TYPE, code: 0, data, page } : { type: ENVELOPE_TYPE, code: 0, data };
