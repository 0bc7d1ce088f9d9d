// MSW 2 handlers that speak the wire contract (docs/contract.md) over the in-memory data in data.ts: the
// auth, user and main-config calls of spec section 7, and a 404 envelope for anything else under the
// three service bases. Every response is the contract envelope and carries X-Request-Id.
import { decodeJwt, UnsecuredJWT } from 'jose';
import { http } from 'msw';
import {
  BASE_PATHS,
  BEARER_PREFIX,
  BLOCKED_USER_STATES,
  DEFAULT_COUNTRY,
  DEVICE_ID_HEADER,
  DEVICE_ID_PATTERN,
  type FieldViolation,
  HEADERS,
  PASSWORD_MIN_LENGTH,
  roleOf,
  type TokenClaims,
} from '../contract';
import { canAccess, isPermissionAction, isPermissionResource, type Permission } from '../contract/access';
import { RESOURCES } from '../resources';
import type { ResourceDeclaration } from '../resources/types';
import { createAccessHandlers, operatorInviteScope } from './access';
import { createAnalyticsHandlers } from './analytics';
import { createDashboardHandlers } from './dashboard';
import { createMockDb, listedUser, loggedInUser, type MockDb, type MockUser, publicUser } from './data';
import { createDeviceHandlers } from './devices';
import { createFinanceHandlers } from './finance';
import { applyListQuery, type MockListSpec } from './list';
import { createMaintenanceHandlers } from './maintenance';
import { createOrganisationHandlers } from './organisation';
import { createHierarchyHandlers } from './organisation-hierarchy';
import { createPushHandlers } from './push';
import { createResourceHandlers } from './resources';
import { type Body, fail, failure, guard, invalid, readBody, success, violations } from './respond';
import { createStampingHandlers } from './stamping';
import { createSystemConfigHandlers } from './system-config';
import { createVoucherHandlers } from './vouchers';

