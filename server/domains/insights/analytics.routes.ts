// GET /analytics: the programme's figures over a date range grouped by company, brand or store
// (server/domains/insights/analytics.ts), for whoever may view analytics, inside their scope.
import { Type } from 'typebox';
import { ANALYTICS_GROUPS, ANALYTICS_PATH } from '../../../contract/analytics';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { resolveCountry } from '../../platform/countries';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { AnalyticsAnswerSchema } from '../../resources/answers-operations';
import { callerOf } from '../access/caller';
import { analyticsFor } from './analytics';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const analyticsRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  app.get(
    `${BASE_PATHS.main}${ANALYTICS_PATH}`,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Stamps, cards, vouchers, members and pushes over a date range, by company, brand or store',
        description:
          'Days of the X-Country country’s calendar, from and to included (at most 366). Scoped like the lists; 8001 when the aggregates fail.',
        querystring: Type.Object(
          {
            from: Day,
            to: Day,
            groupBy: Type.Optional(Type.Union(ANALYTICS_GROUPS.map((g) => Type.Literal(g)))),
          },
          { additionalProperties: false },
        ),
        response: answers(AnalyticsAnswerSchema),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      // a device is refused by the service's gate (authorize: users only)
      const country = (await resolveCountry(db, request.headers['x-country'])).countryCode;
      const { from, to, groupBy = 'company' } = request.query;
      return ok(await analyticsFor(db, caller, country, { from, to, groupBy }));
    },
  );
};
