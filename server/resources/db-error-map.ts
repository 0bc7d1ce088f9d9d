// A database error on a declared table, answered as the contract's catalogue: a duplicate 409 (or the
// declaration's own code), a bad reference or value code 2, a row still referenced its `inUse` code.
import type { FieldViolation } from '../../contract/envelope';
import { fieldViolation } from '../../contract/validation';
import type { ResourceDeclaration } from '../../resources/types';
import { pgError } from '../platform/db/errors';
import { fieldOfConstraint } from '../platform/db/naming';
import { AppError } from '../platform/errors';
import { isInvalidRegexError } from '../platform/list/regex';

interface PgErrorInfo {
  code: string;
  constraint?: string;
  column?: string;
}

const pgErrorInfo = (err: unknown): PgErrorInfo | undefined => {
  const e = pgError(err);
  if (!e) return undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  const constraint =
    typeof e.constraint === 'string' ? e.constraint : /constraint "([^"]+)"/.exec(message)?.[1];
  const column = typeof e.column === 'string' ? e.column : /column "([^"]+)"/.exec(message)?.[1];
  return {
    code: e.code,
    ...(constraint ? { constraint } : {}),
    ...(column ? { column } : {}),
  };
};

const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Maps a database error to the catalogue: duplicates 409, bad references and values code 2. */
export const mapDbError = (decl: ResourceDeclaration, err: unknown, deleting = false): unknown => {
  if (err instanceof AppError) return err;
  if (isInvalidRegexError(err)) {
    return new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'filter', message: 'regex is not valid' }]);
  }
  const info = pgErrorInfo(err);
  if (!info) return err;
  const field = (info.constraint && fieldOfConstraint(decl, info.constraint)) || undefined;
  const violation = (message: string): FieldViolation[] => [{ field: field ?? 'body', message }];
  switch (info.code) {
    case '23505': {
      const declared = (decl.uniques ?? []).find((u) => u.name === info.constraint);
      if (declared)
        return new AppError(declared.error, [
          { field: declared.fields.at(-1) ?? 'body', message: 'already exists' },
        ]);
      const own = field ? decl.errors?.duplicate?.[field] : undefined;
      return new AppError(own ?? 'ALREADY_EXISTS', violation('already exists'));
    }
    case '23001': // restrict_violation: ON DELETE RESTRICT refuses before 23503 could
      return new AppError(decl.errors?.inUse ?? 'STILL_REFERENCED');
    case '23503':
      return deleting
        ? new AppError(decl.errors?.inUse ?? 'STILL_REFERENCED')
        : new AppError('PARAMETER_VALIDATION_FAILED', violation('does not exist'));
    case '23514':
      return new AppError('PARAMETER_VALIDATION_FAILED', violation('is out of range'));
    case '23502':
      return new AppError('PARAMETER_VALIDATION_FAILED', [
        fieldViolation(info.column ? snakeToCamel(info.column) : 'body', 'required'),
      ]);
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
      return new AppError('PARAMETER_VALIDATION_FAILED', [
        { field: 'body', message: 'a value is not valid' },
      ]);
    case '57014':
      // statement_timeout on PostgreSQL: a filter too expensive to answer
      return new AppError('PARAMETER_VALIDATION_FAILED', [
        { field: 'filter', message: 'the query took too long; narrow the filter' },
      ]);
    default:
      return err;
  }
};

/** Runs a statement, answering its database error as the catalogue's (mapDbError). */
export const guard = async <T>(
  decl: ResourceDeclaration,
  run: () => Promise<T>,
  deleting = false,
): Promise<T> => {
  try {
    return await run();
  } catch (e) {
    throw mapDbError(decl, e, deleting);
  }
};
