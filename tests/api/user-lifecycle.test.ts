// The people lifecycle an admin drives: disable and enable (PATCH /user/{id}/state), resending an
// invitation (POST /user/{id}/invitation/resend), who may do either, their audit entries, and the
// list rows' groups. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/platform/db/schema';
import { addColleague, addPeople, apiSuite, type Person } from './fixtures';
import { caller, codeOf, createUser, lastMailedToken, login, readOutbox, userAuditRows } from './helpers';

const MAIN = '/portal-main-service/api/v1';
const USER = `${MAIN}/user`;
const AUTH = `${MAIN}/auth`;
const PASSWORD = 'correct-horse-battery';

const { t, tokens } = apiSuite();
const ids: Record<string, number> = {};
const refresh: Record<string, string> = {};

const call = caller(() => t.app, tokens);

const signIn = async (who: string, email: string, password = PASSWORD) => {
  const r = await login(t.app, email, password);
  expect(r.response.json().code, r.response.body).toBe(0);
  tokens[who] = r.accessToken;
  refresh[who] = r.refreshToken;
};

const setState = (who: string, target: string, state: string) =>
  call(who, 'PATCH', `${USER}/${ids[target]}/state`, { state });

const resend = (who: string, target: string) => call(who, 'POST', `${USER}/${ids[target]}/invitation/resend`);

const auditOf = (target: string, action: string) => userAuditRows(t.db, action, ids[target]);

const stateOf = async (target: string) => {
  const [row] = await t.db
    .select({ state: users.state })
    .from(users)
    .where(eq(users.id, ids[target] ?? 0));
  return row?.state;
};

beforeAll(async () => {
  const people: Person[] = [
    { key: 'op', email: 'op@example.test', type: 'OPERATOR' },
    { key: 'op2', email: 'op2@example.test', type: 'OPERATOR' },
    { key: 'a', email: 'owner-a@example.test', companyId: 1 },
    { key: 'a2', email: 'clerk-a@example.test', companyId: 1 },
    { key: 'a3', email: 'staff-a@example.test', companyId: 1 },
    { key: 'b', email: 'owner-b@example.test', companyId: 2 },
  ];
  await addPeople(t, people, ids, signIn);
  // the clerk joined by invitation and may only look at people (VIEW on user, no UPDATE)
  await t.db
    .update(users)
    .set({ invitationType: 'MERCHANT_INVITE_MERCHANT' })
    .where(eq(users.id, ids.a2 ?? 0));
  expect(
    (
      await call('a', 'PATCH', `${USER}/${ids.a2}/permissions`, {
        permissions: [{ resource: 'user', action: 'VIEW' }],
      })
    ).json().code,
  ).toBe(0);
});

