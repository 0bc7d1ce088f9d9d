import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { COUNTER } from '../../../contract/access';
import { BONUS_CONDITIONS, STAMP_CARD_STATES, VOUCHER_STATES, WEEKDAYS } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import {
  CODE_MAX,
  type CodeLookup,
  MESSAGE_CHANNELS,
  normaliseCode,
  POCKET_KINDS,
  type PocketKind,
  PUBLIC_READS_PER_IP_PER_MINUTE,
} from '../../../contract/pocket';
import { AppError } from '../../platform/errors';
import type { RouteApp, RoutePlugin } from '../../platform/http/app-types';
import { KeyThrottle } from '../../platform/rate-limit';
import { answers, rowSchema } from '../../resources/answers';
import { allows, authorize, declaredGrant } from '../../resources/authorize';
import { maskRow } from '../../resources/privacy';
import { declared } from '../../resources/registry';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { operation } from '../access/operation';
import { heldByCode, heldIdByCode, heldInScope } from './held';
import { linkFor, linkKeys, resolveLink, revokeLink } from './links';
import { endPassesOf } from './passes';
import { publicCardView, publicVoucherView, sendLink } from './pocket';

const IdParams = Type.Object({ id: Id });
const NoBody = Type.Object({}, { additionalProperties: false });
/** What a QR or a typist gives: letters and digits (spaces and dashes are the typist's, dropped). */
const CodeParams = Type.Object({
  code: Type.String({ minLength: 1, maxLength: CODE_MAX, pattern: '^[A-Za-z0-9 -]+$' }),
});
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 80 }) });
const CodeLookupSchema = Type.Object(
  {
    kind: Type.Union([...POCKET_KINDS, 'NONE' as const].map((k) => Type.Literal(k))),
    id: Type.Union([Id, Type.Null()]),
  },
  { additionalProperties: false },
);

const LinkSchema = Type.Object(
  { url: Type.String({ format: 'uri' }), token: Type.String() },
  { title: 'PocketLink' },
);
const LinkSentSchema = Type.Object(
  { messageId: Type.Integer(), channel: Type.Union(MESSAGE_CHANNELS.map((c) => Type.Literal(c))) },
  { title: 'PocketLinkSent' },
);
const nullable = (s: TSchema) => Type.Union([s, Type.Null()]);
const Brand = Type.Object({
  name: Type.String(),
  logo: nullable(Type.String()),
  website: nullable(Type.String()),
});
const Store = Type.Object({
  name: Type.String(),
  address: Type.String(),
  phone: nullable(Type.String()),
  openingHours: nullable(Type.String()),
});
const Voucher = Type.Object({
  title: Type.String(),
  value: Type.String(),
  validUntil: Type.String(),
  url: nullable(Type.String()),
});
const common = {
  code: Type.String(),
  memberMobile: Type.String(),
  brand: Brand,
  stores: Type.Array(Store),
  vouchers: Type.Array(Voucher),
  currency: Type.String(),
};
/** contract/pocket.ts PocketPromotion */
const Promotion = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('MULTIPLIER'), Type.Literal('BONUS')]),
  description: nullable(Type.String()),
  multiplier: nullable(Type.Integer()),
  bonusStamps: nullable(Type.Integer()),
  bonusCondition: nullable(Type.Union(BONUS_CONDITIONS.map((c) => Type.Literal(c)))),
  minAmount: nullable(Type.String({ description: 'exact decimal, in `currency`' })),
  days: Type.Array(Type.Union(WEEKDAYS.map((d) => Type.Literal(d))), { description: 'none: every day' }),
  hourFrom: nullable(Type.Integer()),
  hourTo: nullable(Type.Integer()),
  endAt: nullable(Type.String({ format: 'date-time' })),
});
const PublicCardSchema = Type.Object(
  {
    kind: Type.Literal('CARD'),
    ...common,
    state: Type.Union(STAMP_CARD_STATES.map((s) => Type.Literal(s))),
    stamps: Type.Integer(),
    stampsRequired: Type.Integer(),
    programme: Type.Object({
      title: Type.String(),
      description: nullable(Type.String()),
      image: nullable(Type.String()),
      endDate: Type.String(),
    }),
    reward: nullable(Type.Object({ title: Type.String(), value: Type.String() })),
    rewardVoucherUrl: nullable(Type.String()),
    wallet: Type.Object({ applePassUrl: nullable(Type.String()), googleSaveUrl: nullable(Type.String()) }),
    promotions: Type.Array(Promotion, {
      description: 'the MULTIPLIER and BONUS campaigns running on the programme now (issue 43)',
    }),
    referral: nullable(
      Type.Object(
        {
          url: Type.String({
            description: "the programme's join page with the member's referral code (`ref`)",
          }),
          campaign: Type.String(),
          description: nullable(Type.String()),
          reward: Type.Object({ title: Type.String(), value: Type.String() }),
        },
        { description: 'while the company runs a REFERRAL campaign and the programme takes members' },
      ),
    ),
  },
  { title: 'PublicCardView' },
);
const PublicVoucherSchema = Type.Object(
  {
    kind: Type.Literal('VOUCHER'),
    ...common,
    state: Type.Union(VOUCHER_STATES.map((s) => Type.Literal(s))),
    title: Type.String(),
    description: nullable(Type.String()),
    image: nullable(Type.String()),
    value: Type.String(),
    validFrom: Type.String(),
    validUntil: Type.String(),
  },
  { title: 'PublicVoucherView' },
);

