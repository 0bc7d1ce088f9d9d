// The operator's wallet pass settings (docs/decisions.md "Wallet passes"): Apple Wallet's pass type
// and team identifiers, signer certificate and key (with its passphrase) and Apple's WWDR certificate;
// Google Wallet's issuer id, service account e-mail and private key. Each is one row of
// wallet_pass_settings, sealed with AES-256-GCM (server/platform/secret-box.ts). What the screen reads back
// is `settingsView`: identifiers, whether each secret is set, and a certificate's subject and expiry;
// never a key, a passphrase or a certificate.
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import {
  type CertificateInfo,
  WALLET_PASS_SETTING_FIELDS,
  type WalletPassSettingField,
  type WalletPassSettingsBody,
  type WalletPassSettingsView,
} from '../../../contract/wallet-passes';
import { type AuditActor, type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { walletPassSettings } from '../../platform/db/schema';
import { validationError } from '../../platform/errors';
import { type SecretBox, secretBox } from '../../platform/secret-box';
import type { LinkKeys } from './links';

/**
 * The key that seals the settings: HKDF of the server's key material for this purpose only. Its input
 * is the pocket link key (itself HKDF of the JWT secret, server/domains/pocket/links.ts), which every
 * caller of the web card's view already holds: so the view offers wallet buttons without the JWT
 * secret itself, and the settings change only when JWT_SECRET does.
 */
export const walletSecrets = (keys: Pick<LinkKeys, 'key'>): SecretBox =>
  secretBox(keys.key, 'wallet-pass-settings v1');

type Stored = Partial<Record<WalletPassSettingField, { value: string; info: CertInfoRow | null }>>;
type CertInfoRow = { subject: string; notAfter: string };

const CERT_FIELDS: readonly WalletPassSettingField[] = ['appleSignerCertPem', 'appleWwdrCertPem'];

/** What Apple Wallet passes are built with, when every part is set and readable. */
export interface AppleSettings {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCertPem: string;
  signerKeyPem: string;
  signerKeyPassphrase: string | undefined;
  wwdrPem: string;
}

/** What a "Save to Google Wallet" link is signed with. */
export interface GoogleSettings {
  issuerId: string;
  serviceAccountEmail: string;
  privateKeyPem: string;
}

export interface WalletSettings {
  apple: AppleSettings | null;
  google: GoogleSettings | null;
  /** every stored field, opened (a value sealed under another JWT secret is left out) */
  stored: Stored;
}

/** Reads and opens every setting; a value that does not open (JWT_SECRET changed) counts as unset. */
export const loadWalletSettings = async (db: DbOrTx, box: SecretBox): Promise<WalletSettings> => {
  const rows = await db
    .select()
    .from(walletPassSettings)
    .where(inArray(walletPassSettings.name, [...WALLET_PASS_SETTING_FIELDS]));
  const stored: Stored = {};
  for (const row of rows) {
    const value = box.open(row.sealed);
    if (value !== null) stored[row.name as WalletPassSettingField] = { value, info: row.info ?? null };
  }
  const v = (f: WalletPassSettingField) => stored[f]?.value;
  const [passType, team, cert, key, wwdr] = [
    v('applePassTypeIdentifier'),
    v('appleTeamIdentifier'),
    v('appleSignerCertPem'),
    v('appleSignerKeyPem'),
    v('appleWwdrCertPem'),
  ];
  const apple: AppleSettings | null =
    passType && team && cert && key && wwdr
      ? {
          passTypeIdentifier: passType,
          teamIdentifier: team,
          signerCertPem: cert,
          signerKeyPem: key,
          signerKeyPassphrase: v('appleSignerKeyPassphrase'),
          wwdrPem: wwdr,
        }
      : null;
  const [issuer, email, gkey] = [
    v('googleIssuerId'),
    v('googleServiceAccountEmail'),
    v('googlePrivateKeyPem'),
  ];
  const google: GoogleSettings | null =
    issuer && email && gkey ? { issuerId: issuer, serviceAccountEmail: email, privateKeyPem: gkey } : null;
  return { apple, google, stored };
};

const certInfo = (info: CertInfoRow | null | undefined, now: Date): CertificateInfo | null =>
  info ? { ...info, expired: new Date(info.notAfter).getTime() < now.getTime() } : null;

/** GET /wallet-pass-settings: identifiers, which secrets are set, and what the certificates say. */
export const settingsView = (settings: WalletSettings, now = new Date()): WalletPassSettingsView => {
  const s = settings.stored;
  const set = (f: WalletPassSettingField) => s[f] !== undefined;
  return {
    apple: {
      configured: settings.apple !== null,
      passTypeIdentifier: s.applePassTypeIdentifier?.value ?? null,
      teamIdentifier: s.appleTeamIdentifier?.value ?? null,
      signerCert: set('appleSignerCertPem') ? certInfo(s.appleSignerCertPem?.info, now) : null,
      signerKeySet: set('appleSignerKeyPem'),
      signerKeyPassphraseSet: set('appleSignerKeyPassphrase'),
      wwdrCert: set('appleWwdrCertPem') ? certInfo(s.appleWwdrCertPem?.info, now) : null,
    },
    google: {
      configured: settings.google !== null,
      issuerId: s.googleIssuerId?.value ?? null,
      serviceAccountEmail: s.googleServiceAccountEmail?.value ?? null,
      privateKeySet: set('googlePrivateKeyPem'),
    },
  };
};

/** A PEM certificate's subject and expiry, or code 2 on `field`. */
const readCertificate = (field: string, pem: string): CertInfoRow & { cert: X509Certificate } => {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw validationError(field, 'is not a PEM certificate (-----BEGIN CERTIFICATE-----)');
  }
  return {
    cert,
    // "CN=…\nOU=…" as one line
    subject: cert.subject.split('\n').join(', '),
    notAfter: new Date(cert.validTo).toISOString(),
  };
};

