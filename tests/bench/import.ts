// `npm run bench:import` (issue 27 item 3): a CSV import of 100,000 rows on PostgreSQL against its
// budget of a minute (docs/performance.md "Imports"). On a scratch database of its own it imports
//   members        100,000 rows (mobile, name): the dry run, then the job's run; then the same file
//                  again (every row "already imported")
//   voucherIssues  100,000 rows (mobile, pack, quantity 1) of one pack at 0.25 a voucher: the dry run,
//                  then the job's run
// through the service the route and the job call (server/domains/integrations/imports.ts; the HTTP body's parse
// is not in it), prints each time against the budget, then checks on the database that every count and
// the money are exact (the members standing, vouchers, their history and links, the pack's count, one
// ledger row per row, the balance equal to the last balance after) and exits 1 when one is not, or
// when a real run is over the budget. Nothing asserts a time in `npm test`; it never runs this.
//
//   BENCH_IMPORT_ROWS (default 100000)   DATABASE_URL (the PostgreSQL server; the scratch database is
//   created there and dropped)
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import {
  dryRunImport,
  importCaller,
  runImport,
  startImport,
} from '../../server/domains/integrations/imports';
import { creditWallet } from '../../server/domains/money/wallet';
import { createDb, migrate } from '../../server/platform/db/client';
import { brand, company, users, voucherPacks } from '../../server/platform/db/schema';
import { wireAllReactions } from '../../server/reactions';
import { admin, dbUrl } from './pg-admin';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BUDGET_MS = 60_000;
const PRICE_CENTS = 25n;
const FUND = '100000.00';

const timed = async <T>(label: string, fn: () => Promise<T>, budget = true): Promise<[T, number]> => {
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  const verdict = budget ? (ms <= BUDGET_MS ? 'PASS' : 'OVER') : '';
  console.log(
    `  ${label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(6)} s  ${budget ? `budget ${BUDGET_MS / 1000} s  ${verdict}` : ''}`,
  );
  return [value, ms];
};

