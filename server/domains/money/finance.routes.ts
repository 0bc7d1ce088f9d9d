import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { PermissionResource } from '../../../contract/access';
import { PAYMENT_METHODS } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { FINANCE_PATHS, TOP_UP_MAX, TOP_UP_MIN } from '../../../contract/finance';
import { BASE_PATHS } from '../../../contract/http';
import { AppError } from '../../platform/errors';
import type { RouteApp, RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import {
  CompanyWalletSchema,
  SavedPaymentMethodSchema,
  SetupIntentAnswerSchema,
  StripeConfigAnswerSchema,
  StripeConnectAnswerSchema,
  StripeConnectLinkSchema,
  StripeWebhookAnswerSchema,
  TopUpAnswerSchema,
  WalletAnswerSchema,
} from '../../resources/answers-operations';
import { authorize } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { declared } from '../../resources/registry';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { operation } from '../access/operation';
import { companyOf, prepareTopUp, stripeClientOf, topUp } from './payments';
import {
  deleteCard,
  fetchSetupCard,
  listCards,
  makeDefaultCard,
  startCardSetup,
  syncCardSetup,
} from './saved-cards';
import { connectState, startConnect } from './stripe-connect';
import { applyStripeEvent, prefetchForEvent, verifiedEvent } from './stripe-webhook';
import { companyWalletSummary, countryTermsOf, lastMovementAt, walletOf } from './wallet';

/**
 * A merchant (a user, never a device) whose permissions allow `action` on the finance `resource`
 * (26237 otherwise), acting for their company (26420 USER_HAS_NO_COMPANY without one).
 */
const financeGate = (caller: Caller, resource: PermissionResource, action: 'VIEW' | 'ADD' | 'UPDATE') => {
  // an API key reads the wallet when granted wallet VIEW (the only finance route that takes keys)
  authorize(caller, { resource, action, roles: ['merchant'], kinds: ['user', 'apiKey'] });
  companyOf(caller);
};

const NoBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]);
const IdParams = Type.Object({ id: Id });

/** What every group of financeRoutes shares. */
const financeShared = (app: RouteApp) => {
  const { db, config } = app;
  const base = BASE_PATHS.payment;
  const stripe = stripeClientOf(config);
  const wallets = declared('account');
  /** Who runs a finance operation: a merchant who may UPDATE the wallet (each checks its own gate too). */
  const walletWrite = { resource: wallets, action: 'UPDATE', roles: ['merchant'] } as const;
  /** The caller of a finance read, past its gate (financeGate). */
  const gatedCaller = async (
    request: FastifyRequest,
    resource: PermissionResource,
    action: 'VIEW' | 'UPDATE',
  ) => {
    const caller = await callerOf(db, request);
    financeGate(caller, resource, action);
    return caller;
  };
  return { db, config, base, stripe, walletWrite, gatedCaller };
};
type FinanceShared = ReturnType<typeof financeShared>;

/** A finance read: `GET url` for a caller past its gate (financeGate), answering what `read` finds. */
const financeRead = (
  app: RouteApp,
  { gatedCaller }: FinanceShared,
  spec: {
    url: string;
    summary: string;
    answer: TSchema;
    gate: [PermissionResource, 'VIEW'];
    forApiKeys?: boolean;
    read: (caller: Caller) => Promise<unknown>;
  },
) =>
  app.get(
    spec.url,
    {
      ...(spec.forApiKeys ? { config: { forApiKeys: true } } : {}),
      schema: { tags: ['finance'], summary: spec.summary, response: answers(spec.answer) },
    },
    async (request) => ok(await spec.read(await gatedCaller(request, ...spec.gate))),
  );

