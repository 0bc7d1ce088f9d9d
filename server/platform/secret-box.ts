// Secrets at rest (docs/decisions.md "Wallet passes"): AES-256-GCM under a key derived with HKDF-SHA256
// from the server's key material (the JWT secret, or a key derived from it), so the database alone (a
// backup, a read replica) never shows them, and every instance sharing JWT_SECRET reads them. A sealed value is `v1.<iv>.<tag>.<ciphertext>`
// (base64url); opening one sealed under another key (JWT_SECRET changed) answers null.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal: (plain: string) => string;
  /** the plain text, or null when the value is not one this key sealed */
  open: (sealed: string) => string | null;
}

const VERSION = 'v1';

/** A box keyed by `purpose` (the HKDF info): one purpose's values never open under another's key. */
export const secretBox = (material: Uint8Array, purpose: string): SecretBox => {
  const key = Buffer.from(hkdfSync('sha256', material, 'loyalty-portal secrets', purpose, 32));
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (
        version !== VERSION ||
        iv === undefined ||
        tag === undefined ||
        body === undefined ||
        rest.length > 0
      )
        return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
};
