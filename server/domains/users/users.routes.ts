// Users API (spec section 7, base /portal-main-service/api/v1/user; the user groups are
// user-groups.routes.ts). Who may see whom: server/domains/users/users.ts (another company's user answers 26231, like a
// missing one); what they may do: contract/access canAccess on the `user` resource, except that
// anyone may read and update their own profile and password. Every invitation, registration,
// permission or group change, change to someone else's account and delete writes one audit entry
// in the same transaction as the change (the services do it).

import { and, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { canAccess } from '../../../contract/access';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { ok } from '../../../contract/envelope';
import { resolveCountry } from '../../platform/countries';
import { type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { RouteApp, RoutePlugin } from '../../platform/http/app-types';
import { isNoCount, listQueryOrThrow, selectPageOrThrow } from '../../platform/list/query';
import {
  answers,
  NoData,
  PermissionsSchema,
  SessionSchema,
  UserListRowSchema,
  UserSchema,
} from '../../resources/answers';
import { authorize } from '../../resources/authorize';
import {
  listSessions,
  requirePasswordReset,
  signOutEverywhere,
  signOutOwnSession,
  unlockUser,
} from '../access/account-security';
import { signedInUserOf } from '../access/caller';
import { issueEmailAction } from '../access/email-actions';
import { requireUser } from '../access/guard';
import {
  accessSubjectFor,
  assertCanGrant,
  changedPermissions,
  directPermissions,
  groupsOf,
  permissionsOfGroups,
  resolveGroups,
  setDirectPermissions,
  setUserGroups,
  validatePermissions,
} from '../access/rbac';
import { resetTwoFactor } from './two-factor';
import {
  auditActorOf,
  changePassword,
  deleteUser,
  insertPendingUser,
  merchantInviteScope,
  type NewPortalUser,
  operatorInviteScope,
  resendInvitation,
  setUserState,
  targetUser,
  USER_LIST_COMPUTED,
  updateInfo,
  userListSpec,
  visibleScope,
  withGroups,
  withListGroups,
} from './users';

const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const Name = Type.String({ maxLength: 100 });
/** E.164 (docs/decisions.md); '' or null clears it */
const Mobile = Type.Union([Type.String({ pattern: '^(\\+[1-9][0-9]{6,14})?$' }), Type.Null()]);
const Country = Type.String({ pattern: '^[A-Za-z]{2}$' });
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const IdParams = Type.Object({ id: Id });
const SessionParams = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 64 }) });

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
export const PermissionsBody = Type.Object(
  {
    // plain strings: an unknown name is 26232 PERMISSION_NOT_FOUND, not a schema error
    permissions: Type.Array(
      Type.Object({ resource: Type.String({ maxLength: 100 }), action: Type.String({ maxLength: 20 }) }),
      { maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);
const GroupsBody = Type.Object(
  {
    groupIds: Type.Optional(Type.Array(Id, { maxItems: 200 })),
    /** group names, as the logged-in user lists them; unique within the user's scope */
    groups: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
  },
  { additionalProperties: false },
);
const InfoBody = Type.Object(
  { name: Type.Optional(Name), mobile: Type.Optional(Mobile), country: Type.Optional(Country) },
  { additionalProperties: false },
);
/** Only these two are offered; the rest of the user states move by other calls. */
const StateBody = Type.Object(
  { state: Type.Union([Type.Literal('ENABLE'), Type.Literal('DISABLE')]) },
  { additionalProperties: false },
);
/** Whether the user may view pushes (and so be offered push notifications). */
const PnsAnswer = Type.Object({ allowed: Type.Boolean() }, { title: 'PnsAllowed' });

const PwdBody = Type.Object(
  { oldPassword: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })), password: Password },
  { additionalProperties: false },
);

/** Soft-deleted users leave the list unless the client filters on state itself. */
const filtersOnState = (query: unknown): boolean => {
  const raw = (query as { filter?: unknown }).filter;
  if (typeof raw !== 'string') return false;
  const parsed: unknown = JSON.parse(raw); // already validated by listQueryOrThrow
  return Array.isArray(parsed) && parsed.some((f) => (f as { field?: unknown })?.field === 'state');
};

/** What every group of usersRoutes shares. */
const usersShared = (app: RouteApp) => {
  const { db } = app;
  const actor = (request: FastifyRequest) => signedInUserOf(db, request);
  const countryOf = async (request: FastifyRequest) =>
    (await resolveCountry(db, request.headers['x-country'])).countryCode;

  /**
   * Creates a user waiting for activation (audited as an invitation by `inviter`, or as the new
   * user's own registration) and mails them the activation (or invitation) link.
   */
  const createAndMail = async (input: NewPortalUser, inviter: UserRow | null) => {
    const row = await insertPendingUser(db, input, {
      action: inviter ? 'invite' : 'register',
      actor: inviter ? auditActorOf(inviter) : null,
    });
    await issueEmailAction(db, row.id, 'activeEmail');
    return ok(await withGroups(db, row));
  };
  return { db, actor, countryOf, createAndMail };
};
type UsersShared = ReturnType<typeof usersShared>;

