// Every list's first page has an index that answers it: for each declared table and each scope level
// a merchant may be limited to (company, brand, store), `where <scope> = $1 order by <default sort>,
// id limit 20` reads an index in order (no sort, no scan of the table), and so does an operator's
// unscoped first page. Checked with EXPLAIN, sequential scans priced out so that the plan shows
// whether an index *can* serve the query whatever the table's size today (an empty test table would
// otherwise always be scanned).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../resources/types';
import { scopeColumnsOf, scopeKey, snake, tableNameOf } from '../../server/resources/naming';
import { DERIVED_RESOURCES } from '../../server/resources/registry';
import { APP_TIMEOUT, createTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, APP_TIMEOUT);

afterAll(async () => {
  await t?.close();
});

/** The plan of `query` as text lines. */
const plan = async (query: string): Promise<string> =>
  t.db.transaction(async (tx) => {
    // priced out, not forbidden: a plan that still shows one has no index to use instead
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const res = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as
      | { rows: Record<string, string>[] }
      | Record<string, string>[];
    const rows = Array.isArray(res) ? res : res.rows;
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });

/** The first-page queries of a declaration: one per scope level, and the operators' unscoped one. */
const firstPages = (decl: ResourceDeclaration): [string, string][] => {
  // names from the declarations only, never from request text
  const table = `"${tableNameOf(decl)}"`;
  const sort = `"${snake(decl.defaultSort.field)}" ${decl.defaultSort.direction}`;
  const order = `order by ${sort}, "id" asc limit 20`;
  const scoped = scopeColumnsOf(decl)
    .map((c) => scopeKey(decl, c))
    .filter((key) => key !== 'id')
    .map((key): [string, string] => [key, `select * from ${table} where "${snake(key)}" = 1 ${order}`]);
  return [...scoped, ['operator', `select * from ${table} ${order}`]];
};

describe('list indexes', () => {
  it.each(DERIVED_RESOURCES.map((r) => [r.decl.name, r.decl] as const))(
    "%s: each first page reads an index in the list's order",
    async (_, decl) => {
      for (const [who, query] of firstPages(decl)) {
        const text = await plan(query);
        expect(text, `${decl.name} (${who}): ${text}`).toMatch(/Index Scan|Index Only Scan/);
        expect(text, `${decl.name} (${who}): ${text}`).not.toMatch(/Seq Scan|Sort/);
      }
    },
  );
});
