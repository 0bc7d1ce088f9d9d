// GET /member-levels/summary?companyId=: the /aotg figures (server/domains/members/levels.ts
// memberLevelSummary). Operators name any company (required); a merchant answers for their own
// company (another company's id answers 5, like a missing one). The levels themselves and the rule
// are declared tables with generic routes (resources/tables/memberLevels.ts, memberLevelRules.ts).

import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { LEVEL_MEASURES } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { MEMBER_LEVELS_SUMMARY_PATH } from '../../../contract/member-levels';
import { memberLevels } from '../../../resources/tables/memberLevels';
import { company } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { authorize, declaredGrant } from '../../resources/authorize';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { memberLevelSummary } from './levels';

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
      const asked = request.query.companyId;
      let companyId: number;
      if (caller.type === 'OPERATOR') {
        if (asked === undefined)
          throw new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'companyId', message: 'required' }]);
        const [found] = await db.select({ id: company.id }).from(company).where(eq(company.id, asked));
        if (!found) throw new AppError('NOT_FOUND', [{ field: 'companyId', message: 'no such company' }]);
        companyId = asked;
      } else {
        if (caller.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
        if (asked !== undefined && asked !== caller.companyId)
          throw new AppError('NOT_FOUND', [{ field: 'companyId', message: 'no such company' }]);
        companyId = caller.companyId;
      }
      return ok(await memberLevelSummary(db, companyId, new Date()));
    },
  );
};
