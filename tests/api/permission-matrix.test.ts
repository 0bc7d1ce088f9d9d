// Who may do what, walked as a matrix: each role (operator; merchant owner without explicit
// permissions; merchant whose only permission comes from a group granting vouchers VIEW; merchant
// with direct permissions) against each declared resource and each action VIEW (GET list), ADD
// (POST) and UPDATE (PUT one). The server must answer 26237 exactly where the declaration's access
// roles and contract/access canAccess refuse, and something else where they allow. Then granting:
// a merchant never grants more than they hold (26238), and operators never reach finance.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessSubject,
  canAccess,
  FINANCE_RESOURCES,
  hiddenInBrand,
  OPERATOR_READABLE_FINANCE,
  type Permission,
} from '../../contract/access';
import type { Role } from '../../contract/claims';
import type { PermissionAction } from '../../contract/enums';
import { BASE_PATHS } from '../../contract/http';
import { RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import {
  company,
  userGroupMembers,
  userGroupPermissions,
  userGroups,
  userPermissions,
  users,
} from '../../server/platform/db/schema';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, caller, codeOf, createUser, login } from './helpers';

const MAIN = BASE_PATHS.main;
const USER = `${MAIN}/user`;
const GROUPS = `${MAIN}/user-group`;
const PASSWORD = 'correct-horse-battery';

/** The direct merchant's own permissions (UPDATE and ADD imply VIEW). */
const DIRECT: Permission[] = [
  { resource: 'vouchers', action: 'UPDATE' },
  { resource: 'push', action: 'ADD' },
  { resource: 'stampCard', action: 'VIEW' },
  { resource: 'company', action: 'VIEW' },
  { resource: 'user', action: 'UPDATE' },
  { resource: 'userGroup', action: 'ADD' },
  { resource: 'userGroup', action: 'UPDATE' },
];
const GROUPED: Permission[] = [{ resource: 'vouchers', action: 'VIEW' }];

interface RoleCase {
  key: string;
  email: string;
  role: Role;
  subject: AccessSubject;
}

const ROLES: RoleCase[] = [
  { key: 'operator', email: 'op@example.test', role: 'operator', subject: { type: 'OPERATOR' } },
  { key: 'owner', email: 'owner@example.test', role: 'merchant', subject: { type: 'MERCHANT' } },
  {
    key: 'grouped',
    email: 'grouped@example.test',
    role: 'merchant',
    subject: { type: 'MERCHANT', permissions: GROUPED },
  },
  {
    key: 'direct',
    email: 'direct@example.test',
    role: 'merchant',
    subject: { type: 'MERCHANT', permissions: DIRECT },
  },
];

const ACTIONS: readonly PermissionAction[] = ['VIEW', 'ADD', 'UPDATE'];

const { t, tokens } = apiSuite();
const ids: Record<string, number> = {};
let inviteCount = 0;

const call = caller(() => t.app, tokens);

beforeAll(async () => {
  const [c] = await t.db
    .insert(company)
    .values({ name: 'Alpha', registrationNo: 'R1', contactEmail: 'alpha@example.test' })
    .returning();
  const companyId = typeof c?.id === 'number' ? c.id : null;
  for (const r of ROLES) {
    const row = await createUser(t.db, {
      email: r.email,
      password: PASSWORD,
      type: r.role === 'operator' ? 'OPERATOR' : 'MERCHANT',
      companyId: r.role === 'operator' ? null : companyId,
      signupState: 'APPROVAL',
    });
    ids[r.key] = row.id;
    // invited merchants are bound by their permissions; the owner is not
    if (r.key === 'grouped' || r.key === 'direct') {
      await t.db
        .update(users)
        .set({ invitationType: 'MERCHANT_INVITE_MERCHANT' })
        .where(eq(users.id, row.id));
    }
  }
  const [group] = await t.db
    .insert(userGroups)
    .values({ name: 'Voucher viewers', type: 'MERCHANT', companyId })
    .returning();
  ids.group = group?.id ?? 0;
  await t.db.insert(userGroupPermissions).values(GROUPED.map((p) => ({ groupId: ids.group ?? 0, ...p })));
  await t.db.insert(userGroupMembers).values({ userId: ids.grouped ?? 0, groupId: ids.group ?? 0 });
  await t.db.insert(userPermissions).values(DIRECT.map((p) => ({ userId: ids.direct ?? 0, ...p })));
  for (const r of ROLES) {
    const res = await login(t.app, r.email, PASSWORD);
    expect(res.response.json().code, res.response.body).toBe(0);
    tokens[r.key] = res.accessToken;
  }
}, APP_TIMEOUT);

