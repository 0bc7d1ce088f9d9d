// Wallet passes on the wire (issue 26, docs/api.md "Wallet passes"): the operator's settings for Apple
// Wallet and Google Wallet (stored as secrets: a GET answers which are set and what a certificate
// says, never a key or a certificate), and the path of Apple's PassKit web service that a pass's
// webServiceURL names. The server's routes, the portal's settings tab and the tests read these.

/** GET and PUT (under BASE_PATHS.main): operators only. */
export const WALLET_PASS_SETTINGS_PATH = '/wallet-pass-settings';

/**
 * The pass's webServiceURL is PUBLIC_URL + BASE_PATHS.main + this; Apple's Wallet appends its own
 * `/v1/devices/...`, `/v1/passes/...` and `/v1/log` to it.
 */
export const PASSKIT_SERVICE_PATH = '/passkit';

/** The pass file's media type. */
export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';

/** Google's "Save to Google Wallet" address: this followed by the signed JWT. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** What the settings tell about a certificate they hold (never the certificate itself). */
export interface CertificateInfo {
  /** e.g. "CN=Pass Type ID: pass.com.example.loyalty, OU=ABCDE12345, O=Example Ltd, C=SG" */
  subject: string;
  /** ISO 8601 */
  notAfter: string;
  /** the certificate's validity ended before now */
  expired: boolean;
}

/** GET /wallet-pass-settings */
export interface WalletPassSettingsView {
  apple: {
    /** every part a pass needs is set and readable: passes and their web service are on */
    configured: boolean;
    /** printed in every pass: not a secret */
    passTypeIdentifier: string | null;
    teamIdentifier: string | null;
    signerCert: CertificateInfo | null;
    signerKeySet: boolean;
    signerKeyPassphraseSet: boolean;
    wwdrCert: CertificateInfo | null;
  };
  google: {
    configured: boolean;
    issuerId: string | null;
    /** the service account's e-mail, the JWT's issuer: printed in every link, not a secret */
    serviceAccountEmail: string | null;
    privateKeySet: boolean;
  };
}

/**
 * PUT /wallet-pass-settings: each field left out keeps its value, null clears it, a string sets it.
 * Certificates and keys are PEM text; a key may be encrypted (its passphrase then set too).
 */
export interface WalletPassSettingsBody {
  applePassTypeIdentifier?: string | null;
  appleTeamIdentifier?: string | null;
  appleSignerCertPem?: string | null;
  appleSignerKeyPem?: string | null;
  appleSignerKeyPassphrase?: string | null;
  appleWwdrCertPem?: string | null;
  googleIssuerId?: string | null;
  googleServiceAccountEmail?: string | null;
  googlePrivateKeyPem?: string | null;
}

export const WALLET_PASS_SETTING_FIELDS = [
  'applePassTypeIdentifier',
  'appleTeamIdentifier',
  'appleSignerCertPem',
  'appleSignerKeyPem',
  'appleSignerKeyPassphrase',
  'appleWwdrCertPem',
  'googleIssuerId',
  'googleServiceAccountEmail',
  'googlePrivateKeyPem',
] as const satisfies readonly (keyof WalletPassSettingsBody)[];
export type WalletPassSettingField = (typeof WALLET_PASS_SETTING_FIELDS)[number];

/** The fields of each provider, for a "clear" that empties one provider at once. */
export const APPLE_SETTING_FIELDS = WALLET_PASS_SETTING_FIELDS.filter((f) => f.startsWith('apple'));
export const GOOGLE_SETTING_FIELDS = WALLET_PASS_SETTING_FIELDS.filter((f) => f.startsWith('google'));

/** Longest PEM text accepted (a certificate chain fits well within). */
export const WALLET_PEM_MAX = 20_000;

/** Apple's identifiers: `pass.` reverse-DNS, and a 10-character team id. */
export const PASS_TYPE_IDENTIFIER_PATTERN = '^pass\\.[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$';
export const TEAM_IDENTIFIER_PATTERN = '^[A-Z0-9]{10}$';
/** Google's issuer id: digits. */
export const GOOGLE_ISSUER_ID_PATTERN = '^[0-9]{1,30}$';

/** A pass update notice's life: QUEUED in the operation's transaction, then SENT or FAILED by the job. */
export const PASS_NOTICE_STATES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type PassNoticeState = (typeof PASS_NOTICE_STATES)[number];

/** Pass downloads (GET /public/cards/{token}/pass.pkpass) from one IP address per minute. */
export const PASS_DOWNLOADS_PER_IP_PER_MINUTE = 20;
/** POST .../passkit/v1/log calls from one IP address per minute. */
export const PASSKIT_LOGS_PER_IP_PER_MINUTE = 10;
