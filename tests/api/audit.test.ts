// The audit log (issue 5): every invitation, registration, activation, permission or group change,
// change to someone else's account, user delete and organisation write leaves exactly one row with
// its actor, action, resource and before/after, written in the change's own transaction, and never a
// secret. Operators read the rows through GET /audit-logs (merchants: 26237), filtered by actor,
// resource, action and time.
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { recordAudit } from '../../server/platform/audit';
import { auditLog, company, userPermissions, users } from '../../server/platform/db/schema';
import { addColleague, apiSuite } from './fixtures';
import { APP_TIMEOUT, caller, createUser, dataOf, lastMailedToken, login } from './helpers';

const MAIN = '/portal-main-service/api/v1';
const USER = `${MAIN}/user`;
const GROUPS = `${MAIN}/user-group`;
const AUDIT = `${MAIN}/audit-logs`;
const PASSWORD = 'correct-horse-battery';

const { t, tokens } = apiSuite();
const ids: Record<string, number> = {};

const call = caller(() => t.app, tokens);

type AuditRow = typeof auditLog.$inferSelect;

const lastAuditId = async (): Promise<number> => {
  const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return Number(row?.id ?? 0);
};

/** Runs `act` and answers the audit rows it wrote. */
const auditedBy = async (act: () => Promise<unknown>): Promise<AuditRow[]> => {
  const from = await lastAuditId();
  await act();
  return t.db.select().from(auditLog).where(gt(auditLog.id, from)).orderBy(asc(auditLog.id));
};

/** Runs `act` and answers the one audit row it must have written. */
const oneAuditOf = async (act: () => Promise<unknown>): Promise<AuditRow> => {
  const rows = await auditedBy(act);
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  return rows[0] as AuditRow;
};

const actor = (key: string) => ({ actorId: ids[key], actorEmail: `${key}@example.test` });

beforeAll(async () => {
  const [c] = await t.db
    .insert(company)
    .values({ name: 'Alpha', registrationNo: 'R1', contactEmail: 'alpha@example.test' })
    .returning();
  ids.co = typeof c?.id === 'number' ? c.id : 0;
  for (const [key, type] of [
    ['op', 'OPERATOR'],
    ['owner', 'MERCHANT'],
    ['clerk', 'MERCHANT'],
  ] as const) {
    const row = await createUser(t.db, {
      email: `${key}@example.test`,
      password: PASSWORD,
      type,
      companyId: type === 'MERCHANT' ? ids.co : null,
      signupState: 'APPROVAL',
    });
    ids[key] = row.id;
    const r = await login(t.app, `${key}@example.test`, PASSWORD);
    expect(r.response.json().code).toBe(0);
    tokens[key] = r.accessToken;
  }
}, APP_TIMEOUT);

