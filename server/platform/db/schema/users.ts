import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  DEFAULT_COUNTRY,
  INVITATION_TYPES,
  type InvitationType,
  SIGNUP_STATES,
  type SignupState,
  USER_STATES,
  USER_TYPES,
  type UserState,
  type UserType,
} from '../../../../contract';
import { oneOfCheck, organizationLevelColumn, timestamps, timestampTz } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** always stored lower-case (a check constraint guards it) */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** null when absent, so the unique index ignores users without one */
    mobile: text('mobile'),
    /** null for an invited user until activation sets a password */
    passwordHash: text('password_hash'),
    type: text('type').$type<UserType>().notNull().default('MERCHANT'),
    state: text('state').$type<UserState>().notNull().default('ENABLE'),
    signupState: text('signup_state').$type<SignupState>().notNull().default('SUBMITTED'),
    // company/brand/store tables arrive later; their foreign keys come with them
    companyId: integer('company_id'),
    brandId: integer('brand_id'),
    storeId: integer('store_id'),
    /** derived from the three ids above: what the user's access reaches (contract organizationLevelOf) */
    organizationLevel: organizationLevelColumn(),
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    /**
     * Wrong passwords (or second-factor codes) in a row since the last sign-in; at LOGIN_MAX_FAILURES
     * the user moves to LOCK (server/domains/access/account-security.ts). Shared by every instance.
     */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** when the failed sign-ins locked the user; null unless state is LOCK */
    lockedAt: timestampTz('locked_at'),
    /**
     * When an unlock or a password reset last cleared the wrong sign-ins: the sign-in throttle of the
     * account (per address) counts nothing from before it (server/platform/rate-limit.ts).
     */
    signInsClearedAt: timestampTz('sign_ins_cleared_at'),
    invitationType: text('invitation_type').$type<InvitationType>().notNull().default('BLANK'),
    invitedBy: integer('invited_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_mobile_uq').on(t.mobile),
    index('users_company_idx').on(t.companyId),
    index('users_create_time_idx').on(t.createTime),
    check('users_email_lower_ck', sql`${t.email} = lower(${t.email})`),
    oneOfCheck('users_type_ck', t.type, USER_TYPES),
    oneOfCheck('users_state_ck', t.state, USER_STATES),
    oneOfCheck('users_signup_state_ck', t.signupState, SIGNUP_STATES),
    oneOfCheck('users_invitation_type_ck', t.invitationType, INVITATION_TYPES),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
