// Joining a programme from a store's poster (issue 26 item 4, docs/api.md "Joining from a poster"): the
// sign-up page's three public calls (no sign-in), under BASE_PATHS.main. Reading the programme is
// read-only; starting and confirming count against the IP (every request, even a malformed one) and
// the number (every code sent): rate-limit.ts KeyThrottle, counted where the login throttle counts. The rules are server/domains/join/join.ts's.
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { JOIN_OTP, PUBLIC_PATHS, REFERRAL_PARAM } from '../../../contract/pocket';
import { PHONE_PATTERN } from '../../../contract/validation';
import type { RoutePlugin } from '../../platform/http/app-types';
import { KeyThrottle } from '../../platform/rate-limit';
import { answers } from '../../resources/answers';
import { Id } from '../../resources/schemas';
import { linkKeys } from '../pocket/links';
import { confirmJoin, joinView, startJoin } from './join';

const tags = ['pocket'];
const Text = Type.String();
const TextOrNull = Type.Union([Type.String(), Type.Null()]);

/** contract/pocket.ts JoinProgrammeView */
const JoinProgrammeViewSchema = Type.Object(
  {
    programme: Type.Object({
      title: Text,
      description: TextOrNull,
      image: TextOrNull,
      stampsRequired: Type.Integer(),
    }),
    reward: Type.Union([
      Type.Object({ title: Text, value: Type.String({ description: 'exact decimal, in `currency`' }) }),
      Type.Null(),
    ]),
    brand: Type.Object({ name: Text, logo: TextOrNull, website: TextOrNull }),
    store: Type.Object({ name: Text, address: Text }),
    currency: Type.String({ description: 'ISO 4217, e.g. SGD' }),
    callingCode: Type.String({ description: "the company's country's calling code, e.g. +65" }),
    referral: Type.Union([
      Type.Object({
        campaign: Text,
        reward: Type.Object({
          title: Text,
          value: Type.String({ description: 'exact decimal, in `currency`' }),
        }),
      }),
      Type.Null(),
    ]),
  },
  { title: 'JoinProgrammeView' },
);

/** contract/pocket.ts JoinStartAnswer */
const JoinStartAnswerSchema = Type.Object(
  {
    mobile: Type.String({ description: 'the number the code went to, masked: +65••••1234' }),
    expiresInSeconds: Type.Integer(),
  },
  { title: 'JoinStartAnswer' },
);

/** contract/pocket.ts JoinConfirmAnswer (a PocketLink) */
const JoinConfirmAnswerSchema = Type.Object(
  {
    url: Type.String({ description: "the card's web card, absolute: PUBLIC_URL/c/{token}" }),
    token: Type.String(),
  },
  { title: 'JoinConfirmAnswer' },
);

const JoinParams = Type.Object({ storeId: Id, programmeId: Id });

const Ref = Type.String({
  maxLength: 64,
  description:
    "a member's referral code, from the join link their web card carries (issue 43); a bad one is ignored",
});

const ViewQuery = Type.Object({ [REFERRAL_PARAM]: Type.Optional(Ref) });

const StartBody = Type.Object(
  {
    mobile: Type.String({
      minLength: 1,
      maxLength: 32,
      description:
        "E.164 (+6588991234), or a national number of the store's country (8899 1234 at a Singapore store)",
    }),
  },
  { additionalProperties: false },
);

const ConfirmBody = Type.Object(
  {
    mobile: Type.String({ pattern: PHONE_PATTERN, maxLength: 16, description: 'E.164, e.g. +6588991234' }),
    code: Type.String({ pattern: `^[0-9]{${JOIN_OTP.length}}$`, description: 'the code the SMS carried' }),
    birthday: Type.Optional(
      Type.String({
        format: 'date',
        description:
          "YYYY-MM-DD, optional: kept on the member when they gave none before (a BIRTHDAY campaign's day)",
      }),
    ),
    [REFERRAL_PARAM]: Type.Optional(Ref),
  },
  { additionalProperties: false },
);

