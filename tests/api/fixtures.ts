// Organisations for the loyalty-core API tests: companies, brands and stores inserted directly, with
// an operator and an approved merchant owner signed in, so a test starts at the operation it tests.
import { afterAll, beforeAll, expect } from 'vitest';
import { brand, company, store } from '../../server/platform/db/schema';
import type { Caller } from '../../server/resources/principal';
import {
  APP_TIMEOUT,
  caller,
  createTestApp,
  createUser,
  login,
  sgDay,
  type TestApp,
  type TestAppOptions,
} from './helpers';

export const MAIN = '/portal-main-service/api/v1';
export const PASSWORD = 'correct-horse-battery';

const idOf = (rows: unknown[]): number => {
  const row = rows[0] as { id?: unknown } | undefined;
  if (typeof row?.id !== 'number') throw new Error('insert returned no id');
  return row.id;
};

export const addCompany = async (t: TestApp, name: string, state = 'ACTIVE') =>
  idOf(
    await t.db
      .insert(company)
      .values({ name, registrationNo: `R-${name}`, contactEmail: `${name}@example.test`, state } as never)
      .returning(),
  );

export const addBrand = async (t: TestApp, companyId: number, name: string, state = 'ACTIVE') =>
  idOf(
    await t.db
      .insert(brand)
      .values({ companyId, name, state } as never)
      .returning(),
  );

export const addStore = async (
  t: TestApp,
  companyId: number,
  brandId: number,
  name: string,
  state = 'ACTIVE',
) =>
  idOf(
    await t.db
      .insert(store)
      .values({ companyId, brandId, name, address: '1 Main St', state } as never)
      .returning(),
  );

export interface Org {
  companyId: number;
  brandId: number;
  storeId: number;
}

/** A company with one ACTIVE brand and store. */
export const addOrg = async (t: TestApp, name: string): Promise<Org> => {
  const companyId = await addCompany(t, name);
  const brandId = await addBrand(t, companyId, `${name} Brand`);
  const storeId = await addStore(t, companyId, brandId, `${name} Store`);
  return { companyId, brandId, storeId };
};

/** Signs `email` in and keeps the token under `who`. */
export const signIn = async (t: TestApp, tokens: Record<string, string>, who: string, email: string) => {
  const r = await login(t.app, email, PASSWORD);
  expect(r.response.json().code, r.response.body).toBe(0);
  tokens[who] = r.accessToken;
};

/** Creates and signs in a user: an operator, or a merchant owner of `org` (approved unless told). */
export const addUser = async (
  t: TestApp,
  tokens: Record<string, string>,
  who: string,
  opts: { type: 'OPERATOR' } | { type: 'MERCHANT'; companyId: number; brandId?: number; approved?: boolean },
) => {
  const email = `${who}@example.test`;
  await createUser(t.db, {
    email,
    password: PASSWORD,
    type: opts.type,
    signupState: opts.type === 'OPERATOR' || opts.approved !== false ? 'APPROVAL' : 'SUBMITTED',
    ...(opts.type === 'MERCHANT' ? { companyId: opts.companyId, brandId: opts.brandId ?? null } : {}),
  });
  await signIn(t, tokens, who, email);
};

export const callerFor = (t: () => TestApp, tokens: Record<string, string>) => caller(() => t().app, tokens);

export interface ApiSuite {
  /**
   * The file's app, made in beforeAll: a stable view whose `app`, `db`, `config` and `close` read the
   * app of the moment, so it can be destructured at the top of a file and handed to addOrg, addUser
   * and callerFor; reading them before the beforeAll ran throws.
   */
  t: TestApp;
  /** signed-in tokens by name, filled by addUser and signIn */
  tokens: Record<string, string>;
  /** callerFor(t, tokens) */
  call: ReturnType<typeof callerFor>;
}

/**
 * The set-up every API suite repeats: registers a beforeAll that creates the app (with `options`,
 * within APP_TIMEOUT) and an afterAll that closes it. Call it at the top of a file (or of a describe),
 * before the file's own beforeAll: Vitest runs beforeAll hooks in the order they were registered, and
 * afterAll hooks in the reverse order, so the file's set-up finds the app made and its tear-down
 * finds it still open (an afterAll registered before the call runs after the app is closed).
 * `options` may be a function, called in the beforeAll, for options known only once something else
 * is running (a stand-in server's port, a log capture).
 */
export const apiSuite = (
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
): ApiSuite => {
  let current: TestApp | undefined;
  const get = (): TestApp => {
    if (!current) {
      throw new Error(
        'apiSuite: the app is made in beforeAll and closed in afterAll; use it inside a hook or a test',
      );
    }
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? await options() : options);
  }, APP_TIMEOUT);
  afterAll(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  }, APP_TIMEOUT);
  const t: TestApp = {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    close: () => get().close(),
  };
  const tokens: Record<string, string> = {};
  return { t, tokens, call: callerFor(() => t, tokens) };
};

/** An operator as the services take one (a call at a chosen clock, where no token would be valid). */
export const operatorCaller: Caller = {
  kind: 'user',
  id: 1,
  email: 'op@example.com',
  type: 'OPERATOR',
  role: 'operator',
  companyId: null,
  brandId: null,
  storeId: null,
  subject: { type: 'OPERATOR' },
};

/** The Singapore calendar day `days` from today (the test companies' country), YYYY-MM-DD. */
export const sgDayFromToday = (days: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return sgDay(d);
};

/** Fresh E.164 mobiles of one file, `+65<prefix><n>` (each file has a database of its own). */
export const mobileSequence = (prefix: string) => {
  let n = 0;
  return (): string => `+65${prefix}${String(++n).padStart(8 - prefix.length, '0')}`;
};

/**
 * A stamp card programme of `org`'s brand with a reward pack, made through the API by `who` (free to
 * issue, open from yesterday for 30 days, a pack of 100,000 vouchers of 4.50); `programme` and `pack`
 * change any of those.
 */
export const addRewardProgramme = async (
  call: ApiSuite['call'],
  who: string,
  org: Org,
  over: { programme?: Record<string, unknown>; pack?: Record<string, unknown> } = {},
): Promise<{ packId: number; programmeId: number }> => {
  const answer = async (path: string, body: Record<string, unknown>): Promise<number> => {
    const res = await call(who, 'POST', `${MAIN}${path}`, body);
    const id = (res.json() as { data?: { id?: unknown } }).data?.id;
    if (typeof id !== 'number') throw new Error(`POST ${path}: ${res.body}`);
    return id;
  };
  const packId = await answer('/voucher-packs', {
    title: 'Free coffee',
    price: 0,
    voucherValue: 4.5,
    quantity: 100_000,
    issueLimitPerMember: 100,
    validFrom: sgDayFromToday(-1),
    validUntil: sgDayFromToday(60),
    voucherValidityDays: 30,
    brandId: org.brandId,
    ...over.pack,
  });
  const programmeId = await answer('/stamp-cards', {
    title: 'Coffee card',
    stampsRequired: 5,
    maxStampsPerTransaction: 5,
    price: 0,
    rewardVoucherPackId: packId,
    startDate: sgDayFromToday(-1),
    endDate: sgDayFromToday(30),
    brandId: org.brandId,
    ...over.programme,
  });
  return { packId, programmeId };
};
