// GET /member-levels/summary?companyId=: the /aotg figures (server/domains/members/levels.ts
// memberLevelSummary). Operators name any company (required); a merchant answers for their own
// company (another company's id answers 5, like a missing one). The levels themselves and the rule
// are declared tables with generic routes (resources/tables/memberLevels.ts, memberLevelRules.ts).

import { Type } from 'typebox';
import { LEVEL_MEASURES } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { MEMBER_LEVELS_SUMMARY_PATH } from '../../../contract/member-levels';
import { memberLevels } from '../../../resources/tables/memberLevels';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { authorize, declaredGrant } from '../../resources/authorize';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { levelsCompanyOf, memberLevelSummary } from './levels';

const Count = Type.Integer({ minimum: 0 });

const MemberLevelSummarySchema = Type.Object(
  {
    companyId: Type.Integer(),
    measure: Type.Union(LEVEL_MEASURES.map((m) => Type.Literal(m))),
    windowDays: Type.Integer(),
    ruleSaved: Type.Boolean({ description: 'false: the company saved no rule and follows the default' }),
    levels: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        rank: Type.Integer(),
        threshold: Type.Integer(),
        rewardVoucherPackId: Type.Union([Type.Integer(), Type.Null()]),
        members: Count,
      }),
    ),
    noLevel: Count,
    moves: Type.Object({
      up: Count,
      down: Count,
      since: Type.String({ description: 'YYYY-MM-DD, the first day counted' }),
    }),
    byDay: Type.Array(Type.Object({ day: Type.String(), up: Count, down: Count })),
  },
  { title: 'MemberLevelSummary' },
);

export const memberLevelRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  app.get(
    `${BASE_PATHS.main}${MEMBER_LEVELS_SUMMARY_PATH}`,
    {
      schema: {
        tags: [memberLevels.name],
        summary: "A company's members per level now and the level moves of the last 30 days",
        description:
          'Operators name the company (companyId, required, else 2); a merchant with VIEW on memberLevel answers for their own company (another id answers 5). Days of byDay are the company country’s.',
        querystring: Type.Object({ companyId: Type.Optional(Id) }, { additionalProperties: false }),
        response: answers(MemberLevelSummarySchema),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      authorize(caller, declaredGrant(memberLevels, 'list'));
      const companyId = await levelsCompanyOf(db, caller, request.query.companyId);
      return ok(await memberLevelSummary(db, companyId, new Date()));
    },
  );
};
