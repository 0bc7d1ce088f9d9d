import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id parameters, chosen on purpose (the library's defaults sit exactly at the OWASP minimum):
 * 64 MiB, 3 passes, 4 lanes; about 60 ms per hash on a current server core.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, PASSWORD_HASH_OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    // a malformed stored hash is a failed login, not a crash
    return false;
  }
};

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check for an unknown e-mail, so response times do not reveal
 * which e-mails have accounts.
 */
export const verifyDummyPassword = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('dummy-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
  return false;
};
