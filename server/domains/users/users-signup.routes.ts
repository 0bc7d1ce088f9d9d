// The user list, signing up and invitations (`usersRoutes`' first group, users.routes.ts): a merchant
// registering, a merchant inviting a colleague, an operator inviting a merchant or an operator.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Role } from '../../../contract/claims';
import { ok } from '../../../contract/envelope';
import { AppError } from '../../platform/errors';
import type { RouteApp } from '../../platform/http/app-types';
import { isNoCount, listQueryOrThrow } from '../../platform/list/query';
import { answers } from '../../resources/answers';
import { UserListRowSchema, UserSchema } from '../../resources/answers-users';
import { authorize } from '../../resources/authorize';
import { merchantInviteScope, operatorInviteScope } from './user-invitations';
import { USER_LIST_COMPUTED, userListSpec, visibleUsersPage } from './users';
import { Id, Mobile, Name, Password, type UsersShared } from './users-shared.routes';

const Email = Type.String({ format: 'email', maxLength: 254 });
const RegisterBody = Type.Object(
  { email: Email, password: Password, name: Type.Optional(Name), mobile: Type.Optional(Mobile) },
  { additionalProperties: false },
);
const InviteBody = Type.Object(
  { email: Email, name: Type.Optional(Name), mobile: Type.Optional(Mobile) },
  { additionalProperties: false },
);
const OptionalId = Type.Optional(Type.Union([Id, Type.Null()]));
/** a merchant may limit the invitee to one of their brands or stores */
const MerchantInviteBody = Type.Object(
  {
    email: Email,
    name: Type.Optional(Name),
    mobile: Type.Optional(Mobile),
    brandId: OptionalId,
    storeId: OptionalId,
  },
  { additionalProperties: false },
);
const OperatorInviteMerchantBody = Type.Object(
  {
    email: Email,
    name: Type.Optional(Name),
    mobile: Type.Optional(Mobile),
    companyId: OptionalId,
    brandId: OptionalId,
    storeId: OptionalId,
  },
  { additionalProperties: false },
);

/** Soft-deleted users leave the list unless the client filters on state itself. */
const filtersOnState = (query: unknown): boolean => {
  const raw = (query as { filter?: unknown }).filter;
  if (typeof raw !== 'string') return false;
  const parsed: unknown = JSON.parse(raw); // already validated by listQueryOrThrow
  return Array.isArray(parsed) && parsed.some((f) => (f as { field?: unknown })?.field === 'state');
};

/** The user list, signing up and invitations. */
export const signUpAndInviteRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, actor, countryOf, createAndMail } = shared;
  /** The caller, when they may invite users as `role` does (ADD on `user`). */
  const inviter = async (request: FastifyRequest, role: Role) => {
    const me = await actor(request);
    authorize(me, { resource: 'user', action: 'ADD', roles: [role] });
    return me;
  };
  const userList = {
    schema: {
      summary: 'List the users the caller may see',
      response: answers(Type.Array(UserListRowSchema), { paged: true }),
    },
  };
  app.get('', userList, async (request) => {
    const me = await actor(request);
    authorize(me, { resource: 'user', action: 'VIEW' });
    const list = listQueryOrThrow(request.query, userListSpec, {
      defaultSort: [{ field: 'createTime', direction: 'desc' }],
      computed: USER_LIST_COMPUTED,
    });
    const { data, page } = await visibleUsersPage(db, me.row, list, {
      noCount: isNoCount(request.headers),
      includeDeleted: filtersOnState(request.query),
    });
    return ok(data, page);
  });

  app.post(
    '/merchant/register',
    {
      config: { public: true },
      schema: {
        summary: 'Sign up as a merchant (public): the account waits for e-mail activation',
        body: RegisterBody,
        response: answers(UserSchema),
      },
    },
    async (request) =>
      createAndMail(
        {
          ...request.body,
          type: 'MERCHANT',
          signupState: 'SUBMITTED',
          invitationType: 'BLANK',
          country: await countryOf(request),
        },
        null,
      ),
  );

  app.post(
    '/merchant/invite',
    {
      schema: {
        summary: 'Invite a colleague to the caller’s company',
        body: MerchantInviteBody,
        response: answers(UserSchema),
      },
    },
    async (request) => {
      const me = await inviter(request, 'merchant');
      if (me.row.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
      const { brandId, storeId, ...person } = request.body;
      const scope = await merchantInviteScope(db, me.row, { brandId, storeId });
      return createAndMail(
        {
          ...person,
          ...scope,
          type: 'MERCHANT',
          // joins a company that already went through signup
          signupState: me.row.signupState,
          invitationType: 'MERCHANT_INVITE_MERCHANT',
          invitedBy: me.row.id,
          country: me.row.country,
        },
        me.row,
      );
    },
  );

  app.post(
    '/operator/merchant/invite',
    {
      schema: {
        summary: 'Invite a merchant owner to a company (operators)',
        body: OperatorInviteMerchantBody,
        response: answers(UserSchema),
      },
    },
    async (request) => {
      const me = await inviter(request, 'operator');
      const { companyId, brandId, storeId, ...person } = request.body;
      const { companyActive, ...scope } = await operatorInviteScope(db, me.row, {
        companyId,
        brandId,
        storeId,
      });
      return createAndMail(
        {
          ...person,
          ...scope,
          type: 'MERCHANT',
          // joining an approved company needs no signup of its own
          signupState: companyActive ? 'APPROVAL' : 'SUBMITTED',
          invitationType: 'OPERATOR_INVITE_MERCHANT',
          invitedBy: me.row.id,
          country: await countryOf(request),
        },
        me.row,
      );
    },
  );

  app.post(
    '/operator/register',
    {
      schema: { summary: 'Invite an operator (operators)', body: InviteBody, response: answers(UserSchema) },
    },
    async (request) => {
      const me = await inviter(request, 'operator');
      return createAndMail(
        {
          ...request.body,
          type: 'OPERATOR',
          invitationType: 'OPERATOR_INVITE_OPERATOR',
          invitedBy: me.row.id,
          country: await countryOf(request),
        },
        me.row,
      );
    },
  );
};
