// MSW mocks of the organisation calls (docs/api.md, "Organisation, signup approval and audit"): the
// merchant's signup (GET and POST /organization/signup) and the operator's decisions
// (POST /merchant-signups/{id}/approve and /reject). The rows live in the mock db's resourceRows
// (company, brand, store, merchantSignup), so the generic list and show mocks serve them too.
// fileSignup and decideRequest are exported so tests can set up a pending or rejected application.
import { http } from 'msw';
import type { FieldViolation } from '../contract';
import { BASE_PATHS } from '../contract';
import type { ApprovalState, OrgState } from '../contract/enums';
import { brand, company, merchantSignup, store } from '../resources';
import { movedFields } from '../resources/transitions';
import type { ResourceDeclaration } from '../resources/types';
import type { MockDb, MockRow, MockUser } from './data';
import { allowedMove, type Body, fail, guard, readBody, success } from './respond';

export interface OrganisationMockContext {
  db: MockDb;
  /** the handlers' origin ('*' matches any) */
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
}

export interface SignupView {
  signupState: MockUser['signupState'];
  request: MockRow | null;
  company: MockRow | null;
  brand: MockRow | null;
  store: MockRow | null;
}

const rowsOf = (db: MockDb, decl: ResourceDeclaration): MockRow[] => {
  db.resourceRows[decl.name] ??= [];
  return db.resourceRows[decl.name] as MockRow[];
};

const nowIso = (db: MockDb) => new Date(db.now()).toISOString();

/** A new row of `decl` as the server stores it: every declared column, empty unless given. */
const newRow = (db: MockDb, decl: ResourceDeclaration, values: Body): MockRow => {
  const row: MockRow = {
    id: db.nextId(),
    ...Object.fromEntries(decl.fields.map((f) => [f.name, null])),
    ...values,
    createTime: nowIso(db),
    updateTime: nowIso(db),
  };
  rowsOf(db, decl).push(row);
  return row;
};

const byId = (db: MockDb, decl: ResourceDeclaration, id: unknown): MockRow | null =>
  typeof id === 'number' ? (rowsOf(db, decl).find((r) => r.id === id) ?? null) : null;

const latestSignup = (db: MockDb, user: MockUser): MockRow | null => {
  const signups = rowsOf(db, merchantSignup)
    .filter((r) => r.requestKind === 'MERCHANT_SIGNUP')
    .sort((a, b) => b.id - a.id);
  return (
    (user.companyId !== null ? signups.find((r) => r.companyId === user.companyId) : undefined) ??
    signups.find((r) => r.userId === user.id) ??
    null
  );
};

/** What GET /organization/signup answers for `user`. */
export const signupView = (db: MockDb, user: MockUser): SignupView => {
  const request = latestSignup(db, user);
  return {
    signupState: user.signupState,
    request,
    company: byId(db, company, request?.companyId ?? user.companyId),
    brand: byId(db, brand, request?.brandId),
    store: byId(db, store, request?.storeId),
  };
};

const COMPANY_KEYS = ['name', 'registrationNo', 'address', 'contactEmail', 'phone'] as const;
const BRAND_KEYS = ['name', 'description', 'website'] as const;
const STORE_KEYS = [
  'name',
  'address',
  'code',
  'postalCode',
  'latitude',
  'longitude',
  'phone',
  'openingHours',
] as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The body's three parts, checked roughly as the server's schema does (field paths like 'company.name'). */
const signupInput = (body: Body): { company: Body; brand: Body; store: Body } => {
  const problems: FieldViolation[] = [];
  const part = (name: string): Body => {
    const value = body[name];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ field: name, message: 'is required' });
      return {};
    }
    return value as Body;
  };
  const parts = { company: part('company'), brand: part('brand'), store: part('store') };
  const required: [keyof typeof parts, string][] = [
    ['company', 'name'],
    ['company', 'registrationNo'],
    ['company', 'contactEmail'],
    ['brand', 'name'],
    ['store', 'name'],
    ['store', 'address'],
  ];
  for (const [p, f] of required) {
    const v = parts[p][f];
    if (v === undefined || v === null) problems.push({ field: `${p}.${f}`, message: 'is required' });
    else if (typeof v !== 'string' || v.trim() === '')
      problems.push({ field: `${p}.${f}`, message: 'must match pattern "\\S"' });
  }
  const mail = parts.company.contactEmail;
  if (typeof mail === 'string' && mail.trim() !== '' && !EMAIL_RE.test(mail))
    problems.push({ field: 'company.contactEmail', message: 'must match format "email"' });
  const site = parts.brand.website;
  if (typeof site === 'string' && site !== '' && !/^https?:\/\//.test(site))
    problems.push({ field: 'brand.website', message: 'must match pattern "^https?://"' });
  for (const [f, limit] of [
    ['latitude', 90],
    ['longitude', 180],
  ] as const) {
    const v = parts.store[f];
    if (v !== undefined && v !== null && (typeof v !== 'number' || Math.abs(v) > limit))
      problems.push({ field: `store.${f}`, message: `must be <= ${limit}` });
  }
  if (problems.length) fail('PARAMETER_VALIDATION_FAILED', problems);
  return parts;
};

const only = (values: Body, keys: readonly string[]): Body =>
  Object.fromEntries(keys.filter((k) => Object.hasOwn(values, k)).map((k) => [k, values[k]]));

const sameName = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Files (or, after a rejection, files again) `user`'s signup, as the server's submitSignup: the
 * company, brand and store SUBMITTED, the user linked to the company, a PENDING request.
 */
