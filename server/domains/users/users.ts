// Portal users: who may see whom, registration and invitations, profile and password changes.
// Visibility: an operator sees everyone; a merchant sees themselves and the users of their own
// company (companyId equal and not null). Anything else answers 26231 USER_NOT_FOUND, exactly as
// an id that does not exist, so other companies' user ids cannot be probed.
import { and, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type {
  InvitationType,
  PermissionAction,
  SignupState,
  UserState,
  UserType,
} from '../../../contract/enums';
import { USER_STATES, USER_TYPES } from '../../../contract/enums';
import { type AuditActor, type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { sqlState, uniqueViolation } from '../../platform/db/errors';
import { loginSessions, type NewUserRow, type UserRow, users, userTwoFactor } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list/types';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { authorize } from '../../resources/authorize';
import type { SignedInUser } from '../../resources/principal';
import { NOT_LOCKED } from '../access/account-security';
import { issueEmailAction } from '../access/email-actions';
import { type GroupSummary, groupsOf, groupsOfUsers, isCompanyOwner } from '../access/rbac';
import { revokeUserLogins } from '../access/sessions';
import { findBrand, findStore, ownBrand, ownCompany, ownStore } from '../organisation/organisation';

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
  lockedAt: { column: users.lockedAt, type: 'datetime' },
  updateTime: { column: users.updateTime, type: 'datetime' },
};

/**
 * A user as the API shows it: never the password hash; `groups` are names, as in the logged-in user;
 * `twoFactorEnabled` whether they sign in with a second factor (an administrator may reset a lost one).
 */
export type PublicUser = Omit<UserRow, 'passwordHash'> & {
  groups: string[];
  groupIds: number[];
  twoFactorEnabled: boolean;
};

export const publicUser = (
  row: UserRow,
  groups: readonly GroupSummary[],
  twoFactorEnabled: boolean,
): PublicUser => {
  const { passwordHash: _hidden, ...rest } = row;
  return { ...rest, groups: groups.map((g) => g.name), groupIds: groups.map((g) => g.id), twoFactorEnabled };
};

/** Which of `ids` have a second factor turned on (one query for a page of users). */
const withTwoFactor = async (db: DbOrTx, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, [...ids]), isNotNull(userTwoFactor.enabledAt)));
  return new Set(rows.map((r) => r.userId));
};

/** A user row as the audit log keeps it: never the password hash (audit.ts redacts it again). */
export const userSnapshot = (row: UserRow): Omit<UserRow, 'passwordHash'> => {
  const { passwordHash: _hidden, ...rest } = row;
  return rest;
};

export const auditActorOf = (row: Pick<UserRow, 'id' | 'email'>): AuditActor => ({
  id: row.id,
  email: row.email,
});

export const withGroups = async (db: DbOrTx, row: UserRow): Promise<PublicUser> =>
  publicUser(row, await groupsOf(db, row.id), (await withTwoFactor(db, [row.id])).has(row.id));

/** Fields `GET /user` adds to its rows (list-query `computed`): as `GET /user/{id}` has them. */
export const USER_LIST_COMPUTED = ['groups', 'groupIds', 'twoFactorEnabled'] as const;

/**
 * Adds the `computed` fields the projection asked for (`groups`, `groupIds`) to a page of user rows,
 * with one query for the whole page.
 */
export const withListGroups = async (
  db: DbOrTx,
  rows: Record<string, unknown>[],
  computed: readonly string[],
): Promise<Record<string, unknown>[]> => {
  if (computed.length === 0 || rows.length === 0) return rows;
  const ids = rows.map((r) => Number(r.id));
  const byUser =
    computed.includes('groups') || computed.includes('groupIds') ? await groupsOfUsers(db, ids) : new Map();
  const secondFactor = computed.includes('twoFactorEnabled') ? await withTwoFactor(db, ids) : new Set();
  return rows.map((row) => {
    const groups: GroupSummary[] = byUser.get(Number(row.id)) ?? [];
    return {
      ...row,
      ...(computed.includes('groups') ? { groups: groups.map((g) => g.name) } : {}),
      ...(computed.includes('groupIds') ? { groupIds: groups.map((g) => g.id) } : {}),
      ...(computed.includes('twoFactorEnabled')
        ? { twoFactorEnabled: secondFactor.has(Number(row.id)) }
        : {}),
    };
  });
};

export const findUser = async (db: Db, id: number): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id));
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

/**
 * The target user if the actor may do `action` on them: 26231 when the actor may not see them,
 * 26237 when they may see them but their permissions on `user` do not allow the action.
 * `selfAllowed`: acting on oneself needs no permission (read and update one's own profile).
 */
