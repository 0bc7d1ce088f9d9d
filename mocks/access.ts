// MSW mocks of the access screens' calls that the generic mocks cannot serve: user groups with
// their permissions (GET/POST /user-group, GET/PUT/DELETE /user-group/{id}), assigning groups by id
// or name (PUT /user/{id}/groups), granting only what one holds (PATCH /user/{id}/permissions,
// 26238), and the people lifecycle: enable / disable (PATCH /user/{id}/state) and resending an
// invitation (POST /user/{id}/invitation/resend). Registered ahead of the other handlers in
// mocks/handlers.ts, so these win. operatorInviteScope checks the company, brand and store an
// operator's merchant invitation names (POST /user/operator/merchant/invite, in mocks/handlers.ts).
import { http } from 'msw';
import {
  type AccessSubject,
  canAccess,
  isPermissionAction,
  isPermissionResource,
  type Permission,
} from '../contract/access';
import { HEADERS } from '../contract/http';
import { type MockDb, type MockRow, type MockUser, publicUser } from './data';
import { applyListQuery, type MockListSpec } from './list';
import { type Body, fail, failure, guard, invalid, readBody, success } from './respond';

export interface AccessMockContext {
  db: MockDb;
  /** the main service's base as the handlers match it, e.g. '*\/portal-main-service/api/v1' */
  main: string;
  authenticate: (request: Request) => { user: MockUser };
  seeUser: (request: Request, params: Record<string, unknown>) => { caller: MockUser; target: MockUser };
  fullPermissions: (user: MockUser) => Permission[] | null;
  /** a fresh random token (activation links) */
  newToken: () => string;
}

export interface MockGroup {
  id: number;
  name: string;
  description: string | null;
  type: 'OPERATOR' | 'MERCHANT';
  companyId: number | null;
  permissions: Permission[];
  createTime: string;
  updateTime: string;
}

export const GROUP_LIST_SPEC: MockListSpec = {
  id: { type: 'number', filter: ['eq', 'in'], sort: true },
  name: { type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  type: { type: 'enum', filter: ['eq', 'in'], sort: true },
  companyId: { type: 'number', filter: ['eq', 'in'] },
  description: { type: 'text', search: true },
  createTime: { type: 'datetime', filter: ['gte', 'lte'], sort: true },
  updateTime: { type: 'datetime' },
};

const T0 = '2026-01-05T08:00:00.000Z';
const p = (resource: string, ...actions: Permission['action'][]): Permission[] =>
  actions.map((action) => ({ resource, action }));

/** What the seed groups of mocks/data.ts hold, plus one operator group. */
const SEED: Record<string, Omit<MockGroup, 'id' | 'name' | 'createTime' | 'updateTime'>> = {
  Cashiers: {
    description: 'Front-desk staff: stamp cards and vouchers',
    type: 'MERCHANT',
    companyId: 1,
    permissions: [
      ...p('vouchers', 'VIEW'),
      ...p('stampCard', 'VIEW'),
      ...p('stampsTransaction', 'VIEW', 'ADD'),
    ],
  },
  Managers: {
    description: 'Store managers',
    type: 'MERCHANT',
    companyId: 1,
    permissions: [
      ...p('vouchers', 'VIEW', 'UPDATE', 'ADD'),
      ...p('user', 'VIEW', 'UPDATE', 'ADD'),
      ...p('userGroup', 'VIEW'),
    ],
  },
  Support: {
    description: 'Operator support desk',
    type: 'OPERATOR',
    companyId: null,
    permissions: [...p('user', 'VIEW'), ...p('device', 'VIEW', 'UPDATE')],
  },
};

const stores = new WeakMap<MockDb, MockGroup[]>();

/** The groups of one mock data set, with their details; db.groups (id, name) is kept in step. */
export const groupsOf = (db: MockDb): MockGroup[] => {
  let groups = stores.get(db);
  if (groups) return groups;
  if (!db.groups.some((g) => g.name === 'Support')) db.groups.push({ id: db.nextId(), name: 'Support' });
  groups = db.groups.map((g) => ({
    id: g.id,
    name: g.name,
    description: null,
    type: 'MERCHANT' as const,
    companyId: 1,
    permissions: [],
    createTime: T0,
    updateTime: T0,
    ...SEED[g.name],
  }));
  stores.set(db, groups);
  return groups;
};

// ---- where an operator's merchant invitee lands (server/services/users.ts operatorInviteScope) ----

/** What POST /user/operator/merchant/invite may name: each optional, a positive integer or null. */
export interface InviteScope {
  companyId: number | null;
  brandId: number | null;
  storeId: number | null;
  /** the invitee joins an approved company: signup state APPROVAL rather than SUBMITTED */
  companyActive: boolean;
}

const MAX_ID = 2_147_483_647;

/** An optional id of the body: absent or null is null; anything but an integer 1..2^31-1 is code 2. */
const optionalId = (body: Body, field: 'companyId' | 'brandId' | 'storeId'): number | null => {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_ID)
    return invalid(field, 'must be a positive integer');
  return value;
};

