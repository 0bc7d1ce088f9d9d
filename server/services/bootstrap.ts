import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from './passwords';

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /** set only when the password was generated (to be shown once) */
  generatedPassword?: string;
}

/**
 * On an empty users table, creates the first operator from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that the caller prints once. Never runs again once any user exists.
 */
export const bootstrapFirstOperator = async (
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<BootstrapResult> => {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((count?.n ?? 0) > 0) return { created: false };
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword ?? '';
  const inserted = await db
    .insert(users)
    .values({
      email: config.adminEmail.toLowerCase(),
      name: 'Administrator',
      passwordHash: await hashPassword(password),
      type: 'OPERATOR',
      state: 'ENABLE',
      signupState: 'APPROVAL',
    })
    // two instances starting together on one database: the second one's insert is a no-op
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return { created: false };
  return { created: true, email: config.adminEmail, ...(generatedPassword ? { generatedPassword } : {}) };
};
