// Wallet passes on the wire (issue 26, docs/api.md "Wallet passes"): the operator's settings
// (GET/PUT /wallet-pass-settings), a member card's Apple Wallet pass behind its web card's token
// (GET /public/cards/{token}/pass.pkpass), the default logo Google Wallet fetches, and Apple's PassKit
// web service under the pass's webServiceURL (BASE_PATHS.main + /passkit): Apple's paths and status
// codes (200, 201, 204, 304, 401, 404), not the envelope, since Wallet reads only those.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import {
  GOOGLE_ISSUER_ID_PATTERN,
  PASS_DOWNLOADS_PER_IP_PER_MINUTE,
  PASS_TYPE_IDENTIFIER_PATTERN,
  PASSKIT_LOGS_PER_IP_PER_MINUTE,
  PASSKIT_SERVICE_PATH,
  PKPASS_MEDIA_TYPE,
  TEAM_IDENTIFIER_PATTERN,
  WALLET_PASS_SETTINGS_PATH,
  WALLET_PEM_MAX,
} from '../../../contract/wallet-passes';
import { AppError } from '../../platform/errors';
import type { RouteApp, RoutePlugin } from '../../platform/http/app-types';
import { KeyThrottle } from '../../platform/rate-limit';
import { scrub } from '../../platform/redact';
import { answers, fileAnswer } from '../../resources/answers';
import { authorize } from '../../resources/authorize';
import { callerOf } from '../access/caller';
import { linkKeys, resolveLink } from './links';
import { applePassOf } from './pass-files';
import { defaultIconOf } from './pass-icon';
import { loadWalletSettings, settingsView, updateWalletSettings, walletSecrets } from './pass-settings';
import {
  applePassToken,
  cardIdOfSerial,
  DEFAULT_LOGO_PATH,
  keepTokenInWallet,
  passesUpdatedSince,
  passUpdatedAt,
  registerDevice,
  tokenOpensPass,
  unregisterDevice,
} from './passes';

const orNullString = (opts: Record<string, unknown>) => Type.Union([Type.String(opts), Type.Null()]);
const Pem = orNullString({ maxLength: WALLET_PEM_MAX });

const SettingsBody = Type.Object(
  {
    applePassTypeIdentifier: Type.Optional(
      Type.Union([Type.String({ pattern: PASS_TYPE_IDENTIFIER_PATTERN, maxLength: 200 }), Type.Null()]),
    ),
    appleTeamIdentifier: Type.Optional(
      Type.Union([Type.String({ pattern: TEAM_IDENTIFIER_PATTERN }), Type.Null()]),
    ),
    appleSignerCertPem: Type.Optional(Pem),
    appleSignerKeyPem: Type.Optional(Pem),
    appleSignerKeyPassphrase: Type.Optional(orNullString({ maxLength: 500 })),
    appleWwdrCertPem: Type.Optional(Pem),
    googleIssuerId: Type.Optional(
      Type.Union([Type.String({ pattern: GOOGLE_ISSUER_ID_PATTERN }), Type.Null()]),
    ),
    googleServiceAccountEmail: Type.Optional(orNullString({ maxLength: 320 })),
    googlePrivateKeyPem: Type.Optional(Pem),
  },
  { additionalProperties: false },
);

const nullable = (t: ReturnType<typeof Type.String> | ReturnType<typeof Type.Object>) =>
  Type.Union([t, Type.Null()]);
const CertificateInfoSchema = Type.Object({
  subject: Type.String(),
  notAfter: Type.String({ format: 'date-time' }),
  expired: Type.Boolean(),
});
const SettingsViewSchema = Type.Object({
  apple: Type.Object({
    configured: Type.Boolean(),
    passTypeIdentifier: nullable(Type.String()),
    teamIdentifier: nullable(Type.String()),
    signerCert: nullable(CertificateInfoSchema),
    signerKeySet: Type.Boolean(),
    signerKeyPassphraseSet: Type.Boolean(),
    wwdrCert: nullable(CertificateInfoSchema),
  }),
  google: Type.Object({
    configured: Type.Boolean(),
    issuerId: nullable(Type.String()),
    serviceAccountEmail: nullable(Type.String()),
    privateKeySet: Type.Boolean(),
  }),
});

const PASSKIT = `${BASE_PATHS.main}${PASSKIT_SERVICE_PATH}/v1`;
/** Apple's device library identifiers, pass type identifiers and push tokens: plain ASCII words. */
const WORD = /^[A-Za-z0-9._-]{1,200}$/;

