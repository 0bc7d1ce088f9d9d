// The merchant's way from /register to a running organisation: register, activate by e-mail,
// submit the signup, an operator approves (or rejects, and the merchant resubmits), then brand and
// store requests through the same queue; every 26400 and 26420-26441 error where its name says; two
// operators deciding one request at once; the audit entries each step leaves.
import { and, eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brand, company, merchantSignup, store, users } from '../../server/platform/db/schema';
import { apiSuite } from './fixtures';
import {
  APP_TIMEOUT,
  caller,
  codeOf,
  createUser,
  dataOf,
  lastMailedToken,
  login,
  readOutbox,
} from './helpers';

const MAIN = '/portal-main-service/api/v1';
const ORG = `${MAIN}/organization`;
const REQUESTS = `${MAIN}/merchant-signups`;
const PASSWORD = 'correct-horse-battery';

const { t, tokens } = apiSuite();

const call = caller(() => t.app, tokens);

const signIn = async (who: string, email: string) => {
  const r = await login(t.app, email, PASSWORD);
  expect(r.response.json().code, r.response.body).toBe(0);
  tokens[who] = r.accessToken;
  return r.response.json().data as { id: number; signupState: string; companyId: number | null };
};

const signupBody = (n: string) => ({
  company: {
    name: `${n} Pte Ltd`,
    registrationNo: `REG-${n}`,
    address: `1 ${n} Road, Singapore`,
    contactEmail: `hello@${n.toLowerCase()}.example`,
    phone: '+6562000000',
  },
  brand: { name: `${n} Coffee`, description: 'Coffee and cake' },
  store: { name: `${n} Tanjong Pagar`, address: '7 Wallich Street', latitude: 1.2764, longitude: 103.8458 },
});

/** A merchant who registered through the API and followed the activation link. */
const registeredMerchant = async (who: string, email: string) => {
  const reg = await t.app.inject({
    method: 'POST',
    url: `${MAIN}/user/merchant/register`,
    payload: { email, password: PASSWORD, name: who },
  });
  expect(dataOf(reg)).toMatchObject({ state: 'WAIT_EMAIL_ACTIVE', signupState: 'SUBMITTED' });
  const token = await lastMailedToken(t.db, email);
  const act = await t.app.inject({
    method: 'PATCH',
    url: `${MAIN}/user/active-by-email`,
    payload: { token },
  });
  expect(dataOf(act)).toMatchObject({ state: 'ENABLE' });
  return signIn(who, email);
};

/** A merchant whose signup an operator approved: company, brand and store ACTIVE. */
const approvedMerchant = async (who: string, n: string) => {
  await registeredMerchant(who, `${who}@example.test`);
  const view = dataOf(await call(who, 'POST', `${ORG}/signup`, signupBody(n)));
  dataOf(await call('op', 'POST', `${REQUESTS}/${view.request.id}/approve`));
  return view as { company: { id: number }; brand: { id: number }; store: { id: number } };
};

beforeAll(async () => {
  await createUser(t.db, {
    email: 'op@example.test',
    password: PASSWORD,
    type: 'OPERATOR',
    signupState: 'APPROVAL',
  });
  await createUser(t.db, {
    email: 'op2@example.test',
    password: PASSWORD,
    type: 'OPERATOR',
    signupState: 'APPROVAL',
  });
  await signIn('op', 'op@example.test');
  await signIn('op2', 'op2@example.test');
}, APP_TIMEOUT);

