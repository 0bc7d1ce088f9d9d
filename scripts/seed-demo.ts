// npm run seed:demo [-- --password P]
// Fills every declared table with a believable demo data set: companies with brands and stores, their
// merchants (ENABLE, signup APPROVAL), stamp cards with transactions and stamp movements, voucher packs
// and vouchers in every state, pushes in every state, devices in every lifecycle state, configs and
// merchant signups. Uses the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR;
// stop the server first with the embedded one: PGlite allows one process per data folder).
// Idempotent: when the demo marker company exists, it changes nothing. The demo users' password is
// printed once (random unless --password is given); it is never logged anywhere else.
//
// Rows people create in the product go through the generic resource service as an operator (the same
// checks as the API: references within the company, choices, unique values); rows only the server
// writes (transactions, movements, histories, wallets, signups) and server-owned fields (counters,
// sent/failed pushes, last-seen times) are written with Drizzle on the derived tables, as the services
// that own them would.
//
// The data set is data (seed-demo/data.ts); each domain is one step (seed-demo/*.ts), run here in
// order: the ids, the times and the deterministic randomness follow from that order. Last, every
// derived table the steps left empty (one declared after them) gets its declaration's `demo` rows, or
// rows made from its field types (seed-demo/generic.ts), so a new table needs no step of its own.

import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../contract/constants';
import type { Db } from '../server/platform/db/client';
import { company } from '../server/platform/db/schema/resources';
import { hashPassword } from '../server/platform/passwords';
import { wireAllReactions } from '../server/reactions';
import { addUser, placeColleague, seedCompanyPeople } from './seed-demo/access';
import { seedCampaigns } from './seed-demo/campaigns';
import { seedConfig } from './seed-demo/config';
import { column, type DemoDevice, type DemoUser, seedBase, withOperator } from './seed-demo/context';
import { COMPANIES, DEMO_MARKER_REGISTRATION_NO, DEMO_STORE_PIN, OPERATOR } from './seed-demo/data';
import { reportDevices, seedDevices } from './seed-demo/devices';
import { type GenericSource, seedGeneric } from './seed-demo/generic';
import { storeDemoImages } from './seed-demo/images';
import { applyDemoLevels, seedLevels } from './seed-demo/levels';
import { seedBrand, seedCompany } from './seed-demo/organisation';
import { seedPushes, sendPushes } from './seed-demo/push';
import { raiseSignals, seedAnomaly } from './seed-demo/signals';
import { seedCompanySignup, seedRequests } from './seed-demo/signups';
import { expireEndedCards, seedStampCards } from './seed-demo/stampCards';
import { countServiceRows } from './seed-demo/totals';
import { seedVouchers } from './seed-demo/vouchers';
import { orderWalletLedger, seedWallet } from './seed-demo/wallet';

export type { DemoDevice, DemoUser } from './seed-demo/context';
export { DEMO_MARKER_REGISTRATION_NO, DEMO_STORE_PIN } from './seed-demo/data';
export { demoImage } from './seed-demo/images';

export interface SeedResult {
  /** true when the marker company was found and nothing was written */
  skipped: boolean;
  password: string | null;
  users: DemoUser[];
  /** rows written per table */
  counts: Record<string, number>;
  /** ACTIVE devices with the secret `register` showed: printed once, never stored in plain text */
  devices: DemoDevice[];
  /** the tables no hand-written step fills, and whether their rows came from `demo` or were generated */
  generic: Record<string, GenericSource>;
}

export interface SeedOptions {
  /** the demo users' password; random when absent */
  password?: string;
  /** "now" for the generated times (tests pin it) */
  now?: Date;
}