const Registration = Type.Object({
  deviceLibraryIdentifier: Type.String({ maxLength: 200 }),
  passTypeIdentifier: Type.String({ maxLength: 200 }),
  serialNumber: Type.String({ maxLength: 20 }),
});

/** What every group of walletPassRoutes shares. */
const passesShared = (app: RouteApp) => {
  const { db, config } = app;
  const keys = linkKeys(config);
  const box = walletSecrets(keys);
  const downloads = new KeyThrottle(app.throttleStore, {
    keyPrefix: 'wallet_pass_ip',
    points: PASS_DOWNLOADS_PER_IP_PER_MINUTE,
    duration: 60,
  });
  const logs = new KeyThrottle(app.throttleStore, {
    keyPrefix: 'passkit_log_ip',
    points: PASSKIT_LOGS_PER_IP_PER_MINUTE,
    duration: 60,
  });
  const deadLink = () =>
    new AppError('NOT_FOUND', [{ field: 'token', message: 'this link is not valid (any more)' }]);

  // ---- the operator's settings ----------------------------------------------------------------
  const operator = async (request: FastifyRequest, action: 'VIEW' | 'UPDATE') => {
    const caller = await callerOf(db, request);
    // wallet passes are product-wide settings: operators only (merchants 26237), like System Config
    authorize(caller, { resource: 'systemConfig', action });
    return { id: caller.id, email: caller.email };
  };

  /** The pass type this server signs, or null (Apple Wallet not configured: every call 404). */
  const passType = async (): Promise<string | null> =>
    (await loadWalletSettings(db, box)).apple?.passTypeIdentifier ?? null;

  /** The card behind an authenticated PassKit call, or the status to answer. */
  const authenticated = async (
    request: FastifyRequest,
    passTypeId: string,
    serial: string,
  ): Promise<{ cardId: number; token: string } | { status: 401 | 404 }> => {
    const mine = await passType();
    if (mine === null || passTypeId !== mine) return { status: 404 };
    const token = applePassToken(request.headers.authorization);
    const cardId = cardIdOfSerial(serial);
    if (token === null || cardId === null) return { status: 401 };
    return (await tokenOpensPass(db, cardId, token)) ? { cardId, token } : { status: 401 };
  };
  const answer = (reply: FastifyReply, status: number) => reply.code(status).send();

  const registrationDoc = (summary: string, description: string) => ({
    tags: ['passkit'],
    summary,
    description: `Apple's PassKit web service (Authorization: ApplePass <token>). ${description}`,
    params: Registration,
    response: fileAnswer('text/plain', 'Empty'),
  });
  return {
    db,
    config,
    keys,
    box,
    downloads,
    logs,
    deadLink,
    operator,
    passType,
    authenticated,
    answer,
    registrationDoc,
  };
};
type PassesShared = ReturnType<typeof passesShared>;

/** The operator's wallet pass settings. */
const passSettingsRoutes = (app: RouteApp, shared: PassesShared): void => {
  const { db, box, operator } = shared;
  app.get(
    `${BASE_PATHS.main}${WALLET_PASS_SETTINGS_PATH}`,
    {
      schema: {
        tags: ['wallet passes'],
        summary: 'The wallet pass settings: which are set (never a key or a certificate)',
        description:
          "Operators only (merchants 26237). Identifiers, whether each secret is set, and each certificate's subject and expiry.",
        response: answers(SettingsViewSchema),
      },
    },
    async (request) => {
      await operator(request, 'VIEW');
      return ok(settingsView(await loadWalletSettings(db, box)));
    },
  );

  app.put(
    `${BASE_PATHS.main}${WALLET_PASS_SETTINGS_PATH}`,
    {
      schema: {
        tags: ['wallet passes'],
        summary: 'Set or clear wallet pass settings',
        description:
          "Operators only. A field left out keeps its value, null clears it. Certificates and keys are PEM; the signer key must open (with its passphrase) and belong to the signer certificate; Google's key must be RSA. Stored encrypted; answers what GET answers. Code 2 names the field at fault.",
        body: SettingsBody,
        response: answers(SettingsViewSchema),
      },
    },
    async (request) => {
      const actor = await operator(request, 'UPDATE');
      return ok(await updateWalletSettings(db, box, request.body, actor));
    },
  );
};