describe('invitations, registration and activation', () => {
  it('audits each invitation by its inviter, with the new user as `after`', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['owner', '/merchant/invite', { email: 'inv1@example.test' }],
      ['op', '/operator/merchant/invite', { email: 'inv2@example.test', companyId: ids.co }],
      ['op', '/operator/register', { email: 'inv3@example.test' }],
    ];
    for (const [who, path, body] of cases) {
      let created: { id: number } = { id: 0 };
      const row = await oneAuditOf(async () => {
        created = dataOf(await call(who, 'POST', `${USER}${path}`, body));
      });
      expect(row, path).toMatchObject({
        ...actor(who),
        action: 'invite',
        resource: 'users',
        recordId: String(created.id),
        before: null,
      });
      expect(row.after).toMatchObject({ id: created.id, email: body.email, state: 'WAIT_EMAIL_ACTIVE' });
      expect(row.after).not.toHaveProperty('passwordHash');
    }
  });

  it('writes nothing for a refused invitation', async () => {
    const rows = await auditedBy(async () => {
      expect(
        (await call('owner', 'POST', `${USER}/merchant/invite`, { email: 'OP@example.test' })).json().code,
      ).toBe(26222);
      expect(
        (await call('owner', 'POST', `${USER}/operator/register`, { email: 'x@example.test' })).json().code,
      ).toBe(26237);
    });
    expect(rows).toEqual([]);
  });

  it("audits a merchant's self-registration as the new user, and activation by e-mail", async () => {
    let id = 0;
    const reg = await oneAuditOf(async () => {
      id = dataOf(
        await call(null, 'POST', `${USER}/merchant/register`, {
          email: 'self@example.test',
          password: 'self-pass-123',
        }),
      ).id;
    });
    expect(reg).toMatchObject({
      actorId: id,
      actorEmail: 'self@example.test',
      action: 'register',
      resource: 'users',
      recordId: String(id),
    });
    expect(reg.after).toMatchObject({
      email: 'self@example.test',
      type: 'MERCHANT',
      invitationType: 'BLANK',
    });
    const token = await lastMailedToken(t.db, 'self@example.test');
    const act = await oneAuditOf(async () => {
      dataOf(await call(null, 'PATCH', `${USER}/active-by-email`, { token }));
    });
    expect(act).toMatchObject({
      actorId: id,
      action: 'activate',
      resource: 'users',
      recordId: String(id),
      before: { state: 'WAIT_EMAIL_ACTIVE' },
      after: { state: 'ENABLE' },
    });
  });

  it('audits the activation of an invitee who sets a password, without the password', async () => {
    const token = await lastMailedToken(t.db, 'inv1@example.test');
    const row = await oneAuditOf(async () => {
      dataOf(await call(null, 'PATCH', `${USER}/active-by-email`, { token, password: 'invitee-pass-1' }));
    });
    expect(row).toMatchObject({
      action: 'activate',
      actorEmail: 'inv1@example.test',
      after: { state: 'ENABLE' },
    });
    expect(JSON.stringify(row)).not.toContain('invitee-pass-1');
  });
});

describe('permissions and groups', () => {
  it('audits PATCH permissions with the lists before and after', async () => {
    const first = await oneAuditOf(async () =>
      dataOf(
        await call('owner', 'PATCH', `${USER}/${ids.clerk}/permissions`, {
          permissions: [{ resource: 'vouchers', action: 'VIEW' }],
        }),
      ),
    );
    expect(first).toMatchObject({
      ...actor('owner'),
      action: 'permissions',
      resource: 'users',
      recordId: String(ids.clerk),
      companyId: ids.co,
      before: { permissions: [] },
      after: { permissions: [{ resource: 'vouchers', action: 'VIEW' }] },
    });
    const second = await oneAuditOf(async () =>
      dataOf(
        await call('owner', 'PATCH', `${USER}/${ids.clerk}/permissions`, {
          permissions: [{ resource: 'push', action: 'ADD' }],
        }),
      ),
    );
    expect(second).toMatchObject({
      before: { permissions: [{ resource: 'vouchers', action: 'VIEW' }] },
      after: { permissions: [{ resource: 'push', action: 'ADD' }] },
    });
    // a refused change (26232) writes nothing
    expect(
      await auditedBy(() =>
        call('owner', 'PATCH', `${USER}/${ids.clerk}/permissions`, {
          permissions: [{ resource: 'nope', action: 'VIEW' }],
        }),
      ),
    ).toEqual([]);
  });

  it('audits group create, update and delete, and group assignment', async () => {
    let groupId = 0;
    const created = await oneAuditOf(async () => {
      groupId = dataOf(
        await call('owner', 'POST', GROUPS, {
          name: 'Cashiers',
          description: 'tills',
          permissions: [{ resource: 'stampCard', action: 'VIEW' }],
        }),
      ).id;
    });
    expect(created).toMatchObject({
      ...actor('owner'),
      action: 'create',
      resource: 'userGroups',
      recordId: String(groupId),
      companyId: ids.co,
      before: null,
      after: { name: 'Cashiers', type: 'MERCHANT', permissions: [{ resource: 'stampCard', action: 'VIEW' }] },
    });

    const assigned = await oneAuditOf(async () =>
      dataOf(await call('owner', 'PUT', `${USER}/${ids.clerk}/groups`, { groupIds: [groupId] })),
    );
    expect(assigned).toMatchObject({
      action: 'groups',
      resource: 'users',
      recordId: String(ids.clerk),
      before: { groupIds: [], groups: [] },
      after: { groupIds: [groupId], groups: ['Cashiers'] },
    });

    const updated = await oneAuditOf(async () =>
      dataOf(
        await call('owner', 'PUT', `${GROUPS}/${groupId}`, {
          name: 'Tills',
          permissions: [{ resource: 'stampCard', action: 'UPDATE' }],
        }),
      ),
    );
    expect(updated).toMatchObject({
      action: 'update',
      resource: 'userGroups',
      recordId: String(groupId),
      before: { name: 'Cashiers', permissions: [{ resource: 'stampCard', action: 'VIEW' }] },
      after: {
        name: 'Tills',
        description: 'tills',
        permissions: [{ resource: 'stampCard', action: 'UPDATE' }],
      },
    });

    const deleted = await oneAuditOf(async () => dataOf(await call('op', 'DELETE', `${GROUPS}/${groupId}`)));
    expect(deleted).toMatchObject({
      ...actor('op'),
      action: 'delete',
      resource: 'userGroups',
      recordId: String(groupId),
      companyId: ids.co,
      before: { name: 'Tills', memberIds: [ids.clerk] },
      after: null,
    });
    // the membership went with the group
    expect(dataOf(await call('owner', 'GET', `${USER}/${ids.clerk}`)).groups).toEqual([]);
  });
});