/** Seeds the demo data set into `db` (already migrated), unless the marker company is there. */
export const seedDemo = async (db: Db, options: SeedOptions = {}): Promise<SeedResult> => {
  wireAllReactions();
  const [marker] = await db
    .select({ id: company.id })
    .from(company)
    .where(eq(column(company, 'registrationNo'), DEMO_MARKER_REGISTRATION_NO))
    .limit(1);
  if (marker) return { skipped: true, password: null, users: [], counts: {}, devices: [], generic: {} };

  const password = options.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const now = options.now ?? new Date();
  let result: SeedResult | undefined;

  // all or nothing: a failure half-way leaves no marker and no half data set behind
  await db.transaction(async (txRaw) => {
    // a transaction is a database of the same schema for every query the services make
    const base = seedBase(txRaw as unknown as Db, now, passwordHash);
    const operatorId = await addUser(base, OPERATOR, 'OPERATOR', {
      companyId: null,
      signupState: 'APPROVAL',
      company: null,
    });
    const seed = withOperator(base, operatorId, OPERATOR.email);

    await seedConfig(seed);
    const companyIds: number[] = [];
    for (const c of COMPANIES) {
      const companyId = await seedCompany(seed, c);
      companyIds.push(companyId);
      const ownerId = await seedCompanyPeople(seed, c, companyId);
      await seedCompanySignup(seed, c, companyId, ownerId);
      await seedWallet(seed, c, companyId, ownerId);
      await seedPushes(seed, c, companyId);
      for (const b of c.brands) {
        const { brandId, storeIds, activeStores } = await seedBrand(seed, c, companyId, b);
        await seedDevices(seed, c, companyId, storeIds);
        const packIds = await seedVouchers(seed, b, companyId, brandId, activeStores);
        await seedStampCards(seed, b, companyId, brandId, activeStores, packIds);
      }
      await placeColleague(seed, c, companyId);
      await orderWalletLedger(seed, companyId);
      await seedLevels(seed, companyId);
      await seedCampaigns(seed, companyId);
    }
    await expireEndedCards(seed);
    await seedAnomaly(seed);
    await sendPushes(seed);
    await reportDevices(seed);
    await seedRequests(seed);
    await raiseSignals(seed);
    // last: every stamping and redemption of the data set is written
    await applyDemoLevels(seed);
    await countServiceRows(seed);
    // after every step: the tables still empty are the ones no step fills
    const generic = await seedGeneric(seed);
    result = {
      skipped: false,
      password,
      users: seed.users,
      counts: seed.counts,
      devices: seed.devices,
      generic,
    };
  });

  if (!result) throw new Error('the demo seed did not finish');
  return result;
};

// ---- command line -----------------------------------------------------------------------------

const USAGE = 'usage: npm run seed:demo [-- --password P]';

const main = async (): Promise<number> => {
  let password: string | undefined;
  try {
    const { values } = parseArgs({ options: { password: { type: 'string' } }, strict: true });
    password = values.password;
  } catch (e) {
    process.stderr.write(`seed:demo: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (
    password !== undefined &&
    (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
  ) {
    process.stderr.write(
      `seed:demo: --password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters\n`,
    );
    return 2;
  }
  const [{ loadConfig }, { createDb, migrate }, { pgliteDir }, { fileStoreOf }] = await Promise.all([
    import('../server/platform/config'),
    import('../server/platform/db/client'),
    import('../server/server'),
    import('../server/platform/files'),
  ]);
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) });
  try {
    await migrate(handle.db);
    const result = await seedDemo(handle.db, password === undefined ? {} : { password });
    if (result.skipped) {
      process.stdout.write(
        'seed:demo: the demo data is already there (marker company found); nothing changed\n',
      );
      return 0;
    }
    const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
    process.stdout.write(`seed:demo: ${total} rows written\n`);
    // the rows name the demo's drawings by their files' addresses (issue 42): the files go in now
    const pictures = await storeDemoImages(fileStoreOf(config));
    process.stdout.write(`seed:demo: ${pictures} pictures put in the file store\n`);
    for (const [table, n] of Object.entries(result.counts)) {
      const from = result.generic[table];
      process.stdout.write(
        `  ${table}: ${n}${from ? ` (${from === 'demo' ? 'its demo rows' : 'generated'})` : ''}\n`,
      );
    }
    // printed once on purpose, outside any logger, like the first operator's password
    process.stdout.write(`Demo users (password: ${result.password}):\n`);
    for (const u of result.users) {
      process.stdout.write(`  ${u.type.toLowerCase()}  ${u.email}${u.company ? `  (${u.company})` : ''}\n`);
    }
    process.stdout.write(`Stamping PIN of each demo brand's first store: ${DEMO_STORE_PIN}\n`);
    // printed once on purpose: only their hashes are kept; see README "Trying the device API"
    process.stdout.write('In-store devices (POST /auth/device-token {serialNo, secret}):\n');
    for (const d of result.devices) {
      process.stdout.write(`  ${d.serialNo}  secret ${d.secret}  (store ${d.storeId}, ${d.company})\n`);
    }
    return 0;
  } finally {
    await handle.close();
  }
};

const invokedDirectly = (() => {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`seed:demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
