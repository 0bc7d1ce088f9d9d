import { type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BASE_PATHS,
  DEVICE_ID_HEADER,
  HEADERS,
  ok,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../contract';
import { AppError } from '../../platform/errors';
import type { RouteApp, RoutePlugin } from '../../platform/http/app-types';
import { LoginThrottle, MailThrottle } from '../../platform/rate-limit';
import { answers, NoData } from '../../resources/answers';
import { ActivatedUserSchema, LoggedInUserSchema, SignedInDeviceSchema } from '../../resources/answers-users';
import { recordFailedSignIn, userAgentOf } from '../access/account-security';
import { authenticate } from '../access/guard';
import { redeemRefreshToken, revokeLogin } from '../access/sessions';
import { loginDevice } from '../devices/devices';
import {
  activateByEmail,
  deviceIdFrom,
  issueLogin,
  type LoginOutput,
  login,
  refreshAccessToken,
  resetPassword,
  rotateRefreshToken,
  sendForgetPasswordEmail,
  verifyForgetPasswordToken,
} from './sign-in';
import { spendChallenge } from './two-factor';
import { TwoFactorCode } from './two-factor.routes';

const Email = Type.String({ format: 'email', maxLength: 254 });
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const ActionToken = Type.String({ minLength: 1, maxLength: 256 });

const DEVICE_HEADER = DEVICE_ID_HEADER.toLowerCase();
/** What a call answers when it only works (the tokens, if any, come back in headers). */
const nothing = answers(NoData);
const tokensIn = (headers: string) => `Success (code 0); the tokens are in ${headers}`;
/** The answer of a sign-in: `data` as `schema`, the login's tokens in both headers. */
const signedInAnswer = (schema: TSchema) =>
  answers(schema, { description: tokensIn('X-Access-Token and X-Refresh-Token') });
const publicRoute = { public: true } as const;
const tags = ['auth'];

const refreshHeader = (request: FastifyRequest): string => {
  const value = request.headers['x-refresh-token'];
  if (typeof value !== 'string' || value.trim() === '') throw new AppError('HEADER_MISSING');
  return value.trim();
};

// Tokens must never sit in a shared cache.
const noStore = (reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-store');

/** A user's login answered: the tokens in their headers (never cached), the user in the envelope. */
const signedIn = (reply: FastifyReply, login: LoginOutput) => {
  noStore(reply)
    .header(HEADERS.accessToken, login.accessToken)
    .header(HEADERS.refreshToken, login.refreshToken);
  return ok(login.user);
};

/** What the sign-in calls share: the database, the config and the two throttles (sign-in, mail). */
interface SignInDeps {
  db: RouteApp['db'];
  config: RouteApp['config'];
  throttle: LoginThrottle;
  mailThrottle: MailThrottle;
}

/** Signing in: with a password, its second factor, and an in-store device's. */
const signInEndpoints = (r: RouteApp, deps: SignInDeps): void => {
  const { throttle } = deps;
  r.post(
    '/get-token',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Log in; tokens come back in X-Access-Token and X-Refresh-Token',
        security: [],
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
        }),
        response: signedInAnswer(LoggedInUserSchema),
      },
    },
    async (request, reply) => {
      const result = await login(deps, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        deviceId: deviceIdFrom(request.headers[DEVICE_HEADER]),
        userAgent: userAgentOf(request.headers['user-agent']),
      });
      return signedIn(reply, result);
    },
  );

  r.post(
    '/two-factor',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Finish a sign-in that get-token answered with 26212: its challenge and a code',
        description:
          'The code is a TOTP code of the app or an unused recovery code (each works once). Answers like get-token. 26213 for a wrong code (data.attemptsLeft); 26214 once the challenge is used, expired or out of attempts.',
        security: [],
        body: Type.Object({ challenge: ActionToken, code: TwoFactorCode }, { additionalProperties: false }),
        response: signedInAnswer(LoggedInUserSchema),
      },
    },
    async (request, reply) => {
      const { user, deviceId } = await spendChallenge(
        deps,
        request.body.challenge,
        request.body.code,
        // a wrong code counts like a wrong password: for this account and IP, and towards LOCK
        {
          check: (u) => throttle.check(u.email, request.ip, u.signInsClearedAt),
          fail: async (u) => {
            await throttle.fail(u.email, request.ip);
            await recordFailedSignIn(deps, u.id);
          },
        },
      );
      const result = await issueLogin(deps, user, {
        deviceId,
        ip: request.ip,
        userAgent: userAgentOf(request.headers['user-agent']),
      });
      return signedIn(reply, result);
    },
  );

  r.post(
    '/device-token',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Sign an in-store device in with its serial number and secret; tokens as for get-token',
        security: [],
        body: Type.Object(
          {
            serialNo: Type.String({ minLength: 1, maxLength: 64 }),
            secret: Type.String({ minLength: 1, maxLength: 256 }),
          },
          { additionalProperties: false },
        ),
        response: signedInAnswer(SignedInDeviceSchema),
      },
    },
    async (request, reply) => {
      const result = await loginDevice(deps, {
        serialNo: request.body.serialNo,
        secret: request.body.secret,
        ip: request.ip,
      });
      noStore(reply)
        .header(HEADERS.accessToken, result.accessToken)
        .header(HEADERS.refreshToken, result.refreshToken);
      return ok(result.device);
    },
  );
};

