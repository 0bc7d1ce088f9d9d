// Where startup sends a user (spec section 2), as a pure function of the session and the path.
import type { LoggedInUser } from '../../contract/auth';
import { mustEnrolTwoFactor } from '../../contract/two-factor';

export type Session =
  | { status: 'loading' }
  | { status: 'visitor' }
  /** loading the user failed: treated as a visitor, and sent to the splash page */
  | { status: 'failed' }
  | { status: 'user'; user: LoggedInUser; role: 'operator' | 'merchant'; pnsAllowed: boolean };

const under = (path: string, base: string): boolean => path === base || path.startsWith(`${base}/`);

/** Pages a signed-in user has no business on: they are sent to the root instead. */
const ENTRY_PATHS = ['/splash', '/login', '/register', '/forget-password'];
/** Where a user enrols a second factor the product requires (Settings > Profile). */
export const TWO_FACTOR_ENROL_PATH = '/settings/profile';
/** Pages that stay reachable while a required second factor is not set up (the server refuses the rest: 26215). */
const ENROLMENT_PATHS = [TWO_FACTOR_ENROL_PATH, '/x-action', '/help'];
/** Pages that stay reachable for a merchant whose signup is not approved yet. */
const UNAPPROVED_MERCHANT_PATHS = ['/signup', '/x-action', '/help', '/test', '/settings'];

export const isUnapprovedMerchant = (s: Session): boolean =>
  s.status === 'user' && s.role === 'merchant' && s.user.signupState !== 'APPROVAL';

/**
 * The path to go to, or null to stay. `isPublic` says whether a visitor may see the path;
 * unknown paths (null) stay so that the "not found" page shows.
 */
export const startupTarget = (session: Session, path: string, isPublic: boolean | null): string | null => {
  switch (session.status) {
    case 'loading':
      return null;
    case 'visitor':
    case 'failed':
      return isPublic === false ? '/splash' : null;
    case 'user': {
      if (mustEnrolTwoFactor(session.user)) {
        return ENROLMENT_PATHS.some((b) => under(path, b)) ? null : TWO_FACTOR_ENROL_PATH;
      }
      if (isUnapprovedMerchant(session)) {
        return UNAPPROVED_MERCHANT_PATHS.some((b) => under(path, b)) ? null : '/signup';
      }
      if (path === '/signup' || ENTRY_PATHS.some((b) => under(path, b))) return '/';
      return null;
    }
    default: {
      const never: never = session;
      throw new Error(`unknown session ${JSON.stringify(never)}`);
    }
  }
};
