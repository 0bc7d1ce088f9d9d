// Every list's first page has an index that answers it: for each declared table and each scope level
// a merchant may be limited to (company, brand, store), `where <scope> = $1 order by <default sort>,
// id limit 20` reads an index in order (no sort, no scan of the table), and so do an operator's
// unscoped first page, a tenant's count, each declared `eq` filter's first page and the soft-delete
// condition every list adds. Searchable texts have a trigram index that `ilike '%text%'` reads.
// Checked with EXPLAIN, sequential scans priced out so that the plan shows whether an index *can*
// serve the query whatever the table's size today (an empty table would otherwise always be
// scanned). Last, on generated rows with the planner left alone, the plans a large table gets.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { hasTrigramIndex, ownFields, storedChoice } from '../../server/platform/db/derive-tables';
import { scopeColumnsOf, scopeKey, snake, tableNameOf } from '../../server/platform/db/naming';
import { DERIVED_RESOURCES } from '../../server/resources/registry';
import { addOrg, apiSuite } from './fixtures';

// a database of its own: the plans asserted here must not meet another file's statistics
const { t } = apiSuite({ freshDatabase: true });

/** The plan of `query` as text lines; `priced` prices out what an index would avoid. */
const plan = async (
  query: string,
  priced: 'scan-and-sort' | 'scan' | 'none' = 'scan-and-sort',
): Promise<string> =>
  t.db.transaction(async (tx) => {
    // priced out, not forbidden: a plan that still shows one has no index to use instead
    if (priced !== 'none') await tx.execute(sql`set local enable_seqscan = off`);
    if (priced === 'scan-and-sort') {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
    }
    const res = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as
      | { rows: Record<string, string>[] }
      | Record<string, string>[];
    const rows = Array.isArray(res) ? res : res.rows;
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });

