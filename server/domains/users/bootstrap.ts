import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { hashPassword } from '../../platform/passwords';

export interface BootstrapResult {
  created: boolean;
  /** no operator existed, but ADMIN_EMAIL belongs to another user: nobody was created */
  emailTaken?: boolean;
  email?: string;
  /** set only when the password was generated (to be shown once) */
  generatedPassword?: string;
}

/**
 * When no operator exists (an empty database, or one where `create-user` added merchants first),
 * creates the first operator from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that the
 * caller prints once. Never runs again once an operator exists (a deleted one does not count).
 */
export const bootstrapFirstOperator = async (
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<BootstrapResult> => {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.type, 'OPERATOR'), ne(users.state, 'DELETE')));
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
  if (inserted.length === 0) {
    // another instance created it a moment ago, or the address is a merchant's
    const [owner] = await db
      .select({ type: users.type })
      .from(users)
      .where(eq(users.email, config.adminEmail.toLowerCase()));
    return owner?.type === 'OPERATOR' ? { created: false } : { created: false, emailTaken: true };
  }
  return { created: true, email: config.adminEmail, ...(generatedPassword ? { generatedPassword } : {}) };
};
