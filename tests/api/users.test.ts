import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { company, userGroupPermissions, userGroups, users } from '../../server/platform/db/schema';
import { addPeople, apiSuite, MAIN, PASSWORD, type Person, signIn } from './fixtures';
import { authHeader, expectError, lastMailedToken, login, type Method, readOutbox } from './helpers';

const USER = `${MAIN}/user`;

const { t, tokens, call } = apiSuite();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const people: Person[] = [
    { key: 'op', email: 'op@example.test', type: 'OPERATOR', name: 'Olive Operator' },
    { key: 'op2', email: 'op2@example.test', type: 'OPERATOR', name: 'Otto Operator' },
    { key: 'a', email: 'owner-a@example.test', companyId: 1, name: 'Anna Owner', mobile: '+6580000001' },
    { key: 'a2', email: 'clerk-a@example.test', companyId: 1, name: 'Adam Clerk' },
    { key: 'b', email: 'owner-b@example.test', companyId: 2, name: 'Bella Owner' },
    { key: 'solo', email: 'solo@example.test', name: 'Solo NoCompany' },
  ];
  await addPeople(t, people, ids, (who, email) => signIn(t, tokens, who, email));
  // the clerk joined by the owner's invitation, so their permissions bind them
  await t.db
    .update(users)
    .set({ invitationType: 'MERCHANT_INVITE_MERCHANT' })
    .where(eq(users.id, ids.a2 ?? 0));
});