/** An SQL literal of a field's type, for an `eq` filter (built from the declaration alone). */
const literalOf = (f: FieldDeclaration): string => {
  switch (f.type) {
    case 'number':
    case 'money':
    case 'reference':
      return '1';
    case 'boolean':
      return 'true';
    case 'date':
    case 'datetime':
      return `'2026-01-01'`;
    case 'select': {
      const v = storedChoice(f, f.choices[0] ?? '');
      return typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`;
    }
    default:
      return `'x'`;
  }
};

/** What every list of `decl` adds by itself: rows not soft-deleted. */
const defaultFilter = (decl: ResourceDeclaration): string => {
  const soft = decl.softDelete;
  const f = soft && decl.fields.find((x) => x.name === soft.field);
  if (!soft || !f) return '';
  const v = storedChoice(f, soft.value);
  return `"${snake(soft.field)}" <> ${typeof v === 'number' ? v : `'${v}'`}`;
};

const where = (...parts: string[]) => {
  const kept = parts.filter((p) => p !== '');
  return kept.length > 0 ? `where ${kept.join(' and ')}` : '';
};

/** The queries of a declaration's lists: first pages per scope level, counts, eq filters. */
const listQueries = (decl: ResourceDeclaration): { who: string; query: string; sorted: boolean }[] => {
  // names from the declarations only, never from request text
  const table = `"${tableNameOf(decl)}"`;
  const sort = `"${snake(decl.defaultSort.field)}" ${decl.defaultSort.direction}`;
  const order = `order by ${sort}, "id" asc limit 20`;
  const soft = defaultFilter(decl);
  const keys = scopeColumnsOf(decl)
    .map((c) => scopeKey(decl, c))
    .filter((key) => key !== 'id');
  const out = [
    { who: 'operator first page', query: `select * from ${table} ${where(soft)} ${order}`, sorted: true },
  ];
  for (const key of keys) {
    const scope = `"${snake(key)}" = 1`;
    out.push({
      who: `${key} first page`,
      query: `select * from ${table} ${where(scope, soft)} ${order}`,
      sorted: true,
    });
    out.push({
      who: `${key} count`,
      query: `select count(*) from ${table} ${where(scope, soft)}`,
      sorted: false,
    });
  }
  for (const f of ownFields(decl)) {
    if (!f.filter?.includes('eq') || f.unique || f.name === decl.defaultSort.field) continue;
    const eq = `"${snake(f.name)}" = ${literalOf(f)}`;
    out.push({
      who: `filter ${f.name}`,
      query: `select * from ${table} ${where(eq, soft)} ${order}`,
      sorted: true,
    });
  }
  return out;
};

describe('list indexes', () => {
  it.each(DERIVED_RESOURCES.map((r) => [r.decl.name, r.decl] as const))(
    '%s: first pages, counts and filters read an index in the list order',
    async (_, decl) => {
      for (const { who, query, sorted } of listQueries(decl)) {
        const text = await plan(query);
        expect(text, `${decl.name} (${who}): ${text}`).toMatch(/Index Scan|Index Only Scan/);
        expect(text, `${decl.name} (${who}): ${text}`).not.toMatch(/Seq Scan/);
        if (sorted) expect(text, `${decl.name} (${who}): ${text}`).not.toMatch(/Sort/);
      }
      for (const f of ownFields(decl).filter(hasTrigramIndex)) {
        const query = `select * from "${tableNameOf(decl)}" where "${snake(f.name)}" ilike '%abc%'`;
        const text = await plan(query, 'scan');
        expect(text, `${decl.name} (search ${f.name}): ${text}`).toMatch(/Bitmap Index Scan on \S+_trgm_idx/);
      }
    },
  );

  it('on 20,000 generated rows the planner itself picks the indexes of a large ledger', async () => {
    const orgs = [await addOrg(t, 'Plan A'), await addOrg(t, 'Plan B')];
    for (const org of orgs) {
      await t.db.execute(sql`
        insert into stamps_transaction (company_id, brand_id, member_mobile, receipt_no, result, at)
        select ${org.companyId}::int, ${org.brandId}::int, '+659' || lpad(g::text, 7, '0'), 'R' || g,
               case when g % 10 = 0 then 'FAILED' else 'SUCCESS' end,
               timestamptz '2026-01-01' - g * interval '1 minute'
        from generate_series(1, 10000) g`);
    }
    await t.db.execute(sql`vacuum analyze stamps_transaction`);
    const company = orgs[0]?.companyId ?? 0;
    const order = 'order by "at" desc, "id" asc limit 20';
    const cases: [string, string, RegExp][] = [
      [
        'merchant first page',
        `select * from stamps_transaction where company_id = ${company} ${order}`,
        /Index Scan using stamps_transaction_company_id_at_list_idx/,
      ],
      [
        'tenant count',
        `select count(*) from stamps_transaction where company_id = ${company}`,
        /Index Only Scan|Index Scan|Bitmap Index Scan/,
      ],
      [
        'filter result',
        `select * from stamps_transaction where result = 'FAILED' ${order}`,
        /Index Scan using stamps_transaction_result_at_list_idx/,
      ],
      [
        'deep cursor page',
        `select * from stamps_transaction where at <= '2025-12-29' and (at < '2025-12-29' or (at = '2025-12-29' and id > 5)) ${order}`,
        /Index Scan (Backward )?using stamps_transaction_at_(list_)?idx/,
      ],
      [
        'search',
        `select * from stamps_transaction where receipt_no ilike '%12345%' ${order}`,
        /Bitmap Index Scan on stamps_transaction_receipt_no_trgm_idx/,
      ],
    ];
    for (const [what, query, expected] of cases) {
      const text = await plan(query, 'none');
      expect(text, `${what}: ${text}`).toMatch(expected);
      expect(text, `${what}: ${text}`).not.toMatch(/Seq Scan/);
    }
    // 20,000 rows written and analysed on the embedded database: about 3 s alone, 36 s inside a whole
    // `npm test` on a slow 2-core host (past the project's 30 s); the plans it checks do not change
  }, 120_000);
});
