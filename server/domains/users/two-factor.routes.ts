// Two-factor enrolment of the signed-in user (docs/api.md "Two-factor sign-in"): start, confirm, turn
// off. The sign-in's second step, POST /auth/two-factor, lives with the other auth calls.
import { Type } from '@fastify/type-provider-typebox';
import {
  BASE_PATHS,
  ok,
  TWO_FACTOR_CODE_MAX_LENGTH,
  TWO_FACTOR_CONFIRM_PATH,
  TWO_FACTOR_PATH,
} from '../../../contract';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers, NoData } from '../../resources/answers';
import type { SignedInUser } from '../../resources/principal';
import { signedInUserOf } from '../access/caller';
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  type TwoFactorDeps,
  twoFactorStatus,
} from './two-factor';

export const TwoFactorCode = Type.String({ minLength: 1, maxLength: TWO_FACTOR_CODE_MAX_LENGTH });
const CodeBody = Type.Object({ code: TwoFactorCode }, { additionalProperties: false });

const EnrolmentSchema = Type.Object(
  {
    secret: Type.String({ description: 'base32, for typing into the app by hand' }),
    otpauthUrl: Type.String({ description: 'otpauth://totp/… for the QR code' }),
    recoveryCodes: Type.Array(Type.String(), { description: 'shown once; each works once' }),
  },
  { title: 'TwoFactorEnrolment' },
);

const tags = ['auth'];
// a login that must enrol first may call these (the auth gate's openBeforeTwoFactor), and so may a
// merchant whose signup is waiting: their own account's safety is no business write
const open = { openBeforeTwoFactor: true, openBeforeApproval: true } as const;

export const twoFactorRoutes: RoutePlugin = async (app) => {
  const deps = { db: app.db, config: app.config };
  const main = BASE_PATHS.main;

  app.get(
    `${main}${TWO_FACTOR_PATH}`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Whether the caller has a second factor, and whether the product requires one of them',
        response: answers(
          Type.Object(
            { twoFactorEnabled: Type.Boolean(), twoFactorRequired: Type.Boolean() },
            { title: 'TwoFactorStatus' },
          ),
        ),
      },
    },
    async (request) => {
      const me = await signedInUserOf(app.db, request);
      return ok(await twoFactorStatus(app.db, me.row));
    },
  );

  app.post(
    `${main}${TWO_FACTOR_PATH}`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Start enrolling a second factor (TOTP): a secret, its otpauth URL and ten recovery codes',
        description:
          'Shown once. The factor stays off until POST …/confirm with a code of the app; starting again replaces a pending enrolment. 26216 when one is already on.',
        response: answers(EnrolmentSchema),
      },
    },
    async (request, reply) => {
      const me = await signedInUserOf(app.db, request);
      reply.header('Cache-Control', 'no-store');
      return ok(await startEnrolment(deps, me.row));
    },
  );

  /** A change of the caller's own second factor that a code of theirs proves, answering nothing. */
  const withCode = (
    method: 'POST' | 'DELETE',
    url: string,
    text: { summary: string; description: string },
    change: (d: TwoFactorDeps, user: SignedInUser['row'], code: string) => Promise<void>,
  ) =>
    app.route({
      method,
      url,
      config: open,
      schema: { tags, ...text, body: CodeBody, response: answers(NoData) },
      handler: async (request) => {
        const me = await signedInUserOf(app.db, request);
        await change(deps, me.row, request.body.code);
        return ok(null);
      },
    });

  withCode(
    'POST',
    `${main}${TWO_FACTOR_CONFIRM_PATH}`,
    {
      summary: 'Turn the pending second factor on with a code of the app',
      description: '26213 for a wrong code; 26217 when no enrolment was started; 26216 when already on.',
    },
    confirmEnrolment,
  );
  withCode(
    'DELETE',
    `${main}${TWO_FACTOR_PATH}`,
    {
      summary: 'Turn the second factor off with a code of the app or a recovery code',
      description: '26213 for a wrong code; 26217 when none is on.',
    },
    disableTwoFactor,
  );
};
