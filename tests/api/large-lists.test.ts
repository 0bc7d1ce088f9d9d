// The large-table rules of the lists (server/platform/list/query.ts `listLimits`): above the threshold an
// operator's unfiltered count is the planner's estimate, marked `page.totalEstimated`, while a
// tenant's and a filtered count stay exact; and a search or regex no index can answer is refused
// with code 2 before anything runs, so one request cannot hold the embedded database for long.
// The threshold is lowered to 1,000 rows here so that 3,000 generated rows are "large".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLimits } from '../../server/platform/list/page';
import { addOrg, addUser, apiSuite, MAIN } from './fixtures';
import { APP_TIMEOUT } from './helpers';

// a database of its own: the row estimates asserted here must not meet another file's statistics
const { t, tokens, call } = apiSuite({ freshDatabase: true });
const saved = { ...listLimits };
const LIST = `${MAIN}/stamps-transactions`;
const q = (params: Record<string, unknown>) =>
  `?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&')}`;

beforeAll(async () => {
  listLimits.largeTableRows = 1000;
  listLimits.estimateTtlMs = 0;
  const a = await addOrg(t, 'Large A');
  const b = await addOrg(t, 'Large B');
  await addUser(t, tokens, 'operator', { type: 'OPERATOR' });
  await addUser(t, tokens, 'merchant', { type: 'MERCHANT', companyId: b.companyId });
  await t.db.execute(sql`
    insert into stamps_transaction (company_id, brand_id, member_mobile, receipt_no, at)
    select case when g <= 2990 then ${a.companyId}::int else ${b.companyId}::int end,
           case when g <= 2990 then ${a.brandId}::int else ${b.brandId}::int end,
           '+659' || lpad(g::text, 7, '0'), 'R' || g, timestamptz '2026-01-01' - g * interval '1 minute'
    from generate_series(1, 3000) g`);
  await t.db.execute(sql`analyze stamps_transaction`);
}, APP_TIMEOUT);

afterAll(async () => {
  Object.assign(listLimits, saved);
});

describe('lists of a large table', () => {
  it("an operator's unfiltered count is the planner's estimate, marked as such", async () => {
    const res = await call('operator', 'GET', LIST);
    expect(res.statusCode, res.body).toBe(200);
    const { data, page } = res.json();
    expect(data).toHaveLength(20);
    expect(page.totalEstimated).toBe(true);
    expect(page.totalElements).toBeGreaterThan(1000);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 20));
  });

  it("a tenant's count and a filtered count are exact", async () => {
    const mine = (await call('merchant', 'GET', `${LIST}${q({ size: 5 })}`)).json();
    expect(mine.page).toMatchObject({ totalElements: 10, totalPages: 2 });
    expect(mine.page.totalEstimated).toBeUndefined();
    const filtered = (
      await call(
        'operator',
        'GET',
        `${LIST}${q({ filter: [{ field: 'receiptNo', op: 'eq', value: 'R7' }] })}`,
      )
    ).json();
    expect(filtered.page).toMatchObject({ totalElements: 1 });
    expect(filtered.page.totalEstimated).toBeUndefined();
  });

  it('a search too short for the trigram index is refused; three characters are answered', async () => {
    const short = await call('operator', 'GET', `${LIST}${q({ search: { receiptNo: 'R1' } })}`);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 2, data: [{ field: 'search.receiptNo' }] });
    const ok = await call('operator', 'GET', `${LIST}${q({ search: { receiptNo: '2999' } })}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.map((r: { receiptNo: string }) => r.receiptNo)).toEqual(['R2999']);
  });

  it('a regex without three literal letters or digits in a row is refused', async () => {
    const loose = await call(
      'operator',
      'GET',
      `${LIST}${q({ filter: [{ field: 'receiptNo', op: 'regex', value: '^R.[0-9]$' }] })}`,
    );
    expect(loose.statusCode).toBe(400);
    expect(loose.json()).toMatchObject({ code: 2, data: [{ field: 'filter[0].value' }] });
    const ok = await call(
      'operator',
      'GET',
      `${LIST}${q({ filter: [{ field: 'receiptNo', op: 'regex', value: '^R299[89]$' }] })}`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().page.totalElements).toBe(2);
  });

  it('an export refuses the same search, and exports what an index answers', async () => {
    const short = await call('operator', 'GET', `${LIST}/export${q({ search: { receiptNo: 'R1' } })}`);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 2, data: [{ field: 'search.receiptNo' }] });
    const ok = await call('operator', 'GET', `${LIST}/export${q({ search: { receiptNo: '2999' } })}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const lines = ok.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('R2999');
  });

  it('a small table answers the same short search', async () => {
    listLimits.largeTableRows = 1_000_000;
    try {
      const res = await call('operator', 'GET', `${LIST}${q({ search: { receiptNo: 'R1' } })}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
    } finally {
      listLimits.largeTableRows = 1000;
    }
  });
});
