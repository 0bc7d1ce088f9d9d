// Checks a declaration's rules cannot say, run by the generic service (service.ts) on a create and an
// update before it writes: the row as it would be stored (an update's changes over the stored row) and
// its company. A check throws the contract's error (code 2 naming the field) or answers nothing. One
// entry per declaration that needs one, as VISIBILITY (visibility.ts) holds the extra read conditions.
import type { FieldViolation } from '../../contract/envelope';
import { AppError } from '../errors';
import type { DbOrTx } from '../services/audit';
import { segmentCondition } from '../services/member-query';
import type { Row } from './rules';

export interface WriteCheck {
  /** the fields it reads: a bulk update naming none of them needs no check (each row is read alone) */
  fields: readonly string[];
  check: (db: DbOrTx, row: Row, companyId: number | null) => void | Promise<void>;
}

/**
 * A segment's `filter` must be one the members list takes for a company (contract/members.ts
 * MEMBER_FILTER_FIELDS): it is parsed as its reach and a push to it will parse it. A filter that does
 * not parse is code 2 naming `filter`, each message saying which item and what is wrong with it.
 */
const segmentFilterParses = (db: DbOrTx, row: Row, companyId: number | null): void => {
  try {
    // the condition is only built here, never run: any company parses a filter the same way
    segmentCondition(db, companyId ?? 0, row.filter);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const inner = Array.isArray(err.data) ? (err.data as FieldViolation[]) : [];
    const violations: FieldViolation[] =
      inner.length > 0
        ? inner.map((v) => ({ field: 'filter', message: `${v.field}: ${v.message}` }))
        : [{ field: 'filter', message: err.message }];
    throw new AppError('PARAMETER_VALIDATION_FAILED', violations);
  }
};

/** The checks by declaration name. */
export const WRITE_CHECKS: Readonly<Record<string, WriteCheck>> = {
  segments: { fields: ['filter'], check: segmentFilterParses },
};