/** A PEM private key (opened with `passphrase` when encrypted), or code 2 on the field at fault. */
const readKey = (
  keyField: string,
  passphraseField: string,
  pem: string,
  passphrase: string | undefined,
): KeyObject => {
  const encrypted = /ENCRYPTED/.test(pem);
  try {
    return createPrivateKey(passphrase === undefined ? { key: pem } : { key: pem, passphrase });
  } catch {
    if (encrypted && passphrase === undefined)
      throw validationError(passphraseField, 'the key is encrypted: give its passphrase');
    if (encrypted) throw validationError(passphraseField, 'does not open the key');
    throw validationError(keyField, 'is not a PEM private key (-----BEGIN PRIVATE KEY-----)');
  }
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * PUT /wallet-pass-settings: sets (a string) or clears (null) each field given, after checking what
 * the result would be: certificates and keys must read, the signer key must open (with its
 * passphrase) and belong to the signer certificate, Google's key must be an RSA key (RS256). Audited
 * with the names of the fields changed, never their values.
 */
export const updateWalletSettings = async (
  db: Db,
  box: SecretBox,
  body: WalletPassSettingsBody,
  actor: AuditActor,
  now = new Date(),
): Promise<WalletPassSettingsView> =>
  db.transaction(async (tx) => {
    const before = await loadWalletSettings(tx, box);
    const next: Partial<Record<WalletPassSettingField, string>> = {};
    for (const f of WALLET_PASS_SETTING_FIELDS) {
      const value = before.stored[f]?.value;
      if (value !== undefined) next[f] = value;
    }
    const given = WALLET_PASS_SETTING_FIELDS.filter((f) => body[f] !== undefined);
    for (const f of given) {
      const value = body[f];
      if (value === null || value === undefined || value.trim() === '') delete next[f];
      else next[f] = f.endsWith('Passphrase') ? value : value.trim();
    }

    const infos: Partial<Record<WalletPassSettingField, CertInfoRow>> = {};
    for (const f of CERT_FIELDS) {
      const pem = next[f];
      if (pem === undefined) continue;
      const { subject, notAfter } = readCertificate(f, pem);
      infos[f] = { subject, notAfter };
    }
    const signerKeyPem = next.appleSignerKeyPem;
    if (signerKeyPem !== undefined) {
      const key = readKey(
        'appleSignerKeyPem',
        'appleSignerKeyPassphrase',
        signerKeyPem,
        next.appleSignerKeyPassphrase,
      );
      if (next.appleSignerCertPem !== undefined) {
        const { cert } = readCertificate('appleSignerCertPem', next.appleSignerCertPem);
        if (!cert.checkPrivateKey(key))
          throw validationError(
            given.includes('appleSignerKeyPem') ? 'appleSignerKeyPem' : 'appleSignerCertPem',
            'the signer key does not belong to the signer certificate',
          );
      }
    }
    if (next.googlePrivateKeyPem !== undefined) {
      const key = readKey('googlePrivateKeyPem', 'googlePrivateKeyPem', next.googlePrivateKeyPem, undefined);
      if (key.asymmetricKeyType !== 'rsa')
        throw validationError('googlePrivateKeyPem', "must be the service account's RSA key");
    }
    if (next.googleServiceAccountEmail !== undefined && !EMAIL.test(next.googleServiceAccountEmail))
      throw validationError('googleServiceAccountEmail', 'must be an e-mail address');

    const changed: string[] = [];
    for (const f of given) {
      const value = next[f];
      if (value === undefined) {
        if (before.stored[f] === undefined) continue;
        await tx.delete(walletPassSettings).where(inArray(walletPassSettings.name, [f]));
      } else {
        if (before.stored[f]?.value === value) continue;
        const row = { sealed: box.seal(value), info: infos[f] ?? null, updatedBy: actor.id, updateTime: now };
        await tx
          .insert(walletPassSettings)
          .values({ name: f, ...row })
          .onConflictDoUpdate({ target: walletPassSettings.name, set: row });
      }
      changed.push(f);
    }
    if (changed.length > 0)
      await recordAudit(tx, {
        actor,
        action: 'update',
        resource: 'walletPassSettings',
        after: { changed },
      });
    return settingsView(await loadWalletSettings(tx, box), now);
  });
