// GET /maintenance: the maintenance window on now and the next one, public (the member app asks it
// before signing in; the portal shows operators a banner while one is on).
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { MAINTENANCE_PATH } from '../../../contract/maintenance';
import { COUNTRY_CODE_PATTERN } from '../../platform/countries';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { MaintenanceAnswerSchema } from '../../resources/answers-settings';
import { maintenanceNow } from './maintenance';

export const maintenanceRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  app.get(
    `${BASE_PATHS.main}${MAINTENANCE_PATH}`,
    {
      config: { public: true },
      schema: {
        tags: ['config'],
        summary: 'The maintenance window on now and the next one',
        description:
          "Public. Enabled windows for every country, and the named country's when `country` is given.",
        querystring: Type.Object(
          { country: Type.Optional(Type.String({ pattern: COUNTRY_CODE_PATTERN })) },
          { additionalProperties: false },
        ),
        response: answers(MaintenanceAnswerSchema),
      },
    },
    async (request) => ok(await maintenanceNow(db, request.query.country ?? null)),
  );
};
