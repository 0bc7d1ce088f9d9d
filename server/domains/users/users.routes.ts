// Users API (spec section 7, base /portal-main-service/api/v1/user; the user groups are
// user-groups.routes.ts). Who may see whom: server/domains/users/users.ts (another company's user answers 26231, like a
// missing one); what they may do: contract/access canAccess on the `user` resource, except that
// anyone may read and update their own profile and password. Every invitation, registration,
// permission or group change, change to someone else's account and delete writes one audit entry
// in the same transaction as the change (the services do it). The endpoint groups are files of their
// own: users-signup.routes.ts, users-edit.routes.ts (reads and edits), users-security.routes.ts.

import type { RoutePlugin } from '../../platform/http/app-types';
import { tagRoutes } from '../../platform/http/docs';
import { userEditRoutes, userReadRoutes } from './users-edit.routes';
import { userSecurityRoutes } from './users-security.routes';
import { usersShared } from './users-shared.routes';
import { signUpAndInviteRoutes } from './users-signup.routes';

export const usersRoutes: RoutePlugin = async (app) => {
  tagRoutes(app, 'users');
  const shared = usersShared(app);
  signUpAndInviteRoutes(app, shared);
  userReadRoutes(app, shared);
  userEditRoutes(app, shared);
  userSecurityRoutes(app, shared);
};
