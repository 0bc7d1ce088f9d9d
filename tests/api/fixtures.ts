// Organisations for the loyalty-core API tests: companies, brands and stores inserted directly, with
// an operator and an approved merchant owner signed in, so a test starts at the operation it tests.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FieldDeclaration } from '../../resources/types';
import { brand, company, store, type UserRow, users } from '../../server/platform/db/schema';
import type { Caller } from '../../server/resources/principal';
import { utcDayFromToday } from '../days';
import {
  APP_TIMEOUT,
  caller,
  codeOf,
  createTestApp,
  createUser,
  dataOf,
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

/**
 * The cast most API suites start from: companies Acme and Other (each with a brand and a store), an
 * operator `op`, Acme's owner `owner` and Other's owner `stranger`, all signed in under those names.
 */
export const addAcmeAndOther = async (
  t: TestApp,
  tokens: Record<string, string>,
): Promise<{ acme: Org; other: Org }> => {
  const acme = await addOrg(t, 'Acme');
  const other = await addOrg(t, 'Other');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'stranger', { type: 'MERCHANT', companyId: other.companyId });
  return { acme, other };
};

/**
 * A colleague at `companyId`: an approved merchant with PASSWORD whom the owner invited, so bound by
 * the permissions granted (the owner holds every one whatever is stored). Not signed in.
 */
export const addColleague = async (t: TestApp, email: string, companyId: number): Promise<UserRow> => {
  const row = await createUser(t.db, {
    email,
    password: PASSWORD,
    type: 'MERCHANT',
    signupState: 'APPROVAL',
    companyId,
  });
  await t.db.update(users).set({ invitationType: 'MERCHANT_INVITE_MERCHANT' }).where(eq(users.id, row.id));
  return row;
};

/** One of the people addPeople makes: a merchant unless `type` says otherwise. */
export interface Person {
  key: string;
  email: string;
  type?: 'OPERATOR' | 'MERCHANT';
  companyId?: number;
  name?: string;
  mobile?: string;
}

/**
 * Creates each of `people` as an approved user with PASSWORD, keeps their ids in `ids` under their
 * keys and signs each in with `signIn` (the file's own, which keeps the tokens it needs).
 */
export const addPeople = async (
  t: TestApp,
  people: readonly Person[],
  ids: Record<string, number>,
  signIn: (key: string, email: string) => Promise<void>,
): Promise<void> => {
  for (const p of people) {
    const row = await createUser(t.db, {
      email: p.email,
      password: PASSWORD,
      name: p.name,
      type: p.type ?? 'MERCHANT',
      companyId: p.companyId ?? null,
      mobile: p.mobile ?? null,
      signupState: 'APPROVAL',
    });
    ids[p.key] = row.id;
    await signIn(p.key, p.email);
  }
};

/**
 * addAcmeAndOther's cast with a second brand of Acme, "Acme Two", and its store, whose colleague
 * `brand2` sees only that brand.
 */
export const addAcmeWithTwoBrands = async (
  t: TestApp,
  tokens: Record<string, string>,
): Promise<{ acme: Org; other: Org; acme2: { brandId: number; storeId: number } }> => {
  const acme = await addOrg(t, 'Acme');
  const other = await addOrg(t, 'Other');
  const brandId = await addBrand(t, acme.companyId, 'Acme Two');
  const acme2 = { brandId, storeId: await addStore(t, acme.companyId, brandId, 'Acme Two Store') };
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'brand2', { type: 'MERCHANT', companyId: acme.companyId, brandId: acme2.brandId });
  await addUser(t, tokens, 'stranger', { type: 'MERCHANT', companyId: other.companyId });
  return { acme, other, acme2 };
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

/**
 * A stamp card programme of `brandId` without a reward, made through the API by `who`: free, 10
 * stamps, at most 5 a stamping, open from yesterday for 30 days; `over` changes any of those.
 * Answers its id.
 */
export const addProgramme = async (
  call: ApiSuite['call'],
  who: string,
  brandId: number,
  title: string,
  over: Record<string, unknown> = {},
): Promise<number> =>
  (
    dataOf(
      await call(who, 'POST', `${MAIN}/stamp-cards`, {
        title,
        stampsRequired: 10,
        maxStampsPerTransaction: 5,
        price: 0,
        startDate: sgDayFromToday(-1),
        endDate: sgDayFromToday(30),
        brandId,
        ...over,
      }),
    ) as { id: number }
  ).id;

/** A member card of programme `programmeId`, issued through the API by `who` to `memberMobile` at `storeId`. */
export const addMemberCard = async (
  call: ApiSuite['call'],
  who: string,
  programmeId: number,
  memberMobile: string,
  storeId: number,
): Promise<{ id: number }> =>
  dataOf(
    await call(who, 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, { memberMobile, storeId }),
  ) as { id: number };

/**
 * Card holders of a new programme of `at.brandId` (made by addProgramme, named `title`): each of
 * `mobiles` gets a card at `at.storeId` and, when `stamps` is above 0, that many stamps there.
 */
export const addCardHolders = async (
  call: ApiSuite['call'],
  who: string,
  at: { brandId: number; storeId: number },
  title: string,
  mobiles: readonly string[],
  stamps = 0,
): Promise<void> => {
  const programmeId = await addProgramme(call, who, at.brandId, title);
  for (const mobile of mobiles) {
    const card = await addMemberCard(call, who, programmeId, mobile, at.storeId);
    if (stamps > 0)
      expect(
        codeOf(
          await call(who, 'POST', `${MAIN}/member-cards/${card.id}/stamps`, { stamps, storeId: at.storeId }),
        ),
      ).toEqual({ status: 200, code: 0 });
  }
};

/** The field types whose valid value needs nothing of the test making it (see plainFieldValue). */
export type PlainField = Extract<
  FieldDeclaration,
  { type: 'boolean' | 'date' | 'datetime' | 'select' | 'json' }
>;

/**
 * A value a field of a plain type accepts, for the tests that make rows from the declarations:
 * false, the first of 2026, the first choice, an empty list or object.
 */
export const plainFieldValue = (f: PlainField): unknown => {
  switch (f.type) {
    case 'boolean':
      return false;
    case 'date':
      return '2026-01-01';
    case 'datetime':
      return '2026-01-01T00:00:00.000Z';
    case 'select':
      return f.numeric ? 0 : f.choices[0];
    case 'json':
      return f.shape === 'list' ? [] : {};
  }
};

/**
 * A free voucher pack of `org`'s brand named after `who`, made through the API by `who`, for tests
 * that count what is issued and redeemed: 100 vouchers of 3, at most 5 a member, valid from
 * yesterday for 30 days (UTC days), each voucher for 14 days. Answers its id.
 */
export const addCountingPack = async (call: ApiSuite['call'], who: string, org: Org): Promise<number> =>
  (
    dataOf(
      await call(who, 'POST', `${MAIN}/voucher-packs`, {
        title: `Pack ${who}`,
        price: 0,
        voucherValue: 3,
        quantity: 100,
        issueLimitPerMember: 5,
        validFrom: utcDayFromToday(-1),
        validUntil: utcDayFromToday(30),
        voucherValidityDays: 14,
        brandId: org.brandId,
      }),
    ) as { id: number }
  ).id;