/** A live (not soft-deleted) organisation row of the generic resource mocks. */
const liveRow = (db: MockDb, table: 'company' | 'brand' | 'store', id: number): MockRow | undefined =>
  (db.resourceRows[table] ?? []).find((r) => r.id === id && r.state !== 'DELETE');

/**
 * As the server: the company named (or the one of the brand or store named) must exist (26430); a
 * brand must exist (26431), be of that company (26440) and ACTIVE (26434); a store likewise (26432 /
 * 26441 / 26435) and, with a brand named too, be of that brand (code 2 on storeId).
 */
export const operatorInviteScope = (db: MockDb, body: Body): InviteScope => {
  let companyId = optionalId(body, 'companyId');
  let brandId = optionalId(body, 'brandId');
  const storeId = optionalId(body, 'storeId');
  if (companyId === null && storeId !== null) {
    const store = liveRow(db, 'store', storeId);
    if (!store) return fail('STORE_NOT_FOUND');
    companyId = Number(store.companyId);
  }
  if (companyId === null && brandId !== null) {
    const brand = liveRow(db, 'brand', brandId);
    if (!brand) return fail('BRAND_NOT_FOUND');
    companyId = Number(brand.companyId);
  }
  const company = companyId === null ? undefined : liveRow(db, 'company', companyId);
  if (companyId !== null && !company) return fail('COMPANY_NOT_FOUND');
  if (brandId !== null) {
    const brand = liveRow(db, 'brand', brandId);
    if (!brand) return fail('BRAND_NOT_FOUND');
    if (brand.companyId !== companyId) return fail('BRAND_NOT_BELONG_TO_USER');
    if (brand.state !== 'ACTIVE') return fail('BRAND_NOT_ACTIVE');
  }
  if (storeId !== null) {
    const store = liveRow(db, 'store', storeId);
    if (!store) return fail('STORE_NOT_FOUND');
    if (store.companyId !== companyId) return fail('STORE_NOT_BELONG_TO_USER');
    if (store.state !== 'ACTIVE') return fail('STORE_NOT_ACTIVE');
    if (brandId !== null && store.brandId !== brandId)
      return invalid('storeId', 'is not a store of the brand named by brandId');
    brandId = Number(store.brandId);
  }
  return { companyId, brandId, storeId, companyActive: company?.state === 'ACTIVE' };
};

const subjectOf = (ctx: AccessMockContext, user: MockUser): AccessSubject => {
  const permissions = ctx.fullPermissions(user);
  return permissions === null ? { type: user.type } : { type: user.type, permissions };
};

const visibleTo = (caller: MockUser, g: MockGroup): boolean =>
  caller.type === 'OPERATOR' ||
  (g.type === 'MERCHANT' && g.companyId !== null && g.companyId === caller.companyId);

const permissionList = (value: unknown): Permission[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return invalid('permissions', 'must be an array');
  return value.map((entry: unknown) => {
    const e = (entry ?? {}) as { resource?: unknown; action?: unknown };
    if (typeof e.resource !== 'string' || !isPermissionResource(e.resource))
      return fail('PERMISSION_NOT_FOUND');
    if (typeof e.action !== 'string' || !isPermissionAction(e.action)) return fail('PERMISSION_NOT_FOUND');
    return { resource: e.resource, action: e.action };
  });
};