export const targetUser = async (
  db: Db,
  actor: SignedInUser,
  id: number,
  action: PermissionAction,
  selfAllowed = false,
): Promise<UserRow> => {
  const target = id === actor.row.id ? actor.row : await findUser(db, id);
  if (!target || !canSee(actor.row, target)) throw new AppError('USER_NOT_FOUND');
  if (!(selfAllowed && target.id === actor.row.id)) authorize(actor, { resource: 'user', action });
  // a colleague with limited permissions never changes the company's owners (the merchants who
  // signed the company up or whom an operator invited: they hold everything)
  if (
    action !== 'VIEW' &&
    target.id !== actor.row.id &&
    actor.subject.permissions !== undefined &&
    isCompanyOwner(target)
  ) {
    throw new AppError('ACCESS_DENIED');
  }
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
  storeId?: number | null | undefined;
  country: string;
}

/**
 * Inserts a user waiting for e-mail activation, in one transaction with its audit entry (`invite`
 * by the inviting user, or `register` by the new user themself); 26222 / 26221 for an e-mail /
 * mobile in use.
 */
export const insertPendingUser = async (
  db: Db,
  input: NewPortalUser,
  audit: { action: 'invite' | 'register'; actor: AuditActor | null },
): Promise<UserRow> => {
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
    storeId: input.storeId ?? null,
    country: input.country,
  };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      await recordAudit(tx, {
        actor: audit.actor ?? auditActorOf(row),
        action: audit.action,
        resource: 'users',
        recordId: row.id,
        companyId: row.companyId,
        after: userSnapshot(row),
      });
      return row;
    });
  } catch (e) {
    return mapDuplicate(e);
  }
};

export interface InviteTarget {
  companyId?: number | null | undefined;
  brandId?: number | null | undefined;
  storeId?: number | null | undefined;
}

export interface InviteScope {
  companyId: number | null;
  brandId: number | null;
  storeId: number | null;
}

/** A store named alongside a brand must be in that brand (code 2 on storeId). */
const assertStoreInBrand = (store: { brandId: number }, brandId: number | null) => {
  if (brandId !== null && store.brandId !== brandId) {
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'storeId', message: 'is not a store of the brand named by brandId' },
    ]);
  }
};

/**
 * Where a merchant's invitee lands: the inviter's company, and the brand or store named (each the
 * inviter's own and ACTIVE: 26431/26440/26434, 26432/26441/26435). An inviter limited to a brand
 * (or store) may invite only into it (26440 / 26441), and passes that limit on when none is named.
 */
export const merchantInviteScope = async (
  db: DbOrTx,
  inviter: UserRow,
  target: InviteTarget,
): Promise<InviteScope> => {
  const { companyId } = inviter;
  let brandId = target.brandId ?? null;
  const storeId = target.storeId ?? null;
  if (brandId !== null) {
    await ownBrand(db, companyId, brandId, { active: true });
    if (inviter.brandId !== null && inviter.brandId !== brandId)
      throw new AppError('BRAND_NOT_BELONG_TO_USER');
  }
  if (storeId !== null) {
    const store = await ownStore(db, companyId, storeId, { active: true });
    const outsideLimit =
      (inviter.storeId !== null && inviter.storeId !== storeId) ||
      (inviter.brandId !== null && inviter.brandId !== store.brandId);
    if (outsideLimit) throw new AppError('STORE_NOT_BELONG_TO_USER');
    assertStoreInBrand(store, brandId);
    brandId = store.brandId;
  }
  return {
    companyId,
    brandId: brandId ?? inviter.brandId,
    storeId: storeId ?? (brandId === null || brandId === inviter.brandId ? inviter.storeId : null),
  };
};

/**
 * Where an operator's merchant invitee lands: the company named (or the one of the brand or store
 * named), which must exist (26430); a brand or store must be of that company (26440 / 26441) and
 * ACTIVE (26434 / 26435). `companyActive`: the invitee joins an approved company.
 */
export const operatorInviteScope = async (
  db: DbOrTx,
  operator: UserRow,
  target: InviteTarget,
): Promise<InviteScope & { companyActive: boolean }> => {
  let companyId = target.companyId ?? null;
  let brandId = target.brandId ?? null;
  const storeId = target.storeId ?? null;
  if (companyId === null && storeId !== null) {
    const store = await findStore(db, storeId);
    if (!store || store.state === 'DELETE') throw new AppError('STORE_NOT_FOUND');
    companyId = store.companyId;
  }
  if (companyId === null && brandId !== null) {
    const brand = await findBrand(db, brandId);
    if (!brand || brand.state === 'DELETE') throw new AppError('BRAND_NOT_FOUND');
    companyId = brand.companyId;
  }
  const company = companyId === null ? undefined : await ownCompany(db, operator, companyId);
  if (brandId !== null) await ownBrand(db, companyId, brandId, { active: true });
  if (storeId !== null) {
    const store = await ownStore(db, companyId, storeId, { active: true });
    assertStoreInBrand(store, brandId);
    brandId = store.brandId;
  }
  return { companyId, brandId, storeId, companyActive: company?.state === 'ACTIVE' };
};

export interface InfoPatch {
  name?: string | undefined;
  mobile?: string | null | undefined;
  country?: string | undefined;
}