/** The pass of a web card: its download and its Google Wallet link. */
const passFileRoutes = (app: RouteApp, shared: PassesShared): void => {
  const { db, config, keys, box, downloads, deadLink } = shared;
  // ---- the pass of a web card ----------------------------------------------------------------
  app.get(
    // PUBLIC_PATHS.applePass(token) with the token as a route parameter
    `${BASE_PATHS.main}/public/cards/:token/pass.pkpass`,
    {
      config: { public: true },
      schema: {
        tags: ['wallet passes'],
        summary: "A member card's Apple Wallet pass (.pkpass)",
        description:
          "Public, behind the web card's token. 404 (code 5) when the token is dead or Apple Wallet is not configured. Each download carries its own authentication token for the PassKit web service.",
        params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: fileAnswer(PKPASS_MEDIA_TYPE, 'A signed Apple Wallet pass'),
      },
    },
    async (request, reply) => {
      await downloads.consume(request.ip);
      const settings = await loadWalletSettings(db, box);
      if (!settings.apple)
        throw new AppError('NOT_FOUND', [{ field: 'token', message: 'Apple Wallet passes are not offered' }]);
      const cardId = await resolveLink(db, keys, 'CARD', request.params.token);
      if (cardId === null) throw deadLink();
      const pass = await applePassOf(db, config, settings.apple, cardId, {
        linkToken: request.params.token,
        files: app.files,
      });
      if (!pass) throw deadLink();
      return reply
        .header('Content-Type', PKPASS_MEDIA_TYPE)
        .header('Content-Disposition', 'attachment; filename="card.pkpass"')
        .header('Cache-Control', 'no-store')
        .header('Last-Modified', pass.updatedAt.toUTCString())
        .send(pass.file);
    },
  );

  app.get(
    `${BASE_PATHS.main}${DEFAULT_LOGO_PATH}`,
    {
      config: { public: true },
      schema: {
        tags: ['wallet passes'],
        summary: "The passes' default logo (PNG)",
        description: 'Public: Google Wallet fetches it for a brand without a logo of its own.',
        response: fileAnswer('image/png', 'A PNG'),
      },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .send(defaultIconOf(256)),
  );
};

/** Apple's PassKit web service: a device registers for a pass's updates and unregisters. */
const passkitRegistrationRoutes = (app: RouteApp, shared: PassesShared): void => {
  const { db, authenticated, answer, registrationDoc } = shared;
  // ---- Apple's PassKit web service -------------------------------------------------------------

  app.post(
    `${PASSKIT}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      config: { public: true },
      schema: {
        ...registrationDoc(
          'Register a device for the updates of a pass',
          'Body {pushToken}. 201 registered, 200 already registered, 401 bad token, 404 unknown pass type, 400 bad input.',
        ),
        body: Type.Object({ pushToken: Type.String({ minLength: 1, maxLength: 200 }) }),
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      const auth = await authenticated(request, passTypeIdentifier, serialNumber);
      if ('status' in auth) return answer(reply, auth.status);
      const { pushToken } = request.body;
      if (!WORD.test(deviceLibraryIdentifier) || !WORD.test(pushToken)) return answer(reply, 400);
      const result = await registerDevice(db, {
        deviceLibraryId: deviceLibraryIdentifier,
        passTypeId: passTypeIdentifier,
        cardId: auth.cardId,
        pushToken,
      });
      await keepTokenInWallet(db, auth.cardId, auth.token);
      return answer(reply, result === 'created' ? 201 : 200);
    },
  );

  app.delete(
    `${PASSKIT}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      config: { public: true },
      schema: registrationDoc(
        'Unregister a device from a pass',
        '200 unregistered (or was not), 401 bad token.',
      ),
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      const auth = await authenticated(request, passTypeIdentifier, serialNumber);
      if ('status' in auth) return answer(reply, auth.status);
      await unregisterDevice(db, {
        deviceLibraryId: deviceLibraryIdentifier,
        passTypeId: passTypeIdentifier,
        cardId: auth.cardId,
      });
      return answer(reply, 200);
    },
  );
};