export const createAccessHandlers = (ctx: AccessMockContext) => {
  const { db } = ctx;
  const base = `${ctx.main}/user-group`;
  const user = `${ctx.main}/user`;
  const now = () => new Date(db.now()).toISOString();

  const allow = (caller: MockUser, action: Permission['action']) => {
    if (!canAccess(subjectOf(ctx, caller), { action, resource: 'userGroup' })) fail('ACCESS_DENIED');
  };
  const assertCanGrant = (caller: MockUser, list: readonly Permission[]) => {
    if (caller.type === 'OPERATOR') return;
    const subject = subjectOf(ctx, caller);
    const exceeding = list.find((perm) => !canAccess(subject, perm));
    if (exceeding)
      fail('GRANT_EXCEEDS_OWN', [
        { field: 'permissions', message: `${exceeding.resource}:${exceeding.action}` },
      ]);
  };
  const findGroup = (caller: MockUser, params: Record<string, unknown>): MockGroup => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return invalid('id', 'must be a positive integer');
    const g = groupsOf(db).find((x) => x.id === id);
    if (!g || !visibleTo(caller, g)) return fail('USER_GROUP_NOT_FOUND');
    return g;
  };
  const assertUniqueName = (g: Pick<MockGroup, 'id' | 'name' | 'type' | 'companyId'>) => {
    const clash = groupsOf(db).some(
      (x) =>
        x.id !== g.id &&
        x.type === g.type &&
        x.companyId === g.companyId &&
        x.name.toLowerCase() === g.name.toLowerCase(),
    );
    if (clash) fail('USER_GROUP_NAME_DUPLICATE');
  };
  /** As the server's targetUser + self check: visible (26231), UPDATE on user (26237), not oneself. */
  const actOn = (request: Request, params: Record<string, unknown>) => {
    const { caller, target } = ctx.seeUser(request, params);
    if (!canAccess(subjectOf(ctx, caller), { action: 'UPDATE', resource: 'user' })) fail('ACCESS_DENIED');
    if (caller.id === target.id) fail('ACCESS_DENIED');
    return { caller, target };
  };
  const text = (body: Body, field: string, max: number, requiredField: boolean): string | undefined => {
    const value = body[field];
    if (value === undefined || value === null)
      return requiredField ? invalid(field, 'must not be blank') : undefined;
    if (typeof value !== 'string') return invalid(field, 'must be a string');
    if (requiredField && value.trim() === '') return invalid(field, 'must not be blank');
    if (value.length > max) return invalid(field, `must be at most ${max} characters`);
    return value;
  };

  return [
    http.get(
      base,
      guard(async ({ request }) => {
        const { user: caller } = ctx.authenticate(request);
        allow(caller, 'VIEW');
        const rows = groupsOf(db)
          .filter((g) => visibleTo(caller, g))
          .map(({ permissions: _permissions, ...row }) => row);
        const { rows: data, page } = applyListQuery(
          rows,
          new URL(request.url).searchParams,
          GROUP_LIST_SPEC,
          request.headers.get(HEADERS.noCount) === 'true',
          [{ field: 'name', direction: 'asc' }],
        );
        return success(data, page);
      }),
    ),
    http.get(
      `${base}/:id`,
      guard(async ({ request, params }) => {
        const { user: caller } = ctx.authenticate(request);
        allow(caller, 'VIEW');
        return success(findGroup(caller, params));
      }),
    ),
    http.post(
      base,
      guard(async ({ request }) => {
        const { user: caller } = ctx.authenticate(request);
        allow(caller, 'ADD');
        const body = await readBody(request);
        const name = text(body, 'name', 100, true) ?? '';
        const description = text(body, 'description', 500, false) ?? null;
        const permissions = permissionList(body.permissions);
        assertCanGrant(caller, permissions);
        let type: MockGroup['type'];
        let companyId: number | null;
        if (caller.type === 'MERCHANT') {
          if (caller.companyId === null) return failure('USER_HAS_NO_COMPANY');
          if (body.type === 'OPERATOR') return failure('ACCESS_DENIED');
          type = 'MERCHANT';
          companyId = caller.companyId;
        } else {
          type = body.type === 'MERCHANT' ? 'MERCHANT' : 'OPERATOR';
          companyId = typeof body.companyId === 'number' ? body.companyId : null;
          if (type === 'MERCHANT' && companyId === null)
            return invalid('companyId', 'is required for a merchant group');
        }
        const g: MockGroup = {
          id: db.nextId(),
          name,
          description,
          type,
          companyId,
          permissions,
          createTime: now(),
          updateTime: now(),
        };
        assertUniqueName(g);
        groupsOf(db).push(g);
        db.groups.push({ id: g.id, name: g.name });
        return success(g);
      }),
    ),
    http.put(
      `${base}/:id`,
      guard(async ({ request, params }) => {
        const { user: caller } = ctx.authenticate(request);
        allow(caller, 'UPDATE');
        const g = findGroup(caller, params);
        const body = await readBody(request);
        const unknown = Object.keys(body).find((k) => !['name', 'description', 'permissions'].includes(k));
        if (unknown) return invalid(unknown, 'is not a field of this resource');
        const name = text(body, 'name', 100, false);
        const description = text(body, 'description', 500, false);
        const permissions = body.permissions === undefined ? undefined : permissionList(body.permissions);
        if (permissions) assertCanGrant(caller, permissions);
        if (name !== undefined) {
          if (name.trim() === '') return invalid('name', 'must not be blank');
          assertUniqueName({ ...g, name });
          const old = g.name;
          g.name = name;
          const entry = db.groups.find((x) => x.id === g.id);
          if (entry) entry.name = name;
          for (const u of db.users) u.groups = u.groups.map((n) => (n === old ? name : n));
        }
        if (description !== undefined) g.description = description;
        if (permissions) g.permissions = permissions;
        g.updateTime = now();
        return success(g);
      }),
    ),
    http.delete(
      `${base}/:id`,
      guard(async ({ request, params }) => {
        const { user: caller } = ctx.authenticate(request);
        allow(caller, 'UPDATE');
        const g = findGroup(caller, params);
        const groups = groupsOf(db);
        groups.splice(groups.indexOf(g), 1);
        const index = db.groups.findIndex((x) => x.id === g.id);
        if (index >= 0) db.groups.splice(index, 1);
        for (const u of db.users) u.groups = u.groups.filter((n) => n !== g.name);
        return success(null);
      }),
    ),
    http.put(
      `${user}/:id/groups`,
      guard(async ({ request, params }) => {
        const { caller, target } = ctx.seeUser(request, params);
        const body = await readBody(request);
        const visible = groupsOf(db).filter((g) => visibleTo(caller, g));
        let chosen: MockGroup[];
        if (Array.isArray(body.groupIds)) {
          chosen = body.groupIds.map(
            (id: unknown) => visible.find((g) => g.id === id) ?? fail('USER_GROUP_NOT_FOUND'),
          );
        } else if (Array.isArray(body.groups)) {
          chosen = body.groups.map(
            (name: unknown) => visible.find((g) => g.name === name) ?? fail('USER_GROUP_NOT_FOUND'),
          );
        } else {
          return invalid('groupIds', 'must be an array');
        }
        assertCanGrant(
          caller,
          chosen.flatMap((g) => g.permissions),
        );
        target.groups = [...new Set(chosen.map((g) => g.name))];
        target.updateTime = now();
        return success({
          ...target,
          password: undefined,
          permissions: undefined,
          groupIds: chosen.map((g) => g.id),
        });
      }),
    ),
    http.patch(
      `${user}/:id/state`,
      guard(async ({ request, params }) => {
        const { target } = actOn(request, params);
        const body = await readBody(request);
        const state = body.state;
        if (state !== 'ENABLE' && state !== 'DISABLE') return invalid('state', 'must be ENABLE or DISABLE');
        const unknown = Object.keys(body).find((k) => k !== 'state');
        if (unknown) return invalid(unknown, 'is not a field of this call');
        if (target.state !== state) {
          const from = state === 'ENABLE' ? ['DISABLE', 'LOCK'] : ['ENABLE', 'LOCK'];
          if (!from.includes(target.state))
            return fail('STATE_TRANSITION_NOT_ALLOWED', [
              { field: 'state', message: `a ${target.state} user cannot be set to ${state}` },
            ]);
          target.state = state;
          target.updateTime = now();
          if (state === 'DISABLE') {
            for (const session of db.sessions.values())
              if (session.userId === target.id) session.revoked = true;
          }
        }
        return success(publicUser(db, target));
      }),
    ),
    http.post(
      `${user}/:id/invitation/resend`,
      guard(async ({ request, params }) => {
        const { target } = actOn(request, params);
        if (target.state !== 'WAIT_EMAIL_ACTIVE')
          return fail('STATE_TRANSITION_NOT_ALLOWED', [
            { field: 'state', message: 'only a user waiting for activation gets a new invitation' },
          ]);
        // the older links stop working
        for (const [token, entry] of db.emailTokens)
          if (entry.userId === target.id && entry.kind === 'activeEmail') db.emailTokens.delete(token);
        db.emailTokens.set(ctx.newToken(), { userId: target.id, kind: 'activeEmail' });
        return success(null);
      }),
    ),
    http.patch(
      `${user}/:id/permissions`,
      guard(async ({ request, params }) => {
        const { caller, target } = ctx.seeUser(request, params);
        const body = await readBody(request);
        if (!Array.isArray(body.permissions)) return invalid('permissions', 'must be an array');
        const list = permissionList(body.permissions);
        assertCanGrant(caller, list);
        target.permissions = list;
        target.updateTime = now();
        return success(target.permissions);
      }),
    ),
  ];
};