/** The request that exercises `action` on `decl` for `who` (hand-written routes for users and groups). */
const requestFor = (decl: ResourceDeclaration, action: PermissionAction, who: RoleCase) => {
  if (decl.name === 'users') {
    if (action === 'VIEW') return call(who.key, 'GET', USER);
    if (action === 'ADD') {
      inviteCount += 1;
      const email = `matrix-${inviteCount}@example.test`;
      return who.role === 'operator'
        ? call(who.key, 'POST', `${USER}/operator/register`, { email })
        : call(who.key, 'POST', `${USER}/merchant/invite`, { email });
    }
    // someone else's profile: the grouped merchant is everyone's colleague (operators see all)
    const target = who.key === 'grouped' ? ids.direct : ids.grouped;
    return call(who.key, 'PUT', `${USER}/${target}/info`, { name: `Renamed by ${who.key}` });
  }
  if (decl.name === 'userGroups') {
    if (action === 'VIEW') return call(who.key, 'GET', GROUPS);
    if (action === 'ADD') return call(who.key, 'POST', GROUPS, { name: `Group of ${who.key}` });
    return call(who.key, 'PUT', `${GROUPS}/${ids.group}`, { description: `touched by ${who.key}` });
  }
  const base = `${BASE_PATHS[decl.service ?? 'main']}${decl.path}`;
  if (action === 'VIEW') return call(who.key, 'GET', `${base}?size=1`);
  // an empty body: an allowed caller gets a validation error (or a row), a refused one 26237
  if (action === 'ADD') return call(who.key, 'POST', base, {});
  return call(who.key, 'PUT', `${base}/999999`, {});
};

const declarations = RESOURCES as readonly ResourceDeclaration[];

describe.each(declarations.map((d) => [d.name, d] as const))('%s', (_name, decl) => {
  for (const who of ROLES) {
    for (const action of ACTIONS) {
      const allowed =
        decl.access[action].includes(who.role) &&
        canAccess(who.subject, { action, resource: decl.permission }) &&
        // the test app runs brand cvi (config BRAND's default): what cvi hides is refused to all
        !hiddenInBrand('cvi', who.subject.type, decl.permission);
      it(`${who.key} ${action}: ${allowed ? 'allowed' : '26237'}`, async () => {
        const res = await requestFor(decl, action, who);
        if (allowed) {
          expect(res.json().code, res.body).not.toBe(26237);
          expect(res.statusCode, res.body).not.toBe(403);
        } else {
          expect(codeOf(res), res.body).toEqual({ status: 403, code: 26237 });
        }
      });
    }
  }
});

describe('the matrix covers the interesting cells', () => {
  it('holds refusals and grants for every role (a sanity check of the cases above)', () => {
    const allowedCount = (who: RoleCase) =>
      declarations.flatMap((d) =>
        ACTIONS.filter(
          (a) =>
            d.access[a].includes(who.role) && canAccess(who.subject, { action: a, resource: d.permission }),
        ),
      ).length;
    const counts = Object.fromEntries(ROLES.map((r) => [r.key, allowedCount(r)]));
    const grouped = ROLES.find((r) => r.key === 'grouped') as RoleCase;
    // the group's one grant: vouchers VIEW, not ADD or UPDATE, and nothing on users
    expect(canAccess(grouped.subject, { action: 'VIEW', resource: 'vouchers' })).toBe(true);
    expect(canAccess(grouped.subject, { action: 'ADD', resource: 'vouchers' })).toBe(false);
    expect(canAccess(grouped.subject, { action: 'UPDATE', resource: 'vouchers' })).toBe(false);
    expect(canAccess(grouped.subject, { action: 'VIEW', resource: 'user' })).toBe(false);
    expect(counts.grouped).toBeGreaterThan(0);
    expect(counts.direct).toBeGreaterThan(counts.grouped ?? 0);
    expect(counts.owner).toBeGreaterThan(counts.direct ?? 0);
    expect(counts.operator).toBeGreaterThan(0);
  });
});