describe('GET /user (paged list)', () => {
  it('pages, with the contract page object, and never returns passwordHash', async () => {
    const res = await call('op', 'GET', `${USER}?page=0&size=2&sort=id,asc`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toEqual({
      number: 0,
      size: 2,
      totalPages: 3,
      totalElements: 6,
      cursor: expect.any(String),
    });
    expect(body.data.map((u: { id: number }) => u.id)).toEqual([ids.op, ids.op2]);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('$argon2');
    const page2 = (await call('op', 'GET', `${USER}?page=2&size=2&sort=id,asc`)).json();
    expect(page2.data.map((u: { id: number }) => u.id)).toEqual([ids.b, ids.solo]);
  });

  it('sorts by the requested fields in order', async () => {
    const res = await call('op', 'GET', `${USER}?sort=type,asc&sort=name,desc`);
    expect(res.json().data.map((u: { name: string }) => u.name)).toEqual([
      'Solo NoCompany',
      'Bella Owner',
      'Anna Owner',
      'Adam Clerk',
      'Otto Operator',
      'Olive Operator',
    ]);
  });

  it('projects the named fields plus id', async () => {
    const res = await call(
      'op',
      'GET',
      `${USER}?size=1&sort=id,asc&project=${encodeURIComponent('["name"]')}`,
    );
    expect(res.json().data).toEqual([{ id: ids.op, name: 'Olive Operator' }]);
  });

  it('searches case-insensitively over the named fields', async () => {
    const search = encodeURIComponent(JSON.stringify({ name: 'OWNER', email: 'solo@' }));
    const res = await call('op', 'GET', `${USER}?search=${search}&sort=id,asc&project=["email"]`);
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual([
      'owner-a@example.test',
      'owner-b@example.test',
      'solo@example.test',
    ]);
  });

  it('treats LIKE wildcards in the search text literally', async () => {
    const res = await call('op', 'GET', `${USER}?search=${encodeURIComponent('{"name":"%"}')}`);
    expect(res.json().data).toEqual([]);
  });

  it('filters (AND) by enum, number and regex', async () => {
    const filter = encodeURIComponent(
      JSON.stringify([
        { field: 'type', op: 'eq', value: 'MERCHANT' },
        { field: 'companyId', op: 'in', value: [1, 2] },
        { field: 'name', op: 'regex', value: '^A' },
      ]),
    );
    const res = await call('op', 'GET', `${USER}?filter=${filter}&sort=id,asc&project=["name"]`);
    expect(res.json().data.map((u: { name: string }) => u.name)).toEqual(['Anna Owner', 'Adam Clerk']);
  });

  it('answers, filters and sorts the organization level, which follows the company, brand and store ids', async () => {
    const levelOf = async (level: string) => {
      const filter = encodeURIComponent(
        JSON.stringify([{ field: 'organizationLevel', op: 'eq', value: level }]),
      );
      const res = await call(
        'op',
        'GET',
        `${USER}?filter=${filter}&sort=id,asc&project=["organizationLevel"]`,
      );
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .data.map((u: { id: number; organizationLevel: string }) => [u.id, u.organizationLevel]);
    };
    expect(await levelOf('NULL')).toEqual([
      [ids.op, 'NULL'],
      [ids.op2, 'NULL'],
      [ids.solo, 'NULL'],
    ]);
    expect(await levelOf('COMPANY')).toEqual([
      [ids.a, 'COMPANY'],
      [ids.a2, 'COMPANY'],
      [ids.b, 'COMPANY'],
    ]);
    try {
      await t.db
        .update(users)
        .set({ brandId: 11 })
        .where(eq(users.id, ids.a2 ?? 0));
      expect(await levelOf('BRAND')).toEqual([[ids.a2, 'BRAND']]);
      await t.db
        .update(users)
        .set({ storeId: 12 })
        .where(eq(users.id, ids.a2 ?? 0));
      expect(await levelOf('STORE')).toEqual([[ids.a2, 'STORE']]);
      expect(await levelOf('BRAND')).toEqual([]);
      const sorted = await call(
        'op',
        'GET',
        `${USER}?sort=organizationLevel,desc&sort=id,asc&project=["name"]`,
      );
      expect(sorted.json().data[0].id).toBe(ids.a2);
      // the user's own answer carries it too
      expect((await call('a2', 'GET', `${USER}/${ids.a2}`)).json().data.organizationLevel).toBe('STORE');
    } finally {
      await t.db
        .update(users)
        .set({ brandId: null, storeId: null })
        .where(eq(users.id, ids.a2 ?? 0));
    }
    const bad = encodeURIComponent(
      JSON.stringify([{ field: 'organizationLevel', op: 'eq', value: 'GALAXY' }]),
    );
    expectError(await call('op', 'GET', `${USER}?filter=${bad}`), 400, 2);
  });

  it('filters createTime with gte/lte', async () => {
    const future = encodeURIComponent(
      JSON.stringify([{ field: 'createTime', op: 'gte', value: '2999-01-01T00:00:00Z' }]),
    );
    expect((await call('op', 'GET', `${USER}?filter=${future}`)).json().data).toEqual([]);
    const past = encodeURIComponent(
      JSON.stringify([{ field: 'createTime', op: 'gte', value: '2000-01-01T00:00:00Z' }]),
    );
    expect((await call('op', 'GET', `${USER}?filter=${past}`)).json().page.totalElements).toBe(6);
  });

  it('answers malformed filter JSON with code 3 and a bad filter with code 2', async () => {
    const broken = await call('op', 'GET', `${USER}?filter=${encodeURIComponent('[{"field":')}`);
    expectError(broken, 400, 3);
    expect(broken.json().data).toEqual([{ field: 'filter', message: 'is not valid JSON' }]);
    const unknown = await call(
      'op',
      'GET',
      `${USER}?filter=${encodeURIComponent('[{"field":"passwordHash","op":"eq","value":"x"}]')}`,
    );
    expectError(unknown, 400, 2);
    expect(unknown.json().data).toEqual([
      { field: 'filter[0].field', message: 'unknown field "passwordHash"' },
    ]);
    const op = await call(
      'op',
      'GET',
      `${USER}?filter=${encodeURIComponent('[{"field":"companyId","op":"regex","value":"1"}]')}`,
    );
    expectError(op, 400, 2);
    expect(op.json().data[0].field).toBe('filter[0].op');
  });

  it('answers an unknown or unsortable sort field, bad size and unknown projection with code 2', async () => {
    expectError(await call('op', 'GET', `${USER}?sort=passwordHash,asc`), 400, 2);
    expectError(await call('op', 'GET', `${USER}?sort=mobile,asc`), 400, 2);
    expectError(await call('op', 'GET', `${USER}?sort=name,up`), 400, 2);
    expectError(await call('op', 'GET', `${USER}?size=1001`), 400, 2);
    expectError(await call('op', 'GET', `${USER}?project=["passwordHash"]`), 400, 2);
  });

  it('refuses hostile regexes before they reach the database, and ones PostgreSQL rejects', async () => {
    const hostile = encodeURIComponent(JSON.stringify([{ field: 'name', op: 'regex', value: '(a+)+$' }]));
    expectError(await call('op', 'GET', `${USER}?filter=${hostile}`), 400, 2);
    // valid in JavaScript, an invalid escape for PostgreSQL's engine
    const foreign = encodeURIComponent(JSON.stringify([{ field: 'name', op: 'regex', value: '\\p{L}' }]));
    expectError(await call('op', 'GET', `${USER}?filter=${foreign}`), 400, 2);
  });

  it('leaves the totals out under X-No-Count', async () => {
    const res = await call('op', 'GET', `${USER}?size=2`, undefined, { 'x-no-count': 'true' });
    expect(res.json().page).toEqual({ number: 0, size: 2, cursor: expect.any(String) });
    expect(res.json().data).toHaveLength(2);
  });

  it("scopes a merchant's list to their own company, whatever the filter says", async () => {
    const res = await call('a', 'GET', `${USER}?sort=id,asc&project=["email"]`);
    expect(res.json().data.map((u: { id: number }) => u.id)).toEqual([ids.a, ids.a2]);
    const other = encodeURIComponent(JSON.stringify([{ field: 'companyId', op: 'eq', value: 2 }]));
    const res2 = await call('a', 'GET', `${USER}?filter=${other}`);
    expect(res2.json()).toMatchObject({ code: 0, data: [], page: { totalElements: 0 } });
    const solo = await call('solo', 'GET', `${USER}?project=["email"]`);
    expect(solo.json().data).toEqual([{ id: ids.solo, email: 'solo@example.test' }]);
  });

  it('refuses the list to a merchant whose permissions do not include viewing users', async () => {
    expectError(await call('a2', 'GET', USER), 403, 26237);
  });

  it('needs a token', async () => {
    expectError(await call(null, 'GET', USER), 401, 1601);
  });
});

describe('another company', () => {
  it("answers 26231 for every method on another company's user (existence is not leaked)", async () => {
    const target = ids.b;
    const attempts: [Method, string, unknown?][] = [
      ['GET', `${USER}/${target}`],
      ['DELETE', `${USER}/${target}?softDel=true`],
      ['DELETE', `${USER}/${target}?softDel=false`],
      ['GET', `${USER}/${target}/permissions`],
      ['GET', `${USER}/${target}/full-permissions`],
      ['PATCH', `${USER}/${target}/permissions`, { permissions: [] }],
      ['PUT', `${USER}/${target}/groups`, { groupIds: [] }],
      ['PUT', `${USER}/${target}/info`, { name: 'Hacked' }],
      ['PUT', `${USER}/${target}/pwd`, { password: 'another-password' }],
      ['POST', `${USER}/${target}/pns/is-allow`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call('a', method, url, body);
      expect({ url, method, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        method,
        status: 404,
        code: 26231,
      });
    }
    const missing = await call('a', 'GET', `${USER}/999999`);
    expect(missing.json()).toEqual((await call('a', 'GET', `${USER}/${target}`)).json());
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, target ?? 0));
    expect(row).toMatchObject({ name: 'Bella Owner', state: 'ENABLE' });
  });

  it('never lets a merchant touch an operator', async () => {
    expectError(await call('a', 'GET', `${USER}/${ids.op}`), 404, 26231);
    expectError(await call('a', 'PUT', `${USER}/${ids.op}/info`, { name: 'x' }), 404, 26231);
  });
});

