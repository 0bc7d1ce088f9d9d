// The push notification operations' routes (docs/operations.md "Push notifications", docs/api.md "Push
// notifications"): schedule and cancel (operations: one transaction, access, Idempotency-Key, at the
// URLs of the declaration's actions), the audience preview the form shows before scheduling, and the
// member app's token registration. The generic routes of the declarations serve pushes, templates
// and deliveries. The sending itself is the job runner's (server/domains/push/push-sender.ts).
import { timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import { PUSH_AUDIENCES, PUSH_TOKEN_PLATFORMS } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { maskMobile } from '../../../contract/members';
import { fieldViolation } from '../../../contract/validation';
import { AppError } from '../../platform/errors';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers, rowSchema } from '../../resources/answers';
import { AudiencePreviewSchema, PushTokenAnswerSchema } from '../../resources/answers-operations';
import { authorize, declaredGrant } from '../../resources/authorize';
import { maySeeMembers } from '../../resources/privacy';
import { declarationOf } from '../../resources/registry';
import { Id, PHONE_PATTERN } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { operation } from '../access/operation';
import { cancelPush, registerPushToken, schedulePush } from './push';
import { previewAudience } from './push-audience';

const IdParams = Type.Object({ id: Id });
const NoBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]);
const Mobile = Type.String({ pattern: PHONE_PATTERN, maxLength: 16, description: 'E.164, e.g. +6591234567' });
export const APP_KEY_HEADER = 'x-app-key';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const pushRoutes: RoutePlugin = async (app) => {
  const { db, config } = app;
  const base = BASE_PATHS.main;
  const pushes = declarationOf('push');
  if (!pushes) throw new Error('no declaration push');

  operation(app, {
    url: `${base}/push/:id/schedule`,
    summary: 'Schedule a push (PENDING → SCHEDULED)',
    description:
      'Sent by the job runner at scheduledAt (at once when it has passed). Other states 11; one member by mobile who holds nothing of the company 2; a colleague limited to a brand schedules for that brand only (26237).',
    resource: pushes,
    action: 'UPDATE',
    params: IdParams,
    body: Type.Optional(NoBody),
    answer: rowSchema(pushes),
    run: ({ tx, caller, params }) => schedulePush(tx, caller, params.id),
  });

  operation(app, {
    url: `${base}/push/:id/cancel`,
    summary: 'Cancel a scheduled push (SCHEDULED → PENDING) before its sending starts',
    description: 'Other states, or a push whose sending has started, 11.',
    resource: pushes,
    action: 'UPDATE',
    params: IdParams,
    body: Type.Optional(NoBody),
    answer: rowSchema(pushes),
    run: ({ tx, caller, params }) => cancelPush(tx, caller, params.id),
  });

  app.get(
    `${base}/push/audience`,
    {
      schema: {
        tags: [pushes.name],
        summary: 'How many members an audience reaches now, and the placeholder values of the first',
        description:
          "Merchants for their own company; operators name the company. SEGMENT names `segmentId` (a segment of that company; another company's reaches no one). Answers `{count, sample}` (sample: `{name, mobile, brand, company, stamps, vouchers}` or null).",
        querystring: Type.Object(
          {
            companyId: Type.Optional(Id),
            audience: Type.Union(PUSH_AUDIENCES.map((a) => Type.Literal(a))),
            audienceBrandId: Type.Optional(Id),
            audienceStoreId: Type.Optional(Id),
            audienceMobile: Type.Optional(Mobile),
            segmentId: Type.Optional(Id),
          },
          { additionalProperties: false },
        ),
        response: answers(AudiencePreviewSchema),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      authorize(caller, declaredGrant(pushes, 'list'));
      const q = request.query;
      const companyId = caller.type === 'OPERATOR' ? q.companyId : (caller.companyId ?? undefined);
      if (companyId === undefined)
        throw new AppError('PARAMETER_VALIDATION_FAILED', [fieldViolation('companyId', 'required')]);
      const preview = await previewAudience(db, caller, {
        companyId,
        audience: q.audience,
        audienceBrandId: q.audienceBrandId ?? null,
        audienceStoreId: q.audienceStoreId ?? null,
        audienceMobile: q.audienceMobile ?? null,
        segmentId: q.segmentId ?? null,
      });
      // the sample member's mobile, whole only to who may view members (server/resources/privacy.ts)
      const { sample } = preview;
      return ok(
        sample && !maySeeMembers(caller)
          ? { ...preview, sample: { ...sample, mobile: maskMobile(sample.mobile) } }
          : preview,
      );
    },
  );

  app.post(
    `${base}/members/push-tokens`,
    {
      config: { public: true },
      schema: {
        tags: ['members'],
        summary: "The member app registers a member's push token",
        description:
          'Called by the member app with its key in `X-App-Key` (MEMBER_APP_KEY; unset: 26237 for every call). A token registered again moves to the mobile given. Answers `{mobile, platform}`.',
        headers: Type.Object({ [APP_KEY_HEADER]: Type.Optional(Type.String({ maxLength: 512 })) }),
        body: Type.Object(
          {
            mobile: Mobile,
            token: Type.String({ minLength: 1, maxLength: 4096, pattern: '^\\S+$' }),
            platform: Type.Union(PUSH_TOKEN_PLATFORMS.map((p) => Type.Literal(p))),
          },
          { additionalProperties: false },
        ),
        response: answers(PushTokenAnswerSchema),
      },
    },
    async (request) => {
      const given = request.headers[APP_KEY_HEADER];
      if (!config.memberAppKey || typeof given !== 'string' || !sameSecret(given, config.memberAppKey))
        throw new AppError('ACCESS_DENIED', [
          { field: APP_KEY_HEADER, message: 'is not the member app key' },
        ]);
      return ok(await registerPushToken(db, request.body));
    },
  );
};