describe('operators never reach finance', () => {
  // payment history is the one finance table operators read (Transaction > Payment History)
  const readable = declarations.filter((d) =>
    (OPERATOR_READABLE_FINANCE as readonly string[]).includes(d.permission),
  );
  const finance = declarations.filter(
    (d) => (FINANCE_RESOURCES as readonly string[]).includes(d.permission) && !readable.includes(d),
  );

  it.each(readable.map((d) => [d.name, d] as const))(
    '%s: operators list and export it, never write it',
    async (_n, decl) => {
      const base = `${BASE_PATHS[decl.service ?? 'main']}${decl.path}`;
      expect(codeOf(await call('operator', 'GET', base))).toEqual({ status: 200, code: 0 });
      expect((await call('operator', 'GET', `${base}/export`)).statusCode).toBe(200);
      for (const res of [
        await call('operator', 'POST', base, {}),
        await call('operator', 'PUT', `${base}/1`, {}),
      ]) {
        expect(codeOf(res), res.body).toEqual({ status: 403, code: 26237 });
      }
    },
  );

  it('declares at least one finance resource', () => {
    expect(finance.length).toBeGreaterThan(0);
  });

  it.each(finance.map((d) => [d.name, d] as const))(
    '%s: 26237 for every action and the export',
    async (_n, decl) => {
      const base = `${BASE_PATHS[decl.service ?? 'main']}${decl.path}`;
      for (const res of [
        await call('operator', 'GET', base),
        await call('operator', 'GET', `${base}/export`),
        await call('operator', 'GET', `${base}/1`),
        await call('operator', 'POST', base, {}),
        await call('operator', 'PUT', `${base}/1`, {}),
      ]) {
        expect(codeOf(res), res.body).toEqual({ status: 403, code: 26237 });
      }
    },
  );
});

describe('granting more than one holds (26238)', () => {
  it('on PATCH /user/{id}/permissions', async () => {
    // vouchers ADD is more than vouchers UPDATE; mainConfig is operator-only
    for (const p of [
      { resource: 'vouchers', action: 'ADD' },
      { resource: 'mainConfig', action: 'VIEW' },
      { resource: 'push', action: 'UPDATE' },
    ]) {
      expect(
        codeOf(await call('direct', 'PATCH', `${USER}/${ids.grouped}/permissions`, { permissions: [p] })),
      ).toEqual({ status: 403, code: 26238 });
    }
    // the company owner may grant anything a merchant may hold, but not operator-only resources
    expect(
      codeOf(
        await call('owner', 'PATCH', `${USER}/${ids.grouped}/permissions`, {
          permissions: [{ resource: 'approval', action: 'VIEW' }],
        }),
      ),
    ).toEqual({ status: 403, code: 26238 });
    // what they hold (VIEW is implied by UPDATE) is fine
    const granted = await call('direct', 'PATCH', `${USER}/${ids.grouped}/permissions`, {
      permissions: [
        { resource: 'vouchers', action: 'VIEW' },
        { resource: 'vouchers', action: 'UPDATE' },
      ],
    });
    expect(granted.json(), granted.body).toMatchObject({ code: 0 });
    await call('owner', 'PATCH', `${USER}/${ids.grouped}/permissions`, { permissions: [] });
  });

  it('on group create and update', async () => {
    expect(
      codeOf(
        await call('direct', 'POST', GROUPS, {
          name: 'Too much',
          permissions: [{ resource: 'vouchers', action: 'ADD' }],
        }),
      ),
    ).toEqual({ status: 403, code: 26238 });
    expect(
      codeOf(
        await call('direct', 'PUT', `${GROUPS}/${ids.group}`, {
          permissions: [{ resource: 'stampCard', action: 'UPDATE' }],
        }),
      ),
    ).toEqual({ status: 403, code: 26238 });
    const fine = await call('direct', 'PUT', `${GROUPS}/${ids.group}`, {
      permissions: [
        { resource: 'vouchers', action: 'VIEW' },
        { resource: 'stampCard', action: 'VIEW' },
      ],
    });
    expect(fine.json(), fine.body).toMatchObject({ code: 0, data: { id: ids.group } });
    expect(fine.json().data.permissions).toHaveLength(2);
  });

  it('on assigning a group that carries more than one holds', async () => {
    const big = await call('owner', 'POST', GROUPS, {
      name: 'Voucher admins',
      permissions: [{ resource: 'vouchers', action: 'ADD' }],
    });
    expect(big.json().code, big.body).toBe(0);
    expect(
      codeOf(
        await call('direct', 'PUT', `${USER}/${ids.grouped}/groups`, { groupIds: [big.json().data.id] }),
      ),
    ).toEqual({ status: 403, code: 26238 });
  });

  it('checks only what a change adds or takes away: what someone with more gave stays as it is', async () => {
    // the owner grants vouchers ADD, which the 'direct' merchant does not hold
    const wide = [
      { resource: 'vouchers', action: 'ADD' },
      { resource: 'vouchers', action: 'VIEW' },
    ];
    const byOwner = await call('owner', 'PATCH', `${USER}/${ids.grouped}/permissions`, { permissions: wide });
    expect(byOwner.json(), byOwner.body).toMatchObject({ code: 0 });
    // 'direct' removes vouchers VIEW (which they hold) and keeps vouchers ADD as it is
    const kept = await call('direct', 'PATCH', `${USER}/${ids.grouped}/permissions`, {
      permissions: [{ resource: 'vouchers', action: 'ADD' }],
    });
    expect(kept.json(), kept.body).toMatchObject({
      code: 0,
      data: [{ resource: 'vouchers', action: 'ADD' }],
    });
    // ... but may neither take vouchers ADD away nor add push UPDATE
    for (const permissions of [
      [],
      [
        { resource: 'vouchers', action: 'ADD' },
        { resource: 'push', action: 'UPDATE' },
      ],
    ]) {
      expect(
        codeOf(await call('direct', 'PATCH', `${USER}/${ids.grouped}/permissions`, { permissions })),
      ).toEqual({
        status: 403,
        code: 26238,
      });
    }
    await call('owner', 'PATCH', `${USER}/${ids.grouped}/permissions`, { permissions: [] });
  });

  it('never lets a merchant strip or delete a group that grants more than they hold', async () => {
    const big = await call('owner', 'POST', GROUPS, {
      name: 'Stampers',
      permissions: [
        { resource: 'stampCard', action: 'ADD' },
        { resource: 'vouchers', action: 'VIEW' },
      ],
    });
    expect(big.json().code, big.body).toBe(0);
    const id = big.json().data.id as number;
    expect(
      codeOf(
        await call('direct', 'PUT', `${GROUPS}/${id}`, {
          permissions: [{ resource: 'vouchers', action: 'VIEW' }],
        }),
      ),
    ).toEqual({ status: 403, code: 26238 });
    expect(codeOf(await call('direct', 'DELETE', `${GROUPS}/${id}`))).toEqual({ status: 403, code: 26238 });
    // renaming changes no permission
    const renamed = await call('direct', 'PUT', `${GROUPS}/${id}`, { name: 'Stamp team' });
    expect(renamed.json(), renamed.body).toMatchObject({ code: 0, data: { name: 'Stamp team' } });
    const gone = await call('owner', 'DELETE', `${GROUPS}/${id}`);
    expect(gone.json(), gone.body).toMatchObject({ code: 0 });
  });
});