export interface HandlerOptions {
  /** Origin the handlers answer for; '*' (default) matches any, so Node, jsdom and the browser all work. */
  origin?: string;
  /**
   * Declared resources to serve with generic CRUD mocks (mocks/resources.ts); default: the whole
   * registry. Those whose path the hand-written handlers own (users) are always left out.
   */
  resources?: readonly ResourceDeclaration[];
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requireString = (body: Body, field: string, check?: (v: string) => string | null): string => {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') return invalid(field, 'must not be blank');
  const problem = check?.(value);
  if (problem) return invalid(field, problem);
  return value;
};
const isEmail = (v: string) => (EMAIL_RE.test(v) ? null : 'must be an e-mail');
const isPassword = (v: string) =>
  v.length >= PASSWORD_MIN_LENGTH ? null : `must be at least ${PASSWORD_MIN_LENGTH} characters`;

const randomToken = (): string => `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '');

export const USER_LIST_SPEC: MockListSpec = {
  id: { type: 'number', filter: ['eq', 'in', 'gte', 'lte'], sort: true },
  name: { type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  mobile: { type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  email: { type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  companyId: { type: 'number', filter: ['eq', 'in'], sort: true },
  state: { type: 'enum', filter: ['eq', 'in'], sort: true },
  type: { type: 'enum', filter: ['eq', 'in'], sort: true },
  createTime: { type: 'datetime', filter: ['eq', 'gte', 'lte'], sort: true },
  // added to every row, as on the server: projectable, never filtered, sorted or searched
  groups: { type: 'text' },
  groupIds: { type: 'number' },
};

const COUNTRY_FIELDS: readonly string[] = [
  'id',
  'country',
  'banner',
  'stampCardDefaultImages',
  'stampCardDefaultPrice',
  'currency',
];

const configNotFound = () => failure('NOT_FOUND', [{ field: 'id', message: 'no main config with this id' }]);

export const MAIN_CONFIG_LIST_SPEC: MockListSpec = {
  id: { type: 'number', filter: ['eq', 'in'], sort: true },
  country: { type: 'text', filter: ['eq', 'in'], sort: true, search: true },
};

/** Resource paths served by the hand-written handlers above, not by the generic ones. */
const HAND_WRITTEN_PATHS: readonly string[] = ['/user'];

export const createHandlers = (db: MockDb = createMockDb(), options: HandlerOptions = {}) => {
  const origin = options.origin ?? '*';
  const main = `${origin}${BASE_PATHS.main}`;

  // ---- tokens -------------------------------------------------------------------------------------
  const issueAccessToken = (u: MockUser, tid: string): string => {
    const claims: TokenClaims = {
      tid,
      uid: u.id,
      putyp: u.type,
      did: db.sessions.get(tid)?.deviceId ?? '',
      mid: u.companyId ?? 0,
      mob: u.mobile ?? '',
      eml: u.email,
      role: roleOf(u.type),
      exp: Math.floor(db.now() / 1000) + db.accessTokenTtlS,
    };
    return new UnsecuredJWT({ ...claims }).encode();
  };

  const deviceIdOf = (request: Request): string | undefined => {
    const value = request.headers.get(DEVICE_ID_HEADER);
    return value && DEVICE_ID_PATTERN.test(value) ? value : undefined;
  };

  const startSession = (u: MockUser, request: Request) => {
    const tid = crypto.randomUUID();
    db.sessions.set(tid, {
      userId: u.id,
      deviceId: deviceIdOf(request) ?? crypto.randomUUID(),
      revoked: false,
    });
    const refresh = randomToken();
    db.refreshTokens.set(refresh, { tid, used: false });
    return { [HEADERS.accessToken]: issueAccessToken(u, tid), [HEADERS.refreshToken]: refresh };
  };

  const findUser = (id: number): MockUser | undefined => db.users.find((u) => u.id === id);
  const byEmail = (email: string): MockUser | undefined =>
    db.users.find((u) => u.email === email.trim().toLowerCase());

  /** The caller behind the bearer token, or the contract's token error. */
  const authenticate = (request: Request): { user: MockUser; claims: TokenClaims } => {
    const header = request.headers.get(HEADERS.authorization);
    if (!header) return fail('HEADER_MISSING');
    if (!header.startsWith(BEARER_PREFIX)) return fail('BAD_JWT_HEADER_FORMAT');
    let claims: TokenClaims;
    try {
      claims = decodeJwt(header.slice(BEARER_PREFIX.length)) as unknown as TokenClaims;
    } catch {
      return fail('TOKEN_INVALID_FORMAT');
    }
    if (typeof claims.exp !== 'number' || typeof claims.uid !== 'number') return fail('TOKEN_UNSUPPORTED');
    if (claims.exp * 1000 <= db.now()) return fail('TOKEN_EXPIRED');
    const session = db.sessions.get(claims.tid);
    if (!session) return fail('TOKEN_ILLEGAL');
    const user = findUser(claims.uid);
    if (!user) return fail('TOKEN_ILLEGAL');
    // as the server: the user's state before the ended login (disabling also ends the logins)
    if ((BLOCKED_USER_STATES as readonly string[]).includes(user.state)) return fail('INVALID_USER_STATE');
    if (session.revoked) return fail('TOKEN_ALREADY_LOGGED_OUT');
    return { user, claims };
  };

  const requireOperator = (request: Request) => {
    const auth = authenticate(request);
    if (auth.user.type !== 'OPERATOR') fail('ACCESS_DENIED');
    return auth;
  };

  /** The session behind an X-Refresh-Token header; a token presented twice ends the whole login. */
  const refreshSession = (request: Request, rotate: boolean) => {
    const token = request.headers.get(HEADERS.refreshToken);
    if (!token) return fail('HEADER_MISSING');
    const entry = db.refreshTokens.get(token);
    if (!entry) return fail('TOKEN_NOT_EXIST');
    const session = db.sessions.get(entry.tid);
    if (!session) return fail('TOKEN_ALREADY_LOGGED_OUT');
    const user = findUser(session.userId);
    if (!user) return fail('TOKEN_NOT_EXIST');
    if ((BLOCKED_USER_STATES as readonly string[]).includes(user.state)) return fail('INVALID_USER_STATE');
    if (session.revoked) return fail('TOKEN_ALREADY_LOGGED_OUT');
    const device = deviceIdOf(request);
    if (device !== undefined && device !== session.deviceId) return fail('REFRESH_DEVICE_MISMATCH');
    if (entry.used) {
      session.revoked = true;
      return fail('REFRESH_TOKEN_REUSED');
    }
    if (rotate) entry.used = true;
    return { tid: entry.tid, user };
  };

  /** As the server: null when canAccess needs no list (operators, company owners). */
  const fullPermissions = (u: MockUser): Permission[] | null =>
    u.type === 'OPERATOR' ? null : u.permissions;

  const userParam = (params: Record<string, unknown>): MockUser => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return invalid('id', 'must be a positive integer');
    const found = findUser(id);
    if (!found || found.state === 'DELETE') return fail('USER_NOT_FOUND');
    return found;
  };

  /** Operators see everyone; merchants themselves and their company's users. */
  const visibleTo = (caller: MockUser, target: MockUser): boolean =>
    caller.type === 'OPERATOR' ||
    caller.id === target.id ||
    (caller.companyId !== null && caller.companyId === target.companyId);

  const seeUser = (request: Request, params: Record<string, unknown>) => {
    const { user: caller } = authenticate(request);
    const target = userParam(params);
    // Another company's user answers like a missing one, so ids reveal nothing.
    if (!visibleTo(caller, target)) fail('USER_NOT_FOUND');
    return { caller, target };
  };

  const uniqueEmailAndMobile = (email: string, mobile: unknown, selfId?: number) => {
    const e = byEmail(email);
    if (e && e.id !== selfId) fail('EMAIL_ALREADY_IN_USE');
    if (typeof mobile === 'string' && mobile && db.users.some((u) => u.mobile === mobile && u.id !== selfId))
      fail('MOBILE_ALREADY_IN_USE');
  };

  const newUser = (fields: Partial<MockUser> & Pick<MockUser, 'email' | 'type'>): MockUser => {
    const now = new Date(db.now()).toISOString();
    const u: MockUser = {
      id: db.nextId(),
      name: '',
      mobile: null,
      companyId: null,
      brandId: null,
      storeId: null,
      signupState: fields.type === 'OPERATOR' ? 'APPROVAL' : 'SUBMITTED',
      state: 'WAIT_EMAIL_ACTIVE',
      country: DEFAULT_COUNTRY,
      groups: [],
      password: null,
      permissions: null,
      mustResetPassword: false,
      invitationType: 'BLANK',
      invitedBy: null,
      createTime: now,
      updateTime: now,
      ...fields,
      email: fields.email.trim().toLowerCase(),
    };
    db.users.push(u);
    const token = randomToken();
    db.emailTokens.set(token, { userId: u.id, kind: 'activeEmail' });
    return u;
  };

  const countryOf = (request: Request) =>
    (request.headers.get(HEADERS.country) ?? DEFAULT_COUNTRY).toLowerCase();
  const currentConfig = (request: Request) => {
    const config = db.mainConfigs.find((c) => c.country === countryOf(request));
    if (!config) return fail('NOT_FOUND');
    return config;
  };
  const touch = (row: { updateTime: string }) => {
    row.updateTime = new Date(db.now()).toISOString();
  };

  const auth = `${main}/auth`;
  const user = `${main}/user`;
  const config = `${main}/config/main`;

  return [
    // mocks/access.ts
    ...createAccessHandlers({ db, main, authenticate, seeUser, fullPermissions, newToken: randomToken }),
    // ---- auth ---------------------------------------------------------------------------------------
    http.post(
      `${auth}/get-token`,
      guard(async ({ request }) => {
        const body = await readBody(request);
        const problems: FieldViolation[] = [];
        if (typeof body.email !== 'string' || body.email.trim() === '')
          problems.push({ field: 'email', message: 'must not be blank' });
        if (typeof body.password !== 'string' || body.password === '')
          problems.push({ field: 'password', message: 'must not be blank' });
        if (problems.length) return violations(problems);
        const u = byEmail(String(body.email));
        if (!u || u.password === null || u.password !== body.password) return failure('BAD_CREDENTIALS');
        if ((BLOCKED_USER_STATES as readonly string[]).includes(u.state))
          return failure('INVALID_USER_STATE');
        if (u.mustResetPassword) {
          const resetPasswordToken = randomToken();
          db.emailTokens.set(resetPasswordToken, { userId: u.id, kind: 'forgetPwd' });
          return failure('USER_SHOULD_RESET_PASSWORD', { resetPasswordToken });
        }
        return success(loggedInUser(u), undefined, startSession(u, request));
      }),
    ),
    http.post(
      `${auth}/refresh/token`,
      guard(async ({ request }) => {
        const { tid, user: u } = refreshSession(request, false);
        return success(null, undefined, { [HEADERS.accessToken]: issueAccessToken(u, tid) });
      }),
    ),
    http.post(
      `${auth}/refresh/refresh-token`,
      guard(async ({ request }) => {
        const { tid } = refreshSession(request, true);
        const next = randomToken();
        db.refreshTokens.set(next, { tid, used: false });
        return success(null, undefined, { [HEADERS.refreshToken]: next });
      }),
    ),
    http.post(
      `${auth}/logout`,
      guard(async ({ request }) => {
        const token = request.headers.get(HEADERS.refreshToken);
        const entry = token ? db.refreshTokens.get(token) : undefined;
        const session = entry ? db.sessions.get(entry.tid) : undefined;
        if (session) session.revoked = true;
        return success(null);
      }),
    ),
    http.post(
      `${auth}/password/send/forget/email`,
      guard(async ({ request }) => {
        const email = requireString(await readBody(request), 'email', isEmail);
        const u = byEmail(email);
        if (!u || u.state === 'DELETE') return failure('USER_EMAIL_NOT_EXIST');
        db.emailTokens.set(randomToken(), { userId: u.id, kind: 'forgetPwd' });
        return success(null);
      }),
    ),
    http.post(
      `${auth}/password/verify/forget/email`,
      guard(async ({ request }) => {
        const token = requireString(await readBody(request), 'token');
        const entry = db.emailTokens.get(token);
        const u = entry?.kind === 'forgetPwd' ? findUser(entry.userId) : undefined;
        if (!u) return failure('EMAIL_ACTION_TOKEN_INVALID');
        return success({ email: u.email });
      }),
    ),
    http.post(
      `${auth}/password/reset`,
      guard(async ({ request }) => {
        const body = await readBody(request);
        const token = requireString(body, 'token');
        const password = requireString(body, 'password', isPassword);
        const entry = db.emailTokens.get(token);
        const u = entry?.kind === 'forgetPwd' ? findUser(entry.userId) : undefined;
        if (!u) return failure('EMAIL_ACTION_TOKEN_INVALID');
        db.emailTokens.delete(token);
        u.password = password;
        u.mustResetPassword = false;
        touch(u);
        return success(null);
      }),
    ),

    // ---- user ---------------------------------------------------------------------------------------
    http.get(
      user,
      guard(async ({ request }) => {
        const { user: caller } = authenticate(request);
        const rows = db.users
          .filter((u) => u.state !== 'DELETE' && visibleTo(caller, u))
          .map((u) => listedUser(db, u));
        const noCount = request.headers.get(HEADERS.noCount) === 'true';
        const { rows: out, page } = applyListQuery(
          rows,
          new URL(request.url).searchParams,
          USER_LIST_SPEC,
          noCount,
        );
        return success(out, page);
      }),
    ),
    http.patch(
      `${user}/active-by-email`,
      guard(async ({ request }) => {
        const body = await readBody(request);
        const token = requireString(body, 'token');
        const entry = db.emailTokens.get(token);
        const u = entry?.kind === 'activeEmail' ? findUser(entry.userId) : undefined;
        if (!u) return failure('EMAIL_ACTION_TOKEN_INVALID');
        if (u.state !== 'WAIT_EMAIL_ACTIVE') return failure('INVALID_USER_STATE');
        if (body.password !== undefined) u.password = requireString(body, 'password', isPassword);
        if (u.password === null) return invalid('password', 'must not be blank');
        db.emailTokens.delete(token);
        u.state = 'ENABLE';
        touch(u);
        return success({ id: u.id, email: u.email, state: u.state });
      }),
    ),
    http.post(
      `${user}/merchant/register`,
      guard(async ({ request }) => {
        const body = await readBody(request);
        const email = requireString(body, 'email', isEmail);
        const password = requireString(body, 'password', isPassword);
        uniqueEmailAndMobile(email, body.mobile);
        const u = newUser({
          email,
          type: 'MERCHANT',
          password,
          name: typeof body.name === 'string' ? body.name : '',
          mobile: typeof body.mobile === 'string' && body.mobile ? body.mobile : null,
        });
        return success(publicUser(db, u));
      }),
    ),
    http.post(
      `${user}/operator/register`,
      guard(async ({ request }) => {
        requireOperator(request);
        const body = await readBody(request);
        const email = requireString(body, 'email', isEmail);
        uniqueEmailAndMobile(email, body.mobile);
        const u = newUser({
          email,
          type: 'OPERATOR',
          name: typeof body.name === 'string' ? body.name : '',
          invitationType: 'OPERATOR_INVITE_OPERATOR',
        });
        return success(publicUser(db, u));
      }),
    ),
    http.post(
      `${user}/merchant/invite`,
      guard(async ({ request }) => {
        const { user: caller } = authenticate(request);
        if (caller.type !== 'MERCHANT' || caller.companyId === null) return failure('USER_HAS_NO_COMPANY');
        const body = await readBody(request);
        const email = requireString(body, 'email', isEmail);
        uniqueEmailAndMobile(email, body.mobile);
        const u = newUser({
          email,
          type: 'MERCHANT',
          name: typeof body.name === 'string' ? body.name : '',
          companyId: caller.companyId,
          signupState: 'APPROVAL',
          invitationType: 'MERCHANT_INVITE_MERCHANT',
          permissions: [],
        });
        return success(publicUser(db, u));
      }),
    ),
    http.post(
      `${user}/operator/merchant/invite`,
      guard(async ({ request }) => {
        requireOperator(request);
        const body = await readBody(request);
        const email = requireString(body, 'email', isEmail);
        // companyId, brandId, storeId as the server checks them (mocks/access.ts)
        const { companyActive, ...scope } = operatorInviteScope(db, body);
        uniqueEmailAndMobile(email, body.mobile);
        const u = newUser({
          email,
          type: 'MERCHANT',
          name: typeof body.name === 'string' ? body.name : '',
          mobile: typeof body.mobile === 'string' && body.mobile ? body.mobile : null,
          ...scope,
          // joining an approved company needs no signup of its own
          signupState: companyActive ? 'APPROVAL' : 'SUBMITTED',
          invitationType: 'OPERATOR_INVITE_MERCHANT',
        });
        return success(publicUser(db, u));
      }),
    ),
    http.get(
      `${user}/:id`,
      guard(async ({ request, params }) => success(publicUser(db, seeUser(request, params).target))),
    ),
    http.delete(
      `${user}/:id`,
      guard(async ({ request, params }) => {
        const { caller, target } = seeUser(request, params);
        if (caller.id === target.id) return failure('ACCESS_DENIED');
        const soft = new URL(request.url).searchParams.get('softDel') !== 'false';
        if (soft) {
          target.state = 'DELETE';
          touch(target);
        } else {
          db.users.splice(db.users.indexOf(target), 1);
        }
        return success(null);
      }),
    ),
    http.get(
      `${user}/:id/permissions`,
      guard(async ({ request, params }) => success(seeUser(request, params).target.permissions ?? [])),
    ),
    http.get(
      `${user}/:id/full-permissions`,
      guard(async ({ request, params }) => success(fullPermissions(seeUser(request, params).target))),
    ),
    http.patch(
      `${user}/:id/permissions`,
      guard(async ({ request, params }) => {
        const { target } = seeUser(request, params);
        const body = await readBody(request);
        if (!Array.isArray(body.permissions)) return invalid('permissions', 'must be an array');
        const list = body.permissions as { resource?: unknown; action?: unknown }[];
        for (const p of list) {
          if (typeof p?.resource !== 'string' || !isPermissionResource(p.resource))
            return failure('PERMISSION_NOT_FOUND');
          if (typeof p.action !== 'string' || !isPermissionAction(p.action))
            return failure('PERMISSION_NOT_FOUND');
        }
        target.permissions = list as Permission[];
        touch(target);
        return success(target.permissions);
      }),
    ),
    http.post(
      `${user}/:id/pns/is-allow`,
      guard(async ({ request, params }) => {
        const { target } = seeUser(request, params);
        const permissions = fullPermissions(target);
        const subject = permissions === null ? { type: target.type } : { type: target.type, permissions };
        return success({ allowed: canAccess(subject, { action: 'VIEW', resource: 'push' }) });
      }),
    ),
    http.put(
      `${user}/:id/info`,
      guard(async ({ request, params }) => {
        const { target } = seeUser(request, params);
        const body = await readBody(request);
        if (body.name !== undefined) target.name = requireString(body, 'name');
        if (body.mobile !== undefined) {
          uniqueEmailAndMobile(target.email, body.mobile, target.id);
          target.mobile = typeof body.mobile === 'string' && body.mobile ? body.mobile : null;
        }
        if (body.country !== undefined) target.country = requireString(body, 'country').toLowerCase();
        touch(target);
        return success(publicUser(db, target));
      }),
    ),
    http.put(
      `${user}/:id/pwd`,
      guard(async ({ request, params }) => {
        const { caller, target } = seeUser(request, params);
        if (caller.id !== target.id) return failure('ACCESS_DENIED');
        const body = await readBody(request);
        const oldPassword = requireString(body, 'oldPassword');
        const password = requireString(body, 'password', isPassword);
        if (target.password !== oldPassword) return failure('OLD_PASSWORD_INCORRECT');
        target.password = password;
        touch(target);
        return success(null);
      }),
    ),
    http.put(
      `${user}/:id/groups`,
      guard(async ({ request, params }) => {
        const { target } = seeUser(request, params);
        const body = await readBody(request);
        if (!Array.isArray(body.groups)) return invalid('groups', 'must be an array');
        for (const g of body.groups)
          if (typeof g !== 'string' || !db.groups.some((known) => known.name === g))
            return failure('USER_GROUP_NOT_FOUND');
        target.groups = [...(body.groups as string[])];
        touch(target);
        return success(publicUser(db, target));
      }),
    ),

    // ---- config/main --------------------------------------------------------------------------------
    http.get(
      `${config}/supported-countries`,
      guard(async () =>
        success({
          supportedCountries: db.mainConfigs.map((c) => ({ countryCode: c.country, currency: c.currency })),
        }),
      ),
    ),
    http.get(
      `${config}/country`,
      guard(async ({ request }) => {
        authenticate(request);
        const row = currentConfig(request);
        const field = new URL(request.url).searchParams.get('field');
        if (!field) return success(row);
        if (!COUNTRY_FIELDS.includes(field)) return invalid('field', `unknown field '${field}'`);
        // one field still comes back as an object, as the server does
        return success({ id: row.id, country: row.country, [field]: row[field as keyof typeof row] });
      }),
    ),
    http.put(
      `${config}/country`,
      guard(async ({ request }) => {
        requireOperator(request);
        const row = currentConfig(request);
        const body = await readBody(request);
        if (body.banner !== undefined) row.banner = body.banner as typeof row.banner;
        if (body.stampCardDefaultImages !== undefined)
          row.stampCardDefaultImages = body.stampCardDefaultImages as string[];
        if (body.stampCardDefaultPrice !== undefined) {
          if (typeof body.stampCardDefaultPrice !== 'number' || body.stampCardDefaultPrice < 0)
            return invalid('stampCardDefaultPrice', 'must be a number of at least 0');
          row.stampCardDefaultPrice = body.stampCardDefaultPrice;
        }
        touch(row);
        return success(row);
      }),
    ),
    http.get(
      `${config}/country/banner`,
      guard(async ({ request }) => {
        authenticate(request);
        return success(currentConfig(request).banner);
      }),
    ),
    http.put(
      `${config}/country/banner`,
      guard(async ({ request }) => {
        requireOperator(request);
        const row = currentConfig(request);
        const body = await readBody(request);
        if (!Array.isArray(body.banner)) return invalid('banner', 'must be an array');
        row.banner = body.banner as typeof row.banner;
        touch(row);
        return success(row.banner);
      }),
    ),
    http.get(
      `${config}/stamp-card/default-images`,
      guard(async ({ request }) => {
        authenticate(request);
        return success(currentConfig(request).stampCardDefaultImages);
      }),
    ),
    http.patch(
      `${config}/stamp-card/default-images`,
      guard(async ({ request }) => {
        requireOperator(request);
        const row = currentConfig(request);
        const body = await readBody(request);
        const images = body.images;
        if (!Array.isArray(images) || !images.every((i) => typeof i === 'string'))
          return invalid('images', 'must be an array of URLs');
        row.stampCardDefaultImages = images as string[];
        touch(row);
        return success(row.stampCardDefaultImages);
      }),
    ),
    http.get(
      `${config}/stamp-card/default-price`,
      guard(async ({ request }) => {
        authenticate(request);
        const row = currentConfig(request);
        return success({ price: row.stampCardDefaultPrice, currency: row.currency });
      }),
    ),
    http.get(
      config,
      guard(async ({ request }) => {
        authenticate(request);
        const noCount = request.headers.get(HEADERS.noCount) === 'true';
        const { rows, page } = applyListQuery(
          db.mainConfigs,
          new URL(request.url).searchParams,
          MAIN_CONFIG_LIST_SPEC,
          noCount,
        );
        return success(rows, page);
      }),
    ),
    http.post(
      config,
      guard(async ({ request }) => {
        requireOperator(request);
        const body = await readBody(request);
        const country = requireString(body, 'country', (v) =>
          /^[a-z]{2}$/i.test(v) ? null : 'must be a two-letter code',
        );
        if (db.mainConfigs.some((c) => c.country === country.toLowerCase()))
          return failure('ALREADY_EXISTS', [{ field: 'country', message: 'already has a main config' }]);
        const now = new Date(db.now()).toISOString();
        const row = {
          id: db.nextId(),
          country: country.toLowerCase(),
          currency: typeof body.currency === 'string' ? body.currency : 'SGD',
          banner: [],
          stampCardDefaultImages: [],
          stampCardDefaultPrice:
            typeof body.stampCardDefaultPrice === 'number' ? body.stampCardDefaultPrice : 0,
          createTime: now,
          updateTime: now,
        };
        db.mainConfigs.push(row);
        return success(row);
      }),
    ),
    http.get(
      `${config}/:id`,
      guard(async ({ request, params }) => {
        authenticate(request);
        const row = db.mainConfigs.find((c) => c.id === Number(params.id));
        return row ? success(row) : configNotFound();
      }),
    ),
    http.put(
      `${config}/:id`,
      guard(async ({ request, params }) => {
        requireOperator(request);
        const row = db.mainConfigs.find((c) => c.id === Number(params.id));
        if (!row) return configNotFound();
        const body = await readBody(request);
        if (Array.isArray(body.banner)) row.banner = body.banner as typeof row.banner;
        if (Array.isArray(body.stampCardDefaultImages))
          row.stampCardDefaultImages = body.stampCardDefaultImages as string[];
        if (typeof body.stampCardDefaultPrice === 'number')
          row.stampCardDefaultPrice = body.stampCardDefaultPrice;
        if (typeof body.currency === 'string') row.currency = body.currency;
        touch(row);
        return success(row);
      }),
    ),
    http.delete(
      `${config}/:id`,
      guard(async ({ request, params }) => {
        requireOperator(request);
        const index = db.mainConfigs.findIndex((c) => c.id === Number(params.id));
        if (index < 0) return configNotFound();
        db.mainConfigs.splice(index, 1);
        return success(null);
      }),
    ),

    ...createOrganisationHandlers({ db, origin, authenticate }),
    ...createHierarchyHandlers({ db, origin, authenticate }),
    // the voucher operations (mocks/vouchers.ts), over the rows the generic handlers below serve
    ...createVoucherHandlers({ db, origin, authenticate, fullPermissions }),
    // the stamp card operations (mocks/stamping.ts), over the same rows
    ...createStampingHandlers({ db, origin, authenticate, fullPermissions }),
    // the device lifecycle operations and the store's stamping PIN (mocks/devices.ts)
    ...createDeviceHandlers({ db, origin, authenticate, fullPermissions }),
    // push schedule / cancel, the audience preview and sending (mocks/push.ts), before the generic
    // handlers: /push/audience is not a push id, and sending is due before pushes are read
    ...createPushHandlers({ db, origin, authenticate, fullPermissions }),
    ...createDashboardHandlers({ db, origin, authenticate, fullPermissions }),
    ...createMaintenanceHandlers({ db, origin }),
    ...createSystemConfigHandlers({ db, origin }),
    ...createAnalyticsHandlers({ db, origin, authenticate }),
    ...createFinanceHandlers({ db, origin, authenticate, fullPermissions }),
    // ---- declared resources: generic CRUD -------------------------------------------------------------
    ...createResourceHandlers(
      { db, baseOf: (service) => `${origin}${BASE_PATHS[service]}`, authenticate, fullPermissions },
      (options.resources ?? RESOURCES).filter((r) => !HAND_WRITTEN_PATHS.includes(r.path)),
    ),

    // ---- anything else under a service base: the contract's 404 envelope -----------------------------
    ...Object.values(BASE_PATHS).map((base) => http.all(`${origin}${base}/*`, () => failure('NOT_FOUND'))),
  ];
};

/** Handlers over a fresh default data set. */
export const handlers = createHandlers();
