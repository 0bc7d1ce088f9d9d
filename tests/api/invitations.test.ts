// The three invitations end to end through the mail outbox: invite → mail with the
// /x-action/user-active link → activate with a password (an invitee has none until then) → sign in.
// Plus the brand- or store-limited merchant invitation and its 26431/26440/26434 and
// 26432/26441/26435 refusals, and 26222 / 26221 on every invitation.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brand, company, store, users } from '../../server/platform/db/schema';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, caller, codeOf, createUser, lastMailedToken, login, readOutbox } from './helpers';

const MAIN = '/portal-main-service/api/v1';
const USER = `${MAIN}/user`;
const PASSWORD = 'correct-horse-battery';

const { t, tokens } = apiSuite();
const ids: Record<string, number> = {};

const call = caller(() => t.app, tokens);

const idOf = (row: Record<string, unknown> | undefined): number => {
  if (typeof row?.id !== 'number') throw new Error('insert returned no id');
  return row.id;
};

const addCompany = async (name: string, state = 'ACTIVE') =>
  idOf(
    (
      await t.db
        .insert(company)
        .values({ name, registrationNo: `R-${name}`, contactEmail: `${name}@example.test`, state } as never)
        .returning()
    )[0] as Record<string, unknown> | undefined,
  );

const addBrand = async (companyId: number, name: string, state = 'ACTIVE') =>
  idOf(
    (
      await t.db
        .insert(brand)
        .values({ companyId, name, state } as never)
        .returning()
    )[0] as Record<string, unknown> | undefined,
  );

const addStore = async (companyId: number, brandId: number, name: string, state = 'ACTIVE') =>
  idOf(
    (
      await t.db
        .insert(store)
        .values({ companyId, brandId, name, address: '1 Main St', state } as never)
        .returning()
    )[0] as Record<string, unknown> | undefined,
  );

const signIn = async (who: string, email: string, password = PASSWORD) => {
  const r = await login(t.app, email, password);
  expect(r.response.json().code, r.response.body).toBe(0);
  tokens[who] = r.accessToken;
};

/** Follows the newest mailed activation link: sets the password, then signs in with it. */
const acceptInvitation = async (email: string, password: string) => {
  const [mail] = await readOutbox(t.db, email);
  expect(mail?.link).toMatch(/^http:\/\/portal\.test\/x-action\/user-active\?token=/);
  const token = await lastMailedToken(t.db, email);
  // an invitee has no password yet: the link must set one
  expect(codeOf(await call(null, 'PATCH', `${USER}/active-by-email`, { token }))).toEqual({
    status: 400,
    code: 2,
  });
  const activated = await call(null, 'PATCH', `${USER}/active-by-email`, { token, password });
  expect(activated.json(), activated.body).toMatchObject({ code: 0, data: { email, state: 'ENABLE' } });
  // single use
  expect(codeOf(await call(null, 'PATCH', `${USER}/active-by-email`, { token, password }))).toEqual({
    status: 400,
    code: 26211,
  });
  const r = await login(t.app, email, password);
  expect(r.response.json(), r.response.body).toMatchObject({ code: 0, data: { email, state: 'ENABLE' } });
  return r.response.json().data as Record<string, unknown>;
};

