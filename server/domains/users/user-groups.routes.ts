// User groups' routes (spec section 7, base /portal-main-service/api/v1/user-group): list, read,
// create, update and delete a group of portal users with its permissions (server/domains/access/rbac.ts).

import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { AppError } from '../../platform/errors';
import type { RoutePlugin } from '../../platform/http/app-types';
import { tagRoutes } from '../../platform/http/docs';
import { isNoCount, listQueryOrThrow } from '../../platform/list/query';
import { answers, NoData } from '../../resources/answers';
import { UserGroupListRowSchema, UserGroupSchema } from '../../resources/answers-users';
import { authorize } from '../../resources/authorize';
import { signedInUserOf } from '../access/caller';
import {
  assertCanGrant,
  changedPermissions,
  createGroup,
  deleteGroup,
  groupListSpec,
  groupPermissions,
  updateGroup,
  validatePermissions,
} from '../access/rbac';
import { auditActorOf } from '../access/user-audit';
import { visibleGroup, visibleGroupsPage } from './user-groups';
import { Id, IdParams, PermissionsBody } from './users-shared.routes';

const GroupName = Type.String({ minLength: 1, maxLength: 100 });
const GroupDescription = Type.String({ maxLength: 500 });
const CreateGroupBody = Type.Object(
  {
    name: GroupName,
    type: Type.Optional(Type.Union([Type.Literal('OPERATOR'), Type.Literal('MERCHANT')])),
    /** operators creating a merchant group name its company */
    companyId: Type.Optional(Id),
    description: Type.Optional(GroupDescription),
    permissions: Type.Optional(PermissionsBody.properties.permissions),
  },
  { additionalProperties: false },
);
/** type and company never change; `permissions`, when given, replaces the group's list */
const UpdateGroupBody = Type.Object(
  {
    name: Type.Optional(GroupName),
    description: Type.Optional(GroupDescription),
    permissions: Type.Optional(PermissionsBody.properties.permissions),
  },
  { additionalProperties: false },
);

/**
 * Groups: list (paged), read one with its permissions, create, update, delete. Operators see and
 * manage every group; a merchant only their own company's merchant groups (any other is 26233, like
 * a missing one), and grants only what they hold (26238).
 */
export const userGroupRoutes: RoutePlugin = async (app) => {
  tagRoutes(app, 'userGroups');
  const { db } = app;
  const actor = (request: FastifyRequest) => signedInUserOf(db, request);

  const groupList = {
    schema: {
      summary: 'List the user groups the caller may see',
      response: answers(Type.Array(UserGroupListRowSchema), { paged: true }),
    },
  };
  app.get('', groupList, async (request) => {
    const me = await actor(request);
    authorize(me, { resource: 'userGroup', action: 'VIEW' });
    const list = listQueryOrThrow(request.query, groupListSpec);
    const { data, page } = await visibleGroupsPage(db, me.row, list, isNoCount(request.headers));
    return ok(data, page);
  });

  app.get(
    '/:id',
    {
      schema: {
        summary: 'One user group with its permissions',
        params: IdParams,
        response: answers(UserGroupSchema),
      },
    },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'userGroup', action: 'VIEW' });
      const group = await visibleGroup(db, me.row, request.params.id);
      return ok({ ...group, permissions: await groupPermissions(db, group.id) });
    },
  );

  app.post(
    '',
    { schema: { summary: 'Create a user group', body: CreateGroupBody, response: answers(UserGroupSchema) } },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'userGroup', action: 'ADD' });
      const permissions = validatePermissions(request.body.permissions ?? []);
      assertCanGrant(me.subject, permissions);
      const { name, description } = request.body;
      const by = auditActorOf(me.row);
      if (me.row.type === 'MERCHANT') {
        if (me.row.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
        if (request.body.type === 'OPERATOR') throw new AppError('ACCESS_DENIED');
        return ok(
          await createGroup(db, by, {
            name,
            description,
            type: 'MERCHANT',
            companyId: me.row.companyId,
            permissions,
          }),
        );
      }
      const type = request.body.type ?? 'OPERATOR';
      const companyId = request.body.companyId ?? null;
      if (type === 'MERCHANT' && companyId === null) {
        throw new AppError('PARAMETER_VALIDATION_FAILED', [
          { field: 'companyId', message: 'is required for a merchant group' },
        ]);
      }
      return ok(await createGroup(db, by, { name, description, type, companyId, permissions }));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        summary: 'Change a user group (name, permissions)',
        params: IdParams,
        body: UpdateGroupBody,
        response: answers(UserGroupSchema),
      },
    },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'userGroup', action: 'UPDATE' });
      const group = await visibleGroup(db, me.row, request.params.id);
      const { name, description } = request.body;
      const permissions =
        request.body.permissions === undefined ? undefined : validatePermissions(request.body.permissions);
      if (permissions !== undefined) {
        assertCanGrant(me.subject, changedPermissions(permissions, await groupPermissions(db, group.id)));
      }
      return ok(await updateGroup(db, auditActorOf(me.row), group, { name, description, permissions }));
    },
  );

  app.delete(
    '/:id',
    { schema: { summary: 'Delete a user group', params: IdParams, response: answers(NoData) } },
    async (request) => {
      const me = await actor(request);
      authorize(me, { resource: 'userGroup', action: 'UPDATE' });
      const group = await visibleGroup(db, me.row, request.params.id);
      // deleting a group takes its permissions away from its members
      assertCanGrant(me.subject, await groupPermissions(db, group.id));
      await deleteGroup(db, auditActorOf(me.row), group);
      return ok(null);
    },
  );
};
