import { Type } from 'typebox';
import { canAccess } from '../../../contract/access';
import { ok } from '../../../contract/envelope';
import type { RouteApp } from '../../platform/http/app-types';
import { answers, NoData } from '../../resources/answers';
import { SessionSchema, UserSchema } from '../../resources/answers-users';
import {
  listSessions,
  requirePasswordReset,
  signOutEverywhere,
  signOutOtherSessions,
  signOutOwnSession,
  unlockUser,
} from '../access/account-security';
import { requireUser } from '../access/guard';
import { accessSubjectFor } from '../access/rbac';
import { resetTwoFactor } from './two-factor';
import { resendInvitation } from './user-invitations';
import { withGroups } from './users';
import { IdParams, type UsersShared } from './users-shared.routes';

const SessionParams = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 64 }) });
/** Whether the user may view pushes (and so be offered push notifications). */
const PnsAnswer = Type.Object({ allowed: Type.Boolean() }, { title: 'PnsAllowed' });

/** A user's security: invitations, unlock, forced reset, second factor, sign-ins, pushes. */
export const userSecurityRoutes = (app: RouteApp, shared: UsersShared): void => {
  const { db, actor, targetOf, someoneElse } = shared;
  // A fresh activation link for someone still invited (WAIT_EMAIL_ACTIVE; otherwise 26201); the
  // older links stop working. Same rules as the state switch.
  app.post(
    '/:id/invitation/resend',
    {
      schema: {
        summary: 'E-mail an invited user their invitation again',
        params: IdParams,
        response: answers(NoData),
      },
    },
    async (request) => {
      const { me, target } = await someoneElse(request);
      await resendInvitation(db, me.row, target);
      return ok(null);
    },
  );

  // Account security (server/domains/access/account-security.ts): who may is the state switch's rule
  // (`someoneElse`). `POST /:id/<url>` changes the user's account and answers the user.
  const accountChange = (url: string, summary: string, change: typeof unlockUser) =>
    app.post(
      `/:id/${url}`,
      { schema: { summary, params: IdParams, response: answers(UserSchema) } },
      async (request) => {
        const { me, target } = await someoneElse(request);
        return ok(await withGroups(db, await change(db, me.row, target)));
      },
    );

  // LOCK → ENABLE; an ENABLE user answers unchanged; other states 11.
  accountChange('unlock', 'Unlock a locked account', unlockUser);
  // The next right password answers 26202 with a reset token; every login of theirs ends now.
  accountChange(
    'require-password-reset',
    'Make a user set a new password at their next sign-in; their sessions end now',
    requirePasswordReset,
  );

  // Resets a lost second factor (server/domains/users/two-factor.ts resetTwoFactor): 26217 without one.
  app.delete(
    '/:id/two-factor',
    {
      schema: {
        summary: 'Reset a user’s lost second factor',
        params: IdParams,
        response: answers(UserSchema),
      },
    },
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
        summary: 'End every session of another user',
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
  app.get(
    '/me/sessions',
    {
      schema: {
        summary: 'The caller’s sessions (signed-in devices)',
        response: answers(Type.Array(SessionSchema)),
      },
    },
    async (request) => {
      const me = await actor(request);
      return ok(await listSessions(db, me.row.id, requireUser(request).tid));
    },
  );

  // Ends every other session of the caller, keeping this one: {ended}.
  app.delete(
    '/me/sessions',
    {
      config: { openBeforeApproval: true },
      schema: {
        summary: "End the caller's other sessions, keeping this one",
        description:
          'What the portal offers after two-factor is turned on: the logins made with the password alone end. Answers how many ended.',
        response: answers(Type.Object({ ended: Type.Integer() })),
      },
    },
    async (request) => {
      const me = await actor(request);
      return ok({ ended: await signOutOtherSessions(db, me.row.id, requireUser(request).tid) });
    },
  );

  // Ends one of the caller's own sessions; another's, an ended or an unknown one: 5.
  app.delete(
    '/me/sessions/:sessionId',
    {
      config: { openBeforeApproval: true },
      schema: {
        summary: 'End one of the caller’s sessions',
        params: SessionParams,
        response: answers(NoData),
      },
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
      schema: {
        summary: 'Whether the user accepts push notifications (set it)',
        params: IdParams,
        response: answers(PnsAnswer),
      },
    },
    async (request) => {
      const { target } = await targetOf(request, 'VIEW', true);
      const subject = await accessSubjectFor(db, target);
      return ok({ allowed: canAccess(subject, { action: 'VIEW', resource: 'push' }) });
    },
  );
};
