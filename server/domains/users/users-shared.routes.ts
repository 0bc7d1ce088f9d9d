// What the users' endpoint groups (users.routes.ts) share: the request schemas more than one of them
// takes (user-groups.routes.ts takes Id, IdParams and PermissionsBody too), and `usersShared`: the
// caller, their country, and creating a user who is mailed the activation link.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { ok } from '../../../contract/envelope';
import { resolveCountry } from '../../platform/countries';
import { AppError } from '../../platform/errors';
import type { RouteApp } from '../../platform/http/app-types';
import type { SignedInUser } from '../../resources/principal';
import { signedInUserOf } from '../access/caller';
import { issueEmailAction } from '../access/email-actions';
import { auditActorOf } from '../access/user-audit';
import { insertPendingUser, type NewPortalUser } from './user-invitations';
import { targetUser, withGroups } from './users';

export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
export const Name = Type.String({ maxLength: 100 });
/** E.164 (docs/decisions.md); '' or null clears it */
export const Mobile = Type.Union([Type.String({ pattern: '^(\\+[1-9][0-9]{6,14})?$' }), Type.Null()]);
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const IdParams = Type.Object({ id: Id });
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

/** A request about one user, `:id` in its path. */
type UserIdRequest = FastifyRequest & { params: { id: number } };

/** What every group of usersRoutes shares. */
export const usersShared = (app: RouteApp) => {
  const { db } = app;
  const actor = (request: FastifyRequest) => signedInUserOf(db, request);
  const countryOf = async (request: FastifyRequest) =>
    (await resolveCountry(db, request.headers['x-country'])).countryCode;

  /**
   * Creates a user waiting for activation (audited as an invitation by `inviter`, or as the new
   * user's own registration) and mails them the activation (or invitation) link.
   */
  const createAndMail = async (input: NewPortalUser, inviter: SignedInUser['row'] | null) => {
    const row = await insertPendingUser(db, input, {
      action: inviter ? 'invite' : 'register',
      actor: inviter ? auditActorOf(inviter) : null,
    });
    await issueEmailAction(db, row.id, 'activeEmail');
    return ok(await withGroups(db, row));
  };
  /** The caller and the user `:id` names, when the caller may `action` them (`selfAllowed`: or is them). */
  const targetOf = async (request: UserIdRequest, action: 'VIEW' | 'UPDATE', selfAllowed = false) => {
    const me = await actor(request);
    return { me, target: await targetUser(db, me, request.params.id, action, selfAllowed) };
  };
  /**
   * The caller and another user whose account they may change: operators anyone, a merchant with
   * UPDATE on `user` the merchants of their company; never oneself (ACCESS_DENIED).
   */
  const someoneElse = async (request: UserIdRequest) => {
    const { me, target } = await targetOf(request, 'UPDATE');
    if (target.id === me.row.id) throw new AppError('ACCESS_DENIED');
    return { me, target };
  };
  return { db, actor, countryOf, createAndMail, targetOf, someoneElse };
};
export type UsersShared = ReturnType<typeof usersShared>;
