// A segment's reach (issue 25, docs/api.md "Segments"): how many of its company's members its filter
// picks now, the same condition a push to it is sent to (member-query.ts segmentCondition). Asked for
// a saved segment by id (the caller's company's only: another's answers 5, as the generic get does), or
// for an unsaved filter while the segment editor is being filled in.
import { and, eq } from 'drizzle-orm';
import { segments as segmentsDecl } from '../../resources/tables/segments';
import type { Db } from '../db/client';
import { segments } from '../db/schema';
import { AppError } from '../errors';
import { authorize, declaredGrant } from '../resources/authorize';
import { WRITE_CHECKS } from '../resources/checks';
import type { Caller } from '../resources/principal';
import { callerScopeOf } from '../resources/row-scope';
import type { DbOrTx } from './audit';
import { segmentReachCount } from './member-query';

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
  await WRITE_CHECKS.segments?.check(db, { filter: body.filter }, companyId);
  return { members: await reachOf(db, companyId, body.filter) };
};