describe('the signup path', () => {
  let requestId = 0;
  let companyId = 0;

  it('a registered, activated merchant has nothing to show yet and is not approved', async () => {
    const me = await registeredMerchant('alice', 'alice@example.test');
    expect(me).toMatchObject({ signupState: 'SUBMITTED', companyId: null });
    expect(dataOf(await call('alice', 'GET', `${ORG}/signup`))).toEqual({
      signupState: 'SUBMITTED',
      request: null,
      company: null,
      brand: null,
      store: null,
    });
  });

  it('submits company, brand and store: all SUBMITTED, one PENDING request, the merchant linked', async () => {
    const view = dataOf(await call('alice', 'POST', `${ORG}/signup`, signupBody('Alpha')));
    expect(view).toMatchObject({
      signupState: 'SUBMITTED',
      request: { requestKind: 'MERCHANT_SIGNUP', approval: 'PENDING', companyName: 'Alpha Pte Ltd' },
      company: { name: 'Alpha Pte Ltd', state: 'SUBMITTED' },
      brand: { name: 'Alpha Coffee', state: 'SUBMITTED' },
      store: { name: 'Alpha Tanjong Pagar', state: 'SUBMITTED' },
    });
    requestId = view.request.id;
    companyId = view.company.id;
    expect(view.brand.companyId).toBe(companyId);
    expect(view.store).toMatchObject({ companyId, brandId: view.brand.id });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'alice@example.test'));
    expect(row).toMatchObject({ companyId, signupState: 'SUBMITTED' });
  });

  it('refuses a second submission while the first is pending (26421)', async () => {
    expect(codeOf(await call('alice', 'POST', `${ORG}/signup`, signupBody('Alpha2')))).toEqual({
      status: 409,
      code: 26421,
    });
  });

  it('shows the request in the operator queue, and not to merchants', async () => {
    const list = dataOf(
      await call(
        'op',
        'GET',
        `${REQUESTS}?filter=${encodeURIComponent(JSON.stringify([{ field: 'approval', op: 'eq', value: 'PENDING' }]))}`,
      ),
    ) as { id: number }[];
    expect(list.map((r) => r.id)).toContain(requestId);
    expect(codeOf(await call('alice', 'GET', REQUESTS))).toEqual({ status: 403, code: 26237 });
    // not approved yet, alice may write nothing but her signup and profile (26204); once approved she
    // is still refused the decision as a merchant (26237, below)
    expect(codeOf(await call('alice', 'POST', `${REQUESTS}/${requestId}/approve`))).toEqual({
      status: 403,
      code: 26204,
    });
  });

  it('an operator approves: everything ACTIVE, the merchant APPROVAL, signs in approved', async () => {
    const decided = dataOf(await call('op', 'POST', `${REQUESTS}/${requestId}/approve`));
    expect(decided).toMatchObject({ id: requestId, approval: 'APPROVED', reason: null });
    expect(decided.decidedBy).toBeGreaterThan(0);
    const [c] = await t.db.select().from(company).where(eq(company.id, companyId));
    expect(c?.state).toBe('ACTIVE');
    const brands = await t.db.select().from(brand).where(eq(brand.companyId, companyId));
    expect(brands.map((b) => b.state)).toEqual(['ACTIVE']);
    const stores = await t.db.select().from(store).where(eq(store.companyId, companyId));
    expect(stores.map((s) => s.state)).toEqual(['ACTIVE']);
    const me = await signIn('alice', 'alice@example.test');
    expect(me).toMatchObject({ signupState: 'APPROVAL', companyId });
    const [mail] = await readOutbox(t.db, 'alice@example.test');
    expect(mail).toMatchObject({
      subject: expect.stringContaining('Your request is approved'),
      link: 'http://portal.test/',
    });
    expect(mail?.text).toContain('Your merchant application for Alpha Pte Ltd is approved.');
  });

  it('decides a request once: a second decision is 26400', async () => {
    const again = await call('op', 'POST', `${REQUESTS}/${requestId}/approve`);
    expect(codeOf(again)).toEqual({ status: 409, code: 26400 });
    // the declared refusal says why (resources/tables/merchantSignup.ts)
    expect(again.json().data).toEqual([{ field: 'approval', message: 'the request is APPROVED' }]);
    expect(
      codeOf(await call('op', 'POST', `${REQUESTS}/${requestId}/reject`, { reason: 'changed my mind' })),
    ).toEqual({ status: 409, code: 26400 });
    expect(codeOf(await call('op', 'POST', `${REQUESTS}/999999/approve`))).toEqual({ status: 404, code: 5 });
  });

  it('refuses the decision to a merchant, approved or not (26237)', async () => {
    expect(codeOf(await call('alice', 'POST', `${REQUESTS}/${requestId}/approve`))).toEqual({
      status: 403,
      code: 26237,
    });
    expect(
      codeOf(await call('alice', 'POST', `${REQUESTS}/${requestId}/reject`, { reason: 'mine' })),
    ).toEqual({ status: 403, code: 26237 });
    const [row] = await t.db.select().from(merchantSignup).where(eq(merchantSignup.id, requestId));
    expect(row).toMatchObject({ approval: 'APPROVED' });
  });

  it('refuses a signup from an approved merchant (26422)', async () => {
    expect(codeOf(await call('alice', 'POST', `${ORG}/signup`, signupBody('Again')))).toEqual({
      status: 409,
      code: 26422,
    });
  });

  it('left one audit entry per step, with the operator and the rows before and after', async () => {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'merchantSignup'), eq(auditLog.recordId, String(requestId))));
    expect(rows.map((r) => [r.action, r.actorEmail])).toEqual([
      ['submit', 'alice@example.test'],
      ['approve', 'op@example.test'],
    ]);
    expect(rows[1]?.companyId).toBe(companyId);
    expect(rows[1]?.after).toMatchObject({ approval: 'APPROVED' });
    expect(JSON.stringify(rows)).not.toMatch(/argon2|password/i);
  });
});