/** Apple's PassKit web service: the passes that changed, the latest pass, the device's log. */
const passkitUpdateRoutes = (app: RouteApp, shared: PassesShared): void => {
  const { db, config, box, logs, passType, authenticated, answer } = shared;
  app.get(
    `${PASSKIT}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    {
      config: { public: true },
      schema: {
        tags: ['passkit'],
        summary: "The serial numbers of a device's passes changed since a tag",
        description:
          "Apple's PassKit web service. 200 {serialNumbers, lastUpdated}; 204 when none changed (or the device holds none); 404 unknown pass type. passesUpdatedSince is the lastUpdated of an earlier answer.",
        params: Type.Object({
          deviceLibraryIdentifier: Type.String({ maxLength: 200 }),
          passTypeIdentifier: Type.String({ maxLength: 200 }),
        }),
        querystring: Type.Object({ passesUpdatedSince: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: {
          200: {
            description: 'The passes changed since the tag',
            content: {
              'application/json': {
                schema: Type.Object({ serialNumbers: Type.Array(Type.String()), lastUpdated: Type.String() }),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier } = request.params;
      const mine = await passType();
      if (mine === null || passTypeIdentifier !== mine) return answer(reply, 404);
      const tag = request.query.passesUpdatedSince;
      // an unreadable tag is no tag: every pass of the device
      const since = tag !== undefined && /^[0-9]{1,15}$/.test(tag) ? Number(tag) : null;
      const found = await passesUpdatedSince(db, deviceLibraryIdentifier, passTypeIdentifier, since);
      if (!found || found.serialNumbers.length === 0) return answer(reply, 204);
      return reply.code(200).header('Content-Type', 'application/json').send(found);
    },
  );

  app.get(
    `${PASSKIT}/passes/:passTypeIdentifier/:serialNumber`,
    {
      config: { public: true },
      schema: {
        tags: ['passkit'],
        summary: 'The latest version of a pass',
        description:
          "Apple's PassKit web service (Authorization: ApplePass <token>). 200 the pass with Last-Modified; 304 when unchanged since If-Modified-Since; 401 bad token; 404 unknown pass type or no such card.",
        params: Type.Object({
          passTypeIdentifier: Type.String({ maxLength: 200 }),
          serialNumber: Type.String({ maxLength: 20 }),
        }),
        response: fileAnswer(PKPASS_MEDIA_TYPE, 'A signed Apple Wallet pass'),
      },
    },
    async (request, reply) => {
      const { passTypeIdentifier, serialNumber } = request.params;
      const auth = await authenticated(request, passTypeIdentifier, serialNumber);
      if ('status' in auth) return answer(reply, auth.status);
      const updatedAt = await passUpdatedAt(db, auth.cardId);
      if (!updatedAt) return answer(reply, 404);
      const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
      // HTTP dates have whole seconds
      if (!Number.isNaN(since) && Math.floor(updatedAt.getTime() / 1000) <= Math.floor(since / 1000))
        return answer(reply.header('Last-Modified', updatedAt.toUTCString()), 304);
      const settings = await loadWalletSettings(db, box);
      if (!settings.apple) return answer(reply, 404);
      const token = applePassToken(request.headers.authorization) ?? '';
      const pass = await applePassOf(db, config, settings.apple, auth.cardId, {
        authenticationToken: token,
        files: app.files,
      });
      if (!pass) return answer(reply, 404);
      return reply
        .code(200)
        .header('Content-Type', PKPASS_MEDIA_TYPE)
        .header('Last-Modified', pass.updatedAt.toUTCString())
        .header('Cache-Control', 'no-store')
        .send(pass.file);
    },
  );

  app.post(
    `${PASSKIT}/log`,
    {
      config: { public: true },
      schema: {
        tags: ['passkit'],
        summary: "Wallet's error messages about this server's passes",
        description:
          "Apple's PassKit web service. Body {logs: string[]} (at most 20 of 1,000 characters, logged as warnings). 200; 429 past PASSKIT_LOGS_PER_IP_PER_MINUTE.",
        body: Type.Object({
          logs: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 20 }),
        }),
        response: fileAnswer('text/plain', 'Empty'),
      },
    },
    async (request, reply) => {
      await logs.consume(request.ip);
      for (const line of request.body.logs)
        request.log.warn({ passkit: scrub(line) }, 'Apple Wallet reported');
      return answer(reply, 200);
    },
  );
};

export const walletPassRoutes: RoutePlugin = async (app) => {
  const shared = passesShared(app);
  passSettingsRoutes(app, shared);
  passFileRoutes(app, shared);
  passkitRegistrationRoutes(app, shared);
  passkitUpdateRoutes(app, shared);
};