describe('own profile', () => {
  it('reads oneself, without the password hash and with groups', async () => {
    const res = await call('b', 'GET', `${USER}/${ids.b}`);
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        id: ids.b,
        email: 'owner-b@example.test',
        type: 'MERCHANT',
        companyId: 2,
        groups: [],
        groupIds: [],
      },
    });
    expect(res.json().data).not.toHaveProperty('passwordHash');
  });

  it('lets even a permission-less clerk read and update themselves', async () => {
    expect((await call('a2', 'GET', `${USER}/${ids.a2}`)).json().code).toBe(0);
    const res = await call('a2', 'PUT', `${USER}/${ids.a2}/info`, {
      name: 'Adam C.',
      mobile: '+6580000002',
      country: 'MY',
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { name: 'Adam C.', mobile: '+6580000002', country: 'my' },
    });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, ids.a2 ?? 0));
    expect(row).toMatchObject({ name: 'Adam C.', mobile: '+6580000002', country: 'my' });
  });

  it('answers 26221 for a mobile someone else uses', async () => {
    expectError(await call('b', 'PUT', `${USER}/${ids.b}/info`, { mobile: '+6580000001' }), 409, 26221);
  });

  it('validates the mobile format (code 2)', async () => {
    const res = await call('b', 'PUT', `${USER}/${ids.b}/info`, { mobile: 'call me' });
    expectError(res, 400, 2);
    expect(res.json().data[0].field).toMatch(/^mobile/);
  });

  it("changes one's own password only with the current one (26203)", async () => {
    expectError(
      await call('b', 'PUT', `${USER}/${ids.b}/pwd`, {
        oldPassword: 'wrong-one!',
        password: 'new-password-1',
      }),
      400,
      26203,
    );
    expectError(await call('b', 'PUT', `${USER}/${ids.b}/pwd`, { password: 'new-password-1' }), 400, 26203);
    const res = await call('b', 'PUT', `${USER}/${ids.b}/pwd`, {
      oldPassword: PASSWORD,
      password: 'new-password-1',
    });
    expect(res.json()).toEqual({ type: 'CR', code: 0, data: null });
    expect((await login(t.app, 'owner-b@example.test', PASSWORD)).response.json().code).toBe(26200);
    expect((await login(t.app, 'owner-b@example.test', 'new-password-1')).response.json().code).toBe(0);
    // the session that changed it still works
    expect((await call('b', 'GET', `${USER}/${ids.b}`)).json().code).toBe(0);
  });

  it("lets an operator reset another user's password without the old one, ending their logins", async () => {
    const before = await login(t.app, 'solo@example.test', PASSWORD);
    const res = await call('op', 'PUT', `${USER}/${ids.solo}/pwd`, { password: 'reset-by-operator' });
    expect(res.json().code).toBe(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${USER}/${ids.solo}`,
          headers: authHeader(before.accessToken),
        })
      ).json().code,
    ).toBe(1005);
    await signInWith('solo', 'solo@example.test', 'reset-by-operator');
  });

  it("does not let a merchant reset a colleague's password", async () => {
    expectError(await call('a', 'PUT', `${USER}/${ids.a2}/pwd`, { password: 'colleague-pass' }), 403, 26237);
  });
});

const signInWith = async (key: string, email: string, password: string) => {
  const r = await login(t.app, email, password);
  expect(r.response.json().code).toBe(0);
  tokens[key] = r.accessToken;
};

describe('permissions and groups', () => {
  it('answers 26232 for an unknown permission and leaves the set unchanged', async () => {
    const res = await call('op', 'PATCH', `${USER}/${ids.a2}/permissions`, {
      permissions: [
        { resource: 'vouchers', action: 'VIEW' },
        { resource: 'nuclearCodes', action: 'VIEW' },
      ],
    });
    expectError(res, 404, 26232);
    expect((await call('op', 'GET', `${USER}/${ids.a2}/permissions`)).json().data).toEqual([]);
    expectError(
      await call('op', 'PATCH', `${USER}/${ids.a2}/permissions`, {
        permissions: [{ resource: 'vouchers', action: 'DELETE' }],
      }),
      404,
      26232,
    );
  });

  it('replaces the direct set', async () => {
    const res = await call('a', 'PATCH', `${USER}/${ids.a2}/permissions`, {
      permissions: [
        { resource: 'user', action: 'VIEW' },
        { resource: 'vouchers', action: 'UPDATE' },
        { resource: 'user', action: 'VIEW' },
      ],
    });
    expect(res.json().data).toEqual([
      { resource: 'user', action: 'VIEW' },
      { resource: 'vouchers', action: 'UPDATE' },
    ]);
    // the clerk may now list users of the company
    expect((await call('a2', 'GET', USER)).json().code).toBe(0);
  });

  it('refuses a merchant granting what they do not hold (26238)', async () => {
    expectError(
      await call('a', 'PATCH', `${USER}/${ids.a}/permissions`, {
        permissions: [{ resource: 'mainConfig', action: 'VIEW' }],
      }),
      403,
      26238,
    );
  });

  it('answers 26233 for an unknown group, or one of another scope', async () => {
    const [other] = await t.db
      .insert(userGroups)
      .values({ name: 'Cashiers', type: 'MERCHANT', companyId: 2 })
      .returning();
    expectError(await call('a', 'PUT', `${USER}/${ids.a2}/groups`, { groupIds: [999999] }), 404, 26233);
    expectError(await call('a', 'PUT', `${USER}/${ids.a2}/groups`, { groupIds: [other?.id] }), 404, 26233);
    expectError(await call('a', 'PUT', `${USER}/${ids.a2}/groups`, { groups: ['Nope'] }), 404, 26233);
  });

  it("assigns groups (by id or name); full permissions add the groups' ones", async () => {
    const created = await call('a', 'POST', `${MAIN}/user-group`, {
      name: 'Cashiers',
      permissions: [{ resource: 'push', action: 'VIEW' }],
    });
    expect(created.json()).toMatchObject({
      code: 0,
      data: { name: 'Cashiers', type: 'MERCHANT', companyId: 1 },
    });
    const groupId = created.json().data.id as number;
    const res = await call('a', 'PUT', `${USER}/${ids.a2}/groups`, { groups: ['cashiers'] });
    expect(res.json().data).toMatchObject({ id: ids.a2, groups: ['Cashiers'], groupIds: [groupId] });
    const full = await call('a2', 'GET', `${USER}/${ids.a2}/full-permissions`);
    expect(full.json().data).toEqual([
      { resource: 'push', action: 'VIEW' },
      { resource: 'user', action: 'VIEW' },
      { resource: 'vouchers', action: 'UPDATE' },
    ]);
    expect((await call('a2', 'GET', `${USER}/${ids.a2}/permissions`)).json().data).toHaveLength(2);
    const byId = await call('op', 'PUT', `${USER}/${ids.a2}/groups`, { groupIds: [groupId] });
    expect(byId.json().data.groups).toEqual(['Cashiers']);
  });

  it("reads one group with its permissions, refuses duplicates (26235) and other companies' groups", async () => {
    const [group] = await t.db.select().from(userGroups).where(eq(userGroups.companyId, 1));
    const res = await call('a', 'GET', `${MAIN}/user-group/${group?.id}`);
    expect(res.json().data).toMatchObject({
      name: 'Cashiers',
      permissions: [{ resource: 'push', action: 'VIEW' }],
    });
    expectError(await call('b', 'GET', `${MAIN}/user-group/${group?.id}`), 404, 26233);
    expectError(await call('a', 'POST', `${MAIN}/user-group`, { name: 'CASHIERS' }), 409, 26235);
    expectError(await call('a', 'POST', `${MAIN}/user-group`, { name: 'Ops', type: 'OPERATOR' }), 403, 26237);
    expectError(await call('op', 'POST', `${MAIN}/user-group`, { name: 'M', type: 'MERCHANT' }), 400, 2);
    const ops = await call('op', 'POST', `${MAIN}/user-group`, { name: 'Cashiers' });
    expect(ops.json().data).toMatchObject({ type: 'OPERATOR', companyId: null });
    await t.db.delete(userGroups).where(eq(userGroups.id, ops.json().data.id));
  });

  it('gives null full permissions to a company owner (no list: everything a merchant may do)', async () => {
    expect((await call('a', 'GET', `${USER}/${ids.a}/full-permissions`)).json()).toEqual({
      type: 'CR',
      code: 0,
      data: null,
    });
  });

  it("lists groups paged, scoped to the merchant's company", async () => {
    const mine = await call('a', 'GET', `${MAIN}/user-group?sort=id,asc`);
    expect(mine.json().data.map((g: { companyId: number }) => g.companyId)).toEqual([1]);
    const all = await call('op', 'GET', `${MAIN}/user-group`);
    expect(all.json().page.totalElements).toBe(2);
  });
});

describe('POST /{id}/pns/is-allow', () => {
  it('allows operators and company owners', async () => {
    expect((await call('op', 'POST', `${USER}/${ids.op}/pns/is-allow`)).json().data).toEqual({
      allowed: true,
    });
    expect((await call('a', 'POST', `${USER}/${ids.a}/pns/is-allow`)).json().data).toEqual({ allowed: true });
  });

  it("follows a restricted merchant's permissions", async () => {
    expect((await call('a2', 'POST', `${USER}/${ids.a2}/pns/is-allow`)).json().data).toEqual({
      allowed: true,
    });
    await t.db.delete(userGroupPermissions);
    expect((await call('a2', 'POST', `${USER}/${ids.a2}/pns/is-allow`)).json().data).toEqual({
      allowed: false,
    });
  });
});

describe('register and invite', () => {
  it('registers a merchant: waiting for activation, mailed, then activated and signed in', async () => {
    const res = await call(null, 'POST', `${USER}/merchant/register`, {
      email: 'New.Merchant@Example.test',
      password: 'merchant-pass-1',
      name: 'New Merchant',
      mobile: '+6590000001',
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        email: 'new.merchant@example.test',
        type: 'MERCHANT',
        state: 'WAIT_EMAIL_ACTIVE',
        signupState: 'SUBMITTED',
        invitationType: 'BLANK',
      },
    });
    expect(res.json().data).not.toHaveProperty('passwordHash');
    expect((await login(t.app, 'new.merchant@example.test', 'merchant-pass-1')).response.json().code).toBe(
      26201,
    );
    const [mail] = await readOutbox(t.db, 'new.merchant@example.test');
    expect(mail?.link).toContain('/x-action/user-active?token=');
    const token = await lastMailedToken(t.db, 'new.merchant@example.test');
    const activated = await call(null, 'PATCH', `${USER}/active-by-email`, { token });
    expect(activated.json().code).toBe(0);
    expect((await login(t.app, 'new.merchant@example.test', 'merchant-pass-1')).response.json().code).toBe(0);
  });

  it('answers 26222 (any case) and 26221 on every register and invite', async () => {
    const cases: [string | null, string, Record<string, unknown>][] = [
      [null, '/merchant/register', { password: 'merchant-pass-1' }],
      ['a', '/merchant/invite', {}],
      ['op', '/operator/merchant/invite', {}],
      ['op', '/operator/register', {}],
    ];
    for (const [who, path, extra] of cases) {
      const email = await call(who, 'POST', `${USER}${path}`, { email: 'OWNER-A@example.test', ...extra });
      expect({ path, status: email.statusCode, code: email.json().code }).toEqual({
        path,
        status: 409,
        code: 26222,
      });
      const mobile = await call(who, 'POST', `${USER}${path}`, {
        email: `fresh${path.length}@example.test`,
        mobile: '+6580000001',
        ...extra,
      });
      expect({ path, status: mobile.statusCode, code: mobile.json().code }).toEqual({
        path,
        status: 409,
        code: 26221,
      });
    }
  });

  it('is race-safe: of simultaneous registrations with one e-mail exactly one wins, the rest get 26222', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(null, 'POST', `${USER}/merchant/register`, {
          email: 'race@example.test',
          password: 'merchant-pass-1',
        }),
      ),
    );
    expect(results.map((r) => r.json().code).sort()).toEqual([0, 26222, 26222, 26222, 26222]);
  });

  it('lets a merchant invite into their own company, with no password until the link', async () => {
    const res = await call('a', 'POST', `${USER}/merchant/invite`, {
      email: 'invitee@example.test',
      name: 'Ivy',
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        companyId: 1,
        state: 'WAIT_EMAIL_ACTIVE',
        invitationType: 'MERCHANT_INVITE_MERCHANT',
        invitedBy: ids.a,
        signupState: 'APPROVAL',
      },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'invitee@example.test'));
    expect(row?.passwordHash).toBeNull();
    const token = await lastMailedToken(t.db, 'invitee@example.test');
    expect(
      (await call(null, 'PATCH', `${USER}/active-by-email`, { token, password: 'invitee-pass-1' })).json()
        .code,
    ).toBe(0);
    expect((await login(t.app, 'invitee@example.test', 'invitee-pass-1')).response.json().code).toBe(0);
  });

  it('needs a company to invite into (26420) and the merchant route is for merchants', async () => {
    expectError(
      await call('solo', 'POST', `${USER}/merchant/invite`, { email: 'x1@example.test' }),
      409,
      26420,
    );
    expectError(
      await call('op', 'POST', `${USER}/merchant/invite`, { email: 'x2@example.test' }),
      403,
      26237,
    );
  });

  it('lets operators invite merchants and create operators, and refuses both to merchants', async () => {
    // the company named must exist (26430); the invitee joins it
    expectError(
      await call('op', 'POST', `${USER}/operator/merchant/invite`, {
        email: 'opm@example.test',
        companyId: 999999,
      }),
      404,
      26430,
    );
    const [c] = await t.db
      .insert(company)
      .values({ name: 'Invitee Co', registrationNo: 'R-7', contactEmail: 'co@example.test' })
      .returning();
    const m = await call('op', 'POST', `${USER}/operator/merchant/invite`, {
      email: 'opm@example.test',
      companyId: c?.id,
    });
    expect(m.json().data).toMatchObject({
      type: 'MERCHANT',
      invitationType: 'OPERATOR_INVITE_MERCHANT',
      companyId: c?.id,
      invitedBy: ids.op,
    });
    const o = await call('op', 'POST', `${USER}/operator/register`, {
      email: 'op3@example.test',
      name: 'Third',
    });
    expect(o.json().data).toMatchObject({
      type: 'OPERATOR',
      invitationType: 'OPERATOR_INVITE_OPERATOR',
      state: 'WAIT_EMAIL_ACTIVE',
    });
    expect((await readOutbox(t.db, 'op3@example.test')).length).toBe(1);
    expectError(
      await call('a', 'POST', `${USER}/operator/register`, { email: 'evil@example.test' }),
      403,
      26237,
    );
    expectError(
      await call('a', 'POST', `${USER}/operator/merchant/invite`, { email: 'evil2@example.test' }),
      403,
      26237,
    );
    const [evil] = await t.db.select().from(users).where(eq(users.email, 'evil@example.test'));
    expect(evil).toBeUndefined();
  });

  it('validates the body (code 2)', async () => {
    const res = await call(null, 'POST', `${USER}/merchant/register`, {
      email: 'not-an-email',
      password: 'short',
    });
    expectError(res, 400, 2);
    expect(
      res
        .json()
        .data.map((v: { field: string }) => v.field)
        .sort(),
    ).toEqual(['email', 'password']);
  });
});

describe('DELETE /{id}', () => {
  it('soft-deletes by default: state DELETE, logins ended, row kept, gone from the list', async () => {
    const res = await call('op', 'DELETE', `${USER}/${ids.op2}`);
    expect(res.json()).toEqual({ type: 'CR', code: 0, data: null });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, ids.op2 ?? 0));
    expect(row?.state).toBe('DELETE');
    // the ended login's holder hears the state (26201), as a disabled user does
    expect((await call('op2', 'GET', `${USER}/${ids.op2}`)).json().code).toBe(26201);
    expect((await login(t.app, 'op2@example.test', PASSWORD)).response.json().code).toBe(26201);
    const list = await call('op', 'GET', `${USER}?project=["email"]`);
    expect(list.json().data.map((u: { id: number }) => u.id)).not.toContain(ids.op2);
    const deleted = encodeURIComponent(JSON.stringify([{ field: 'state', op: 'eq', value: 'DELETE' }]));
    expect(
      (await call('op', 'GET', `${USER}?filter=${deleted}`)).json().data.map((u: { id: number }) => u.id),
    ).toEqual([ids.op2]);
  });

  it('hard-deletes with softDel=false', async () => {
    const res = await call('a', 'DELETE', `${USER}/${ids.a2}?softDel=false`);
    expect(res.json().code).toBe(0);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.id, ids.a2 ?? 0)),
    ).toEqual([]);
    expectError(await call('a', 'GET', `${USER}/${ids.a2}`), 404, 26231);
  });

  it('answers 26239 instead of a 500 when other rows still reference the user', async () => {
    await t.db.execute(sql`create table probe_refs (user_id integer not null references users(id))`);
    await t.db.execute(sql`insert into probe_refs values (${ids.solo})`);
    expectError(await call('op', 'DELETE', `${USER}/${ids.solo}?softDel=false`), 409, 26239);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.id, ids.solo ?? 0)),
    ).toHaveLength(1);
    await t.db.execute(sql`drop table probe_refs`);
  });

  it('refuses deleting oneself', async () => {
    expectError(await call('op', 'DELETE', `${USER}/${ids.op}`), 403, 26237);
  });
});

describe('PUT and DELETE /user-group/{id}', () => {
  const GROUP = `${MAIN}/user-group`;
  const create = async (who: string, body: Record<string, unknown>) => {
    const res = await call(who, 'POST', GROUP, body);
    expect(res.json().code, res.body).toBe(0);
    return res.json().data.id as number;
  };

  it("updates name, description and permissions of the merchant's own group", async () => {
    const id = await create('a', {
      name: 'Baristas',
      permissions: [{ resource: 'stampCard', action: 'VIEW' }],
    });
    const res = await call('a', 'PUT', `${GROUP}/${id}`, {
      name: 'Head Baristas',
      description: 'senior staff',
      permissions: [
        { resource: 'stampCard', action: 'UPDATE' },
        { resource: 'vouchers', action: 'VIEW' },
      ],
    });
    expect(res.json().data).toMatchObject({
      id,
      name: 'Head Baristas',
      description: 'senior staff',
      type: 'MERCHANT',
      companyId: 1,
      permissions: [
        { resource: 'stampCard', action: 'UPDATE' },
        { resource: 'vouchers', action: 'VIEW' },
      ],
    });
    // leaving permissions out keeps them; an empty list clears them
    const renamed = await call('a', 'PUT', `${GROUP}/${id}`, { name: 'Baristas' });
    expect(renamed.json().data.permissions).toHaveLength(2);
    const cleared = await call('a', 'PUT', `${GROUP}/${id}`, { permissions: [] });
    expect(cleared.json().data).toMatchObject({ name: 'Baristas', permissions: [] });
  });

  it('answers 26235 for a name another group of the scope has, 26232 for an unknown permission', async () => {
    const one = await create('a', { name: 'Runners' });
    await create('a', { name: 'Waiters' });
    expectError(await call('a', 'PUT', `${GROUP}/${one}`, { name: 'WAITERS' }), 409, 26235);
    expectError(
      await call('a', 'PUT', `${GROUP}/${one}`, { permissions: [{ resource: 'nukes', action: 'VIEW' }] }),
      404,
      26232,
    );
    // the same name in another company is fine
    await create('b', { name: 'Waiters' });
    expect((await call('a', 'GET', `${GROUP}/${one}`)).json().data.name).toBe('Runners');
  });

  it("answers 26233 for an unknown group or another company's, and refuses merchants operator groups", async () => {
    const theirs = await create('b', { name: 'Theirs' });
    const ops = await create('op', { name: 'Support' });
    for (const id of [999999, theirs, ops]) {
      expectError(await call('a', 'PUT', `${GROUP}/${id}`, { name: 'Mine now' }), 404, 26233);
      expectError(await call('a', 'DELETE', `${GROUP}/${id}`), 404, 26233);
    }
    expect((await call('b', 'GET', `${GROUP}/${theirs}`)).json().data.name).toBe('Theirs');
    // a merchant assigning another company's group: 26233
    expectError(await call('a', 'PUT', `${USER}/${ids.a}/groups`, { groupIds: [theirs] }), 404, 26233);
  });

  it('lets operators manage any group', async () => {
    const theirs = await create('b', { name: 'Managed' });
    const res = await call('op', 'PUT', `${GROUP}/${theirs}`, {
      description: 'by an operator',
      permissions: [{ resource: 'push', action: 'VIEW' }],
    });
    expect(res.json().data).toMatchObject({ type: 'MERCHANT', companyId: 2, description: 'by an operator' });
    expect((await call('op', 'DELETE', `${GROUP}/${theirs}`)).json()).toEqual({
      type: 'CR',
      code: 0,
      data: null,
    });
    expectError(await call('op', 'GET', `${GROUP}/${theirs}`), 404, 26233);
  });

  it('deletes a group with its memberships', async () => {
    const id = await create('a', { name: 'Temporary' });
    expect(
      (await call('a', 'PUT', `${USER}/${ids.a}/groups`, { groupIds: [id] })).json().data.groups,
    ).toEqual(['Temporary']);
    expect((await call('a', 'DELETE', `${GROUP}/${id}`)).json().code).toBe(0);
    expect((await call('a', 'GET', `${USER}/${ids.a}`)).json().data.groups).toEqual([]);
    expectError(await call('a', 'DELETE', `${GROUP}/${id}`), 404, 26233);
  });

  it('validates the body (code 2)', async () => {
    const id = await create('a', { name: 'Valid' });
    expectError(await call('a', 'PUT', `${GROUP}/${id}`, { name: '' }), 400, 2);
    expectError(await call('a', 'PUT', `${GROUP}/${id}`, { type: 'OPERATOR' }), 400, 2);
    expectError(await call('a', 'PUT', `${GROUP}/${id}`, { companyId: 2 }), 400, 2);
  });
});