describe('reject and resubmit', () => {
  let first = 0;

  it('an operator rejects with a reason; the rows go back to BLANK; the merchant sees the reason', async () => {
    await registeredMerchant('bob', 'bob@example.test');
    const view = dataOf(await call('bob', 'POST', `${ORG}/signup`, signupBody('Beta')));
    first = view.request.id;
    expect(codeOf(await call('op', 'POST', `${REQUESTS}/${first}/reject`, {}))).toEqual({
      status: 400,
      code: 2,
    });
    expect(codeOf(await call('op', 'POST', `${REQUESTS}/${first}/reject`, { reason: '   ' }))).toEqual({
      status: 400,
      code: 2,
    });
    const rejected = dataOf(
      await call('op', 'POST', `${REQUESTS}/${first}/reject`, {
        reason: 'Registration number does not match',
      }),
    );
    expect(rejected).toMatchObject({ approval: 'REJECT', reason: 'Registration number does not match' });
    const seen = dataOf(await call('bob', 'GET', `${ORG}/signup`));
    expect(seen).toMatchObject({
      signupState: 'SUBMITTED',
      request: { id: first, approval: 'REJECT', reason: 'Registration number does not match' },
      company: { name: 'Beta Pte Ltd', state: 'BLANK' },
      brand: { state: 'BLANK' },
      store: { state: 'BLANK' },
    });
    expect((await signIn('bob', 'bob@example.test')).signupState).toBe('SUBMITTED');
    const [mail] = await readOutbox(t.db, 'bob@example.test');
    expect(mail).toMatchObject({
      subject: expect.stringContaining('not approved'),
      link: 'http://portal.test/signup',
    });
    expect(mail?.text).toContain('The reason: Registration number does not match');
  });

  it('the merchant resubmits: the same rows, corrected and SUBMITTED, and a new PENDING request', async () => {
    const before = dataOf(await call('bob', 'GET', `${ORG}/signup`));
    const body = signupBody('Beta');
    body.company.registrationNo = 'REG-BETA-FIXED';
    const view = dataOf(await call('bob', 'POST', `${ORG}/signup`, body));
    expect(view.request.id).not.toBe(first);
    expect(view).toMatchObject({
      request: { approval: 'PENDING', registrationNo: 'REG-BETA-FIXED' },
      company: { id: before.company.id, registrationNo: 'REG-BETA-FIXED', state: 'SUBMITTED' },
      brand: { id: before.brand.id, state: 'SUBMITTED' },
      store: { id: before.store.id, state: 'SUBMITTED' },
    });
    const companies = await t.db.select().from(company).where(eq(company.name, 'Beta Pte Ltd'));
    expect(companies).toHaveLength(1);
    dataOf(await call('op', 'POST', `${REQUESTS}/${view.request.id}/approve`));
    expect((await signIn('bob', 'bob@example.test')).signupState).toBe('APPROVAL');
  });
});

describe('two operators deciding one request at once', () => {
  it('exactly one wins; the other gets 26400; the request holds the winner', async () => {
    await registeredMerchant('carol', 'carol@example.test');
    const view = dataOf(await call('carol', 'POST', `${ORG}/signup`, signupBody('Gamma')));
    const id = view.request.id as number;
    const results = await Promise.all([
      call('op', 'POST', `${REQUESTS}/${id}/approve`),
      call('op2', 'POST', `${REQUESTS}/${id}/reject`, { reason: 'duplicate' }),
      call('op', 'POST', `${REQUESTS}/${id}/approve`),
      call('op2', 'POST', `${REQUESTS}/${id}/approve`),
    ]);
    const codes = results.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 26400)).toHaveLength(3);
    const winner = results[codes.indexOf(0)]?.json().data as { approval: string; decidedBy: number };
    const [row] = await t.db.select().from(merchantSignup).where(eq(merchantSignup.id, id));
    expect(row).toMatchObject({ approval: winner.approval, decidedBy: winner.decidedBy });
    const decisions = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'merchantSignup'), eq(auditLog.recordId, String(id))));
    expect(decisions.filter((d) => d.action !== 'submit')).toHaveLength(1);
  });
});

