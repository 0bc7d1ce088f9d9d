// Every declared resource's list route answers: the paged envelope for a role the declaration and
// the access rule allow, 403 ACCESS_DENIED otherwise, for an operator and for a merchant owner. The
// hand-written routes of the 'existing' declarations (users, user groups) are walked too.
import { beforeAll, describe, expect, it } from 'vitest';
import { canAccess, hiddenInBrand } from '../../contract/access';
import type { Role } from '../../contract/claims';
import { BASE_PATHS } from '../../contract/http';
import { RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import { company } from '../../server/platform/db/schema';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, authHeader, createUser, login } from './helpers';

const PASSWORD = 'correct-horse-battery';
const { t } = apiSuite();
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  const [c] = await t.db
    .insert(company)
    .values({ name: 'Alpha', registrationNo: 'R1', contactEmail: 'alpha@example.test' })
    .returning();
  await createUser(t.db, { email: 'op@example.test', password: PASSWORD, type: 'OPERATOR' });
  await createUser(t.db, {
    email: 'owner@example.test',
    password: PASSWORD,
    companyId: typeof c?.id === 'number' ? c.id : null,
    signupState: 'APPROVAL',
  });
  tokens.operator = (await login(t.app, 'op@example.test', PASSWORD)).accessToken;
  tokens.merchant = (await login(t.app, 'owner@example.test', PASSWORD)).accessToken;
}, APP_TIMEOUT);

const declarations = RESOURCES as readonly ResourceDeclaration[];

describe.each(declarations.map((d) => [d.name, d] as const))('%s', (_name, decl) => {
  const url = `${BASE_PATHS[decl.service ?? 'main']}${decl.path}?size=5`;
  for (const role of ['operator', 'merchant'] as const) {
    const allowed =
      decl.access.VIEW.includes(role) &&
      canAccess(
        { type: role === 'operator' ? 'OPERATOR' : 'MERCHANT' },
        { action: 'VIEW', resource: decl.permission },
      ) &&
      // the test app runs brand cvi (config BRAND's default)
      !hiddenInBrand('cvi', role === 'operator' ? 'OPERATOR' : 'MERCHANT', decl.permission);
    it(`answers a ${role} ${allowed ? 'with the paged envelope' : 'with 403 ACCESS_DENIED'}`, async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: authHeader(tokens[role] ?? '') });
      if (allowed) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ type: 'CR', code: 0, page: { number: 0, size: 5 } });
        expect(Array.isArray(res.json().data)).toBe(true);
      } else {
        expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 26237 });
      }
    });
  }

  it('refuses a caller without a token with 1601', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 401, code: 1601 });
  });
});