/** A login's tokens: a new access token, a new refresh token, logging out. */
const tokenEndpoints = (r: RouteApp, deps: SignInDeps): void => {
  /** A call that trades X-Refresh-Token for a new token, sent back in the `header` it names. */
  const refreshRoute = (
    url: string,
    summary: string,
    header: typeof HEADERS.accessToken | typeof HEADERS.refreshToken,
    mint: (d: SignInDeps, refreshToken: string, deviceId: string | undefined, ip: string) => Promise<string>,
  ) =>
    r.post(
      url,
      {
        config: publicRoute,
        schema: {
          tags,
          summary,
          security: [{ refreshToken: [] }],
          response: answers(NoData, { description: tokensIn(header) }),
        },
      },
      async (request, reply) => {
        const token = await mint(
          deps,
          refreshHeader(request),
          deviceIdFrom(request.headers[DEVICE_HEADER]),
          request.ip,
        );
        noStore(reply).header(header, token);
        return ok(null);
      },
    );

  refreshRoute(
    '/refresh/token',
    'New access token for X-Refresh-Token',
    HEADERS.accessToken,
    refreshAccessToken,
  );
  refreshRoute('/refresh/refresh-token', 'Rotate X-Refresh-Token', HEADERS.refreshToken, rotateRefreshToken);

  r.post(
    '/logout',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'End the login of the access or refresh token',
        security: [{ bearer: [] }, { refreshToken: [] }],
        response: nothing,
      },
    },
    async (request) => {
      const refresh = request.headers['x-refresh-token'];
      try {
        if (typeof refresh === 'string' && refresh.trim() !== '') {
          const { session } = await redeemRefreshToken(deps.db, refresh.trim(), { rotate: false });
          await revokeLogin(deps.db, session.id, 'logout');
        } else {
          const user = await authenticate(request.headers.authorization, deps);
          await revokeLogin(deps.db, user.tid, 'logout');
        }
      } catch (e) {
        // logging out twice is not an error worth showing
        if (!(e instanceof AppError && e.errorName === 'TOKEN_ALREADY_LOGGED_OUT')) throw e;
      }
      return ok(null);
    },
  );
};

/** A forgotten password: the e-mailed link, checking it, the new password. */
const passwordEndpoints = (r: RouteApp, deps: SignInDeps): void => {
  const { mailThrottle } = deps;
  r.post(
    '/password/send/forget/email',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'E-mail a reset-password link',
        security: [],
        body: Type.Object({ email: Email }),
        response: nothing,
      },
    },
    async (request) => {
      await mailThrottle.consume(request.body.email, request.ip);
      await sendForgetPasswordEmail(deps.db, request.body.email);
      return ok(null);
    },
  );

  r.post(
    '/password/verify/forget/email',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Check a reset-password link token',
        security: [],
        body: Type.Object({ token: ActionToken }),
        response: answers(Type.Object({ email: Type.String() }), {
          description: "Success (code 0): the e-mail address of the token's user",
        }),
      },
    },
    async (request) => ok(await verifyForgetPasswordToken(deps.db, request.body.token)),
  );

  r.post(
    '/password/reset',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Set a new password with a reset-password token',
        security: [],
        body: Type.Object({ token: ActionToken, password: NewPassword }),
        response: nothing,
      },
    },
    async (request) => {
      await resetPassword(deps.db, request.body.token, request.body.password);
      return ok(null);
    },
  );
};

/**
 * Auth calls (docs/contract.md "Auth calls"), served under portal-main and aliased under portal-auth,
 * plus the e-mail activation call that lives under /user. All public: they carry their own tokens.
 */
export const authRoutes: RoutePlugin = async (app) => {
  // one throttle for both aliases, so the alias does not double an attacker's attempts
  const throttle = new LoginThrottle(app.config, {
    onFailure: () => app.metrics.loginFailures.inc(),
    store: app.throttleStore,
  });
  const deps: SignInDeps = {
    db: app.db,
    config: app.config,
    throttle,
    mailThrottle: new MailThrottle(app.config, app.throttleStore),
  };
  const endpoints: RoutePlugin = async (r) => {
    signInEndpoints(r, deps);
    tokenEndpoints(r, deps);
    passwordEndpoints(r, deps);
  };

  await app.register(endpoints, { prefix: `${BASE_PATHS.main}/auth` });
  await app.register(endpoints, { prefix: `${BASE_PATHS.auth}/auth` });

  for (const base of [BASE_PATHS.main, BASE_PATHS.auth]) {
    app.patch(
      `${base}/user/active-by-email`,
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Activate an account with the e-mailed token',
          security: [],
          body: Type.Object({ token: ActionToken, password: Type.Optional(NewPassword) }),
          response: answers(ActivatedUserSchema),
        },
      },
      async (request) => ok(await activateByEmail(app.db, request.body.token, request.body.password)),
    );
  }
};