/** A dead, revoked or made-up link: one answer for all three, so a token reveals nothing. */
const deadLink = () =>
  new AppError('NOT_FOUND', [{ field: 'token', message: 'this link is not valid (any more)' }]);

/** What every group of pocketRoutes shares. */
const pocketShared = (app: RouteApp) => {
  const { db } = app;
  const base = BASE_PATHS.main;
  const keys = linkKeys(app.config);
  const cards = declared('memberCards');
  const voucherDecl = declared('vouchers');
  const byKind = {
    CARD: { decl: cards, path: 'member-cards' },
    VOUCHER: { decl: voucherDecl, path: 'vouchers' },
  } as const;

  return { db, base, keys, cards, voucherDecl, byKind };
};
type PocketShared = ReturnType<typeof pocketShared>;

/** Staff's calls on a card's or voucher's web card link. */
const pocketLinkRoutes = (app: RouteApp, shared: PocketShared): void => {
  const { db, base, keys, byKind } = shared;
  for (const kind of POCKET_KINDS) {
    const { decl, path } = byKind[kind];
    const tags = [decl.name];
    const what = kind === 'CARD' ? 'member card' : 'voucher';

    app.get(
      `${base}/${path}/:id/link`,
      {
        config: { forApiKeys: true },
        schema: {
          tags,
          summary: `The link of a ${what}'s web card (made on first use)`,
          params: IdParams,
          response: answers(LinkSchema),
        },
      },
      async (request) => {
        const caller = await callerOf(db, request);
        authorize(caller, declaredGrant(decl, 'get'));
        await heldInScope(db, caller, kind, request.params.id);
        return ok(await linkFor(db, keys, kind, request.params.id));
      },
    );

    /** Staff's change to the link of one card or voucher they may see (`POST …/:id/link/<url>`). */
    const linkOperation = {
      resource: decl,
      action: 'UPDATE',
      roles: ['operator', 'merchant'],
      params: IdParams,
      body: NoBody,
    } as const;

    operation(app, {
      url: `${base}/${path}/:id/link/revoke`,
      summary: `Kill every link of a ${what}'s web card handed out so far; answers the new one`,
      ...linkOperation,
      answer: LinkSchema,
      run: async ({ tx, caller, params }) => {
        await heldInScope(tx, caller, kind, params.id);
        // the Wallet passes of a card die with its link (issue 41 F8)
        if (kind === 'CARD') await endPassesOf(tx, params.id);
        return revokeLink(tx, keys, kind, params.id);
      },
    });

    operation(app, {
      url: `${base}/${path}/:id/link/send`,
      summary: `Send the member the link of their ${what}'s web card again (push, else SMS)`,
      ...linkOperation,
      answer: LinkSentSchema,
      run: async ({ tx, caller, params }) => {
        const row = await heldInScope(tx, caller, kind, params.id);
        if (!row.mobile)
          throw new AppError('PARAMETER_VALIDATION_FAILED', [
            { field: 'id', message: `the ${what} has no member` },
          ]);
        return sendLink(tx, keys, kind, params.id);
      },
    });

    app.get(
      `${base}/${path}/by-code/:code`,
      {
        config: { forDevices: true, forApiKeys: true },
        schema: {
          tags,
          summary: `The ${what} whose QR carries this code (as GET /${path}/{id})`,
          params: CodeParams,
          response: answers(rowSchema(decl)),
        },
      },
      async (request) => {
        const caller = await callerOf(db, request);
        authorize(caller, { ...declaredGrant(decl, 'get'), kinds: ['user', 'device', 'apiKey'] });
        // the pattern above lets only letters, digits, blanks and dashes through: never null here
        const code = normaliseCode(request.params.code) ?? '';
        return ok(maskRow(decl, caller, await heldByCode(db, caller, kind, code)));
      },
    );
  }

  // one look-up for the counter's scanner: the card, else the voucher, of a code (always 200)
  app.get(
    `${base}/codes/:code`,
    {
      config: { forDevices: true, forApiKeys: true },
      schema: {
        tags: [byKind.CARD.decl.name, byKind.VOUCHER.decl.name],
        summary:
          'What a QR code names: a member card, else a voucher, the caller may see (kind NONE: neither)',
        params: CodeParams,
        response: answers(CodeLookupSchema),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      const kinds = ['user', 'device', 'apiKey'] as const;
      // looking codes up is the counter's (issue 40 item 1)
      authorize(caller, { resource: COUNTER, action: 'VIEW', kinds });
      // each kind is looked in only when the caller may read it; neither: refused as either read is
      const may = POCKET_KINDS.filter((kind) =>
        allows(caller, { ...declaredGrant(byKind[kind].decl, 'get'), kinds }),
      );
      if (may.length === 0) throw new AppError('ACCESS_DENIED');
      const code = normaliseCode(request.params.code) ?? '';
      for (const kind of may) {
        const id = await heldIdByCode(db, caller, kind, code);
        if (id !== null) return ok<CodeLookup>({ kind, id });
      }
      return ok<CodeLookup>({ kind: 'NONE', id: null });
    },
  );

  // ---- the web card's JSON: public, the token is the key --------------------------------------------
};

/** The member's own web card, read by its link without sign-in. */
const pocketPublicRoutes = (app: RouteApp, shared: PocketShared): void => {
  const { db, base, keys } = shared;
  const reads = new KeyThrottle(app.throttleStore, {
    keyPrefix: 'pocket_reads_ip',
    points: PUBLIC_READS_PER_IP_PER_MINUTE,
    duration: 60,
  });
  const publicRead = async (request: FastifyRequest, kind: PocketKind, token: string): Promise<number> => {
    await reads.consume(request.ip);
    const id = await resolveLink(db, keys, kind, token);
    if (id === null) throw deadLink();
    return id;
  };

  /** `GET …/public/<path>/:token`: the web card the link's token opens, never cached. */
  const publicView = <V>(
    path: 'cards' | 'vouchers',
    kind: PocketKind,
    summary: string,
    answer: TSchema,
    view: (id: number, token: string) => Promise<V | null>,
  ) =>
    app.get(
      `${base}/public/${path}/:token`,
      {
        config: { public: true },
        schema: { tags: ['pocket'], summary, params: TokenParams, response: answers(answer) },
      },
      async (request, reply) => {
        const id = await publicRead(request, kind, request.params.token);
        const found = await view(id, request.params.token);
        if (!found) throw deadLink();
        void reply.header('Cache-Control', 'no-store');
        return ok(found);
      },
    );

  publicView(
    'cards',
    'CARD',
    "A member card's web card (no sign-in: the link's token is the key)",
    PublicCardSchema,
    (id, token) => publicCardView(db, keys, id, token),
  );
  publicView(
    'vouchers',
    'VOUCHER',
    "A voucher's web card (no sign-in: the link's token is the key)",
    PublicVoucherSchema,
    (id) => publicVoucherView(db, keys, id),
  );
};

export const pocketRoutes: RoutePlugin = async (app) => {
  const shared = pocketShared(app);
  pocketLinkRoutes(app, shared);
  pocketPublicRoutes(app, shared);
};