beforeAll(async () => {
  ids.co = await addCompany('acme');
  ids.other = await addCompany('globex');
  ids.pending = await addCompany('initech', 'SUBMITTED');
  ids.b1 = await addBrand(ids.co, 'Acme Coffee');
  ids.b2 = await addBrand(ids.co, 'Acme Tea');
  ids.bSubmitted = await addBrand(ids.co, 'Acme Juice', 'SUBMITTED');
  ids.s1 = await addStore(ids.co, ids.b1, 'Coffee Central');
  ids.s1b = await addStore(ids.co, ids.b1, 'Coffee East');
  ids.s2 = await addStore(ids.co, ids.b2, 'Tea Central');
  ids.sSubmitted = await addStore(ids.co, ids.b1, 'Coffee West', 'SUBMITTED');
  ids.ob = await addBrand(ids.other, 'Globex Brand');
  ids.os = await addStore(ids.other, ids.ob, 'Globex Store');

  const op = await createUser(t.db, { email: 'op@example.test', password: PASSWORD, type: 'OPERATOR' });
  ids.op = op.id;
  const owner = await createUser(t.db, {
    email: 'owner@example.test',
    password: PASSWORD,
    companyId: ids.co,
    signupState: 'APPROVAL',
    mobile: '+6581111111',
  });
  ids.owner = owner.id;
  // a merchant limited to brand b1 (joined by invitation, holding ADD on users)
  const brandLimited = await createUser(t.db, {
    email: 'brand-mgr@example.test',
    password: PASSWORD,
    companyId: ids.co,
    brandId: ids.b1,
    signupState: 'APPROVAL',
  });
  ids.brandLimited = brandLimited.id;
  // a merchant limited to store s1
  const storeLimited = await createUser(t.db, {
    email: 'store-mgr@example.test',
    password: PASSWORD,
    companyId: ids.co,
    brandId: ids.b1,
    signupState: 'APPROVAL',
  });
  ids.storeLimited = storeLimited.id;
  await t.db.update(users).set({ storeId: ids.s1 }).where(eq(users.id, storeLimited.id));
  await signIn('op', 'op@example.test');
  await signIn('owner', 'owner@example.test');
  await signIn('brand', 'brand-mgr@example.test');
  await signIn('store', 'store-mgr@example.test');
}, APP_TIMEOUT);

describe('end to end through the outbox', () => {
  it('a merchant invites a colleague: mail, activation with a password, sign-in', async () => {
    const res = await call('owner', 'POST', `${USER}/merchant/invite`, {
      email: 'Clerk@Example.test',
      name: 'Clara Clerk',
      mobile: '+6582222222',
    });
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      data: {
        email: 'clerk@example.test',
        type: 'MERCHANT',
        state: 'WAIT_EMAIL_ACTIVE',
        signupState: 'APPROVAL',
        invitationType: 'MERCHANT_INVITE_MERCHANT',
        invitedBy: ids.owner,
        companyId: ids.co,
        brandId: null,
        storeId: null,
      },
    });
    expect(res.json().data).not.toHaveProperty('passwordHash');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'clerk@example.test'));
    expect(row?.passwordHash).toBeNull();
    // cannot sign in before the link: there is no password to match yet
    expect((await login(t.app, 'clerk@example.test', 'clerk-pass-123')).response.json().code).toBe(26200);
    const me = await acceptInvitation('clerk@example.test', 'clerk-pass-123');
    expect(me).toMatchObject({ type: 'MERCHANT', companyId: ids.co, signupState: 'APPROVAL' });
  });

  it('an operator invites a merchant into an approved company: they join it approved', async () => {
    const res = await call('op', 'POST', `${USER}/operator/merchant/invite`, {
      email: 'invited-merchant@example.test',
      companyId: ids.co,
      brandId: ids.b2,
    });
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      data: {
        type: 'MERCHANT',
        invitationType: 'OPERATOR_INVITE_MERCHANT',
        invitedBy: ids.op,
        companyId: ids.co,
        brandId: ids.b2,
        signupState: 'APPROVAL',
        state: 'WAIT_EMAIL_ACTIVE',
      },
    });
    const me = await acceptInvitation('invited-merchant@example.test', 'merchant-pass-1');
    expect(me).toMatchObject({ companyId: ids.co, brandId: ids.b2, signupState: 'APPROVAL' });
  });

  it('an operator invites a merchant without a company: they sign up themselves', async () => {
    const res = await call('op', 'POST', `${USER}/operator/merchant/invite`, {
      email: 'new-merchant@example.test',
    });
    expect(res.json().data).toMatchObject({ companyId: null, signupState: 'SUBMITTED' });
    const pending = await call('op', 'POST', `${USER}/operator/merchant/invite`, {
      email: 'pending-co@example.test',
      companyId: ids.pending,
    });
    expect(pending.json().data).toMatchObject({ companyId: ids.pending, signupState: 'SUBMITTED' });
    const me = await acceptInvitation('new-merchant@example.test', 'merchant-pass-2');
    expect(me).toMatchObject({ signupState: 'SUBMITTED', companyId: null });
  });

  it('an operator invites an operator', async () => {
    const res = await call('op', 'POST', `${USER}/operator/register`, {
      email: 'op2@example.test',
      name: 'Second Operator',
    });
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      data: {
        type: 'OPERATOR',
        invitationType: 'OPERATOR_INVITE_OPERATOR',
        invitedBy: ids.op,
        state: 'WAIT_EMAIL_ACTIVE',
      },
    });
    const [mail] = await readOutbox(t.db, 'op2@example.test');
    expect(mail?.text).toContain('Hello Second Operator');
    const me = await acceptInvitation('op2@example.test', 'operator-pass-1');
    expect(me).toMatchObject({ type: 'OPERATOR' });
  });

  it('refuses a too-short password on activation (code 2) and leaves the link usable', async () => {
    await call('owner', 'POST', `${USER}/merchant/invite`, { email: 'short@example.test' });
    const token = await lastMailedToken(t.db, 'short@example.test');
    expect(
      codeOf(await call(null, 'PATCH', `${USER}/active-by-email`, { token, password: 'short' })),
    ).toEqual({ status: 400, code: 2 });
    expect(
      (await call(null, 'PATCH', `${USER}/active-by-email`, { token, password: 'long-enough-1' })).json()
        .code,
    ).toBe(0);
  });
});

