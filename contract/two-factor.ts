// Two-factor sign-in (issue 24 item 1; docs/api.md "Two-factor sign-in"): TOTP (RFC 6238) enrolled
// from Settings > Profile, with single-use recovery codes. The server (server/domains/users/two-factor.ts),
// the portal and the tests read these numbers and paths; nothing else defines them.

/** Under the main base path: GET the caller's status, POST starts enrolment, DELETE `{code}` turns it off. */
export const TWO_FACTOR_PATH = '/user/me/two-factor';
/** POST `{code}`: the first code of the authenticator app turns the second factor on. */
export const TWO_FACTOR_CONFIRM_PATH = '/user/me/two-factor/confirm';
/** Under the auth base paths: POST `{challenge, code}` finishes a sign-in that get-token began (26212). */
export const TWO_FACTOR_SIGN_IN_PATH = '/auth/two-factor';

/** TOTP parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Codes of one step before or after now are accepted too (a phone's clock a little off). */
export const TOTP_WINDOW = 1;
/** The issuer shown in the authenticator app. */
export const TOTP_ISSUER = 'Loyalty Portal';

/** How long a sign-in challenge (the answer of get-token with 26212) can be completed. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 300;
/** Wrong codes a challenge takes; then it is dead and the user signs in again with the password. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
/** Recovery codes handed out at enrolment; each works once. */
export const TWO_FACTOR_RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: four groups of four lower-case letters and digits, e.g. `k3p9-x2mq-7vha-c4ne`. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/;
/** What a code field accepts: six digits or a recovery code (spaces and dashes are forgiven). */
export const TWO_FACTOR_CODE_MAX_LENGTH = 32;

/** `POST /user/me/two-factor` answers this once: the secret and the recovery codes are never shown again. */
export interface TwoFactorEnrolment {
  /** base32, for typing into an app that cannot scan */
  secret: string;
  /** otpauth://totp/... for the QR code */
  otpauthUrl: string;
  recoveryCodes: string[];
}

/** `data` of the 26212 answer of get-token. */
export interface TwoFactorChallengeData {
  challenge: string;
  /** seconds the challenge stays valid */
  expiresInSeconds: number;
}

/** `GET /user/me/two-factor`, and the two fields get-token adds to the logged-in user. */
export interface TwoFactorStatus {
  twoFactorEnabled: boolean;
  /** the product requires a second factor of this user (System Config) */
  twoFactorRequired: boolean;
}

/** Required and not set up: the login only enrols (26215 elsewhere) and the portal goes to enrol. */
export const mustEnrolTwoFactor = (s: Partial<TwoFactorStatus> | null | undefined): boolean =>
  s?.twoFactorRequired === true && s.twoFactorEnabled !== true;
