// GET /dashboard: the home page's figures for the caller (server/domains/insights/dashboard.ts).
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { resolveCountry } from '../../platform/countries';
import { AppError } from '../../platform/errors';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { DashboardAnswerSchema } from '../../resources/answers-operations';
import { callerOf } from '../access/caller';
import { dashboardFor } from './dashboard';

export const dashboardRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  app.get(
    `${BASE_PATHS.main}/dashboard`,
    {
      schema: {
        tags: ['dashboard'],
        summary: "The home page's figures: what waits, the last 30 days, the last 14 days by day",
        description:
          'Scoped like the lists (a merchant: its company, a brand-limited colleague: the brand); a section the caller may not view is null. Days are counted in the time zone of the X-Country country.',
        response: answers(DashboardAnswerSchema),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      if (caller.device) throw new AppError('ACCESS_DENIED');
      const country = (await resolveCountry(db, request.headers['x-country'])).countryCode;
      return ok(await dashboardFor(db, caller, country));
    },
  );
};
