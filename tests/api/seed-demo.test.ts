// The demo data set (scripts/seed-demo.ts) on a fresh test database: every derived table gets rows,
// every state a screen filters by appears, the rows of one company hang together, the merchants can
// sign in and see their own company's rows through the API, and a second run changes nothing. A table
// no hand-written step fills gets its declaration's demo rows or generated ones (seed-demo/generic.ts):
// those are written for every derived table here, in transactions that are rolled back.
import { count, eq, inArray, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVAL_STATES,
  DEVICE_LIFECYCLE,
  DEVICE_STATES,
  ORG_STATES,
  PUSH_NOTIFICATION_STATES,
  STAMP_CARD_STATE_VALUES,
  THREE_VALUE_STATES,
  TRANSACTION_RESULTS,
  VOUCHER_HISTORY_ACTIONS,
  VOUCHER_STATES,
} from '../../contract/enums';
import { BASE_PATHS } from '../../contract/http';
import { DEMO_MARKER_REGISTRATION_NO, type SeedResult, seedDemo } from '../../scripts/seed-demo';
import { GENERATED_ROWS } from '../../scripts/seed-demo/demo-rows';
import { seedGeneric } from '../../scripts/seed-demo/generic';
import { runSignalsJob } from '../../server/domains/stamping/signals';
import type { Db } from '../../server/platform/db/client';
import { tableNameOf } from '../../server/platform/db/naming';
import * as derived from '../../server/platform/db/schema/resources';
import { users } from '../../server/platform/db/schema/users';
import { DERIVED_RESOURCES } from '../../server/resources/registry';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, authHeader, login } from './helpers';

const PASSWORD = 'demo-password-42';
const NOW = new Date('2026-03-01T04:00:00.000Z');

