// A user's security (`usersRoutes`' last group, users.routes.ts): a new invitation, unlock, forced
// password reset, a lost second factor, signing out everywhere, the caller's own sessions, and
// whether the user may be offered push notifications.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { canAccess } from '../../../contract/access';
import { ok } from '../../../contract/envelope';
import { AppError } from '../../platform/errors';
import type { RouteApp } from '../../platform/http/app-types';
import { answers, NoData } from '../../resources/answers';
import { SessionSchema, UserSchema } from '../../resources/answers-users';
import {
  listSessions,
  requirePasswordReset,
  signOutEverywhere,
  signOutOwnSession,
  unlockUser,
} from '../access/account-security';
import { requireUser } from '../access/guard';
import { accessSubjectFor } from '../access/rbac';
import { resetTwoFactor } from './two-factor';
import { resendInvitation } from './user-invitations';
import { targetUser, withGroups } from './users';
import { IdParams, type UsersShared } from './users-shared.routes';

const SessionParams = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 64 }) });
/** Whether the user may view pushes (and so be offered push notifications). */
const PnsAnswer = Type.Object({ allowed: Type.Boolean() }, { title: 'PnsAllowed' });

/** A user's security: invitations, unlock, forced reset, second factor, sign-ins, pushes. */
export const userSecurityRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, actor } = shared;
  // A fresh activation link for someone still invited (WAIT_EMAIL_ACTIVE; otherwise 26201); the
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
