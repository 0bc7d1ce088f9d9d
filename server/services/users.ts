// Portal users: who may see whom, registration and invitations, profile and password changes.
// Visibility: an operator sees everyone; a merchant sees themselves and the users of their own
// company (companyId equal and not null). Anything else answers 26231 USER_NOT_FOUND, exactly as
// an id that does not exist, so other companies' user ids cannot be probed.
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { AccessSubject } from '../../contract/access';
import type { InvitationType, PermissionAction, SignupState, UserType } from '../../contract/enums';
import { USER_STATES, USER_TYPES } from '../../contract/enums';
import type { Db } from '../db/client';
import { loginSessions, type NewUserRow, type UserRow, users } from '../db/schema';
import { AppError } from '../errors';
import { sqlState, uniqueViolation } from '../lib/db-errors';
import type { ListSpec } from '../lib/list-query';
import { hashPassword, verifyPassword } from './passwords';
import { accessSubjectFor, assertAccess, type GroupSummary, groupsOf } from './rbac';
import { revokeUserLogins } from './sessions';

export const userListSpec: ListSpec = {
  id: { column: users.id, type: 'number', filter: ['eq', 'in', 'gte', 'lte'], sort: true },
  name: { column: users.name, type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  email: { column: users.email, type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  mobile: { column: users.mobile, type: 'text', filter: ['eq', 'in', 'regex'], search: true },
  companyId: { column: users.companyId, type: 'number', filter: ['eq', 'in'] },
  state: { column: users.state, type: 'enum', values: USER_STATES, filter: ['eq', 'in'], sort: true },
  type: { column: users.type, type: 'enum', values: USER_TYPES, filter: ['eq', 'in'], sort: true },
  createTime: { column: users.createTime, type: 'datetime', filter: ['eq', 'gte', 'lte'], sort: true },
  brandId: { column: users.brandId, type: 'number' },
  storeId: { column: users.storeId, type: 'number' },
  signupState: { column: users.signupState, type: 'enum' },
  country: { column: users.country, type: 'text' },
  invitationType: { column: users.invitationType, type: 'enum' },
  invitedBy: { column: users.invitedBy, type: 'number' },
  mustResetPassword: { column: users.mustResetPassword, type: 'boolean' },
  updateTime: { column: users.updateTime, type: 'datetime' },
};

/** A user as the API shows it: never the password hash; `groups` are names, as in the logged-in user. */
export type PublicUser = Omit<UserRow, 'passwordHash'> & { groups: string[]; groupIds: number[] };

export const publicUser = (row: UserRow, groups: readonly GroupSummary[]): PublicUser => {
  const { passwordHash: _hidden, ...rest } = row;
  return { ...rest, groups: groups.map((g) => g.name), groupIds: groups.map((g) => g.id) };
};

export const withGroups = async (db: Db, row: UserRow): Promise<PublicUser> =>
  publicUser(row, await groupsOf(db, row.id));

export const findUser = async (db: Db, id: number): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
};

/** The caller's own row (the auth gate has already checked that it exists and may sign in). */
export const callerRow = async (db: Db, id: number): Promise<UserRow> => {
  const row = await findUser(db, id);
  if (!row) throw new AppError('TOKEN_ALREADY_LOGGED_OUT');
  return row;
};

const sameCompany = (a: UserRow, b: UserRow) => a.companyId !== null && a.companyId === b.companyId;

export const canSee = (caller: UserRow, target: UserRow): boolean =>
  caller.type === 'OPERATOR' ||
  caller.id === target.id ||
  (target.type === 'MERCHANT' && sameCompany(caller, target));

/** SQL limiting a list to the users the caller may see. */
export const visibleScope = (caller: UserRow): SQL | undefined => {
  if (caller.type === 'OPERATOR') return undefined;
  if (caller.companyId === null) return eq(users.id, caller.id);
  return and(eq(users.companyId, caller.companyId), eq(users.type, 'MERCHANT'));
};

export interface Actor {
  row: UserRow;
  subject: AccessSubject;
}

export const actorOf = async (db: Db, userId: number): Promise<Actor> => {
  const row = await callerRow(db, userId);
  return { row, subject: await accessSubjectFor(db, row) };
};

/**
 * The target user if the actor may do `action` on them: 26231 when the actor may not see them,
 * 26237 when they may see them but their permissions on `user` do not allow the action.
 * `selfAllowed`: acting on oneself needs no permission (read and update one's own profile).
 */
export const targetUser = async (
  db: Db,
  actor: Actor,
  id: number,
  action: PermissionAction,
  selfAllowed = false,
): Promise<UserRow> => {
  const target = id === actor.row.id ? actor.row : await findUser(db, id);
  if (!target || !canSee(actor.row, target)) throw new AppError('USER_NOT_FOUND');
  if (!(selfAllowed && target.id === actor.row.id)) assertAccess(actor.subject, action, 'user');
  return target;
};

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const normaliseMobile = (mobile: string | null | undefined) => {
  const m = mobile?.trim();
  return m ? m : null;
};

/** Maps the users table's unique indexes to the catalogue (race-safe: the index decides). */
const mapDuplicate = (e: unknown): never => {
  const constraint = uniqueViolation(e);
  if (constraint?.includes('email')) throw new AppError('EMAIL_ALREADY_IN_USE');
  if (constraint?.includes('mobile')) throw new AppError('MOBILE_ALREADY_IN_USE');
  throw e;
};

export interface NewPortalUser {
  email: string;
  name?: string | undefined;
  mobile?: string | null | undefined;
  password?: string | undefined;
  type: UserType;
  signupState?: SignupState;
  invitationType: InvitationType;
  invitedBy?: number | null;
  companyId?: number | null | undefined;
  brandId?: number | null | undefined;
  country: string;
}

/** Inserts a user waiting for e-mail activation; 26222 / 26221 for an e-mail / mobile in use. */
export const insertPendingUser = async (db: Db, input: NewPortalUser): Promise<UserRow> => {
  const values: NewUserRow = {
    email: normaliseEmail(input.email),
    name: input.name?.trim() ?? '',
    mobile: normaliseMobile(input.mobile),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    type: input.type,
    state: 'WAIT_EMAIL_ACTIVE',
    signupState: input.signupState ?? 'SUBMITTED',
    invitationType: input.invitationType,
    invitedBy: input.invitedBy ?? null,
    companyId: input.companyId ?? null,
    brandId: input.brandId ?? null,
    country: input.country,
  };
  try {
    const [row] = await db.insert(users).values(values).returning();
    if (!row) throw new Error('user insert returned nothing');
    return row;
  } catch (e) {
    return mapDuplicate(e);
  }
};

export interface InfoPatch {
  name?: string | undefined;
  mobile?: string | null | undefined;
  country?: string | undefined;
}

export const updateInfo = async (db: Db, id: number, patch: InfoPatch): Promise<UserRow> => {
  const set: Partial<NewUserRow> = { updateTime: new Date() };
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.mobile !== undefined) set.mobile = normaliseMobile(patch.mobile);
  if (patch.country !== undefined) set.country = patch.country;
  try {
    const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
    if (!row) throw new AppError('USER_NOT_FOUND');
    return row;
  } catch (e) {
    return mapDuplicate(e);
  }
};