export const fileSignup = (db: MockDb, user: MockUser, body: Body): SignupView => {
  if (user.signupState === 'APPROVAL') fail('MERCHANT_ALREADY_SIGNED_UP');
  const previous = signupView(db, user);
  if (previous.request?.approval === 'PENDING') fail('USER_ALREADY_HAS_COMPANY');
  const again = previous.request?.approval === 'REJECT' ? previous : null;
  if (user.companyId !== null && !again) fail('USER_ALREADY_HAS_COMPANY');
  const input = signupInput(body);

  const companyValues = only(input.company, COMPANY_KEYS);
  const taken = rowsOf(db, company).some(
    (r) => r.id !== again?.company?.id && r.state !== 'DELETE' && sameName(r.name, companyValues.name),
  );
  if (taken) fail('COMPANY_NAME_DUPLICATE', [{ field: 'name', message: 'is already taken' }]);

  const submitted = { state: 'SUBMITTED' satisfies OrgState, updateTime: nowIso(db) };
  const companyRow = again?.company
    ? Object.assign(again.company, companyValues, submitted)
    : newRow(db, company, { country: 'sg', ...companyValues, ...submitted });
  const brandValues = { ...only(input.brand, BRAND_KEYS), companyId: companyRow.id };
  const brandRow = again?.brand
    ? Object.assign(again.brand, brandValues, submitted)
    : newRow(db, brand, { ...brandValues, ...submitted });
  const storeValues = { ...only(input.store, STORE_KEYS), companyId: companyRow.id, brandId: brandRow.id };
  const storeRow = again?.store
    ? Object.assign(again.store, storeValues, submitted)
    : newRow(db, store, { ...storeValues, ...submitted });

  user.companyId = companyRow.id;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  newRow(db, merchantSignup, {
    requestKind: 'MERCHANT_SIGNUP',
    approval: 'PENDING' satisfies ApprovalState,
    userId: user.id,
    companyName: companyRow.name,
    registrationNo: text(companyRow.registrationNo),
    brandName: brandRow.name,
    storeName: storeRow.name,
    contactEmail: text(input.company.contactEmail) ?? user.email,
    contactMobile: text(input.company.phone) ?? user.mobile,
    companyId: companyRow.id,
    brandId: brandRow.id,
    storeId: storeRow.id,
  });
  return signupView(db, user);
};

/** An operator's decision on a PENDING request, as the server's decide(). */
export const decideRequest = (
  db: MockDb,
  operatorId: number,
  id: number,
  decision: 'approve' | 'reject',
  reason?: string,
): MockRow => {
  const request = rowsOf(db, merchantSignup).find((r) => r.id === id);
  if (!request) return fail('NOT_FOUND');
  const arrow = allowedMove(merchantSignup, decision, request, 'request');
  const approve = decision === 'approve';
  Object.assign(request, {
    ...movedFields(arrow),
    decidedBy: operatorId,
    decidedAt: nowIso(db),
    reason: approve ? null : (reason ?? null),
    updateTime: nowIso(db),
  });
  const state: OrgState = approve ? 'ACTIVE' : 'BLANK';
  const setState = (decl: ResourceDeclaration, rowId: unknown) => {
    const row = byId(db, decl, rowId);
    if (row && row.state !== 'DELETE') Object.assign(row, { state, updateTime: nowIso(db) });
  };
  if (request.requestKind === 'MERCHANT_SIGNUP') {
    setState(company, request.companyId);
    setState(brand, request.brandId);
    setState(store, request.storeId);
    if (approve) {
      for (const u of db.users) {
        const named = u.id === request.userId;
        const inCompany =
          u.type === 'MERCHANT' && request.companyId !== null && u.companyId === request.companyId;
        if (named || inCompany) u.signupState = 'APPROVAL';
      }
    }
  } else if (request.requestKind === 'ADD_BRAND') {
    setState(brand, request.brandId);
  } else {
    setState(store, request.storeId);
  }
  return request;
};

export const createOrganisationHandlers = ({ db, origin, authenticate }: OrganisationMockContext) => {
  const main = `${origin}${BASE_PATHS.main}`;
  const signup = `${main}/organization/signup`;
  const decisions = `${main}${merchantSignup.path}`;

  const merchant = (request: Request): MockUser => {
    const { user } = authenticate(request);
    if (user.type !== 'MERCHANT') fail('ACCESS_DENIED');
    return user;
  };
  const operator = (request: Request): MockUser => {
    const { user } = authenticate(request);
    if (user.type !== 'OPERATOR') fail('ACCESS_DENIED');
    return user;
  };
  const idOf = (params: Record<string, unknown>): number => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0)
      fail('PARAMETER_VALIDATION_FAILED', [{ field: 'id', message: 'must be >= 1' }]);
    return id;
  };

  return [
    http.get(
      signup,
      guard(async ({ request }) => success(signupView(db, merchant(request)))),
    ),
    http.post(
      signup,
      guard(async ({ request }) => {
        const user = merchant(request);
        return success(fileSignup(db, user, await readBody(request)));
      }),
    ),
    http.post(
      `${decisions}/:id/approve`,
      guard(async ({ request, params }) => {
        const me = operator(request);
        return success(decideRequest(db, me.id, idOf(params), 'approve'));
      }),
    ),
    http.post(
      `${decisions}/:id/reject`,
      guard(async ({ request, params }) => {
        const me = operator(request);
        const id = idOf(params);
        const { reason } = await readBody(request);
        if (typeof reason !== 'string' || reason.trim() === '' || reason.length > 500)
          fail('PARAMETER_VALIDATION_FAILED', [
            {
              field: 'reason',
              message:
                typeof reason === 'string' && reason.length > 500
                  ? 'must NOT have more than 500 characters'
                  : 'must NOT have fewer than 1 characters',
            },
          ]);
        return success(decideRequest(db, me.id, id, 'reject', String(reason).trim()));
      }),
    ),
  ];
};