/** The user list, signing up and invitations. */
const signUpAndInviteRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, actor, countryOf, createAndMail } = shared;
  const userList = { schema: { response: answers(Type.Array(UserListRowSchema), { paged: true }) } };
  app.get('', userList, async (request) => {
    const me = await actor(request);
    authorize(me, { resource: 'user', action: 'VIEW' });
    const list = listQueryOrThrow(request.query, userListSpec, {
      defaultSort: [{ field: 'createTime', direction: 'desc' }],
      computed: USER_LIST_COMPUTED,
    });
    const scope: (SQL | undefined)[] = [visibleScope(me.row)];
    if (!filtersOnState(request.query)) scope.push(ne(users.state, 'DELETE'));
    const { data, page } = await selectPageOrThrow(
      db,
      users,
      list,
      isNoCount(request.headers),
      and(...scope),
    );
    // groups and groupIds as GET /user/{id} has them: one query for the whole page
    return ok(await withListGroups(db, data, list.computed), page);
  });

  app.post(
    '/merchant/register',
    { config: { public: true }, schema: { body: RegisterBody, response: answers(UserSchema) } },
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
    { schema: { body: MerchantInviteBody, response: answers(UserSchema) } },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'user', action: 'ADD', roles: ['merchant'] });
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
    { schema: { body: OperatorInviteMerchantBody, response: answers(UserSchema) } },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'user', action: 'ADD', roles: ['operator'] });
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
    { schema: { body: InviteBody, response: answers(UserSchema) } },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'user', action: 'ADD', roles: ['operator'] });
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

/** One user as the caller may see them: the user, their deletion, their permissions. */
const userReadRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, actor } = shared;
  app.get(
    '/:id',
    { config: { openBeforeTwoFactor: 'self' }, schema: { params: IdParams, response: answers(UserSchema) } },
    async (request) => {
      const me = await actor(request);
      return ok(await withGroups(db, await targetUser(db, me, request.params.id, 'VIEW', true)));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        params: IdParams,
        querystring: Type.Object({ softDel: Type.Optional(Type.Boolean({ default: true })) }),
        response: answers(NoData),
      },
    },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'UPDATE');
      // deleting oneself would strand the session that asks; another user has to do it
      if (target.id === me.row.id) throw new AppError('ACCESS_DENIED');
      await deleteUser(db, me.row, target, request.query.softDel !== false);
      return ok(null);
    },
  );

  app.get(
    '/:id/permissions',
    { schema: { params: IdParams, response: answers(PermissionsSchema) } },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'VIEW', true);
      return ok(await directPermissions(db, target.id));
    },
  );

  // null: the user holds no list because canAccess needs none (operators, company owners); the
  // portal's authProvider reads null exactly so. Otherwise direct ∪ every group's permissions.
  app.get(
    '/:id/full-permissions',
    {
      config: { openBeforeTwoFactor: 'self' },
      schema: {
        params: IdParams,
        response: answers(Type.Union([PermissionsSchema, Type.Null()]), {
          description: "Success (code 0): the user's permissions, or null when they need none",
        }),
      },
    },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'VIEW', true);
      const subject = await accessSubjectFor(db, target);
      return ok(subject.permissions ?? null);
    },
  );
};

/** Changing a user: permissions, groups, details, password and state. */
const userEditRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, actor } = shared;
  app.patch(
    '/:id/permissions',
    { schema: { params: IdParams, body: PermissionsBody, response: answers(PermissionsSchema) } },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'UPDATE');
      const list = validatePermissions(request.body.permissions);
      assertCanGrant(me.subject, changedPermissions(list, await directPermissions(db, target.id)));
      return ok(await setDirectPermissions(db, auditActorOf(me.row), target, list));
    },
  );

  app.put(
    '/:id/groups',
    { schema: { params: IdParams, body: GroupsBody, response: answers(UserSchema) } },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'UPDATE');
      const ids = await resolveGroups(db, target, request.body);
      // joining or leaving a group grants or takes away its permissions; staying changes nothing
      const current = (await groupsOf(db, target.id)).map((g) => g.id);
      const changed = [
        ...ids.filter((id) => !current.includes(id)),
        ...current.filter((id) => !ids.includes(id)),
      ];
      assertCanGrant(me.subject, await permissionsOfGroups(db, changed));
      await setUserGroups(db, auditActorOf(me.row), target, ids);
      return ok(await withGroups(db, target));
    },
  );

  app.put(
    '/:id/info',
    {
      config: { openBeforeApproval: true },
      schema: { params: IdParams, body: InfoBody, response: answers(UserSchema) },
    },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'UPDATE', true);
      const { country, ...rest } = request.body;
      const row = await updateInfo(db, me.row, target, {
        ...rest,
        ...(country ? { country: country.toLowerCase() } : {}),
      });
      return ok(await withGroups(db, row));
    },
  );

  app.put(
    '/:id/pwd',
    {
      config: { openBeforeApproval: true },
      schema: { params: IdParams, body: PwdBody, response: answers(NoData) },
    },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'UPDATE', true);
      await changePassword(db, me, target, request.body, requireUser(request).tid);
      return ok(null);
    },
  );

  // Enable or disable someone else (LOCK → ENABLE unlocks): operators anyone, a merchant with UPDATE
  // on `user` the merchants of their company; never oneself (26237). Not WAIT_EMAIL_ACTIVE or
  // DELETE (26201). The current state answers unchanged.
  app.patch(
    '/:id/state',
    { schema: { params: IdParams, body: StateBody, response: answers(UserSchema) } },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'UPDATE');
      if (target.id === me.row.id) throw new AppError('ACCESS_DENIED');
      return ok(await withGroups(db, await setUserState(db, me.row, target, request.body.state)));
    },
  );

  // A fresh activation link for someone still invited (WAIT_EMAIL_ACTIVE; otherwise 26201); the
};

