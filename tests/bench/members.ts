// `npx tsx tests/bench/members.ts`: the members area at 100,000 members of one company on PostgreSQL
// (issue 25). A database of its own (`bench_members_<n>`, kept and reused like tests/bench/generate.ts's)
// holds one company's members, each with a standing row (a level for 4 in 5, stamps and visits in the
// window, a last visit over the past year), a member card at one of its 6 stores (3 brands) and, for
// one in three, a voucher (half of them AVAILABLE), plus a second company's 20,000 members (half of
// them members of the first company too). Each case is the app's own service (GET /members's page,
// server/domains/members/list.ts memberPage, with its total; a segment's reach, member-query.ts
// segmentReachCount) through a drizzle pool, interleaved call by call with the same statements sent
// through node-postgres (the SQL floor). It prints p50/p95 and the list targets of docs/performance.md (p95 ≤ 20 ms and ≤ 1.5×
// the SQL floor). Not part of npm test; nothing asserts a time.
//   BENCH_MEMBERS (default 100,000)  BENCH_CALLS (default 100)  DATABASE_URL (a PostgreSQL server)
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { memberPage } from '../../server/domains/members/list';
import { segmentReachCount } from '../../server/domains/members/query';
import { createDb, type Db, migrate } from '../../server/platform/db/client';
import * as schema from '../../server/platform/db/schema';
import type { Caller } from '../../server/resources/principal';
import { interleaved, load, ms, type Stats } from './stats';