describe('brand and store requests through the same queue', () => {
  let org: Awaited<ReturnType<typeof approvedMerchant>>;

  beforeAll(async () => {
    org = await approvedMerchant('dave', 'Delta');
  }, APP_TIMEOUT);

  it('ADD_BRAND: a SUBMITTED brand until an operator approves it', async () => {
    const res = dataOf(await call('dave', 'POST', `${ORG}/brand-requests`, { name: 'Delta Bakes' }));
    expect(res).toMatchObject({
      request: { requestKind: 'ADD_BRAND', approval: 'PENDING', brandName: 'Delta Bakes' },
      row: { name: 'Delta Bakes', state: 'SUBMITTED', companyId: org.company.id },
    });
    dataOf(await call('op', 'POST', `${REQUESTS}/${res.request.id}/approve`));
    const [row] = await t.db.select().from(brand).where(eq(brand.id, res.row.id));
    expect(row?.state).toBe('ACTIVE');
  });

  it('ADD_STORE: a SUBMITTED store under an ACTIVE brand until approved; a rejection leaves it BLANK', async () => {
    const res = dataOf(
      await call('dave', 'POST', `${ORG}/store-requests`, {
        brandId: org.brand.id,
        name: 'Delta Bugis',
        address: '200 Victoria Street',
      }),
    );
    expect(res).toMatchObject({
      request: { requestKind: 'ADD_STORE', approval: 'PENDING', storeName: 'Delta Bugis' },
      row: { state: 'SUBMITTED', brandId: org.brand.id, companyId: org.company.id },
    });
    dataOf(await call('op', 'POST', `${REQUESTS}/${res.request.id}/reject`, { reason: 'No such address' }));
    const [row] = await t.db.select().from(store).where(eq(store.id, res.row.id));
    expect(row?.state).toBe('BLANK');
  });

  it('the hierarchy shows the company, its brands and their stores', async () => {
    const tree = dataOf(await call('dave', 'GET', `${ORG}/hierarchy`));
    expect(tree.company).toMatchObject({ id: org.company.id, name: 'Delta Pte Ltd', state: 'ACTIVE' });
    const names = (tree.brands as { name: string; stores: { name: string; state: string }[] }[]).map((b) => [
      b.name,
      b.stores.map((s) => `${s.name}:${s.state}`),
    ]);
    expect(names).toEqual([
      ['Delta Bakes', []],
      ['Delta Coffee', ['Delta Bugis:BLANK', 'Delta Tanjong Pagar:ACTIVE']],
    ]);
    const opView = dataOf(await call('op', 'GET', `${ORG}/hierarchy?companyId=${org.company.id}`));
    expect(opView.company.id).toBe(org.company.id);
    expect(codeOf(await call('op', 'GET', `${ORG}/hierarchy`))).toEqual({ status: 400, code: 2 });
  });

  it('a merchant limited to one brand sees that branch only', async () => {
    await createUser(t.db, {
      email: 'dave-brand@example.test',
      password: PASSWORD,
      companyId: org.company.id,
      brandId: org.brand.id,
      signupState: 'APPROVAL',
    });
    await signIn('daveBrand', 'dave-brand@example.test');
    const tree = dataOf(await call('daveBrand', 'GET', `${ORG}/hierarchy`));
    expect((tree.brands as { id: number }[]).map((b) => b.id)).toEqual([org.brand.id]); // new brands are the company's business, not a brand manager's
    expect(
      codeOf(await call('daveBrand', 'POST', `${ORG}/brand-requests`, { name: 'Side Project' })),
    ).toEqual({
      status: 403,
      code: 26237,
    });
  });
});