/** The wallet and its top-ups. */
const walletRoutes = (app: RouteApp, shared: FinanceShared): void => {
  const { db, base, stripe, walletWrite } = shared;

  financeRead(app, shared, {
    url: `${base}${FINANCE_PATHS.wallet}`,
    summary: "The company's wallet: balance (the sum of its ledger) and currency",
    answer: WalletAnswerSchema,
    gate: ['wallet', 'VIEW'],
    forApiKeys: true,
    read: async (caller) => {
      const companyId = companyOf(caller);
      const [wallet, terms, at] = await Promise.all([
        walletOf(db, companyId),
        countryTermsOf(db, companyId),
        lastMovementAt(db, companyId),
      ]);
      return {
        balance: Number(wallet.balance),
        currency: wallet.currency,
        freeTopUp: terms.freeTopUp,
        lastMovementAt: at === null ? null : new Date(at as Date).toISOString(),
      };
    },
  });

  // an operator's look at a company's money: the finance screens are the merchant's (spec section 1),
  // but a closed company's merchants can no longer sign in, and its money stays (issue 40 item 3)
  app.get(
    `${base}${FINANCE_PATHS.companyWallet}`,
    {
      schema: {
        tags: ['finance'],
        summary: "A company's wallet as an operator sees it (open or closed)",
        description:
          "Operators with VIEW on company: the balance (exact decimal), the currency and the ledger's count and newest time, read without opening a wallet. A closed (DISABLED or deleted) company's money is shown as it stands. 26430 when there is no such company; merchants 26237 (they have GET /wallet).",
        params: IdParams,
        response: answers(CompanyWalletSchema),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      authorize(caller, { resource: 'company', action: 'VIEW', roles: ['operator'] });
      const found = await companyWalletSummary(db, request.params.id);
      if (!found) throw new AppError('COMPANY_NOT_FOUND');
      return ok(found);
    },
  );

  operation(app, {
    url: `${base}${FINANCE_PATHS.topUps}`,
    summary: 'Top up the wallet (FREE at once where the country allows it; STRIPE through a PaymentIntent)',
    description:
      "FREE: SUCCEEDED and credited at once, 6404 where the country does not offer it. STRIPE: PENDING with the PaymentIntent client secret; credited when Stripe's webhook reports success. Without Stripe keys, STRIPE answers 6401. The Idempotency-Key is passed on to Stripe.",
    ...walletWrite,
    params: Type.Object({}),
    body: Type.Object(
      {
        amount: Type.Number({ minimum: TOP_UP_MIN, maximum: TOP_UP_MAX }),
        paymentMethod: Type.Union(PAYMENT_METHODS.map((m) => Type.Literal(m))),
        paymentMethodId: Type.Optional(Id),
      },
      { additionalProperties: false },
    ),
    answer: TopUpAnswerSchema,
    // Stripe's PaymentIntent is created before the transaction opens (issue 24: no network call in one)
    prepare: ({ db: pdb, caller, body, idempotencyKey }) => {
      financeGate(caller, 'topUp', 'ADD');
      return prepareTopUp(pdb, caller, body, { stripe, idempotencyKey });
    },
    run: ({ tx, caller, body, prepared }) => {
      financeGate(caller, 'topUp', 'ADD');
      return topUp(tx, caller, body, { intent: prepared });
    },
  });
};

/** Saved cards: list, save through a SetupIntent, make default, remove. */
const savedCardRoutes = (app: RouteApp, shared: FinanceShared): void => {
  const { db, base, stripe, walletWrite, gatedCaller } = shared;
  financeRead(app, shared, {
    url: `${base}${FINANCE_PATHS.paymentMethods}`,
    summary: "The company's saved cards, the default first",
    answer: Type.Array(SavedPaymentMethodSchema),
    gate: ['paymentMethod', 'VIEW'],
    read: (caller) => listCards(db, caller),
  });

  operation(app, {
    url: `${base}${FINANCE_PATHS.paymentMethods}`,
    summary: 'Start saving a card: a Stripe SetupIntent to confirm with Stripe Elements',
    ...walletWrite,
    params: Type.Object({}),
    body: NoBody,
    answer: SetupIntentAnswerSchema,
    // Stripe only (a SetupIntent), so it runs before the transaction, which just answers it
    prepare: ({ db: pdb, caller }) => {
      financeGate(caller, 'paymentMethod', 'ADD');
      return startCardSetup(pdb, caller, stripe);
    },
    run: async ({ prepared }) => prepared,
  });

  operation(app, {
    url: `${base}${FINANCE_PATHS.paymentMethodsSync}`,
    summary: 'Save the card of a confirmed SetupIntent',
    ...walletWrite,
    params: Type.Object({}),
    body: Type.Object(
      { setupIntentId: Type.String({ minLength: 1, maxLength: 255, pattern: '^seti_[A-Za-z0-9_]+$' }) },
      { additionalProperties: false },
    ),
    answer: SavedPaymentMethodSchema,
    prepare: ({ db: pdb, caller, body }) => {
      financeGate(caller, 'paymentMethod', 'ADD');
      return fetchSetupCard(pdb, caller, stripe, body.setupIntentId);
    },
    run: ({ tx, caller, prepared }) => syncCardSetup(tx, caller, prepared),
  });

  operation(app, {
    url: `${base}${FINANCE_PATHS.paymentMethods}/:id/default`,
    summary: 'Make a saved card the default',
    ...walletWrite,
    params: IdParams,
    body: NoBody,
    answer: SavedPaymentMethodSchema,
    run: ({ tx, caller, params }) => {
      financeGate(caller, 'paymentMethod', 'UPDATE');
      return makeDefaultCard(tx, caller, params.id);
    },
  });

  app.delete(
    `${base}${FINANCE_PATHS.paymentMethods}/:id`,
    {
      schema: {
        tags: ['finance'],
        summary: 'Forget a saved card (detached at Stripe)',
        params: IdParams,
        response: answers(Type.Object({}, { description: 'an empty object' })),
      },
    },
    async (request) => {
      const caller = await gatedCaller(request, 'paymentMethod', 'UPDATE');
      await deleteCard(db, caller, stripe, request.params.id);
      return ok({});
    },
  );
};

/** Stripe's publishable settings and Stripe Connect. */
const stripeRoutes = (app: RouteApp, shared: FinanceShared): void => {
  const { db, config, base, stripe, walletWrite } = shared;
  financeRead(app, shared, {
    url: `${base}${FINANCE_PATHS.stripeConfig}`,
    summary: 'What the portal needs for Stripe Elements',
    answer: StripeConfigAnswerSchema,
    gate: ['paymentMethod', 'VIEW'],
    read: async () => {
      const enabled = stripe !== null && config.stripePublishableKey !== undefined;
      return { enabled, publishableKey: enabled ? (config.stripePublishableKey ?? null) : null };
    },
  });

  operation(app, {
    url: `${base}${FINANCE_PATHS.stripeConnect}`,
    summary:
      "The Stripe Connect onboarding link of the company's account (created and kept as STRIPE_ACCOUNT_ID)",
    ...walletWrite,
    params: Type.Object({}),
    body: NoBody,
    answer: StripeConnectLinkSchema,
    prepare: ({ db: pdb, caller }) => {
      financeGate(caller, 'wallet', 'UPDATE');
      return startConnect(pdb, caller, stripe, config.publicUrl);
    },
    run: async ({ prepared }) => prepared,
  });

  financeRead(app, shared, {
    url: `${base}${FINANCE_PATHS.stripeConnect}`,
    summary: "The company's Stripe account as Stripe reports it",
    answer: StripeConnectAnswerSchema,
    gate: ['wallet', 'VIEW'],
    read: (caller) => connectState(db, caller, stripe),
  });

  // Stripe's webhook: no login, the signature of the raw body instead. The raw text is kept by a
  // parser of this plugin's own (the rest of the API keeps parsing JSON).
};

export const financeRoutes: RoutePlugin = async (app) => {
  const shared = financeShared(app);
  walletRoutes(app, shared);
  savedCardRoutes(app, shared);
  stripeRoutes(app, shared);
  const { db, config, base, stripe } = shared;
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    hook.post(
      `${base}${FINANCE_PATHS.stripeWebhook}`,
      {
        config: { public: true },
        schema: {
          tags: ['finance'],
          summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET), each applied once",
          description:
            'payment_intent.succeeded credits the top-up once; payment_intent.payment_failed / canceled end it FAILED (6402 card errors, else 6401); setup_intent.succeeded saves the card. A missing or wrong Stripe-Signature answers 6405.',
          response: answers(StripeWebhookAnswerSchema),
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const event = verifiedEvent(
          config,
          stripe,
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
        // what the event needs from Stripe is fetched first: no network call inside the transaction
        const fetched = await prefetchForEvent(db, stripe, event);
        const outcome = await db.transaction((tx) => applyStripeEvent(tx, event, fetched));
        request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
        return ok({ received: true, outcome });
      },
    );
  });
};
