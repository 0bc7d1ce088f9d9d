// Walks the registry: no generic write moves an operation-only field or touches a ledger, and a
// merchant whose signup is not approved is refused every write route there is (26204), generic or
// operation, while their reads, signup, profile and password stay open.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { OPERATION_URLS } from '../../server/domains/access/operation';
import { users } from '../../server/platform/db/schema';
import { DERIVED_RESOURCES } from '../../server/resources/registry';
import { addOrg, addUser, apiSuite, MAIN } from './fixtures';
import { APP_TIMEOUT, codeOf } from './helpers';

const { t, tokens, call } = apiSuite();

const DECLS = DERIVED_RESOURCES.map((r) => r.decl);
const baseOf = (d: ResourceDeclaration) => `${BASE_PATHS[d.service ?? 'main']}${d.path}`;

/** A value of the field's type that differs from any stored one. */
const otherValue = (f: FieldDeclaration): unknown => {
  switch (f.type) {
    case 'number':
    case 'money':
      return 7;
    case 'boolean':
      return true;
    case 'select':
      return f.numeric ? 1 : f.choices[f.choices.length - 1];
    case 'reference':
      return 1;
    case 'date':
      return '2031-01-01';
    case 'datetime':
      return '2031-01-01T00:00:00.000Z';
    case 'phone':
      return '+6599999999';
    case 'json':
      return {};
    default:
      return 'changed';
  }
};

beforeAll(async () => {
  const org = await addOrg(t, 'Pending');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'pending', { type: 'MERCHANT', companyId: org.companyId, approved: false });
}, APP_TIMEOUT);

describe('operation-only fields and ledgers', () => {
  const moved = DECLS.flatMap((d) =>
    d.ledger
      ? []
      : d.fields.filter((f) => f.operationOnly).map((f) => [`${d.name}.${f.name}`, d, f] as const),
  );

  it('has operation-only fields to check (vouchers, packs, members at least)', () => {
    expect(moved.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'vouchers.state',
        'voucherPacks.issuedCount',
        'voucherPacks.state',
        'members.mobile',
      ]),
    );
  });

  it.each(moved)(
    'refuses a generic write of %s (code 2 naming it, or no generic write at all)',
    async (_, d, f) => {
      const who = d.access.UPDATE.includes('operator') ? 'op' : null;
      if (who === null) {
        // nobody updates it generically: the route itself refuses
        const res = await call('op', 'PATCH', baseOf(d), { ids: [1], data: { [f.name]: otherValue(f) } });
        expect(codeOf(res)).toEqual({ status: 403, code: 26237 });
        return;
      }
      const res = await call(who, 'PATCH', baseOf(d), { ids: [1], data: { [f.name]: otherValue(f) } });
      expect(res.json(), res.body).toMatchObject({
        code: 2,
        data: expect.arrayContaining([{ field: f.name, message: expect.any(String) }]),
      });
    },
  );

  it.each(DECLS.filter((d) => d.ledger).map((d) => [d.name, d] as const))(
    'keeps the ledger %s append-only for everybody',
    async (_, d) => {
      for (const [method, url, body] of [
        ['POST', baseOf(d), {}],
        ['PUT', `${baseOf(d)}/1`, {}],
        ['PATCH', baseOf(d), { ids: [1], data: {} }],
        ['DELETE', `${baseOf(d)}/1`, undefined],
        ['DELETE', `${baseOf(d)}?ids=[1]`, undefined],
      ] as const) {
        expect(codeOf(await call('op', method, url, body)), `${method} ${url}`).toEqual({
          status: 403,
          code: 26237,
        });
      }
    },
  );
});

describe('a merchant waiting for approval', () => {
  const writes = [
    ...DECLS.flatMap((d) => [
      ['POST', baseOf(d)],
      ['PUT', `${baseOf(d)}/1`],
      ['PATCH', baseOf(d)],
      ['DELETE', `${baseOf(d)}/1`],
      ['DELETE', `${baseOf(d)}?ids=[1]`],
      // (the server's own arrows, a job's, have no route)
      ...(d.actions ?? [])
        .filter((a) => a.roles.length > 0)
        .map((a) => ['POST', `${baseOf(d)}/1/${a.path ?? a.name}`]),
    ]),
    ...[...OPERATION_URLS].map((u) => ['POST', u.replace(':id', '1')]),
  ] as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string][];

  it('is refused every generic and operation write with 26204', async () => {
    expect(OPERATION_URLS.size).toBeGreaterThanOrEqual(5);
    for (const [method, url] of writes) {
      expect(
        codeOf(await call('pending', method, url, method === 'DELETE' ? undefined : {})),
        `${method} ${url}`,
      ).toEqual({
        status: 403,
        code: 26204,
      });
    }
  });

  it('still reads, and keeps their signup and profile open', async () => {
    expect(codeOf(await call('pending', 'GET', `${MAIN}/voucher-packs`))).toEqual({ status: 200, code: 0 });
    const [me] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'pending@example.test'));
    const id = me?.id ?? 0;
    const profile = await call('pending', 'PUT', `${MAIN}/user/${id}/info`, { name: 'Still waiting' });
    expect(codeOf(profile)).toEqual({ status: 200, code: 0 });
    // a signup with a missing body is the signup's own validation error, not the approval gate
    const signup = await call('pending', 'POST', `${MAIN}/organization/signup`, {});
    expect(signup.json().code).toBe(2);
  });
});