/**
 * Changes a password. Changing one's own needs the current password (26203 when wrong) and ends
 * the user's other logins; an operator resetting someone else's needs none and ends all of theirs.
 */
export const changePassword = async (
  db: Db,
  actor: Actor,
  target: UserRow,
  input: { oldPassword?: string | undefined; password: string },
  currentLogin: string,
): Promise<void> => {
  const self = actor.row.id === target.id;
  if (self) {
    const okOld =
      input.oldPassword !== undefined &&
      target.passwordHash !== null &&
      (await verifyPassword(target.passwordHash, input.oldPassword));
    if (!okOld) throw new AppError('OLD_PASSWORD_INCORRECT');
  } else if (actor.row.type !== 'OPERATOR') {
    throw new AppError('ACCESS_DENIED');
  }
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      mustResetPassword: false,
      updateTime: new Date(),
    })
    .where(eq(users.id, target.id));
  if (self) {
    await db
      .update(loginSessions)
      .set({ revokedAt: new Date(), revokeReason: 'password-changed' })
      .where(and(eq(loginSessions.userId, target.id), ne(loginSessions.id, currentLogin)));
  } else {
    await revokeUserLogins(db, target.id, 'password-reset');
  }
};

/** Soft: state DELETE and every login ended (the row stays for history). Hard: the row goes. */
export const deleteUser = async (db: Db, target: UserRow, soft: boolean): Promise<void> => {
  if (soft) {
    await db.update(users).set({ state: 'DELETE', updateTime: new Date() }).where(eq(users.id, target.id));
    await revokeUserLogins(db, target.id, 'user-deleted');
    return;
  }
  try {
    await db.delete(users).where(eq(users.id, target.id));
  } catch (e) {
    // rows of other tables (history, devices, ...) still point at the user
    if (sqlState(e) === '23503') throw new AppError('USER_IN_USE');
    throw e;
  }
};