describe('e-mail and mobile in use', () => {
  it('answers 26222 (any case) and 26221 on every invitation, and mails nothing', async () => {
    const before = (await readOutbox(t.db)).length;
    const cases: [string, string][] = [
      ['owner', '/merchant/invite'],
      ['op', '/operator/merchant/invite'],
      ['op', '/operator/register'],
    ];
    for (const [who, path] of cases) {
      expect({
        path,
        ...codeOf(await call(who, 'POST', `${USER}${path}`, { email: 'OWNER@example.test' })),
      }).toEqual({ path, status: 409, code: 26222 });
      expect({
        path,
        ...codeOf(
          await call(who, 'POST', `${USER}${path}`, {
            email: `fresh-${path.length}@example.test`,
            mobile: '+6581111111',
          }),
        ),
      }).toEqual({ path, status: 409, code: 26221 });
    }
    expect((await readOutbox(t.db)).length).toBe(before);
  });
});

describe('invitations limited to a brand or store', () => {
  const invite = (who: string, body: Record<string, unknown>) =>
    call(who, 'POST', `${USER}/merchant/invite`, body);

  it('lets the owner invite into one of their brands or stores; the invitee gets brandId/storeId', async () => {
    const byBrand = await invite('owner', { email: 'b1-staff@example.test', brandId: ids.b1 });
    expect(byBrand.json().data).toMatchObject({ companyId: ids.co, brandId: ids.b1, storeId: null });
    const byStore = await invite('owner', { email: 's2-staff@example.test', storeId: ids.s2 });
    expect(byStore.json().data).toMatchObject({ companyId: ids.co, brandId: ids.b2, storeId: ids.s2 });
    const both = await invite('owner', { email: 's1-staff@example.test', brandId: ids.b1, storeId: ids.s1 });
    expect(both.json().data).toMatchObject({ brandId: ids.b1, storeId: ids.s1 });
    const me = await acceptInvitation('s1-staff@example.test', 'store-pass-1');
    expect(me).toMatchObject({ companyId: ids.co, brandId: ids.b1 });
  });

  it('answers 26431 / 26440 / 26434 for a missing, foreign or inactive brand', async () => {
    expect(codeOf(await invite('owner', { email: 'x1@example.test', brandId: 999999 }))).toEqual({
      status: 404,
      code: 26431,
    });
    expect(codeOf(await invite('owner', { email: 'x2@example.test', brandId: ids.ob }))).toEqual({
      status: 403,
      code: 26440,
    });
    expect(codeOf(await invite('owner', { email: 'x3@example.test', brandId: ids.bSubmitted }))).toEqual({
      status: 409,
      code: 26434,
    });
  });

  it('answers 26432 / 26441 / 26435 for a missing, foreign or inactive store', async () => {
    expect(codeOf(await invite('owner', { email: 'y1@example.test', storeId: 999999 }))).toEqual({
      status: 404,
      code: 26432,
    });
    expect(codeOf(await invite('owner', { email: 'y2@example.test', storeId: ids.os }))).toEqual({
      status: 403,
      code: 26441,
    });
    expect(codeOf(await invite('owner', { email: 'y3@example.test', storeId: ids.sSubmitted }))).toEqual({
      status: 409,
      code: 26435,
    });
    // a store outside the brand named with it
    expect(
      codeOf(await invite('owner', { email: 'y4@example.test', brandId: ids.b1, storeId: ids.s2 })),
    ).toEqual({ status: 400, code: 2 });
    const [none] = await t.db.select().from(users).where(eq(users.email, 'y2@example.test'));
    expect(none).toBeUndefined();
  });

  it('keeps a brand-limited merchant inside their brand', async () => {
    const plain = await invite('brand', { email: 'brand-staff@example.test' });
    expect(plain.json().data).toMatchObject({ companyId: ids.co, brandId: ids.b1, storeId: null });
    const inStore = await invite('brand', { email: 'brand-store-staff@example.test', storeId: ids.s1b });
    expect(inStore.json().data).toMatchObject({ brandId: ids.b1, storeId: ids.s1b });
    expect(codeOf(await invite('brand', { email: 'z1@example.test', brandId: ids.b2 }))).toEqual({
      status: 403,
      code: 26440,
    });
    expect(codeOf(await invite('brand', { email: 'z2@example.test', storeId: ids.s2 }))).toEqual({
      status: 403,
      code: 26441,
    });
  });

  it('keeps a store-limited merchant inside their store', async () => {
    const plain = await invite('store', { email: 'store-staff@example.test' });
    expect(plain.json().data).toMatchObject({ brandId: ids.b1, storeId: ids.s1 });
    expect(codeOf(await invite('store', { email: 'w1@example.test', storeId: ids.s1b }))).toEqual({
      status: 403,
      code: 26441,
    });
  });

  it("checks an operator's company, brand and store the same way", async () => {
    const opInvite = (body: Record<string, unknown>) =>
      call('op', 'POST', `${USER}/operator/merchant/invite`, body);
    expect(codeOf(await opInvite({ email: 'o1@example.test', companyId: 999999 }))).toEqual({
      status: 404,
      code: 26430,
    });
    expect(codeOf(await opInvite({ email: 'o2@example.test', brandId: 999999 }))).toEqual({
      status: 404,
      code: 26431,
    });
    expect(codeOf(await opInvite({ email: 'o3@example.test', companyId: ids.co, brandId: ids.ob }))).toEqual({
      status: 403,
      code: 26440,
    });
    expect(codeOf(await opInvite({ email: 'o4@example.test', brandId: ids.bSubmitted }))).toEqual({
      status: 409,
      code: 26434,
    });
    expect(codeOf(await opInvite({ email: 'o5@example.test', storeId: 999999 }))).toEqual({
      status: 404,
      code: 26432,
    });
    expect(codeOf(await opInvite({ email: 'o6@example.test', companyId: ids.co, storeId: ids.os }))).toEqual({
      status: 403,
      code: 26441,
    });
    expect(codeOf(await opInvite({ email: 'o7@example.test', storeId: ids.sSubmitted }))).toEqual({
      status: 409,
      code: 26435,
    });
    // the company comes from the store when only the store is named
    const ok = await opInvite({ email: 'o8@example.test', storeId: ids.os });
    expect(ok.json().data).toMatchObject({ companyId: ids.other, brandId: ids.ob, storeId: ids.os });
  });

  it('refuses invitations to merchants without ADD on users (26237)', async () => {
    await t.db
      .update(users)
      .set({ invitationType: 'MERCHANT_INVITE_MERCHANT' })
      .where(eq(users.id, ids.storeLimited ?? 0));
    expect(codeOf(await invite('store', { email: 'v1@example.test' }))).toEqual({ status: 403, code: 26237 });
  });
});