const N = Number(process.env.BENCH_MEMBERS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OTHER = 20_000;

const merchant: Caller = {
  kind: 'user',
  id: 1,
  email: 'bench.members@bench.test',
  type: 'MERCHANT',
  role: 'merchant',
  companyId: 1,
  brandId: null,
  storeId: null,
  subject: { type: 'MERCHANT', owner: true } as Caller['subject'],
};

/** The data, made with INSERT … SELECT generate_series (fixed text, sizes as parameters). */
const generate = async (c: pg.Client): Promise<void> => {
  const q = (text: string, params: unknown[] = []) => c.query(text, params);
  await q('set synchronous_commit = off');
  await q(
    'truncate member_standing, member_cards, vouchers, members, member_levels, stamp_card, store, brand, company restart identity cascade',
  );
  await q(`insert into company (name, registration_no, contact_email, state)
           values ('Bench Co', 'REG-1', 'a@bench.test', 'ACTIVE'), ('Other Co', 'REG-2', 'b@bench.test', 'ACTIVE')`);
  await q(`insert into brand (company_id, name) select 1, 'Brand ' || g from generate_series(1, 3) g`);
  await q(`insert into brand (company_id, name) values (2, 'Other brand')`);
  await q(`insert into store (company_id, brand_id, name, address)
           select 1, 1 + (g - 1) / 2, 'Store ' || g, 'Street ' || g from generate_series(1, 6) g`);
  await q(
    `insert into store (company_id, brand_id, name, address) values (2, 4, 'Other store', 'Elsewhere')`,
  );
  await q(`insert into stamp_card (company_id, brand_id, title, start_date, end_date)
           select 1, g, 'Card ' || g, current_date - 400, current_date + 400 from generate_series(1, 3) g`);
  await q(`insert into stamp_card (company_id, brand_id, title, start_date, end_date)
           values (2, 4, 'Other card', current_date - 400, current_date + 400)`);
  await q(`insert into member_levels (company_id, name, rank, threshold)
           select 1, 'Level ' || g, g, g * 10 from generate_series(1, 4) g`);
  await q(`insert into member_levels (company_id, name, rank, threshold) values (2, 'Other level', 1, 10)`);
  // members of company 1: +6580000001 …; company 2's own members continue after them
  await q(
    `insert into members (mobile, name, create_time)
     select '+658' || lpad(g::text, 7, '0'), 'Member ' || g, now() - (g % 900) * interval '1 day'
     from generate_series(1, $1::int + $2::int) g`,
    [N, OTHER],
  );
  await q(
    `insert into member_standing (company_id, member_mobile, member_id, level_id, measure_value, stamps_in_window,
       visits_in_window, completed_cards_in_window, first_visit_at, last_visit_at)
     select 1, '+658' || lpad(g::text, 7, '0'), g, nullif(g % 5, 0), g % 40, g % 40, g % 15, g % 3,
            now() - (400 + g % 300) * interval '1 day', now() - (g % 365) * interval '1 day'
     from generate_series(1, $1::int) g`,
    [N],
  );
  await q(
    `insert into member_standing (company_id, member_mobile, member_id, level_id, stamps_in_window, visits_in_window, last_visit_at)
     select 2, '+658' || lpad(g::text, 7, '0'), g, 5, g % 20, g % 7, now() - (g % 200) * interval '1 day'
     from generate_series($1::int - $2::int / 2, $1::int + $2::int / 2) g`,
    [N, OTHER],
  );
  await q(
    `insert into member_cards (company_id, brand_id, store_id, stamp_card_id, member_mobile, stamps, code,
       stamps_required, max_stamps_per_transaction)
     select 1, 1 + (g % 6) / 2, 1 + g % 6, 1 + (g % 6) / 2, '+658' || lpad(g::text, 7, '0'), g % 10, 'A' || g, 10, 5
     from generate_series(1, $1::int) g`,
    [N],
  );
  await q(
    `insert into member_cards (company_id, brand_id, store_id, stamp_card_id, member_mobile, stamps, code,
       stamps_required, max_stamps_per_transaction)
     select 2, 4, 7, 4, '+658' || lpad(g::text, 7, '0'), g % 10, 'B' || g, 10, 5
     from generate_series($1::int - $2::int / 2, $1::int + $2::int / 2) g`,
    [N, OTHER],
  );
  await q(
    `insert into vouchers (company_id, brand_id, code, title, value, valid_from, valid_until, member_mobile, state)
     select 1, 1 + (g % 6) / 2, 'V' || g, 'Coffee', 5, current_date - 30, current_date + 60,
            '+658' || lpad(g::text, 7, '0'), case when g % 2 = 0 then 'AVAILABLE' else 'REDEEMED' end
     from generate_series(1, $1::int, 3) g`,
    [N],
  );
  // what the operations keep beside the activity: the vouchers held, the brands held, the stores
  await q(`update member_standing s set available_vouchers = x.n
      from (select company_id, member_mobile, count(*) as n from vouchers where state = 'AVAILABLE' group by 1, 2) x
      where x.company_id = s.company_id and x.member_mobile = s.member_mobile`);
  await q(`update member_standing s set brand_ids = x.b
      from (select company_id, member_mobile, array_agg(distinct brand_id order by brand_id) as b from (
        select company_id, member_mobile, brand_id from member_cards
        union all select company_id, member_mobile, brand_id from vouchers) u group by 1, 2) x
      where x.company_id = s.company_id and x.member_mobile = s.member_mobile`);
  await q(`update member_standing s set store_ids = x.st
      from (select company_id, member_mobile, array_agg(distinct store_id order by store_id) as st
        from member_cards group by 1, 2) x
      where x.company_id = s.company_id and x.member_mobile = s.member_mobile`);
  await q('vacuum (analyze) members, member_standing, member_cards, vouchers');
};

const ensureData = async (): Promise<{ url: string; reused: boolean; seconds: number }> => {
  const name = `bench_members_v3_${Math.floor(N)}`;
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const t0 = performance.now();
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = await createDb({ databaseUrl: url.toString() });
  await migrate(handle.db);
  await handle.close();
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query('create table if not exists bench_members_meta (n int primary key)');
    const done = await c.query('select 1 from bench_members_meta where n = $1', [N]);
    if (done.rowCount === 0) {
      await generate(c);
      await c.query('insert into bench_members_meta values ($1)', [N]);
      return { url: url.toString(), reused: false, seconds: (performance.now() - t0) / 1000 };
    }
    await c.query('vacuum (analyze) members, member_standing, member_cards, vouchers');
    return { url: url.toString(), reused: true, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await c.end();
  }
};

interface Case {
  name: string;
  /** the app's call, through its own service and a drizzle pool */
  app: () => Promise<unknown>;
  /** the same statements' text and parameters, sent through node-postgres */
  floor: () => Promise<unknown>;
}

const main = async () => {
  const data = await ensureData();
  console.log(
    `data: ${N.toLocaleString('en')} members of one company (+${OTHER.toLocaleString('en')} of another) ${data.reused ? 'reused' : 'generated'} in ${data.seconds.toFixed(1)} s`,
  );
  // the app's statements through its own services, each call's statements captured (the floor replays them)
  const pool = new pg.Pool({ connectionString: data.url, max: 4 });
  let captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzlePg({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const floor = new pg.Pool({ connectionString: data.url, max: 2 });
  /** A case: the app's call, and the statements one call sends (replayed in order for the floor). */
  const make = async (name: string, app: () => Promise<unknown>): Promise<Case> => {
    captured = [];
    await app();
    // a date as the text drizzle sends (node-postgres would send a Date in its own form)
    const statements = captured.map((st) => ({
      sql: st.sql,
      params: st.params.map((v) => (v instanceof Date ? v.toISOString() : v)),
    }));
    return {
      name,
      app,
      floor: async () => {
        for (const st of statements) await floor.query(st.sql, st.params);
      },
    };
  };
  /** GET /members's first page for the company's owner: rows and total in one statement. */
  const firstPage = (filter: unknown[]) =>
    make(
      filter.length
        ? `GET /members, ${JSON.stringify(filter)}`
        : 'GET /members, default sort (highest level)',
      () =>
        memberPage(
          db,
          merchant,
          { page: '0', size: '20', ...(filter.length ? { filter: JSON.stringify(filter) } : {}) },
          false,
        ),
    );
  const reach = (filter: unknown[]) =>
    make(`segment reach, ${JSON.stringify(filter)}`, () => segmentReachCount(db, 1, filter));

  const cases: Case[] = [
    await firstPage([]),
    await firstPage([{ field: 'levelId', op: 'eq', value: 2 }]),
    await firstPage([{ field: 'stampsInWindow', op: 'gte', value: 30 }]),
    await firstPage([{ field: 'hasAvailableVoucher', op: 'eq', value: true }]),
    await firstPage([{ field: 'brandId', op: 'eq', value: 2 }]),
    await reach([]),
    await reach([{ field: 'levelId', op: 'eq', value: 2 }]),
    await reach([
      { field: 'levelId', op: 'in', value: [3, 4] },
      { field: 'stampsInWindow', op: 'gte', value: 20 },
    ]),
    await reach([{ field: 'hasAvailableVoucher', op: 'eq', value: true }]),
    await reach([{ field: 'brandId', op: 'eq', value: 2 }]),
    await reach([{ field: 'storeId', op: 'in', value: [1, 2] }]),
    await reach([
      { field: 'lastVisitAt', op: 'gte', value: new Date(Date.now() - 30 * 86_400_000).toISOString() },
    ]),
  ];

  const rows: { name: string; floor?: Stats | undefined; app?: Stats | undefined }[] = [];
  for (const c of cases) {
    const figures = await interleaved(CALLS, {
      floor: () => c.floor(),
      app: () => c.app(),
    });
    rows.push({ name: c.name, floor: figures.floor, app: figures.app });
    console.log(
      `${c.name.padEnd(110)} floor p50 ${ms(figures.floor?.p50 ?? 0)} p95 ${ms(figures.floor?.p95 ?? 0)}   app p50 ${ms(figures.app?.p50 ?? 0)} p95 ${ms(figures.app?.p95 ?? 0)}  load ${load()}`,
    );
  }
  console.log('\ntargets (docs/performance.md: p95 ≤ 20 ms and ≤ 1.5× the SQL floor):');
  for (const r of rows) {
    const p95 = r.app?.p95 ?? Number.NaN;
    const fl = r.floor?.p95 ?? Number.NaN;
    const met = p95 <= 20 && p95 <= 1.5 * fl;
    console.log(
      `  ${met ? 'MET    ' : 'NOT MET'}  ${r.name}: p95 ${p95.toFixed(2)} ms, ${(p95 / fl).toFixed(2)}× floor (${fl.toFixed(2)} ms)`,
    );
  }
  await floor.end();
  await pool.end();
};

await main();