describe('user changes and deletes', () => {
  it("audits a change to someone else's info, not one's own", async () => {
    const row = await oneAuditOf(async () =>
      dataOf(await call('owner', 'PUT', `${USER}/${ids.clerk}/info`, { name: 'Clerk Renamed' })),
    );
    expect(row).toMatchObject({
      ...actor('owner'),
      action: 'update',
      resource: 'users',
      recordId: String(ids.clerk),
      before: { name: 'clerk' },
      after: { name: 'Clerk Renamed' },
    });
    expect(
      await auditedBy(async () =>
        dataOf(await call('owner', 'PUT', `${USER}/${ids.owner}/info`, { name: 'Me' })),
      ),
    ).toEqual([]);
  });

  it("audits an operator's password reset without any secret", async () => {
    const row = await oneAuditOf(async () =>
      dataOf(await call('op', 'PUT', `${USER}/${ids.clerk}/pwd`, { password: 'brand-new-pass-1' })),
    );
    expect(row).toMatchObject({ ...actor('op'), action: 'resetPassword', recordId: String(ids.clerk) });
    expect(JSON.stringify(row)).not.toContain('brand-new-pass-1');
  });

  it('audits soft and hard deletes', async () => {
    const soft = await oneAuditOf(async () => dataOf(await call('owner', 'DELETE', `${USER}/${ids.clerk}`)));
    expect(soft).toMatchObject({
      ...actor('owner'),
      action: 'delete',
      resource: 'users',
      recordId: String(ids.clerk),
      before: { state: 'ENABLE' },
      after: { state: 'DELETE' },
    });
    const victim = await createUser(t.db, { email: 'victim@example.test', companyId: ids.co });
    const hard = await oneAuditOf(async () =>
      dataOf(await call('op', 'DELETE', `${USER}/${victim.id}?softDel=false`)),
    );
    expect(hard).toMatchObject({
      action: 'delete',
      recordId: String(victim.id),
      before: { email: 'victim@example.test' },
      after: null,
    });
  });
});