/** A user's security: invitations, unlock, forced reset, second factor, sign-ins, pushes. */
const userSecurityRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, actor } = shared;
  // older links stop working. Same rules as the state switch.
  app.post(
    '/:id/invitation/resend',
    { schema: { params: IdParams, response: answers(NoData) } },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'UPDATE');
      if (target.id === me.row.id) throw new AppError('ACCESS_DENIED');
      await resendInvitation(db, me.row, target);
      return ok(null);
    },
  );

  // Account security (server/domains/access/account-security.ts): who may is the state switch's rule (operators
  // anyone, a merchant with UPDATE on `user` the merchants of their company, never oneself).
  const someoneElse = async (request: FastifyRequest & { params: { id: number } }) => {
    const me = await actor(request);
    const target = await targetUser(db, me, request.params.id, 'UPDATE');
    if (target.id === me.row.id) throw new AppError('ACCESS_DENIED');
    return { me, target };
  };

  // LOCK → ENABLE; an ENABLE user answers unchanged; other states 11.
  app.post(
    '/:id/unlock',
    { schema: { params: IdParams, response: answers(UserSchema) } },
    async (request) => {
      const { me, target } = await someoneElse(request);
      return ok(await withGroups(db, await unlockUser(db, me.row, target)));
    },
  );

  // The next right password answers 26202 with a reset token; every login of theirs ends now.
  app.post(
    '/:id/require-password-reset',
    { schema: { params: IdParams, response: answers(UserSchema) } },
    async (request) => {
      const { me, target } = await someoneElse(request);
      return ok(await withGroups(db, await requirePasswordReset(db, me.row, target)));
    },
  );

  // Resets a lost second factor (server/domains/users/two-factor.ts resetTwoFactor): 26217 without one.
  app.delete(
    '/:id/two-factor',
    { schema: { params: IdParams, response: answers(UserSchema) } },
    async (request) => {
      const { me, target } = await someoneElse(request);
      await resetTwoFactor(db, me.row, target);
      return ok(await withGroups(db, target));
    },
  );

  // Signs the user out everywhere (every login ends; the next call with one of them answers 1005).
  app.delete(
    '/:id/sessions',
    {
      schema: {
        params: IdParams,
        response: answers(Type.Object({ ended: Type.Integer() }, { title: 'SessionsEnded' })),
      },
    },
    async (request) => {
      const { me, target } = await someoneElse(request);
      return ok({ ended: await signOutEverywhere(db, me.row, target) });
    },
  );

  // The caller's own sessions (logins that still work), the current one marked.
  app.get('/me/sessions', { schema: { response: answers(Type.Array(SessionSchema)) } }, async (request) => {
    const me = await actor(request);
    return ok(await listSessions(db, me.row.id, requireUser(request).tid));
  });

  // Ends one of the caller's own sessions; another's, an ended or an unknown one: 5.
  app.delete(
    '/me/sessions/:sessionId',
    {
      config: { openBeforeApproval: true },
      schema: { params: SessionParams, response: answers(NoData) },
    },
    async (request) => {
      const me = await actor(request);
      await signOutOwnSession(db, me.row.id, request.params.sessionId);
      return ok(null);
    },
  );

  app.post(
    '/:id/pns/is-allow',
    {
      config: { openBeforeApproval: true, openBeforeTwoFactor: 'self' },
      schema: { params: IdParams, response: answers(PnsAnswer) },
    },
    async (request) => {
      const me = await actor(request);
      const target = await targetUser(db, me, request.params.id, 'VIEW', true);
      const subject = await accessSubjectFor(db, target);
      return ok({ allowed: canAccess(subject, { action: 'VIEW', resource: 'push' }) });
    },
  );
};

export const usersRoutes: RoutePlugin = async (app) => {
  const shared = usersShared(app);
  signUpAndInviteRoutes(app, shared);
  userReadRoutes(app, shared);
  userEditRoutes(app, shared);
  userSecurityRoutes(app, shared);
};