/** Updates name, mobile or country; a change by someone else is audited (same transaction). */
export const updateInfo = async (
  db: Db,
  actor: UserRow,
  target: UserRow,
  patch: InfoPatch,
): Promise<UserRow> => {
  const set: Partial<NewUserRow> = { updateTime: new Date() };
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.mobile !== undefined) set.mobile = normaliseMobile(patch.mobile);
  if (patch.country !== undefined) set.country = patch.country;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();
      if (!row) throw new AppError('USER_NOT_FOUND');
      if (actor.id !== target.id) {
        await recordAudit(tx, {
          actor: auditActorOf(actor),
          action: 'update',
          resource: 'users',
          recordId: row.id,
          companyId: row.companyId,
          before: userSnapshot(target),
          after: userSnapshot(row),
        });
      }
      return row;
    });
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
  actor: SignedInUser,
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
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustResetPassword: false, updateTime: new Date() })
      .where(eq(users.id, target.id));
    if (self) {
      await tx
        .update(loginSessions)
        .set({ revokedAt: new Date(), revokeReason: 'password-changed' })
        .where(and(eq(loginSessions.userId, target.id), ne(loginSessions.id, currentLogin)));
    } else {
      await revokeUserLogins(tx, target.id, 'password-reset');
      // no before/after: the only change is a secret
      await recordAudit(tx, {
        actor: auditActorOf(actor.row),
        action: 'resetPassword',
        resource: 'users',
        recordId: target.id,
        companyId: target.companyId,
      });
    }
  });
};

/**
 * Soft: state DELETE and every login ended (the row stays for history). Hard: the row goes.
 * Either way one transaction with its audit entry.
 */
export const deleteUser = async (db: Db, actor: UserRow, target: UserRow, soft: boolean): Promise<void> => {
  const entry = {
    actor: auditActorOf(actor),
    action: 'delete',
    resource: 'users',
    recordId: target.id,
    companyId: target.companyId,
    before: userSnapshot(target),
  };
  if (soft) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ state: 'DELETE', updateTime: new Date() })
        .where(eq(users.id, target.id))
        .returning();
      await revokeUserLogins(tx, target.id, 'user-deleted');
      await recordAudit(tx, { ...entry, after: row ? userSnapshot(row) : null });
    });
    return;
  }
  try {
    await db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, target.id));
      await recordAudit(tx, entry);
    });
  } catch (e) {
    // rows of other tables (history, devices, ...) still point at the user
    if (sqlState(e) === '23503') throw new AppError('USER_IN_USE');
    throw e;
  }
};

/** The states `PATCH /user/{id}/state` switches between, and the states each may be reached from. */
export type SwitchableState = 'ENABLE' | 'DISABLE';
const SWITCH_FROM: Record<SwitchableState, readonly UserState[]> = {
  // LOCK → ENABLE is "unlock"
  ENABLE: ['DISABLE', 'LOCK'],
  DISABLE: ['ENABLE', 'LOCK'],
};

/**
 * Enables or disables a user: one transaction with its audit entry (`enable` / `disable`, `{state}`
 * before and after); disabling ends every login of the user at once. The current state answers
 * unchanged, with no audit entry. A user still waiting for activation, or deleted, cannot be
 * switched (26201).
 */
export const setUserState = async (
  db: Db,
  actor: UserRow,
  target: UserRow,
  state: SwitchableState,
): Promise<UserRow> =>
  db.transaction(async (tx) => {
    // the row is read again under a lock, so two admins switching at once are serialised
    const [current] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
    if (!current) throw new AppError('USER_NOT_FOUND');
    if (current.state === state) return current;
    // 26201 is reserved for the caller's own state (the portal signs them out on it)
    if (!SWITCH_FROM[state].includes(current.state)) {
      throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
        { field: 'state', message: `a ${current.state} user cannot be set to ${state}` },
      ]);
    }
    const [row] = await tx
      .update(users)
      // leaving LOCK either way: the lock and its count are over
      .set({ state, updateTime: new Date(), ...NOT_LOCKED })
      .where(eq(users.id, target.id))
      .returning();
    if (!row) throw new AppError('USER_NOT_FOUND');
    if (state === 'DISABLE') await revokeUserLogins(tx, target.id, 'user-disabled');
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: state === 'DISABLE' ? 'disable' : 'enable',
      resource: 'users',
      recordId: row.id,
      companyId: row.companyId,
      before: { state: current.state },
      after: { state: row.state },
    });
    return row;
  });

/**
 * Mails a user still waiting for activation a fresh activation link (their older links stop
 * working) and records `resend-invitation`; any other state is 11 STATE_TRANSITION_NOT_ALLOWED.
 */
export const resendInvitation = async (db: Db, actor: UserRow, target: UserRow): Promise<void> => {
  if (target.state !== 'WAIT_EMAIL_ACTIVE') {
    throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
      { field: 'state', message: 'only a user waiting for activation gets a new invitation' },
    ]);
  }
  await issueEmailAction(db, target.id, 'activeEmail');
  // no before/after: nothing of the user changes, and the link is a secret
  await recordAudit(db, {
    actor: auditActorOf(actor),
    action: 'resend-invitation',
    resource: 'users',
    recordId: target.id,
    companyId: target.companyId,
  });
};