describe('organisation writes (declared with audit: true)', () => {
  it('audits generic create, update and delete of company, brand and store', async () => {
    let companyId = 0;
    const c = await oneAuditOf(async () => {
      companyId = dataOf(
        await call('op', 'POST', `${MAIN}/companies`, {
          name: 'Beta',
          registrationNo: 'R2',
          contactEmail: 'beta@example.test',
        }),
      ).id;
    });
    expect(c).toMatchObject({
      ...actor('op'),
      action: 'create',
      resource: 'company',
      after: { name: 'Beta' },
    });
    let brandId = 0;
    const b = await oneAuditOf(async () => {
      brandId = dataOf(await call('op', 'POST', `${MAIN}/brands`, { name: 'Beta Brand', companyId })).id;
    });
    expect(b).toMatchObject({ action: 'create', resource: 'brand', companyId, recordId: String(brandId) });
    const u = await oneAuditOf(async () =>
      dataOf(await call('op', 'PUT', `${MAIN}/brands/${brandId}`, { description: 'changed' })),
    );
    expect(u).toMatchObject({ action: 'update', resource: 'brand', after: { description: 'changed' } });
    let storeId = 0;
    const s = await oneAuditOf(async () => {
      storeId = dataOf(
        await call('op', 'POST', `${MAIN}/stores`, {
          name: 'Beta Store',
          address: '1 Road',
          companyId,
          brandId,
        }),
      ).id;
    });
    expect(s).toMatchObject({ action: 'create', resource: 'store', recordId: String(storeId) });
    const d = await oneAuditOf(async () => dataOf(await call('op', 'DELETE', `${MAIN}/stores/${storeId}`)));
    expect(d).toMatchObject({ action: 'delete', resource: 'store', recordId: String(storeId) });
  });
});

describe('no secret in the log', () => {
  it('holds no password hash, token hash or password anywhere', async () => {
    const hashes = (await t.db.select({ h: users.passwordHash }).from(users))
      .map((r) => r.h)
      .filter((h): h is string => typeof h === 'string');
    expect(hashes.length).toBeGreaterThan(3);
    const rows = await t.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(10);
    const text = JSON.stringify(rows);
    for (const h of hashes) expect(text).not.toContain(h);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain(PASSWORD);
    // no key that names a secret in any before/after
    const changes = JSON.stringify(rows.map((r) => [r.before, r.after]));
    expect(changes).not.toMatch(/"[^"]*(password|token|secret|hash)[^"]*":/i);
  });
});