const main = async () => {
  // the name is made here from hex digits only, never from input
  const name = `bench_import_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const handle = await createDb({ databaseUrl: dbUrl(name) });
  wireAllReactions();
  const failures: string[] = [];
  try {
    await migrate(handle.db);
    const { db } = handle;
    const one = async (q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    const [co] = await db
      .insert(company)
      .values({
        name: 'Bench',
        registrationNo: 'R-bench',
        contactEmail: 'bench@example.test',
        state: 'ACTIVE',
      } as never)
      .returning({ id: company.id });
    if (!co) throw new Error('no company');
    const [br] = await db
      .insert(brand)
      .values({ companyId: co.id, name: 'Bench Brand', state: 'ACTIVE' } as never)
      .returning({ id: brand.id });
    const [owner] = await db
      .insert(users)
      .values({
        email: 'owner@bench.test',
        name: 'Owner',
        type: 'MERCHANT',
        companyId: co.id,
        passwordHash: 'x',
        state: 'ENABLE',
        signupState: 'APPROVAL',
      } as never)
      .returning({ id: users.id });
    if (!br || !owner) throw new Error('no brand or user');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [pack] = await db
      .insert(voucherPacks)
      .values({
        companyId: co.id,
        brandId: br.id,
        title: 'Bench coffee',
        price: '0.25',
        voucherValue: '5.00',
        quantity: ROWS * 2,
        issueLimitPerMember: 5,
        validFrom: day(-2),
        validUntil: day(30),
        voucherValidityDays: 14,
        state: 'ACTIVE',
      } as never)
      .returning({ id: voucherPacks.id });
    if (!pack) throw new Error('no pack');
    await db.transaction((tx) => creditWallet(tx, co.id, FUND, { type: 'TOP_UP_TXN', reference: 'bench' }));
    const caller = await importCaller(db, owner.id, co.id, 'members');
    const mobile = (i: number) => `+658${String(i).padStart(7, '0')}`;
    const membersCsv = `mobile,name\n${Array.from({ length: ROWS }, (_, i) => `${mobile(i)},Member ${i}`).join('\n')}\n`;
    const vouchersCsv = `mobile,pack,quantity\n${Array.from({ length: ROWS }, (_, i) => `${mobile(i)},${pack.id},1`).join('\n')}\n`;

    console.log(
      `bench:import — ${ROWS} rows a file, PostgreSQL ${String((await one(sql`show server_version`)).server_version)}, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`,
    );
    const [dryM] = await timed('members: dry run', () =>
      dryRunImport(db, caller, { kind: 'members', csv: membersCsv }),
    );
    if (dryM.rows.some((r) => !r.ok)) failures.push('members dry run: a row failed');
    const [importM, msM] = await timed('members: import (the job)', async () => {
      const started = await startImport(db, caller, { kind: 'members', csv: membersCsv });
      await runImport(db, started.id);
      return started;
    });
    const [againM] = await timed('members: the same file again', async () => {
      const started = await startImport(db, caller, { kind: 'members', csv: membersCsv });
      await runImport(db, started.id);
      return started;
    });
    const vCaller = await importCaller(db, owner.id, co.id, 'voucherIssues');
    const [dryV] = await timed('voucherIssues: dry run', () =>
      dryRunImport(db, vCaller, { kind: 'voucherIssues', csv: vouchersCsv }),
    );
    if (dryV.rows.some((r) => !r.ok)) failures.push('vouchers dry run: a row failed');
    const [importV, msV] = await timed('voucherIssues: import (the job)', async () => {
      const started = await startImport(db, vCaller, { kind: 'voucherIssues', csv: vouchersCsv });
      await runImport(db, started.id);
      return started;
    });
    if (msM > BUDGET_MS) failures.push(`members import took ${(msM / 1000).toFixed(1)} s`);
    if (msV > BUDGET_MS) failures.push(`voucher import took ${(msV / 1000).toFixed(1)} s`);

    // ---- the checks: every count and the money exact
    const check = (label: string, got: unknown, want: unknown) => {
      const okay = String(got) === String(want);
      console.log(
        `  check ${label.padEnd(46)} ${String(got).padStart(12)}  ${okay ? 'PASS' : `FAIL (want ${want})`}`,
      );
      if (!okay) failures.push(`${label}: ${got} != ${want}`);
    };
    const n = (q: ReturnType<typeof sql>) => one(q).then((r) => Object.values(r)[0]);
    const progress = async (id: number) =>
      one(sql`select state, done, failed from imports where id = ${id}`).then(
        (r) => `${r.state} ${r.done}/${r.failed}`,
      );
    check('members import done/failed', await progress(importM.id), `DONE ${ROWS}/0`);
    check('second members import done/failed', await progress(againM.id), `DONE ${ROWS}/0`);
    check(
      'second import: rows "already imported"',
      await n(
        sql`select count(*) from import_rows where import_id = ${againM.id} and message = 'already imported'`,
      ),
      ROWS,
    );
    check(
      'members standing at the company',
      await n(sql`select count(*) from member_standing where company_id = ${co.id}`),
      ROWS,
    );
    check('members named', await n(sql`select count(*) from members where name like 'Member %'`), ROWS);
    check('voucher import done/failed', await progress(importV.id), `DONE ${ROWS}/0`);
    check(
      'vouchers issued',
      await n(sql`select count(*) from vouchers where voucher_pack_id = ${pack.id}`),
      ROWS,
    );
    check(
      'ISSUED history rows',
      await n(
        sql`select count(*) from voucher_history h join vouchers v on v.id = h.voucher_id where v.voucher_pack_id = ${pack.id} and h.action = 'ISSUED'`,
      ),
      ROWS,
    );
    check(
      'pocket links',
      await n(sql`select count(*) from pocket_links where kind = 'VOUCHER' and company_id = ${co.id}`),
      ROWS,
    );
    check(
      'pack issued_count',
      await n(sql`select issued_count from voucher_packs where id = ${pack.id}`),
      ROWS,
    );
    check(
      'ledger rows (VOUCHER_TXN)',
      await n(
        sql`select count(*) from wallet_transactions where company_id = ${co.id} and type = 'VOUCHER_TXN'`,
      ),
      ROWS,
    );
    const spent = PRICE_CENTS * BigInt(ROWS);
    const fundCents = BigInt(FUND.replace('.', ''));
    const left = fundCents - spent;
    const asMoney = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    check(
      'ledger sum (VOUCHER_TXN)',
      await n(
        sql`select sum(amount)::text from wallet_transactions where company_id = ${co.id} and type = 'VOUCHER_TXN'`,
      ),
      `-${asMoney(spent)}`,
    );
    check(
      'wallet balance',
      await n(sql`select balance::text from account where company_id = ${co.id}`),
      asMoney(left),
    );
    check(
      'last balance after = balance',
      await n(
        sql`select balance_after::text from wallet_transactions where company_id = ${co.id} order by id desc limit 1`,
      ),
      asMoney(left),
    );
    check(
      'members holding a voucher (standing)',
      await n(
        sql`select count(*) from member_standing where company_id = ${co.id} and available_vouchers = 1`,
      ),
      ROWS,
    );
  } finally {
    await handle.close();
    if (process.env.BENCH_IMPORT_KEEP) console.log(`kept ${name}`);
    else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  if (failures.length > 0) {
    console.log(`FAIL\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('all checks PASS');
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
