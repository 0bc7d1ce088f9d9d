// npm run create-user -- --type operator|merchant --email E --password P [--name N]
//   [--signup-state SUBMITTED|APPROVAL] [--company-id N]
// Adds an ENABLE user to the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR).
// With the embedded database, stop the server first: PGlite allows one process per data folder.
import { parseArgs } from 'node:util';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGNUP_STATES, type SignupState } from '../contract';

const USAGE =
  'usage: npm run create-user -- --type operator|merchant --email E --password P [--name N] ' +
  '[--signup-state SUBMITTED|APPROVAL] [--company-id N]';

class UsageError extends Error {}

const parse = () => {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        type: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        'signup-state': { type: 'string' },
        'company-id': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const type = values.type?.toUpperCase();
  if (type !== 'OPERATOR' && type !== 'MERCHANT') throw new UsageError('--type must be operator or merchant');
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError('--email must be an e-mail address');
  const password = values.password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new UsageError(`--password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  const signupRaw = values['signup-state']?.toUpperCase();
  if (signupRaw !== undefined && !(SIGNUP_STATES as readonly string[]).includes(signupRaw)) {
    throw new UsageError(`--signup-state must be one of ${SIGNUP_STATES.join(', ')}`);
  }
  const companyRaw = values['company-id'];
  const companyId = companyRaw === undefined ? null : Number(companyRaw);
  if (companyId !== null && (!Number.isInteger(companyId) || companyId <= 0)) {
    throw new UsageError('--company-id must be a positive integer');
  }
  const signupState: SignupState =
    (signupRaw as SignupState | undefined) ?? (type === 'OPERATOR' ? 'APPROVAL' : 'SUBMITTED');
  return {
    type,
    email,
    password,
    name: values.name ?? email.split('@')[0] ?? '',
    signupState,
    companyId,
  } as const;
};

const main = async (): Promise<number> => {
  let input: ReturnType<typeof parse>;
  try {
    input = parse();
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`create-user: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
  // loaded only after the arguments are fine, so a usage error answers at once
  const [{ loadConfig }, { createDb, migrate }, { users }, { pgliteDir }, { hashPassword }] =
    await Promise.all([
      import('../server/platform/config'),
      import('../server/platform/db/client'),
      import('../server/platform/db/schema'),
      import('../server/server'),
      import('../server/platform/passwords'),
    ]);
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) });
  try {
    await migrate(handle.db);
    const rows = await handle.db
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        type: input.type,
        state: 'ENABLE',
        signupState: input.signupState,
        companyId: input.companyId,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const created = rows[0];
    if (!created) {
      process.stderr.write(`create-user: the e-mail ${input.email} is already in use\n`);
      return 2;
    }
    process.stdout.write(`${created.id}\n`);
    return 0;
  } finally {
    await handle.close();
  }
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`create-user failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