describe('GET /audit-logs', () => {
  it("gives operators every entry and a merchant their own company's only (issue 24)", async () => {
    const [beta] = await t.db
      .insert(company)
      .values({ name: 'Gamma Audit', registrationNo: 'R-GAMMA', contactEmail: 'gamma@example.test' })
      .returning();
    await recordAudit(t.db, {
      actor: null,
      action: 'update',
      resource: 'company',
      recordId: beta?.id,
      companyId: beta?.id,
      after: { name: 'Gamma Audit' },
    });
    const [betaEntry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.companyId, beta?.id ?? 0));
    const all = dataOf(await call('op', 'GET', `${AUDIT}?size=1000`)) as { companyId: number | null }[];
    expect(all.some((r) => r.companyId === beta?.id)).toBe(true);
    expect(all.some((r) => r.companyId === null)).toBe(true);
    const mine = dataOf(await call('owner', 'GET', `${AUDIT}?size=1000`)) as { companyId: number | null }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((r) => r.companyId !== ids.co)).toEqual([]);
    // by id, by filter and by export, another company's entry stays hidden
    expect((await call('owner', 'GET', `${AUDIT}/${betaEntry?.id}`)).json().code).toBe(5);
    const filtered = await call(
      'owner',
      'GET',
      `${AUDIT}?filter=${encodeURIComponent(JSON.stringify([{ field: 'companyId', op: 'eq', value: beta?.id }]))}`,
    );
    expect(filtered.json()).toMatchObject({ code: 0, data: [] });
    const csv = await call('owner', 'GET', `${AUDIT}/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\n')).toHaveLength(mine.length + 1);
  });

  it('lets a colleague read it only once granted VIEW on auditLog', async () => {
    const row = await addColleague(t, 'auditor@example.test', ids.co ?? 0);
    const r = await login(t.app, 'auditor@example.test', PASSWORD);
    tokens.auditor = r.accessToken;
    const refused = await call('auditor', 'GET', AUDIT);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 26237 });
    await t.db.insert(userPermissions).values({ userId: row.id, resource: 'auditLog', action: 'VIEW' });
    const granted = dataOf(await call('auditor', 'GET', `${AUDIT}?size=1000`)) as { companyId: number }[];
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.every((e) => e.companyId === ids.co)).toBe(true);
  });

  it('records push template changes, which the owner reads in their own trail', async () => {
    const created = await oneAuditOf(async () => {
      const res = await call('owner', 'POST', `${MAIN}/push-templates`, {
        title: 'Hello',
        body: 'Hi {name}',
      });
      expect(res.json().code, res.body).toBe(0);
    });
    expect(created).toMatchObject({
      ...actor('owner'),
      action: 'create',
      resource: 'pushTemplates',
      companyId: ids.co,
      before: null,
      after: expect.objectContaining({ title: 'Hello' }),
    });
    const updated = await oneAuditOf(async () => {
      const res = await call('owner', 'PUT', `${MAIN}/push-templates/${created.recordId}`, {
        title: 'Hello again',
      });
      expect(res.json().code, res.body).toBe(0);
    });
    expect(updated).toMatchObject({ action: 'update', before: expect.objectContaining({ title: 'Hello' }) });
    const trail = dataOf(
      await call(
        'owner',
        'GET',
        `${AUDIT}?filter=${encodeURIComponent(JSON.stringify([{ field: 'resource', op: 'eq', value: 'pushTemplates' }]))}`,
      ),
    ) as { action: string }[];
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'update']);
  });

  const list = async (filter: unknown[]) => {
    const res = await call(
      'op',
      'GET',
      `${AUDIT}?size=1000&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    return dataOf(res) as { actorId: number; resource: string; action: string; createTime: string }[];
  };

  it('filters by actorId, resource and action', async () => {
    const byOwner = await list([{ field: 'actorId', op: 'eq', value: ids.owner }]);
    expect(byOwner.length).toBeGreaterThan(0);
    expect(byOwner.every((r) => r.actorId === ids.owner)).toBe(true);
    const groups = await list([{ field: 'resource', op: 'eq', value: 'userGroups' }]);
    expect(groups.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    const invites = await list([
      { field: 'action', op: 'in', value: ['invite'] },
      { field: 'resource', op: 'eq', value: 'users' },
    ]);
    expect(invites).toHaveLength(3);
  });

  it('filters by createTime gte / lte', async () => {
    const all = await list([]);
    const times = all.map((r) => Date.parse(r.createTime)).sort((a, b) => a - b);
    const first = times[0] ?? 0;
    const last = times[times.length - 1] ?? 0;
    // a millisecond past the newest row (the wire truncates to milliseconds), and the next row stamped
    // after it: the database stamps createTime, so wait until its clock has passed `mid`
    const mid = new Date(last + 1);
    await vi.waitFor(
      async () => {
        const res = await t.db.execute(sql`select clock_timestamp() as now`);
        const now = (res as unknown as { rows: { now: Date | string }[] }).rows[0]?.now ?? 0;
        expect(new Date(now).getTime()).toBeGreaterThan(mid.getTime());
      },
      { timeout: 5_000, interval: 1 },
    );
    dataOf(await call('op', 'PUT', `${USER}/${ids.owner}/info`, { name: 'Owner Later' }));
    const after = await list([{ field: 'createTime', op: 'gte', value: mid.toISOString() }]);
    expect(after.map((r) => r.action)).toEqual(['update']);
    const before = await list([{ field: 'createTime', op: 'lte', value: mid.toISOString() }]);
    expect(before).toHaveLength(all.length);
    const window = await list([
      { field: 'createTime', op: 'gte', value: new Date(first).toISOString() },
      // the wire carries milliseconds; PostgreSQL keeps microseconds
      { field: 'createTime', op: 'lte', value: new Date(last + 1).toISOString() },
    ]);
    expect(window).toHaveLength(all.length);
  });
});
