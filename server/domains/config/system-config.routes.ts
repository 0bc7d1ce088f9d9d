// GET /system-config/public: the System Config settings shown to anyone (the Help page's support
// contact), without a token. Operators manage every setting through the declared systemConfig table.
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { SYSTEM_SETTINGS_PUBLIC_PATH } from '../../../contract/system-config';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { PublicSystemSettingsSchema } from '../../resources/answers-settings';
import { publicSystemSettings } from './system-config';

export const systemConfigRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  app.get(
    `${BASE_PATHS.main}${SYSTEM_SETTINGS_PUBLIC_PATH}`,
    {
      config: { public: true },
      schema: {
        tags: ['config'],
        summary: 'The public system settings (support contact)',
        description: 'Public. Each setting that is set, by key; unset keys are absent.',
        response: answers(PublicSystemSettingsSchema),
      },
    },
    async () => ok(await publicSystemSettings(db)),
  );
};
