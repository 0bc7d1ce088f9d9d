// The organisation calls a declaration cannot express (docs/api.md, "Organisation, signup approval
// and audit"): the merchant's signup, brand and store requests, the hierarchy, and the operator's
// decisions on requests. The rules live in this folder's services (signup.ts, requests.ts, decisions.ts,
// hierarchy.ts, organisation.ts); this module checks who may call.
import type { FastifyRequest } from 'fastify';
import { type TObject, type TSchema, Type } from 'typebox';
import { SIGNUP_STATES } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { brand, company, merchantSignup, store } from '../../../resources';
import { actionOf } from '../../../resources/transitions';
import type { ResourceDeclaration } from '../../../resources/types';
import { AppError } from '../../platform/errors';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers, rowSchema, rowWith } from '../../resources/answers';
import { authorize } from '../../resources/authorize';
import type { SignedInUser } from '../../resources/principal';
import { Id, ownFieldsBodySchema } from '../../resources/schemas';
import { signedInUserOf } from '../access/caller';
import { type Decision, decide, mailDecision } from './decisions';
import { hierarchy } from './hierarchy';
import type { BrandInput, RequestRow, SignupInput, StoreInput } from './organisation';
import { requestBrand, requestStore } from './requests';
import { signupView, submitSignup } from './signup';

const body = (decl: ResourceDeclaration, title: string, extra: Record<string, TSchema> = {}): TObject =>
  ownFieldsBodySchema(decl, { title, extra });

const SignupBody = Type.Object(
  {
    company: body(company, 'signup company'),
    brand: body(brand, 'signup brand'),
    store: body(store, 'signup store'),
  },
  { additionalProperties: false },
);
const BrandRequestBody = body(brand, 'brand request');
const StoreRequestBody = body(store, 'store request', { brandId: Id });
const HierarchyQuery = Type.Object({ companyId: Type.Optional(Id) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Id });

/** `schema` or null. */
const OrNull = (schema: TSchema): TSchema => Type.Union([schema, Type.Null()]);
/** A request (a merchantSignup row) as the services answer it. */
const RequestAnswer = rowSchema(merchantSignup);
/** server/domains/organisation/signup.ts SignupView: the latest signup request and the rows it names. */
const SignupAnswer = Type.Object(
  {
    signupState: Type.Unsafe<string>({ type: 'string', enum: [...SIGNUP_STATES] }),
    request: OrNull(RequestAnswer),
    company: OrNull(rowSchema(company)),
    brand: OrNull(rowSchema(brand)),
    store: OrNull(rowSchema(store)),
  },
  { title: 'SignupView' },
);
/** server/domains/organisation/requests.ts RequestResult: the request filed and the row it asks for. */
const RequestResultOf = (decl: ResourceDeclaration): TSchema =>
  Type.Object({ request: RequestAnswer, row: rowSchema(decl) }, { title: `${decl.name} request` });
/** server/domains/organisation/hierarchy.ts Hierarchy */
const HierarchyAnswer = Type.Object(
  {
    company: rowSchema(company),
    brands: Type.Array(rowWith(brand, { stores: Type.Array(rowSchema(store)) })),
  },
  { title: 'Hierarchy' },
);
const RejectBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      description: 'shown to the merchant',
    }),
  },
  { additionalProperties: false },
);

