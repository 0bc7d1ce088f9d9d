// The users', groups', permissions' and sign-in answers (contract/access.ts, contract/auth.ts), each
// the `data` a route's `answers(...)` wraps in the envelope (answers.ts).
import { Type } from 'typebox';
import {
  INVITATION_TYPES,
  ORGANIZATION_LEVELS,
  PERMISSION_ACTIONS,
  SIGNUP_STATES,
  USER_STATES,
  USER_TYPES,
} from '../../contract/enums';
import { listRowSchema, OneOf, orNull, rowTimes } from './answers';

/** contract/access.ts Permission */
export const PermissionSchema = Type.Object(
  { resource: Type.String(), action: OneOf(PERMISSION_ACTIONS) },
  { title: 'Permission' },
);
export const PermissionsSchema = Type.Array(PermissionSchema);

const userFields = {
  email: Type.String(),
  name: Type.String(),
  mobile: orNull('string', { description: 'E.164' }),
  type: OneOf(USER_TYPES),
  state: OneOf(USER_STATES),
  signupState: OneOf(SIGNUP_STATES),
  companyId: orNull('integer'),
  brandId: orNull('integer', { description: 'the brand the user is limited to' }),
  storeId: orNull('integer', { description: 'the store the user is limited to' }),
  organizationLevel: OneOf(ORGANIZATION_LEVELS, {
    description:
      "what the user's access reaches, from companyId, brandId and storeId (NULL: none, every operator)",
  }),
  country: Type.String(),
  mustResetPassword: Type.Boolean(),
  lockedAt: orNull('string', {
    format: 'date-time',
    description: 'when failed sign-ins locked the user (state LOCK); null otherwise',
  }),
  invitationType: OneOf(INVITATION_TYPES),
  invitedBy: orNull('integer'),
  ...rowTimes,
  groups: Type.Array(Type.String(), { description: "the names of the user's groups" }),
  groupIds: Type.Array(Type.Integer()),
  twoFactorEnabled: Type.Boolean({
    description: 'signs in with a second factor (DELETE /user/{id}/two-factor resets a lost one)',
  }),
};

/**
 * server/domains/users/users.ts PublicUser: a user as the API shows it (never the password hash: a
 * property it does not name is left out).
 */
export const UserSchema = Type.Object({ id: Type.Integer(), ...userFields }, { title: 'User' });

/** server/domains/access/account-security.ts SessionView: one signed-in session of the caller's. */
export const SessionSchema = Type.Object(
  {
    id: Type.String({ description: "the login's id (its access tokens' tid)" }),
    browser: Type.String({ description: 'e.g. "Chrome 131 on Windows", read from the user agent' }),
    userAgent: orNull('string'),
    ip: orNull('string', { description: 'the address at sign-in, then at the latest refresh' }),
    createTime: Type.String({ format: 'date-time', description: 'signed in at' }),
    lastUsedAt: Type.String({ format: 'date-time', description: 'sign-in or latest refresh' }),
    expiresAt: Type.String({ format: 'date-time' }),
    current: Type.Boolean({ description: 'the session of the request that asks' }),
  },
  { title: 'Session' },
);

/** A row of the user list: the fields `project` asked for (groups and groupIds too), and the id. */
export const UserListRowSchema = listRowSchema(userFields, 'User list row');

const groupFields = {
  name: Type.String(),
  type: OneOf(USER_TYPES),
  companyId: orNull('integer', { description: "a merchant group's company; null for an operator group" }),
  description: Type.String(),
  ...rowTimes,
};

/** A user group with its permissions (server/domains/access/rbac.ts GroupWithPermissions). */
export const UserGroupSchema = Type.Object(
  { id: Type.Integer(), ...groupFields, permissions: PermissionsSchema },
  { title: 'UserGroup' },
);

/** A row of the group list: the fields `project` asked for, and the id. */
export const UserGroupListRowSchema = listRowSchema(groupFields, 'UserGroup list row');

/** contract/auth.ts LoggedInUser: the logged-in user as get-token answers it. */
export const LoggedInUserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    name: Type.String(),
    type: OneOf(USER_TYPES),
    mobile: orNull('string'),
    companyId: orNull('integer'),
    brandId: orNull('integer'),
    storeId: orNull('integer'),
    storeName: Type.Optional(orNull('string', { description: "the name of the user's one store" })),
    organizationLevel: OneOf(ORGANIZATION_LEVELS, {
      description:
        "what the user's access reaches: NULL (no company yet; every operator), COMPANY, BRAND or STORE",
    }),
    signupState: OneOf(SIGNUP_STATES),
    state: OneOf(USER_STATES),
    country: Type.String(),
    groups: Type.Array(Type.String(), { description: "the names of the user's groups" }),
    twoFactorEnabled: Type.Optional(
      Type.Boolean({ description: 'get-token and /auth/two-factor: the user has a second factor' }),
    ),
    twoFactorRequired: Type.Optional(
      Type.Boolean({
        description:
          'get-token and /auth/two-factor: the product requires a second factor of this user (System Config); without one, only enrolment works (26215)',
      }),
    ),
  },
  { additionalProperties: true, title: 'LoggedInUser' },
);

/** server/domains/devices/devices.ts DeviceLoginOutput's device: the in-store device that signed in. */
export const SignedInDeviceSchema = Type.Object(
  {
    id: Type.Integer(),
    serialNo: Type.String(),
    name: orNull('string'),
    companyId: Type.Integer(),
    storeId: orNull('integer'),
    lifecycle: Type.String(),
  },
  { additionalProperties: true, title: 'SignedInDevice' },
);

/** server/domains/users/sign-in.ts activateByEmail */
export const ActivatedUserSchema = Type.Object(
  { id: Type.Integer(), email: Type.String(), state: OneOf(USER_STATES) },
  { title: 'ActivatedUser' },
);