type AnyTable = PgTable & Record<string, AnyPgColumn>;
const table = (name: string): AnyTable => {
  const t = (derived.derivedTables as Record<string, unknown>)[name];
  if (!t) throw new Error(`no derived table ${name}`);
  return t as AnyTable;
};
const col = (t: AnyTable, name: string): AnyPgColumn => {
  const c = t[name];
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const { t } = apiSuite();
let first: SeedResult;

/** `work` in a transaction that is rolled back: the seeded data set stays as it was. */
const rolledBack = async (work: (tx: Db) => Promise<void>): Promise<void> => {
  try {
    await t.db.transaction(async (tx) => {
      await work(tx as unknown as Db);
      tx.rollback();
    });
  } catch (e) {
    if (!(e instanceof TransactionRollbackError)) throw e;
  }
};

const rowCount = async (name: string, where?: SQL): Promise<number> => {
  const [row] = await t.db.select({ n: count() }).from(table(name)).where(where);
  return row?.n ?? 0;
};
const distinct = async (name: string, field: string): Promise<unknown[]> => {
  const rows = await t.db.selectDistinct({ v: col(table(name), field) }).from(table(name));
  return rows.map((r) => r.v).sort();
};
const sorted = (values: readonly unknown[]) => [...values].sort();

beforeAll(async () => {
  first = await seedDemo(t.db, { password: PASSWORD, now: NOW });
}, APP_TIMEOUT);

describe('npm run seed:demo', () => {
  it('writes rows into every derived table, by a hand-written step or from its declaration, and reports them', async () => {
    expect(first.skipped).toBe(false);
    expect(first.password).toBe(PASSWORD);
    for (const { decl } of DERIVED_RESOURCES) {
      const n = await rowCount(decl.name);
      expect({ table: decl.name, atLeastOne: n > 0 }).toEqual({ table: decl.name, atLeastOne: true });
      expect({ table: decl.name, reported: first.counts[decl.name] }).toEqual({
        table: decl.name,
        reported: n,
      });
      // a table no step fills: its demo rows when it declares some, else generated ones
      const from = first.generic[decl.name];
      if (from !== undefined)
        expect({ table: decl.name, from }).toEqual({
          table: decl.name,
          from: decl.demo ? 'demo' : 'generated',
        });
    }
  });

  it('can fill every derived table from its declaration alone, as if it were new', async () => {
    for (const r of DERIVED_RESOURCES) {
      await rolledBack(async (tx) => {
        // the table and what hangs under it emptied; what it points to stays
        await tx.execute(sql`truncate table ${sql.identifier(tableNameOf(r.decl))} cascade`);
        const counts: Record<string, number> = {};
        const filled = await seedGeneric({ tx, now: NOW, counts }, [r]);
        const [written] = await tx.select({ n: count() }).from(r.table);
        expect({
          table: r.decl.name,
          filled,
          rows: counts[r.decl.name],
          some: (written?.n ?? 0) > 0,
        }).toEqual({
          table: r.decl.name,
          filled: { [r.decl.name]: r.decl.demo ? 'demo' : 'generated' },
          rows: written?.n,
          some: true,
        });
      });
    }
  }, 120_000); // one rolled-back fill per declared table: on PostgreSQL beside the a11y walk it took over 30 s

  it('fills a table the hand-written steps leave empty, per demo company when scoped, and nothing else', async () => {
    await rolledBack(async (tx) => {
      // two tables nothing points at, as a new table would be: emptied, then filled again
      await tx.delete(derived.memberLevelHistory);
      await tx.delete(derived.signals);
      const counts: Record<string, number> = {};
      const filled = await seedGeneric({ tx, now: NOW, counts });
      expect(filled).toEqual({ memberLevelHistory: 'generated', signals: 'generated' });
      const companies = new Set((await tx.select().from(derived.memberLevelHistory)).map((r) => r.companyId));
      expect(counts.memberLevelHistory).toBe(companies.size * GENERATED_ROWS);
      expect(companies.size).toBeGreaterThanOrEqual(3);
      // a second pass finds nothing empty
      expect(await seedGeneric({ tx, now: NOW, counts: {} })).toEqual({});
    });
  });

  it('has several companies with brands and stores', async () => {
    const companies = await t.db.select().from(derived.company);
    expect(companies.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'Harbour Kopi Pte Ltd',
        'Glow Beauty Group Pte Ltd',
        'FitLab Holdings Sdn Bhd',
      ]),
    );
    expect(await rowCount('brand')).toBeGreaterThanOrEqual(4);
    expect(await rowCount('store')).toBeGreaterThanOrEqual(8);
    expect(await distinct('company', 'state')).toEqual(sorted(['ACTIVE', 'SUBMITTED']));
    expect(ORG_STATES).toContain('SUBMITTED');
  });

  it('shows every state a list filters by', async () => {
    expect(await distinct('vouchers', 'state')).toEqual(sorted(VOUCHER_STATES));
    expect(await distinct('voucherHistory', 'action')).toEqual(sorted(VOUCHER_HISTORY_ACTIONS));
    expect(await distinct('push', 'state')).toEqual(sorted(PUSH_NOTIFICATION_STATES));
    expect(await distinct('devices', 'lifecycle')).toEqual(sorted(DEVICE_LIFECYCLE));
    expect(await distinct('devices', 'state')).toEqual(sorted(DEVICE_STATES));
    expect(await distinct('merchantSignup', 'approval')).toEqual(sorted(APPROVAL_STATES));
    expect(await distinct('merchantSignup', 'requestKind')).toEqual(
      sorted(['MERCHANT_SIGNUP', 'ADD_BRAND', 'ADD_STORE']),
    );
    expect(await distinct('voucherPacks', 'state')).toEqual(sorted(THREE_VALUE_STATES));
    expect(await distinct('stampsTransaction', 'result')).toEqual(sorted(TRANSACTION_RESULTS));
    // stamping writes stamp card transactions; voucher and top-up ones come with the wallet
    expect(await distinct('stampsTransaction', 'type')).toEqual(['STAMP_CARD_TXN']);
    expect(await distinct('stampCard', 'state')).toEqual(sorted(['ACTIVE', 'DISABLED']));
    // the member card's numeric state is stored as its index: every one of them shows
    expect(await distinct('memberCards', 'state')).toEqual(sorted(Object.values(STAMP_CARD_STATE_VALUES)));
    expect(await distinct('store', 'state')).toEqual(sorted(['ACTIVE', 'DISABLED', 'SUBMITTED']));
    expect(await distinct('brand', 'state')).toEqual(sorted(['ACTIVE', 'SUBMITTED']));
    expect(await distinct('company', 'state')).toEqual(sorted(['ACTIVE', 'SUBMITTED']));
    expect(await distinct('bannerConfig', 'state')).toEqual(sorted(['ACTIVE', 'DISABLED']));
  });

  it('keeps each row inside one company: brand-scoped rows name a brand of their own company', async () => {
    const brand = table('brand');
    for (const { decl } of DERIVED_RESOURCES.filter((r) => r.decl.scope === 'brand')) {
      const t1 = table(decl.name);
      const [mismatch] = await t.db
        .select({ n: count() })
        .from(t1)
        .innerJoin(brand, eq(col(brand, 'id'), col(t1, 'brandId')))
        .where(sql`${col(brand, 'companyId')} <> ${col(t1, 'companyId')}`);
      expect({ table: decl.name, mismatched: mismatch?.n }).toEqual({ table: decl.name, mismatched: 0 });
    }
  });

  it('counts the vouchers issued from each pack and the cards of each programme, whose stamps are their movements', async () => {
    const packs = await t.db.select().from(derived.voucherPacks);
    for (const p of packs) {
      const [issued] = await t.db
        .select({ n: count() })
        .from(derived.vouchers)
        .where(eq(col(table('vouchers'), 'voucherPackId'), p.id as number));
      expect({ pack: p.title, issuedCount: p.issuedCount }).toEqual({
        pack: p.title,
        issuedCount: issued?.n,
      });
    }
    // every member card holds the stamps its movements add up to, never past its programme's
    const cards = await t.db.select().from(derived.memberCards);
    expect(cards.length).toBeGreaterThan(0);
    const moves = await t.db.select().from(derived.stampingHistory);
    const programmes = new Map((await t.db.select().from(derived.stampCard)).map((p) => [p.id, p]));
    for (const c of cards) {
      const sum = moves
        .filter((m) => m.memberCardId === c.id)
        .reduce((a, m) => a + (m.stampsDelta as number), 0);
      expect({ card: c.id, stamps: c.stamps }).toEqual({ card: c.id, stamps: sum });
      expect(c.stamps as number).toBeLessThanOrEqual(
        programmes.get(c.stampCardId as number)?.stampsRequired as number,
      );
    }
    for (const p of programmes.values()) {
      expect({ programme: p.title, issued: p.issuedCount }).toEqual({
        programme: p.title,
        issued: cards.filter((c) => c.stampCardId === p.id).length,
      });
    }
  });

  it("writes each wallet's ledger so that, read by date, every balance after is the one before plus the movement", async () => {
    const rows = await t.db.select().from(derived.walletTransactions);
    const accounts = await t.db.select().from(derived.account);
    const charged = accounts.filter((a) => rows.some((r) => r.accountId === a.id && Number(r.amount) < 0));
    expect(charged.length).toBeGreaterThan(0);
    for (const a of accounts) {
      const ledger = rows
        .filter((r) => r.accountId === a.id)
        .sort(
          (x, y) =>
            new Date(x.createTime as string | Date).getTime() -
              new Date(y.createTime as string | Date).getTime() || (x.id as number) - (y.id as number),
        );
      let balance = 0;
      const read = ledger.map((r) => {
        balance = Math.round((balance + Number(r.amount)) * 100) / 100;
        return { id: r.id, balanceAfter: Number(r.balanceAfter) };
      });
      let expected = 0;
      expect(read).toEqual(
        ledger.map((r) => {
          expected = Math.round((expected + Number(r.amount)) * 100) / 100;
          return { id: r.id, balanceAfter: expected };
        }),
      );
      // the newest movement's balance is the wallet's
      expect({ account: a.id, balance: Number(a.balance) }).toEqual({ account: a.id, balance });
    }
  });

  it('creates approved, enabled merchants for the companies and one waiting for approval', async () => {
    const merchants = await t.db.select().from(users).where(eq(users.type, 'MERCHANT'));
    const byEmail = new Map(merchants.map((u) => [u.email, u]));
    const [harbour] = await t.db
      .select()
      .from(derived.company)
      .where(eq(col(table('company'), 'registrationNo'), DEMO_MARKER_REGISTRATION_NO));
    expect(byEmail.get('owner@harbour-kopi.example')).toMatchObject({
      state: 'ENABLE',
      signupState: 'APPROVAL',
      companyId: harbour?.id,
      brandId: null,
    });
    expect(byEmail.get('manager@baobros.example')).toMatchObject({
      signupState: 'APPROVAL',
      companyId: harbour?.id,
    });
    expect(byEmail.get('manager@baobros.example')?.brandId).toEqual(expect.any(Number));
    expect(byEmail.get('owner@sunrise-bakery.example')).toMatchObject({
      state: 'ENABLE',
      signupState: 'SUBMITTED',
    });
    expect(first.users.map((u) => u.email)).toEqual(
      expect.arrayContaining(['operator@loyalty-demo.example', 'owner@harbour-kopi.example']),
    );
  });

  it('lets a demo merchant sign in and see only their own company through the API', async () => {
    const { accessToken, response } = await login(t.app, 'owner@harbour-kopi.example', PASSWORD);
    expect(response.statusCode).toBe(200);
    const [harbour] = await t.db
      .select()
      .from(derived.company)
      .where(eq(col(table('company'), 'registrationNo'), DEMO_MARKER_REGISTRATION_NO));
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE_PATHS.main}/vouchers?size=1000`,
      headers: authHeader(accessToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: { companyId: number }[] };
    expect(body.code).toBe(0);
    const [own] = await t.db
      .select({ n: count() })
      .from(derived.vouchers)
      .where(eq(col(table('vouchers'), 'companyId'), harbour?.id as number));
    expect(body.data.length).toBe(own?.n);
    expect(new Set(body.data.map((v) => v.companyId))).toEqual(new Set([harbour?.id]));
    expect(body.data.length).toBeLessThan(await rowCount('vouchers'));
  });

  it("lets a demo brand manager see only their brand's stamp transactions", async () => {
    const [manager] = await t.db.select().from(users).where(eq(users.email, 'manager@baobros.example'));
    const { accessToken } = await login(t.app, 'manager@baobros.example', PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE_PATHS.main}/stamps-transactions?size=1000`,
      headers: authHeader(accessToken),
    });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { data: { brandId: number }[] }).data;
    const [own] = await t.db
      .select({ n: count() })
      .from(table('stampsTransaction'))
      .where(eq(col(table('stampsTransaction'), 'brandId'), manager?.brandId as number));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe(own?.n);
    expect(new Set(rows.map((r) => r.brandId))).toEqual(new Set([manager?.brandId]));
  });

  it('moves the devices through their operations, and a printed secret signs its device in', async () => {
    // every move is an operation with its audit row: an ACTIVE device was registered, delivered, activated
    const audit = table('auditLog');
    const moves = await t.db
      .select({ action: col(audit, 'action'), n: count() })
      .from(audit)
      .where(eq(col(audit, 'resource'), 'devices'))
      .groupBy(col(audit, 'action'));
    const byAction = Object.fromEntries(moves.map((m) => [m.action, Number(m.n)]));
    const active = await rowCount('devices', sql`lifecycle = 'ACTIVE'`);
    expect(byAction.activate).toBeGreaterThanOrEqual(active);
    for (const action of ['register', 'registerFailed', 'deliver', 'spoil', 'deregister'])
      expect(byAction[action], action).toBeGreaterThan(0);

    expect(first.devices.length).toBeGreaterThanOrEqual(1);
    const [device] = first.devices;
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE_PATHS.main}/auth/device-token`,
      payload: { serialNo: device?.serialNo, secret: device?.secret },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ serialNo: device?.serialNo, lifecycle: 'ACTIVE' });
    expect(res.headers['x-access-token']).toBeTruthy();
  });

  it('sends its pushes through the job runner: each COMPLETED one has its deliveries, the FAILED one 7001', async () => {
    const pushes = (await t.db.select().from(table('push'))) as Record<string, unknown>[];
    const completed = pushes.filter((p) => p.state === 'COMPLETED');
    expect(completed.length).toBeGreaterThan(0);
    for (const p of completed) {
      const n = await rowCount('pushDeliveries', sql`push_id = ${p.id}`);
      expect(n).toBeGreaterThan(0);
      expect(p.sentCount).toBe(n);
    }
    const failed = pushes.filter((p) => p.state === 'FAILED');
    expect(failed.length).toBeGreaterThan(0);
    for (const p of failed) expect(String(p.failureReason)).toMatch(/^7001 /);
  });

  it('holds one real anomaly, which the fraud-signals job finds, and no false one', async () => {
    const raised = await t.db.select().from(derived.signals);
    expect(raised.map((r) => [r.kind, r.state, r.memberMobile !== null])).toEqual([
      ['MEMBER_TWO_STORES', 'OPEN', true],
    ]);
    const [signal] = raised;
    const [kopi] = await t.db
      .select()
      .from(derived.company)
      .where(eq(derived.company.registrationNo, DEMO_MARKER_REGISTRATION_NO));
    expect(signal).toMatchObject({ companyId: kopi?.id, figures: { minutesApart: 3 } });
    expect(signal?.summary).toMatch(
      /^Member \+65\d+ was stamped at Harbour Kopi Tanjong Pagar at 1 Mar, 10:00 and at Harbour Kopi Raffles Place 3 minutes later/,
    );
    const linked = await t.db
      .select()
      .from(derived.stampsTransaction)
      .where(inArray(derived.stampsTransaction.id, signal?.transactionIds as number[]));
    expect(linked.map((l) => [l.memberMobile, l.result])).toEqual([
      [signal?.memberMobile, 'SUCCESS'],
      [signal?.memberMobile, 'SUCCESS'],
    ]);
    // the server's first run reads the same 14 days: exactly that one, nothing new
    expect(await runSignalsJob(t.db, NOW)).toMatchObject({ found: 1, raised: 0 });
    // and a day later nothing else turns up either
    expect(await runSignalsJob(t.db, new Date(NOW.getTime() + 86_400_000))).toMatchObject({ raised: 0 });
  });

  it('changes nothing when run again', async () => {
    const before = Object.fromEntries(
      await Promise.all(
        DERIVED_RESOURCES.map(async (r) => [r.decl.name, await rowCount(r.decl.name)] as const),
      ),
    );
    const [{ n: usersBefore } = { n: 0 }] = await t.db.select({ n: count() }).from(users);
    const again = await seedDemo(t.db, { password: 'another-password-1' });
    expect(again).toEqual({ skipped: true, password: null, users: [], counts: {}, devices: [], generic: {} });
    const after = Object.fromEntries(
      await Promise.all(
        DERIVED_RESOURCES.map(async (r) => [r.decl.name, await rowCount(r.decl.name)] as const),
      ),
    );
    expect(after).toEqual(before);
    const [{ n: usersAfter } = { n: 0 }] = await t.db.select({ n: count() }).from(users);
    expect(usersAfter).toBe(usersBefore);
    // the first password still works: the users were not rewritten
    expect((await login(t.app, 'owner@glow-beauty.example', PASSWORD)).response.statusCode).toBe(200);
  });
});
