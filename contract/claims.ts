import type { UserType } from './enums';

/** Claims of the access token (spec section 3). `exp` is in seconds since the epoch. */
export interface TokenClaims {
  /** token id (the login session's id; all tokens of one login share it) */
  tid: string;
  /** user id */
  uid: number;
  /** portal user type */
  putyp: UserType;
  /** device id: the browser/client the login was made from */
  did: string;
  /** merchant's company id, or 0 for an operator or a merchant without a company */
  mid: number;
  /** mobile */
  mob: string;
  /** e-mail */
  eml: string;
  /** role: 'operator' or 'merchant' */
  role: Role;
  exp: number;
}

export const ROLES = ['operator', 'merchant'] as const;
export type Role = (typeof ROLES)[number];

export const roleOf = (type: UserType): Role => (type === 'OPERATOR' ? 'operator' : 'merchant');
