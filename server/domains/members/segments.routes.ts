// A segment's reach (docs/api.md "Segments"): `GET /segments/{id}/reach` for a saved segment and
// `POST /segments/reach` for a filter being edited, both `{members}`. Listing, reading and saving
// segments are the declared table's generic routes (the filter checked by server/resources/checks.ts).
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { segments } from '../../../resources/tables/segments';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { filterReach, segmentReach } from './segments';

const ReachSchema = Type.Object(
  { members: Type.Integer({ minimum: 0, description: 'members the filter picks now' }) },
  { additionalProperties: false },
);

export const segmentRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const base = `${BASE_PATHS.main}${segments.path}`;
  const tags = [segments.name];

  app.post(
    `${base}/reach`,
    {
      schema: {
        tags,
        summary: 'How many members an unsaved segment filter reaches now',
        description:
          "The segment editor's live reach. Body `{filter, companyId?}`: `filter` as a segment's (2 naming `filter` when it would not save); merchants count their own company's members, operators name `companyId`. Answers `{members}`.",
        body: Type.Object(
          { filter: Type.Array(Type.Unknown(), { maxItems: 50 }), companyId: Type.Optional(Id) },
          { additionalProperties: false },
        ),
        response: answers(ReachSchema),
      },
    },
    async (request) => ok(await filterReach(db, await callerOf(db, request), request.body)),
  );

  app.get(
    `${base}/:id/reach`,
    {
      schema: {
        tags,
        summary: 'How many members a segment reaches now',
        description:
          "The members of the segment's company its filter picks now, as a push to it sent now would reach. Another company's segment answers 5. Answers `{members}`.",
        params: Type.Object({ id: Id }),
        response: answers(ReachSchema),
      },
    },
    async (request) => ok(await segmentReach(db, await callerOf(db, request), request.params.id)),
  );
};
