// One user as the caller may see them and changing them (`usersRoutes`' reads and edits,
// users.routes.ts): the user, their deletion, their permissions and groups, details, password, state.
import { Type } from 'typebox';
import { PASSWORD_MAX_LENGTH } from '../../../contract/constants';
import { ok } from '../../../contract/envelope';
import type { RouteApp } from '../../platform/http/app-types';
import { answers, NoData } from '../../resources/answers';
import { PermissionsSchema, UserSchema } from '../../resources/answers-users';
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
import { auditActorOf } from '../access/user-audit';
import { changePassword, deleteUser, setUserState, updateInfo } from './user-changes';
import { withGroups } from './users';
import {
  Id,
  IdParams,
  Mobile,
  Name,
  Password,
  PermissionsBody,
  type UsersShared,
} from './users-shared.routes';

const Country = Type.String({ pattern: '^[A-Za-z]{2}$' });
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

const PwdBody = Type.Object(
  { oldPassword: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })), password: Password },
  { additionalProperties: false },
);

/** One user as the caller may see them: the user, their deletion, their permissions. */
export const userReadRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, targetOf, someoneElse } = shared;
  app.get(
    '/:id',
    {
      config: { openBeforeTwoFactor: 'self' },
      schema: { summary: 'One user, with their groups', params: IdParams, response: answers(UserSchema) },
    },
    async (request) => ok(await withGroups(db, (await targetOf(request, 'VIEW', true)).target)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a user: softly (state DELETE) unless softDel=false asks for a hard delete',
        params: IdParams,
        querystring: Type.Object({ softDel: Type.Optional(Type.Boolean({ default: true })) }),
        response: answers(NoData),
      },
    },
    async (request) => {
      // deleting oneself would strand the session that asks; another user has to do it
      const { me, target } = await someoneElse(request);
      await deleteUser(db, me.row, target, request.query.softDel !== false);
      return ok(null);
    },
  );

  app.get(
    '/:id/permissions',
    {
      schema: {
        summary: 'The permissions given to a user directly (not through groups)',
        params: IdParams,
        response: answers(PermissionsSchema),
      },
    },
    async (request) => {
      const { target } = await targetOf(request, 'VIEW', true);
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
        summary: 'Every permission a user holds (direct and through groups); null when they need none',
        params: IdParams,
        response: answers(Type.Union([PermissionsSchema, Type.Null()]), {
          description: "Success (code 0): the user's permissions, or null when they need none",
        }),
      },
    },
    async (request) => {
      const { target } = await targetOf(request, 'VIEW', true);
      const subject = await accessSubjectFor(db, target);
      return ok(subject.permissions ?? null);
    },
  );
};

/** Changing a user: permissions, groups, details, password and state. */
export const userEditRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, targetOf, someoneElse } = shared;
  app.patch(
    '/:id/permissions',
    {
      schema: {
        summary: 'Replace the permissions given to a user directly',
        params: IdParams,
        body: PermissionsBody,
        response: answers(PermissionsSchema),
      },
    },
    async (request) => {
      const { me, target } = await targetOf(request, 'UPDATE');
      const list = validatePermissions(request.body.permissions);
      assertCanGrant(me.subject, changedPermissions(list, await directPermissions(db, target.id)));
      return ok(await setDirectPermissions(db, auditActorOf(me.row), target, list));
    },
  );

  app.put(
    '/:id/groups',
    {
      schema: {
        summary: 'Replace the groups a user belongs to',
        params: IdParams,
        body: GroupsBody,
        response: answers(UserSchema),
      },
    },
    async (request) => {
      const { me, target } = await targetOf(request, 'UPDATE');
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
      schema: {
        summary: 'Change a user’s details (name, mobile, country ...)',
        params: IdParams,
        body: InfoBody,
        response: answers(UserSchema),
      },
    },
    async (request) => {
      const { me, target } = await targetOf(request, 'UPDATE', true);
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
      schema: {
        summary: 'Change a password (one’s own needs the current one)',
        params: IdParams,
        body: PwdBody,
        response: answers(NoData),
      },
    },
    async (request) => {
      const { me, target } = await targetOf(request, 'UPDATE', true);
      await changePassword(db, me, target, request.body, requireUser(request).tid);
      return ok(null);
    },
  );

  // Enable or disable someone else (LOCK → ENABLE unlocks): operators anyone, a merchant with UPDATE
  // on `user` the merchants of their company; never oneself (26237). Not WAIT_EMAIL_ACTIVE or
  // DELETE (26201). The current state answers unchanged.
  app.patch(
    '/:id/state',
    {
      schema: {
        summary: 'Enable or disable another user (LOCK to ENABLE unlocks)',
        params: IdParams,
        body: StateBody,
        response: answers(UserSchema),
      },
    },
    async (request) => {
      const { me, target } = await someoneElse(request);
      return ok(await withGroups(db, await setUserState(db, me.row, target, request.body.state)));
    },
  );
};
