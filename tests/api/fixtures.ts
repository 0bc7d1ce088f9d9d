// Organisations for the loyalty-core API tests: companies, brands and stores inserted directly, with
// an operator and an approved merchant owner signed in, so a test starts at the operation it tests.
import { expect } from 'vitest';
import { brand, company, store } from '../../server/db/schema';
import { caller, createUser, login, type TestApp } from './helpers';

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