describe('PATCH /user/{id}/state', () => {
  it('disable: the existing token is refused with 26201, refresh and login too; audited once', async () => {
    const res = await setState('op', 'a3', 'DISABLE');
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      data: { id: ids.a3, state: 'DISABLE', groups: [], groupIds: [] },
    });
    expect(res.body).not.toContain('passwordHash');
    expect(codeOf(await call('a3', 'GET', `${USER}/${ids.a3}`))).toEqual({ status: 403, code: 26201 });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh/token`,
      headers: { 'x-refresh-token': refresh.a3 ?? '' },
    });
    expect(refreshed.json().code).toBe(26201);
    expect((await login(t.app, 'staff-a@example.test', PASSWORD)).response.json().code).toBe(26201);

    const [entry, ...more] = await auditOf('a3', 'disable');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: ids.op,
      actorEmail: 'op@example.test',
      companyId: 1,
      before: { state: 'ENABLE' },
      after: { state: 'DISABLE' },
    });

    // idempotent: the same state again answers 0 and writes nothing
    const again = await setState('op', 'a3', 'DISABLE');
    expect(again.json()).toMatchObject({ code: 0, data: { state: 'DISABLE' } });
    expect(await auditOf('a3', 'disable')).toHaveLength(1);
  });

  it('enable: login works again; the logins ended by disabling stay ended', async () => {
    const res = await setState('op', 'a3', 'ENABLE');
    expect(res.json()).toMatchObject({ code: 0, data: { state: 'ENABLE' } });
    expect(codeOf(await call('a3', 'GET', `${USER}/${ids.a3}`))).toEqual({ status: 401, code: 1005 });
    await signIn('a3', 'staff-a@example.test');
    expect((await call('a3', 'GET', `${USER}/${ids.a3}`)).json().code).toBe(0);
    const [entry, ...more] = await auditOf('a3', 'enable');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: ids.op,
      before: { state: 'DISABLE' },
      after: { state: 'ENABLE' },
    });
    expect((await setState('op', 'a3', 'ENABLE')).json().code).toBe(0);
    expect(await auditOf('a3', 'enable')).toHaveLength(1);
  });

  it('lets a company owner disable and enable a merchant of their own company', async () => {
    expect((await setState('a', 'a3', 'DISABLE')).json()).toMatchObject({
      code: 0,
      data: { state: 'DISABLE' },
    });
    const [, entry] = await auditOf('a3', 'disable');
    expect(entry).toMatchObject({ actorId: ids.a, companyId: 1 });
    expect((await setState('a', 'a3', 'ENABLE')).json().code).toBe(0);
    await signIn('a3', 'staff-a@example.test');
  });

  it("refuses another company's user (26231, like a missing one) and operators to a merchant", async () => {
    expect(codeOf(await setState('a', 'b', 'DISABLE'))).toEqual({ status: 404, code: 26231 });
    expect(codeOf(await setState('a', 'op', 'DISABLE'))).toEqual({ status: 404, code: 26231 });
    expect(codeOf(await call('a', 'PATCH', `${USER}/999999/state`, { state: 'DISABLE' }))).toEqual({
      status: 404,
      code: 26231,
    });
    expect(await stateOf('b')).toBe('ENABLE');
  });

  it('refuses oneself (26237), merchant or operator, and a merchant without UPDATE on users', async () => {
    expect(codeOf(await setState('a', 'a', 'DISABLE'))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await setState('op', 'op', 'DISABLE'))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await setState('a2', 'a3', 'DISABLE'))).toEqual({ status: 403, code: 26237 });
    expect(await stateOf('a3')).toBe('ENABLE');
    expect(await stateOf('op')).toBe('ENABLE');
  });

  it('unlocks a LOCK user; refuses WAIT_EMAIL_ACTIVE and DELETE users (11) and other states (2)', async () => {
    const locked = await createUser(t.db, {
      email: 'locked@example.test',
      password: PASSWORD,
      state: 'LOCK',
    });
    ids.locked = locked.id;
    expect((await setState('op', 'locked', 'ENABLE')).json()).toMatchObject({
      code: 0,
      data: { state: 'ENABLE' },
    });
    const [unlock] = await auditOf('locked', 'enable');
    expect(unlock).toMatchObject({ before: { state: 'LOCK' }, after: { state: 'ENABLE' } });

    const waiting = await createUser(t.db, { email: 'waiting@example.test', state: 'WAIT_EMAIL_ACTIVE' });
    ids.waiting = waiting.id;
    const deleted = await createUser(t.db, { email: 'gone@example.test', state: 'DELETE' });
    ids.deleted = deleted.id;
    for (const target of ['waiting', 'deleted']) {
      for (const state of ['ENABLE', 'DISABLE']) {
        expect(codeOf(await setState('op', target, state))).toEqual({ status: 409, code: 11 });
      }
    }
    expect(await stateOf('waiting')).toBe('WAIT_EMAIL_ACTIVE');
    expect(await stateOf('deleted')).toBe('DELETE');
    expect(await auditOf('waiting', 'enable')).toHaveLength(0);

    for (const body of [{ state: 'LOCK' }, { state: 'DELETE' }, {}, { state: 'ENABLE', extra: 1 }]) {
      expect(codeOf(await call('op', 'PATCH', `${USER}/${ids.a3}/state`, body))).toEqual({
        status: 400,
        code: 2,
      });
    }
    expect(codeOf(await call(null, 'PATCH', `${USER}/${ids.a3}/state`, { state: 'DISABLE' }))).toEqual({
      status: 401,
      code: 1601,
    });
  });
});

describe('POST /user/{id}/invitation/resend', () => {
  it('mails a fresh link: the old one is refused, the new one activates; audited', async () => {
    const invited = await call('op', 'POST', `${USER}/operator/register`, {
      email: 'late@example.test',
      name: 'Lou Late',
    });
    expect(invited.json().code).toBe(0);
    ids.late = invited.json().data.id;
    const first = await lastMailedToken(t.db, 'late@example.test');
    // a second invitation of the same address is not the way: 26222
    expect(
      codeOf(await call('op', 'POST', `${USER}/operator/register`, { email: 'late@example.test' })),
    ).toEqual({ status: 409, code: 26222 });

    const res = await resend('op', 'late');
    expect(res.json()).toEqual({ type: 'CR', code: 0, data: null });
    const mails = await readOutbox(t.db, 'late@example.test');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.link).toMatch(/^http:\/\/portal\.test\/x-action\/user-active\?token=/);
    const second = await lastMailedToken(t.db, 'late@example.test');
    expect(second).not.toBe(first);

    const [entry, ...more] = await auditOf('late', 'resend-invitation');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: ids.op,
      actorEmail: 'op@example.test',
      before: null,
      after: null,
    });

    const activate = (token: string) =>
      call(null, 'PATCH', `${USER}/active-by-email`, { token, password: 'late-but-here' });
    expect(codeOf(await activate(first))).toEqual({ status: 400, code: 26211 });
    expect((await activate(second)).json()).toMatchObject({ code: 0, data: { state: 'ENABLE' } });
    expect((await login(t.app, 'late@example.test', 'late-but-here')).response.json().code).toBe(0);
  });

  it('answers 11 for anyone not waiting for activation, and mails nothing', async () => {
    for (const target of ['late', 'a3', 'deleted']) {
      const before = (await readOutbox(t.db)).length;
      expect(codeOf(await resend('op', target))).toEqual({ status: 409, code: 11 });
      expect(await readOutbox(t.db)).toHaveLength(before);
    }
    expect(await auditOf('a3', 'resend-invitation')).toHaveLength(0);
  });

  it('follows the same rules: own company only (26231), UPDATE on users (26237)', async () => {
    const invited = await call('a', 'POST', `${USER}/merchant/invite`, { email: 'new-a@example.test' });
    expect(invited.json().code).toBe(0);
    ids.newA = invited.json().data.id;
    expect(codeOf(await resend('b', 'newA'))).toEqual({ status: 404, code: 26231 });
    expect(codeOf(await resend('a2', 'newA'))).toEqual({ status: 403, code: 26237 });
    expect(await readOutbox(t.db, 'new-a@example.test')).toHaveLength(1);
    expect((await resend('a', 'newA')).json().code).toBe(0);
    expect(await readOutbox(t.db, 'new-a@example.test')).toHaveLength(2);
    const [entry] = await auditOf('newA', 'resend-invitation');
    expect(entry).toMatchObject({ actorId: ids.a, companyId: 1 });
  });
});

describe('GET /user rows carry groups', () => {
  it('as GET /user/{id} has them, with or without a projection naming them', async () => {
    const group = await call('op', 'POST', `${MAIN}/user-group`, { name: 'Support' });
    const other = await call('op', 'POST', `${MAIN}/user-group`, { name: 'Audit desk' });
    expect(group.json().code).toBe(0);
    const gid = group.json().data.id as number;
    const oid = other.json().data.id as number;
    expect((await call('op', 'PUT', `${USER}/${ids.op2}/groups`, { groupIds: [oid, gid] })).json().code).toBe(
      0,
    );
    const cashiers = await call('a', 'POST', `${MAIN}/user-group`, { name: 'Cashiers' });
    const cid = cashiers.json().data.id as number;
    expect((await call('a', 'PUT', `${USER}/${ids.a3}/groups`, { groupIds: [cid] })).json().code).toBe(0);

    const list = (await call('op', 'GET', `${USER}?sort=id,asc&size=100`)).json();
    expect(list.code).toBe(0);
    for (const row of list.data as { id: number; groups: string[]; groupIds: number[] }[]) {
      const one = (await call('op', 'GET', `${USER}/${row.id}`)).json().data;
      expect({ id: row.id, groups: row.groups, groupIds: row.groupIds }).toEqual({
        id: row.id,
        groups: one.groups,
        groupIds: one.groupIds,
      });
    }
    const byId = new Map((list.data as { id: number }[]).map((r) => [r.id, r]));
    // in group id order, as GET /user/{id}: Support was created first
    expect(byId.get(ids.op2 ?? 0)).toMatchObject({ groups: ['Support', 'Audit desk'], groupIds: [gid, oid] });
    expect(byId.get(ids.op ?? 0)).toMatchObject({ groups: [], groupIds: [] });

    // a merchant's page: only their company, with their groups
    const merchantList = (await call('a', 'GET', `${USER}?sort=id,asc`)).json();
    expect(merchantList.data.find((r: { id: number }) => r.id === ids.a3)).toMatchObject({
      groups: ['Cashiers'],
      groupIds: [cid],
    });
  });

  it('only when projected: project may name groups and groupIds; never filtered or sorted', async () => {
    const get = (query: string) => call('op', 'GET', `${USER}?sort=id,asc&${query}`);
    const p = (fields: string[]) => `project=${encodeURIComponent(JSON.stringify(fields))}`;
    const plain = (await get(p(['email']))).json().data;
    expect(Object.keys(plain[0]).sort()).toEqual(['email', 'id']);
    const onlyGroups = (await get(p(['groups']))).json().data;
    expect(Object.keys(onlyGroups[0]).sort()).toEqual(['groups', 'id']);
    const ids2 = (await get(p(['groupIds', 'name']))).json().data;
    expect(Object.keys(ids2[0]).sort()).toEqual(['groupIds', 'id', 'name']);

    const filter = encodeURIComponent(JSON.stringify([{ field: 'groups', op: 'eq', value: 'Support' }]));
    expect(codeOf(await get(`filter=${filter}`))).toEqual({ status: 400, code: 2 });
    expect(codeOf(await call('op', 'GET', `${USER}?sort=groups,asc`))).toEqual({ status: 400, code: 2 });
    const search = encodeURIComponent(JSON.stringify({ groups: 'Sup' }));
    expect(codeOf(await get(`search=${search}`))).toEqual({ status: 400, code: 2 });
    expect(codeOf(await get(p(['groups', 'passwordHash'])))).toEqual({ status: 400, code: 2 });
  });
});

describe("a colleague with limited permissions and the company's owners", () => {
  it('may switch invited colleagues, never an owner (26237)', async () => {
    const row = await addColleague(t, 'manager-a@example.test', 1);
    ids.mgr = row.id;
    const granted = await call('a', 'PATCH', `${USER}/${row.id}/permissions`, {
      permissions: [{ resource: 'user', action: 'UPDATE' }],
    });
    expect(granted.json(), granted.body).toMatchObject({ code: 0 });
    await signIn('mgr', 'manager-a@example.test');
    // the owner who signed the company up: out of a manager's reach, for every change
    expect(codeOf(await setState('mgr', 'a', 'DISABLE'))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('mgr', 'PATCH', `${USER}/${ids.a}/permissions`, { permissions: [] }))).toEqual({
      status: 403,
      code: 26237,
    });
    expect(codeOf(await call('mgr', 'DELETE', `${USER}/${ids.a}`))).toEqual({ status: 403, code: 26237 });
    expect(await stateOf('a')).toBe('ENABLE');
    // an invited colleague is theirs to manage
    const off = await setState('mgr', 'a2', 'DISABLE');
    expect(off.json(), off.body).toMatchObject({ code: 0, data: { state: 'DISABLE' } });
    const on = await setState('mgr', 'a2', 'ENABLE');
    expect(on.json(), on.body).toMatchObject({ code: 0, data: { state: 'ENABLE' } });
  });
});
