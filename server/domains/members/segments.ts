// A segment's reach (issue 25, docs/api.md "Segments"): how many of its company's members its filter
// picks now, the same condition a push to it is sent to (member-query.ts segmentCondition). Asked for
// a saved segment by id (the caller's company's only: another's answers 5, as the generic get does), or
// for an unsaved filter while the segment editor is being filled in.
import { and, eq } from 'drizzle-orm';
import type { FieldViolation } from '../../../contract/envelope';
import { segments as segmentsDecl } from '../../../resources/tables/segments';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { segments } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { authorize, declaredGrant } from '../../resources/authorize';
import type { WriteCheck } from '../../resources/extensions';
import type { Caller } from '../../resources/principal';
import { callerScopeOf } from '../../resources/row-scope';
import type { Row } from '../../resources/rules';
import { segmentCondition, segmentReachCount } from './query';

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

/** What the generic service checks before a segment is written (server/domains/tables/extensions.ts). */
export const SEGMENT_CHECK: WriteCheck = { fields: ['filter'], check: segmentFilterParses };

/** How many members of company `companyId` the filter picks now. */
export const reachOf = (db: DbOrTx, companyId: number, filter: unknown): Promise<number> =>
  segmentReachCount(db, companyId, filter);

/** `GET /segments/{id}/reach`: the saved segment's members now. */
export const segmentReach = async (db: Db, caller: Caller, id: number): Promise<{ members: number }> => {
  authorize(caller, declaredGrant(segmentsDecl, 'get'));
  const [row] = await db
    .select({ companyId: segments.companyId, filter: segments.filter })
    .from(segments)
    .where(and(eq(segments.id, id), callerScopeOf(segmentsDecl, segments, caller)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { members: await reachOf(db, row.companyId, row.filter) };
};

/**
 * `POST /segments/reach`: an unsaved filter's members now, of the caller's company (an operator names
 * it). A filter that would not save (code 2 naming `filter`) is refused here the same way.
 */
export const filterReach = async (
  db: Db,
  caller: Caller,
  body: { filter: unknown[]; companyId?: number | undefined },
): Promise<{ members: number }> => {
  authorize(caller, declaredGrant(segmentsDecl, 'list'));
  const companyId = caller.type === 'OPERATOR' ? body.companyId : caller.companyId;
  if (companyId === undefined || companyId === null)
    throw new AppError(
      caller.type === 'OPERATOR' ? 'PARAMETER_VALIDATION_FAILED' : 'USER_HAS_NO_COMPANY',
      caller.type === 'OPERATOR' ? [{ field: 'companyId', message: 'is required' }] : undefined,
    );
  segmentFilterParses(db, { filter: body.filter }, companyId);
  return { members: await reachOf(db, companyId, body.filter) };
};
