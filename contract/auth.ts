// Who is signed in, on the wire (spec section 3): what `POST /auth/get-token` and `GET /user/{id}`
// answer. The server builds it (server/domains/users/sign-in.ts), the portal keeps it (src/providers/storage.ts)
// and the mocks answer it.
import type { OrganizationLevel, SignupState, UserState, UserType } from './enums';

/**
 * On every 26200 of get-token: how many more wrong passwords this e-mail may be tried with from this
 * address before the address is paused (counted alike for an e-mail with no account). The last one
 * also carries `Retry-After`: how long the pause lasts. Headers, so the envelope stays the contract's.
 */
export const SIGN_IN_ATTEMPTS_LEFT_HEADER = 'X-Sign-In-Attempts-Left';

/** The logged-in user (spec section 3). */
export interface LoggedInUser {
  id: number;
  email: string;
  name: string;
  type: UserType;
  mobile: string | null;
  companyId: number | null;
  brandId: number | null;
  /** the one store a colleague works at (invited into it), else null: a scan stamps and redeems there */
  storeId?: number | null;
  /** that store's name (the counter's screen names it, whatever the user may read of stores) */
  storeName?: string | null;
  /** what the user's access reaches (contract/enums.ts organizationLevelOf): NULL for an operator */
  organizationLevel: OrganizationLevel;
  signupState: SignupState;
  state: UserState;
  country: string;
  /** the names of the user's groups */
  groups: string[];
  /**
   * Sent by get-token and `POST /auth/two-factor` only (docs/api.md "Two-factor sign-in"): whether the
   * user has a second factor, and whether the product requires one of them (System Config). Required
   * and not enabled: the portal takes the user to enrol before anything else, and the server refuses
   * every other call with 26215 until they have.
   */
  twoFactorEnabled?: boolean;
  twoFactorRequired?: boolean;
}

/** The caller's sessions: GET lists them, DELETE ends all but the calling one (answers `{ended}`). */
export const OWN_SESSIONS_PATH = '/user/me/sessions';

/** One signed-in session of the caller's, as `GET /user/me/sessions` answers it (docs/api.md "Sessions"). */
export interface SignedInSession {
  /** the login's id (its access tokens' `tid`): `DELETE /user/me/sessions/{id}` ends it */
  id: string;
  /** e.g. "Chrome 131 on Windows", read from the user agent (a hint: the client writes that header) */
  browser: string;
  userAgent: string | null;
  /** the address at sign-in, then at its latest refresh */
  ip: string | null;
  /** signed in at (ISO 8601) */
  createTime: string;
  /** sign-in or latest refresh, to the minute */
  lastUsedAt: string;
  expiresAt: string;
  /** the session of the request that asks */
  current: boolean;
}
