// Who is signed in, on the wire (spec section 3): what `POST /auth/get-token` and `GET /user/{id}`
// answer. The server builds it (server/services/auth.ts), the portal keeps it (src/providers/storage.ts)
// and the mocks answer it.
import type { SignupState, UserState, UserType } from './enums';

/** The logged-in user (spec section 3). */
export interface LoggedInUser {
  id: number;
  email: string;
  name: string;
  type: UserType;
  mobile: string | null;
  companyId: number | null;
  brandId: number | null;
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
