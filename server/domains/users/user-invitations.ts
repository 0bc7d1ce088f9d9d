// Registration and invitations of portal users: a user waiting for e-mail activation, where a
// merchant's or an operator's invitee lands (company, brand, store), and a fresh activation link.
import type { InvitationType, SignupState, UserType } from '../../../contract/enums';
import type { AuditActor, DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { type NewUserRow, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { issueEmailAction } from '../access/email-actions';
import { auditActorOf, recordUserAudit } from '../access/user-audit';
import { findBrand, findStore, ownBrand, ownCompany, ownStore } from '../organisation/organisation';
import { mapDuplicate, normaliseMobile, userSnapshot } from './users';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

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
      await recordUserAudit(tx, audit.actor ?? auditActorOf(row), audit.action, row, {
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
  await recordUserAudit(db, auditActorOf(actor), 'resend-invitation', target);
};
