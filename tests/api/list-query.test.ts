// The list query against a real database (PGlite, or PostgreSQL with DATABASE_URL): what the SQL
// pieces select, not how they look.
import { beforeAll, describe, expect, it } from 'vitest';
import { userListSpec } from '../../server/domains/users/users';
import { users } from '../../server/platform/db/schema';
import { parseListQuery, selectPageOrThrow } from '../../server/platform/list/query';
import type { ListSpec, RawListQuery } from '../../server/platform/list/types';
import { apiSuite } from './fixtures';
import { createUser } from './helpers';

const { t } = apiSuite();

const spec: ListSpec = {
  ...userListSpec,
  companyId: { column: users.companyId, type: 'number', filter: ['eq', 'in'], search: true, sort: true },
};

const select = async (raw: RawListQuery, noCount = false) => {
  const r = parseListQuery(raw, spec);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return selectPageOrThrow(t.db, users, r.value, noCount);
};
const emails = (rows: Record<string, unknown>[]) => rows.map((r) => r.email);

beforeAll(async () => {
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

  it('counts totals beside the page (also on a page past the end) and skips them under no-count', async () => {
    expect((await select({ size: '10' })).page).toEqual({
      number: 0,
      size: 10,
      totalPages: 3,
      totalElements: 26,
      cursor: expect.any(String),
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
    expect((await select({ size: '10' }, true)).page).toEqual({
      number: 0,
      size: 10,
      cursor: expect.any(String),
    });
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

describe('cursors (keyset pages)', () => {
  /** Every row by OFFSET pages, then by following each page's cursor: the same rows, same order. */
  const walk = async (sort: string, size: number) => {
    const byOffset: unknown[] = [];
    for (let page = 0; ; page++) {
      const { data } = await select({ page: String(page), size: String(size), sort, project: '["email"]' });
      byOffset.push(...emails(data));
      if (data.length < size) break;
    }
    const byCursor: unknown[] = [];
    let cursor: string | undefined;
    let totals = new Set<number | undefined>();
    for (let i = 0; i < 100; i++) {
      const { data, page } = await select({
        size: String(size),
        sort,
        project: '["email"]',
        ...(cursor ? { cursor } : {}),
      });
      byCursor.push(...emails(data));
      totals = totals.add(page.totalElements);
      // the sort key is read for the cursor but not returned when the projection leaves it out
      for (const row of data) expect(Object.keys(row).sort()).toEqual(['email', 'id']);
      cursor = page.cursor;
      if (!cursor) break;
    }
    return { byOffset, byCursor, totals };
  };

  it.each(['companyId,asc', 'companyId,desc', 'name,desc', 'id,desc'])(
    'follows %s through nulls and ties exactly as OFFSET pages do',
    async (sort) => {
      const { byOffset, byCursor, totals } = await walk(sort, 4);
      expect(byOffset).toHaveLength(26);
      expect(byCursor).toEqual(byOffset);
      // a cursor's page still counts the whole list
      expect([...totals]).toEqual([26]);
    },
  );

  it('gives no cursor on a last, short page', async () => {
    const { page } = await select({ size: '30' });
    expect(page.cursor).toBeUndefined();
  });

  it('refuses what is not a cursor of this order with code 2 naming cursor', async () => {
    const { page } = await select({ size: '5', sort: 'companyId,asc' });
    // garbage, a value list of the wrong length, and one of a three-key order sent to a two-key one
    for (const cursor of ['not-base64!', Buffer.from('["x",1,2]').toString('base64url'), page.cursor]) {
      const r = parseListQuery({ size: '5', cursor }, spec);
      expect(r).toEqual({
        ok: false,
        error: {
          name: 'PARAMETER_VALIDATION_FAILED',
          data: [{ field: 'cursor', message: 'is not a cursor of this list in this order' }],
        },
      });
    }
  });
});