describe('POST /user/{id}/pns/is-allow (push VIEW under canAccess)', () => {
  const allowed = async (who: string, id: number | undefined) => {
    const res = await call(who, 'POST', `${USER}/${id}/pns/is-allow`);
    expect(res.json().code, res.body).toBe(0);
    return res.json().data.allowed as boolean;
  };

  it('is false for a merchant whose group grants no push VIEW, true once a group does', async () => {
    expect(await allowed('grouped', ids.grouped)).toBe(false);
    expect(await allowed('operator', ids.grouped)).toBe(false);
    const pushers = await call('owner', 'POST', GROUPS, {
      name: 'Pushers',
      permissions: [{ resource: 'push', action: 'VIEW' }],
    });
    expect(pushers.json().code, pushers.body).toBe(0);
    const assigned = await call('owner', 'PUT', `${USER}/${ids.grouped}/groups`, {
      groupIds: [ids.group, pushers.json().data.id],
    });
    expect(assigned.json().code, assigned.body).toBe(0);
    expect(await allowed('grouped', ids.grouped)).toBe(true);
    expect(await allowed('owner', ids.grouped)).toBe(true);
    // and false again when the group goes
    expect((await call('owner', 'DELETE', `${GROUPS}/${pushers.json().data.id}`)).json().code).toBe(0);
    expect(await allowed('grouped', ids.grouped)).toBe(false);
  });

  it('is true for direct permissions implying push VIEW, for owners and operators', async () => {
    expect(await allowed('direct', ids.direct)).toBe(true); // push ADD implies VIEW
    expect(await allowed('owner', ids.owner)).toBe(true);
    expect(await allowed('operator', ids.operator)).toBe(true);
  });
});