const limits = `${JOIN_OTP.perIpPerHour} join requests (start and confirm) per IP and ${JOIN_OTP.perNumberPerHour} codes per number an hour, then 6 (429, Retry-After).`;

export const joinRoutes: RoutePlugin = async (app) => {
  const { db, config } = app;
  const base = BASE_PATHS.main;
  const deps = { config, keys: linkKeys(config) };
  const HOUR_S = 3600;
  const perIp = new KeyThrottle(app.throttleStore, {
    keyPrefix: 'join_ip',
    points: JOIN_OTP.perIpPerHour,
    duration: HOUR_S,
  });
  const perNumber = new KeyThrottle(app.throttleStore, {
    keyPrefix: 'join_number',
    points: JOIN_OTP.perNumberPerHour,
    duration: HOUR_S,
  });
  /** every start and confirm counts against its IP, before its body is read */
  const countRequest = async (request: { ip: string }) => perIp.consume(request.ip);
  const publicRoute = { public: true } as const;
  /** PUBLIC_PATHS.join(storeId, programmeId) as a route */
  const programmePath = `${base}/public/join/:storeId/:programmeId`;

  app.get(
    programmePath,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A store poster's programme, as its sign-up page shows it (no sign-in)",
        description:
          'An ACTIVE store of an ACTIVE brand and company; the programme ACTIVE, of the store\'s brand, inside its dates and not sold out. Anything else: 5 (404) "This programme is not open for sign-up", whichever it was. With `ref` (a member\'s referral code of the same company) while a REFERRAL campaign runs, `referral` says what the friend gets after their first stamping; else null.',
        security: [],
        params: JoinParams,
        querystring: ViewQuery,
        response: answers(JoinProgrammeViewSchema),
      },
    },
    async (request) =>
      ok(
        await joinView(db, deps.keys, {
          ...request.params,
          ref: request.query[REFERRAL_PARAM],
        }),
      ),
  );

  app.post(
    `${base}${PUBLIC_PATHS.joinConfirm}`,
    {
      config: publicRoute,
      preValidation: countRequest,
      schema: {
        tags,
        summary: "Confirm a poster sign-up with the SMS's code: the member card's web card link (no sign-in)",
        description: `The right code issues the member card at the poster's store (the merchant's wallet pays the programme's price, as for any issue) and answers its link; the code is spent with it, so confirming twice issues one card. A wrong code 6201 with \`data[0].params.triesLeft\` (after ${JOIN_OTP.maxTries} wrong codes the code is dead); an expired, dead or spent code 6201 asking for a new one. The member already holds an AVAILABLE card of the programme: 6203 (409) with that card's link \`{url, token}\` in \`data\`. The programme closed meanwhile: 5 (the code stays). With \`ref\` (a member's referral code) a member new to the company is recorded as that member's referral while a REFERRAL campaign runs; their first stamping gives both the campaign's voucher. ${limits}`,
        security: [],
        body: ConfirmBody,
        response: answers(JoinConfirmAnswerSchema),
      },
    },
    async (request) => ok(await confirmJoin(db, deps, request.body)),
  );

  app.post(
    programmePath,
    {
      config: publicRoute,
      preValidation: countRequest,
      schema: {
        tags,
        summary: 'Start a poster sign-up: a one-time code to the mobile by SMS (no sign-in)',
        description: `The programme as GET answers it (else 5); the number in E.164 or national to the store's country (else 2 naming \`mobile\`). Sends a ${JOIN_OTP.length}-digit code good for ${JOIN_OTP.ttlSeconds / 60} minutes through the SMS outbox, replacing any code the number had. ${limits}`,
        security: [],
        params: JoinParams,
        body: StartBody,
        response: answers(JoinStartAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await startJoin(db, deps, { ...request.params, mobile: request.body.mobile }, (mobile) =>
          perNumber.consume(mobile),
        ),
      ),
  );
};