export const organisationRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const actor = (request: FastifyRequest) => signedInUserOf(db, request);
  const merchant = async (request: FastifyRequest): Promise<SignedInUser> => {
    const me = await actor(request);
    if (me.row.type !== 'MERCHANT') throw new AppError('ACCESS_DENIED');
    return me;
  };
  const base = `${BASE_PATHS.main}/organization`;
  const tags = ['organization'];

  app.get(
    `${base}/signup`,
    {
      schema: { tags, summary: "The merchant's signup and its request", response: answers(SignupAnswer) },
    },
    async (request) => {
      const me = await merchant(request);
      return ok(await signupView(db, me.row));
    },
  );

  app.post(
    `${base}/signup`,
    {
      config: { openBeforeApproval: true },
      schema: {
        tags,
        summary: 'Submit (or resubmit) the merchant signup',
        body: SignupBody,
        response: answers(SignupAnswer),
      },
    },
    async (request) => {
      const me = await merchant(request);
      return ok(await submitSignup(db, me.row, request.body as unknown as SignupInput));
    },
  );

  app.get(
    `${base}/hierarchy`,
    {
      schema: {
        tags,
        summary: 'Company > brands > stores',
        querystring: HierarchyQuery,
        response: answers(HierarchyAnswer),
      },
    },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'company', action: 'VIEW' });
      return ok(await hierarchy(db, me.row, request.query.companyId));
    },
  );

  /** `POST …/<path>`: a merchant who may ADD `resource` asks for a new one; an operator decides. */
  const requestRoute = (
    path: string,
    resource: 'brand' | 'store',
    schema: { summary: string; body: TSchema; answer: TSchema },
    file: (me: SignedInUser, body: unknown) => Promise<unknown>,
  ) =>
    app.post(
      `${base}/${path}`,
      { schema: { tags, summary: schema.summary, body: schema.body, response: answers(schema.answer) } },
      async (request) => {
        const me = await merchant(request);
        authorize(me, { resource, action: 'ADD' });
        return ok(await file(me, request.body));
      },
    );

  requestRoute(
    'brand-requests',
    'brand',
    { summary: 'Ask for a new brand (ADD_BRAND)', body: BrandRequestBody, answer: RequestResultOf(brand) },
    (me, body) => requestBrand(db, me.row, body as BrandInput),
  );
  requestRoute(
    'store-requests',
    'store',
    { summary: 'Ask for a new store (ADD_STORE)', body: StoreRequestBody, answer: RequestResultOf(store) },
    (me, body) => requestStore(db, me.row, body as StoreInput & { brandId: number }),
  );

  // decisions: operators with UPDATE on the requests (and on approvals, the operator-only resource)
  const decisionsBase = `${BASE_PATHS.main}${merchantSignup.path}`;
  /** The caller when the decision's declared roles (operators) and its permissions allow it. */
  const decider = async (request: FastifyRequest, decision: Decision): Promise<SignedInUser> => {
    const me = await actor(request);
    const roles = actionOf(merchantSignup, decision).roles;
    authorize(me, { resource: 'approval', action: 'UPDATE', roles });
    authorize(me, { resource: 'merchantSignup', action: 'UPDATE', roles });
    return me;
  };

  /** The decision is committed: the merchant hears of it by mail, and a failed mail is only logged. */
  const tell = async (request: FastifyRequest, decided: RequestRow): Promise<RequestRow> => {
    await mailDecision(db, decided).catch((err: unknown) =>
      request.log.error({ err, signupRequestId: decided.id }, 'decision mail failed'),
    );
    return decided;
  };

  app.post(
    `${decisionsBase}/:id/approve`,
    {
      schema: {
        tags: ['merchantSignup'],
        summary: 'Approve a PENDING request',
        params: IdParams,
        response: answers(RequestAnswer),
      },
    },
    async (request) => {
      const me = await decider(request, 'approve');
      return ok(await tell(request, await decide(db, me.row, request.params.id, 'approve')));
    },
  );

  app.post(
    `${decisionsBase}/:id/reject`,
    {
      // access before the body: a refused caller learns nothing about the body's rules
      preValidation: async (request) => {
        await decider(request, 'reject');
      },
      schema: {
        tags: ['merchantSignup'],
        summary: 'Reject a PENDING request',
        params: IdParams,
        body: RejectBody,
        response: answers(RequestAnswer),
      },
    },
    async (request) => {
      const me = await decider(request, 'reject');
      return ok(
        await tell(
          request,
          await decide(db, me.row, request.params.id, 'reject', request.body.reason.trim()),
        ),
      );
    },
  );
};
