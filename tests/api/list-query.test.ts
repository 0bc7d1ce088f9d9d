// The list query against a real database (PGlite, or PostgreSQL with DATABASE_URL): what the SQL
// pieces select, not how they look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import {
  type ListSpec,
  parseListQuery,
  type RawListQuery,
  selectPageOrThrow,
} from '../../server/lib/list-query';
import { userListSpec } from '../../server/services/users';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;

const spec: ListSpec = {
  ...userListSpec,
  companyId: { column: users.companyId, type: 'number', filter: ['eq', 'in'], search: true },
};

const select = async (raw: RawListQuery, noCount = false) => {
  const r = parseListQuery(raw, spec);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return selectPageOrThrow(t.db, users, r.value, noCount);
};
const emails = (rows: Record<string, unknown>[]) => rows.map((r) => r.email);

beforeAll(async () => {
  t = await createTestApp();
  // 25 users sharing one name, so only the id tie-breaker orders them
  for (let i = 0; i < 25; i++) {
    await createUser(t.db, {
      email: `same${String(i).padStart(2, '0')}@example.test`,
      name: 'Same',
      companyId: i % 3 === 0 ? null : i,
    });
  }
  await createUser(t.db, { email: 'under_score@example.test', name: '100% real', companyId: 123 });
});

afterAll(async () => {
  await t.close();
});

describe('list query on the database', () => {
  it('pages disjointly through ties thanks to the id tie-breaker', async () => {
    const seen: unknown[] = [];
    for (let page = 0; page < 4; page++) {
      const { data } = await select({
        page: String(page),
        size: '7',
        sort: 'name,asc',
        project: '["email"]',
      });
      seen.push(...emails(data));
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
  });

  it('counts totals, infers them on a short page, and skips them under no-count', async () => {
    expect((await select({ size: '10' })).page).toEqual({
      number: 0,
      size: 10,
      totalPages: 3,
      totalElements: 26,
    });
    expect((await select({ page: '2', size: '10' })).page).toEqual({
      number: 2,
      size: 10,
      totalPages: 3,
      totalElements: 26,
    });
    expect((await select({ page: '9', size: '10' })).page).toEqual({
      number: 9,
      size: 10,
      totalPages: 3,
      totalElements: 26,
    });
    expect((await select({ size: '10' }, true)).page).toEqual({ number: 0, size: 10 });
  });

  it('matches % and _ literally in a search, and searches a number column as text', async () => {
    expect(emails((await select({ search: '{"name":"100%"}' })).data)).toEqual(['under_score@example.test']);
    expect(emails((await select({ search: '{"email":"e_s"}' })).data)).toEqual([]);
    expect(emails((await select({ search: '{"email":"r_s"}' })).data)).toEqual(['under_score@example.test']);
    // companyIds 2, 20, 22, 23 and 123 contain a 2 (12, 21 and 24 are null here)
    expect(emails((await select({ search: '{"companyId":"2"}', sort: 'email,asc' })).data)).toEqual([
      'same02@example.test',
      'same20@example.test',
      'same22@example.test',
      'same23@example.test',
      'under_score@example.test',
    ]);
  });

  it('handles eq null and in with null', async () => {
    const nulls = await select({ filter: '[{"field":"companyId","op":"eq","value":null}]' });
    expect(nulls.page.totalElements).toBe(9);
    const mixed = await select({ filter: '[{"field":"companyId","op":"in","value":[1,null]}]' });
    expect(mixed.page.totalElements).toBe(10);
  });

  it('runs a case-sensitive regex with the pattern bound', async () => {
    expect(
      (await select({ filter: '[{"field":"email","op":"regex","value":"^same0[0-4]@"}]' })).page
        .totalElements,
    ).toBe(5);
    expect(
      (await select({ filter: '[{"field":"email","op":"regex","value":"^SAME"}]' })).page.totalElements,
    ).toBe(0);
    expect(
      (await select({ filter: `[{"field":"name","op":"regex","value":"'; drop table users; --"}]` })).data,
    ).toEqual([]);
    expect((await select({})).page.totalElements).toBe(26);
  });
});