describe('the company, brand and store errors (26420-26441)', () => {
  let mine: Awaited<ReturnType<typeof approvedMerchant>>;
  let theirs: Awaited<ReturnType<typeof approvedMerchant>>;

  beforeAll(async () => {
    mine = await approvedMerchant('erin', 'Epsilon');
    theirs = await approvedMerchant('frank', 'Zeta');
    await registeredMerchant('gina', 'gina@example.test'); // no company at all
    // approved yet without a company (its company gone): past the approval gate, so 26420 shows
    await createUser(t.db, {
      email: 'ivy@example.test',
      password: PASSWORD,
      companyId: null,
      signupState: 'APPROVAL',
    });
    await signIn('ivy', 'ivy@example.test');
  }, APP_TIMEOUT);

  it('26420 USER_HAS_NO_COMPANY: the hierarchy, a brand or a store without a company', async () => {
    const expected = { status: 409, code: 26420 };
    expect(codeOf(await call('gina', 'GET', `${ORG}/hierarchy`))).toEqual(expected);
    expect(codeOf(await call('ivy', 'GET', `${ORG}/hierarchy`))).toEqual(expected);
    const storeRequest = { brandId: mine.brand.id, name: 'Nope', address: 'x' };
    expect(codeOf(await call('ivy', 'POST', `${ORG}/brand-requests`, { name: 'Nope' }))).toEqual(expected);
    expect(codeOf(await call('ivy', 'POST', `${ORG}/store-requests`, storeRequest))).toEqual(expected);
    // gina, not approved, is stopped before that by the approval gate (26204)
    const waiting = { status: 403, code: 26204 };
    expect(codeOf(await call('gina', 'POST', `${ORG}/brand-requests`, { name: 'Nope' }))).toEqual(waiting);
    expect(codeOf(await call('gina', 'POST', `${ORG}/store-requests`, storeRequest))).toEqual(waiting);
    const requests = await t.db
      .select()
      .from(merchantSignup)
      .where(or(eq(merchantSignup.brandName, 'Nope'), eq(merchantSignup.storeName, 'Nope')));
    expect(requests).toEqual([]);
  });

  it('26421 USER_ALREADY_HAS_COMPANY: a signup from someone already in a company', async () => {
    await createUser(t.db, {
      email: 'erin-colleague@example.test',
      password: PASSWORD,
      companyId: mine.company.id,
    });
    await signIn('erinColleague', 'erin-colleague@example.test');
    expect(codeOf(await call('erinColleague', 'POST', `${ORG}/signup`, signupBody('Eta')))).toEqual({
      status: 409,
      code: 26421,
    });
  });

  it('26422 MERCHANT_ALREADY_SIGNED_UP', async () => {
    expect(codeOf(await call('erin', 'POST', `${ORG}/signup`, signupBody('Theta')))).toEqual({
      status: 409,
      code: 26422,
    });
  });

  it('26423 / 26424 / 26425: duplicate company, brand and store names, also through the generic calls', async () => {
    await registeredMerchant('hank', 'hank@example.test');
    const dupCompany = signupBody('Iota');
    dupCompany.company.name = 'EPSILON pte ltd'; // case does not make a new name
    expect(codeOf(await call('hank', 'POST', `${ORG}/signup`, dupCompany))).toEqual({
      status: 409,
      code: 26423,
    });
    expect(codeOf(await call('erin', 'POST', `${ORG}/brand-requests`, { name: 'epsilon coffee' }))).toEqual({
      status: 409,
      code: 26424,
    });
    // another company may use the same brand name
    dataOf(await call('frank', 'POST', `${ORG}/brand-requests`, { name: 'Epsilon Coffee' }));
    expect(
      codeOf(
        await call('erin', 'POST', `${ORG}/store-requests`, {
          brandId: mine.brand.id,
          name: 'Epsilon Tanjong Pagar',
          address: 'x',
        }),
      ),
    ).toEqual({ status: 409, code: 26425 });
    // the generic update of a declared table answers the family's code too
    const second = dataOf(
      await call('op', 'POST', `${MAIN}/brands`, { name: 'Epsilon Second', companyId: mine.company.id }),
    );
    expect(
      codeOf(await call('erin', 'PUT', `${MAIN}/brands/${second.id}`, { name: 'Epsilon Coffee' })),
    ).toEqual({
      status: 409,
      code: 26424,
    });
    expect(
      codeOf(await call('op', 'PUT', `${MAIN}/companies/${mine.company.id}`, { name: 'Zeta Pte Ltd' })),
    ).toEqual({ status: 409, code: 26423 });
  });

  it('26430 / 26431 / 26432: not found, by the hierarchy, the requests and the generic calls', async () => {
    expect(codeOf(await call('op', 'GET', `${ORG}/hierarchy?companyId=999999`))).toEqual({
      status: 404,
      code: 26430,
    });
    expect(codeOf(await call('op', 'GET', `${MAIN}/companies/999999`))).toEqual({ status: 404, code: 26430 });
    expect(
      codeOf(
        await call('erin', 'POST', `${ORG}/store-requests`, { brandId: 999999, name: 'S', address: 'x' }),
      ),
    ).toEqual({ status: 404, code: 26431 });
    expect(codeOf(await call('erin', 'GET', `${MAIN}/brands/999999`))).toEqual({ status: 404, code: 26431 });
    expect(codeOf(await call('erin', 'GET', `${MAIN}/stores/999999`))).toEqual({ status: 404, code: 26432 });
    // another company's rows look missing through the generic calls
    expect(codeOf(await call('erin', 'GET', `${MAIN}/stores/${theirs.store.id}`))).toEqual({
      status: 404,
      code: 26432,
    });
    expect(codeOf(await call('erin', 'GET', `${MAIN}/companies/${theirs.company.id}`))).toEqual({
      status: 404,
      code: 26430,
    });
  });

  it('26433 / 26434: requests under a company or brand that is not active', async () => {
    dataOf(await call('op', 'POST', `${MAIN}/brands/${mine.brand.id}/disable`));
    expect(
      codeOf(
        await call('erin', 'POST', `${ORG}/store-requests`, {
          brandId: mine.brand.id,
          name: 'New',
          address: 'x',
        }),
      ),
    ).toEqual({ status: 409, code: 26434 });
    dataOf(await call('op', 'POST', `${MAIN}/brands/${mine.brand.id}/enable`));
    dataOf(await call('op', 'POST', `${MAIN}/companies/${mine.company.id}/disable`));
    expect(codeOf(await call('erin', 'POST', `${ORG}/brand-requests`, { name: 'Later' }))).toEqual({
      status: 409,
      code: 26433,
    });
    dataOf(await call('op', 'POST', `${MAIN}/companies/${mine.company.id}/activate`));
  });

  it('26439 / 26440: naming another company or its brand', async () => {
    expect(codeOf(await call('erin', 'GET', `${ORG}/hierarchy?companyId=${theirs.company.id}`))).toEqual({
      status: 403,
      code: 26439,
    });
    expect(
      codeOf(
        await call('erin', 'POST', `${ORG}/store-requests`, {
          brandId: theirs.brand.id,
          name: 'Mine',
          address: 'x',
        }),
      ),
    ).toEqual({ status: 403, code: 26440 });
  });

  it('keeps state out of a merchant’s hands: no SUBMITTED store can be switched on by its merchant', async () => {
    const res = dataOf(
      await call('erin', 'POST', `${ORG}/store-requests`, {
        brandId: mine.brand.id,
        name: 'Pending',
        address: 'x',
      }),
    );
    const put = await call('erin', 'PUT', `${MAIN}/stores/${res.row.id}`, {
      state: 'ACTIVE',
      name: 'Pending 2',
    });
    expect(dataOf(put)).toMatchObject({ state: 'SUBMITTED', name: 'Pending 2' });
    expect(codeOf(await call('erin', 'POST', `${MAIN}/stores/${res.row.id}/enable`))).toEqual({
      status: 409,
      code: 11,
    });
    expect(codeOf(await call('erin', 'POST', `${MAIN}/stores`, { name: 'Direct', address: 'x' }))).toEqual({
      status: 403,
      code: 26237,
    });
  });

  it('validates the signup body field by field (code 2)', async () => {
    await registeredMerchant('ivan', 'ivan@example.test');
    const res = await call('ivan', 'POST', `${ORG}/signup`, {
      company: { name: ' ', registrationNo: 'R', contactEmail: 'not-an-email' },
      brand: {},
      store: { name: 'S', address: 'x', latitude: 200, state: 'ACTIVE' },
    });
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
    const fields = (res.json().data as { field: string }[]).map((v) => v.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/company.*name/),
        expect.stringMatching(/company.*contactEmail/),
        expect.stringMatching(/brand/),
        expect.stringMatching(/store.*latitude/),
      ]),
    );
  });
});
