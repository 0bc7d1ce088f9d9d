// The bench's data: stamps transactions in a PostgreSQL database of its own (`bench_<rows>`), made with
// INSERT ... SELECT generate_series (a million rows in a few minutes) and kept: a later run with the
// same size and the same migrations finds the marker table and reuses it. 1,000 companies share
// `rows` rows evenly (interleaved over the heap, as years of stampings are), plus a new merchant's
// company with 5 rows.
import pg from 'pg';
import { createDb, type Db, migrate } from '../../server/platform/db/client';
import { users } from '../../server/platform/db/schema';
import { hashPassword } from '../../server/platform/passwords';

export const COMPANIES = 1000;
export const NEW_MERCHANT_ROWS = 5;
export const PASSWORD = 'bench-password-1';
export const EMAILS = {
  operator: 'bench.operator@bench.test',
  merchant: 'bench.merchant@bench.test',
  newMerchant: 'bench.new@bench.test',
} as const;

export interface BenchData {
  url: string;
  rows: number;
  /** the company of the merchant with rows / COMPANIES rows, and of the new merchant */
  merchantCompany: number;
  newCompany: number;
  passwordHash: string;
  reused: boolean;
  seconds: number;
}

const withClient = async <T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
};

/** Runs one statement: node-postgres' `client.query` and PGlite's `query` both fit. */
export type Exec = (text: string, params?: unknown[]) => Promise<unknown>;

/**
 * The companies, their brands and `rows` stamps transactions (plus the new merchant's 5), on
 * PostgreSQL or on the embedded database. Every statement is fixed text; the sizes are parameters.
 */
export const generateRows = async (exec: Exec, rows: number): Promise<void> => {
  const perCompany = Math.floor(rows / COMPANIES);
  await exec('set synchronous_commit = off');
  await exec(`set maintenance_work_mem = '256MB'`);
  await exec('truncate stamps_transaction, store, brand, company restart identity cascade');
  await exec(`delete from users where email like '%@bench.test'`);
  await exec(
    `insert into company (name, registration_no, contact_email, state)
     select 'Company ' || g, 'REG-' || g, 'owner' || g || '@bench.test', 'ACTIVE'
     from generate_series(1, $1::int) g`,
    [COMPANIES + 1],
  );
  await exec(
    `insert into brand (company_id, name, state) select id, 'Brand ' || id, 'ACTIVE' from company order by id`,
  );
  // company c's rows are every COMPANIES-th row: a tenant's rows lie all over the table
  await exec(
    `insert into stamps_transaction
       (company_id, brand_id, member_mobile, result, stamps, stamps_after, amount, receipt_no, at)
     select s.c, b.id, '+659' || lpad((s.g % 9999999)::text, 7, '0'),
            case when s.g % 10 = 0 then 'FAILED' else 'SUCCESS' end, 1 + s.g % 5, s.g % 10,
            (s.g % 100)::numeric, 'R' || s.g, timestamptz '2026-01-01' - s.g * interval '7 seconds'
     from (select g, ((g - 1) % $2::int) + 1 as c from generate_series(1, $1::int) g) s
     join brand b on b.company_id = s.c`,
    [perCompany * COMPANIES, COMPANIES],
  );
  await exec(
    `insert into stamps_transaction (company_id, brand_id, member_mobile, receipt_no, at)
     select $1::int, b.id, '+6580000' || lpad(g::text, 3, '0'), 'NEW-' || g, now() - g * interval '1 hour'
     from generate_series(1, $2::int) g join brand b on b.company_id = $1::int`,
    [COMPANIES + 1, NEW_MERCHANT_ROWS],
  );
  // statistics and the visibility map: what a table that has lived a while has
  await exec('vacuum analyze stamps_transaction');
  await exec('analyze');
};

/** The users the bench signs in as, with one password hash. */
const addBenchUsers = async (db: Db, passwordHash: string): Promise<void> => {
  const base = { passwordHash, state: 'ENABLE' as const, signupState: 'APPROVAL' as const };
  await db.insert(users).values([
    { ...base, email: EMAILS.operator, name: 'Bench Operator', type: 'OPERATOR' },
    { ...base, email: EMAILS.merchant, name: 'Bench Merchant', type: 'MERCHANT', companyId: 1 },
    {
      ...base,
      email: EMAILS.newMerchant,
      name: 'Bench New Merchant',
      type: 'MERCHANT',
      companyId: COMPANIES + 1,
    },
  ]);
};

/** The marker a finished generation leaves: its size and the users' password hash. */
export const benchMarker = async (exec: Exec, rows: number): Promise<string | undefined> => {
  const res = (await exec('select password_hash as hash from bench_meta where rows = $1', [rows]).catch(
    () => undefined,
  )) as { rows?: { hash: string }[] } | undefined;
  return res?.rows?.[0]?.hash;
};

/**
 * Generates the data on a migrated database (PostgreSQL or embedded), adds the users and leaves the
 * marker; returns the users' password hash.
 */
export const fillBenchDatabase = async (db: Db, exec: Exec, rows: number): Promise<string> => {
  const passwordHash = await hashPassword(PASSWORD);
  await generateRows(exec, rows);
  await addBenchUsers(db, passwordHash);
  await exec('create table if not exists bench_meta (rows int primary key, password_hash text not null)');
  await exec('insert into bench_meta values ($1, $2) on conflict (rows) do nothing', [rows, passwordHash]);
  return passwordHash;
};

export const ensureBenchData = async (baseUrl: string, rows: number): Promise<BenchData> => {
  if (!Number.isInteger(rows) || rows < COMPANIES)
    throw new Error(`BENCH_ROWS must be at least ${COMPANIES}`);
  // the name is made of digits only, never of input text
  const name = `bench_${rows}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const t0 = performance.now();
  await withClient(baseUrl, async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await c.query(`CREATE DATABASE ${name}`);
  });
  const handle = await createDb({ databaseUrl: url.toString() });
  try {
    await migrate(handle.db);
  } finally {
    await handle.close();
  }
  const done = await withClient(url.toString(), (c) =>
    benchMarker((text, params) => c.query(text, params), rows),
  );
  if (done) {
    // what autovacuum gives a table that has lived a while: statistics and a visibility map that
    // covers every page (else the index-only counts fetch each row from the heap)
    await withClient(url.toString(), (c) => c.query('vacuum (analyze) stamps_transaction'));
    return {
      url: url.toString(),
      rows: Math.floor(rows / COMPANIES) * COMPANIES + NEW_MERCHANT_ROWS,
      merchantCompany: 1,
      newCompany: COMPANIES + 1,
      passwordHash: done,
      reused: true,
      seconds: (performance.now() - t0) / 1000,
    };
  }
  const perCompany = Math.floor(rows / COMPANIES);
  const handle2 = await createDb({ databaseUrl: url.toString() });
  let passwordHash: string;
  try {
    // one session for every statement: the settings of generateRows hold for the inserts
    passwordHash = await withClient(url.toString(), (c) =>
      fillBenchDatabase(handle2.db, (text, params) => c.query(text, params), rows),
    );
  } finally {
    await handle2.close();
  }
  return {
    url: url.toString(),
    rows: perCompany * COMPANIES + NEW_MERCHANT_ROWS,
    merchantCompany: 1,
    newCompany: COMPANIES + 1,
    passwordHash,
    reused: false,
    seconds: (performance.now() - t0) / 1000,
  };
};
