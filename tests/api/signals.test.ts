// Fraud signals (issue 24 item 6): each rule of the job fires on a crafted stamping ledger and stays
// quiet on normal traffic; the job is idempotent; the list and show are the caller's company's only;
// resolving takes a note, once, and is audited; the dashboard counts the open ones; the stamping and
// void operations record the staff account and device the rules weigh.

import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskMobile } from '../../contract/members';
import { detectSignals } from '../../server/domains/stamping/detect-signals';
import { isOpenAt, localTime, parseOpeningHours } from '../../server/domains/stamping/opening-hours';
import { type RaisedSignal, SIGNAL_RULES } from '../../server/domains/stamping/signal-rules';
import { runSignalsJob } from '../../server/domains/stamping/signals';
import {
  auditLog,
  devices,
  signals,
  stampsTransaction,
  store,
  userPermissions,
  users,
} from '../../server/platform/db/schema';
import {
  addAcmeAndOther,
  addColleague,
  addOrg,
  addStore,
  apiSuite,
  MAIN,
  type Org,
  signIn,
} from './fixtures';
import { APP_TIMEOUT, codeOf, createUser, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Wednesday 18 Nov 2026, 16:00 UTC = Thursday 00:00 in Singapore (the companies' zone) */
const NOW = new Date('2026-11-18T16:00:00.000Z');
const SINCE = new Date(NOW.getTime() - 2 * DAY);
/** 14:00 Singapore time on Wednesday 18 Nov */
const WED_2PM_SGT = new Date('2026-11-18T06:00:00.000Z');

let receipt = 0;
interface TxnInput {
  at: Date;
  storeId?: number;
  memberMobile?: string;
  stamps?: number;
  result?: 'SUCCESS' | 'FAILED' | 'VOIDED';
  deviceId?: number | null;
  staffId?: number | null;
  voidedBy?: number | null;
  voidDeviceId?: number | null;
  voidedAt?: Date | null;
}

/** Writes ledger rows of `org` directly (the rules read the ledger, whoever wrote it). */
const ledger = async (org: Org, rows: readonly TxnInput[]): Promise<number[]> => {
  if (rows.length === 0) return [];
  const inserted = await t.db
    .insert(stampsTransaction)
    .values(
      rows.map((r) => ({
        companyId: org.companyId,
        brandId: org.brandId,
        storeId: r.storeId ?? org.storeId,
        memberMobile: r.memberMobile ?? '+6590000001',
        type: 'STAMP_CARD_TXN' as const,
        result: r.result ?? 'SUCCESS',
        stamps: r.stamps ?? 1,
        receiptNo: `T${++receipt}`,
        deviceId: r.deviceId ?? null,
        staffId: r.staffId ?? null,
        voidedBy: r.voidedBy ?? null,
        voidDeviceId: r.voidDeviceId ?? null,
        voidedAt: r.voidedAt ?? null,
        at: r.at,
      })) as never,
    )
    .returning({ id: stampsTransaction.id });
  return inserted.map((r) => r.id);
};

const signalsOf = async (org: Org): Promise<RaisedSignal[]> =>
  (await detectSignals(t.db, SINCE, NOW)).filter((s) => s.companyId === org.companyId);

let orgSeq = 0;
const freshOrg = () => addOrg(t, `Shop${++orgSeq}`);

const addDevice = async (org: Org, serialNo: string, storeId = org.storeId) => {
  const [row] = await t.db
    .insert(devices)
    .values({ serialNo, companyId: org.companyId, storeId } as never)
    .returning({ id: devices.id });
  if (!row) throw new Error('no device');
  return row.id;
};

const addStaff = async (org: Org, email: string) =>
  (await createUser(t.db, { email, type: 'MERCHANT', companyId: org.companyId, signupState: 'APPROVAL' })).id;

let acme: Org;
let other: Org;

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
  // colleagues of Acme: one may only read signals, one may resolve them
  for (const [who, actions] of [
    ['reader', ['VIEW']],
    ['resolver', ['VIEW', 'UPDATE']],
  ] as const) {
    const email = `${who}@example.test`;
    const row = await addColleague(t, email, acme.companyId);
    await t.db
      .insert(userPermissions)
      .values(actions.map((action) => ({ userId: row.id, resource: 'signal', action })));
    await signIn(t, tokens, who, email);
  }
}, APP_TIMEOUT);

describe('opening hours', () => {
  it('reads the forms the store form suggests and refuses free text', () => {
    const spans = parseOpeningHours('Mon-Fri 09:00-21:00, Sat-Sun 10:00-22:00');
    expect(spans?.map((s) => [[...s.days].sort(), s.open, s.close])).toEqual([
      [[0, 1, 2, 3, 4], 540, 1260],
      [[5, 6], 600, 1320],
    ]);
    expect(parseOpeningHours('Daily 10:00-22:00')?.[0]?.days.size).toBe(7);
    expect([...(parseOpeningHours('Mon,Wed 08:00-12:00')?.[0]?.days ?? [])].sort()).toEqual([0, 2]);
    expect(parseOpeningHours('By appointment')).toBeNull();
    expect(parseOpeningHours('Mon-Fri 09:00-21:00, ring the bell')).toBeNull();
    expect(parseOpeningHours('')).toBeNull();
  });

  it('tells open from closed, past midnight and within the grace', () => {
    const late = parseOpeningHours('Fri 18:00-02:00') ?? [];
    expect(isOpenAt(late, 4, 23 * 60)).toBe(true); // Friday 23:00
    expect(isOpenAt(late, 5, 60)).toBe(true); // Saturday 01:00
    expect(isOpenAt(late, 5, 3 * 60)).toBe(false);
    const day = parseOpeningHours('Mon-Fri 09:00-18:00') ?? [];
    expect(isOpenAt(day, 2, 18 * 60 + 10, 15)).toBe(true);
    expect(isOpenAt(day, 2, 18 * 60 + 30, 15)).toBe(false);
    expect(localTime(WED_2PM_SGT, 'Asia/Singapore')).toEqual({ weekday: 2, minutes: 840, day: '2026-11-18' });
  });
});

describe('(a) a store stamping far above its own norm', () => {
  it('fires on an hour above 5 × its median and the floor, not on a busy store at its usual pace', async () => {
    const spiky = await freshOrg();
    const busy = await freshOrg();
    const normal: TxnInput[] = [];
    const busyRows: TxnInput[] = [];
    // 14 days of 09:00-17:00 UTC: the spiky store 3 stamps an hour, the busy one 30
    for (let d = 1; d <= 14; d++) {
      for (let h = 0; h < 8; h++) {
        const at = new Date(NOW.getTime() - d * DAY - 7 * HOUR + h * HOUR);
        normal.push({ at, stamps: 3 });
        busyRows.push({ at, stamps: 30 });
      }
    }
    await ledger(spiky, normal);
    await ledger(busy, busyRows);
    // the last complete hour: 25 stampings of 2 stamps (50 > max(5 × 3, 20)); the busy store 35 (< 150)
    const spikeHour = new Date(NOW.getTime() - HOUR);
    const spikeIds = await ledger(
      spiky,
      Array.from({ length: 25 }, (_, i) => ({ at: new Date(spikeHour.getTime() + i * MIN), stamps: 2 })),
    );
    await ledger(busy, [{ at: spikeHour, stamps: 35 }]);
    // the hour under way is not judged yet
    await ledger(spiky, [{ at: new Date(NOW.getTime() + 5 * MIN), stamps: 90 }]);

    const found = await signalsOf(spiky);
    expect(found.map((s) => s.kind)).toEqual(['STORE_RATE_SPIKE']);
    const [spike] = found;
    expect(spike).toMatchObject({
      storeId: spiky.storeId,
      windowStart: spikeHour,
      windowEnd: NOW,
      figures: { stamps: 50, medianPerHour: 3, threshold: 20 },
      transactionIds: spikeIds,
    });
    expect(spike?.summary).toBe(
      'Shop1 Store gave 50 stamps in the hour from 18 Nov, 23:00, against a usual 3 per hour over the past 14 days (the limit was 20).',
    );
    expect(await signalsOf(busy)).toEqual([]);
  });

  it('a new store needs more than the floor of 20 stamps in an hour', async () => {
    const fresh = await freshOrg();
    await ledger(fresh, [{ at: new Date(NOW.getTime() - 2 * HOUR), stamps: SIGNAL_RULES.rateFloor }]);
    expect(await signalsOf(fresh)).toEqual([]);
    await ledger(fresh, [{ at: new Date(NOW.getTime() - 2 * HOUR), stamps: 1 }]);
    expect((await signalsOf(fresh)).map((s) => s.figures.stamps)).toEqual([21]);
  });
});

describe('(b) one member stamped at two stores minutes apart', () => {
  it('fires for two stores 3 minutes apart, not 25 minutes apart nor twice at one store', async () => {
    const org = await freshOrg();
    const second = await addStore(t, org.companyId, org.brandId, 'Second branch');
    const at = new Date(NOW.getTime() - 5 * HOUR);
    const ids = await ledger(org, [
      { at, memberMobile: '+6591000001' },
      { at: new Date(at.getTime() + 3 * MIN), memberMobile: '+6591000001', storeId: second },
      // normal: far apart in time, or the same store twice
      { at, memberMobile: '+6591000002' },
      { at: new Date(at.getTime() + 25 * MIN), memberMobile: '+6591000002', storeId: second },
      { at, memberMobile: '+6591000003' },
      { at: new Date(at.getTime() + 2 * MIN), memberMobile: '+6591000003' },
      // a refused stamping gave nothing
      { at, memberMobile: '+6591000004' },
      {
        at: new Date(at.getTime() + 2 * MIN),
        memberMobile: '+6591000004',
        storeId: second,
        result: 'FAILED',
      },
    ]);
    const found = await signalsOf(org);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      kind: 'MEMBER_TWO_STORES',
      memberMobile: '+6591000001',
      storeId: second,
      figures: { minutesApart: 3, firstStoreId: org.storeId, secondStoreId: second },
      transactionIds: [ids[0], ids[1]],
    });
    expect(found[0]?.summary).toBe(
      `Member +6591000001 was stamped at Shop${orgSeq} Store at 18 Nov, 19:00 and at Second branch 3 minutes later: one card cannot be in two stores that fast.`,
    );
  });

  it('does not pair stampings of two companies', async () => {
    const a = await freshOrg();
    const b = await freshOrg();
    const at = new Date(NOW.getTime() - 6 * HOUR);
    await ledger(a, [{ at, memberMobile: '+6591000009' }]);
    await ledger(b, [{ at: new Date(at.getTime() + MIN), memberMobile: '+6591000009' }]);
    expect([...(await signalsOf(a)), ...(await signalsOf(b))]).toEqual([]);
  });
});

describe('(c) voids clustering on one staff account or device', () => {
  it('fires for 6 voids out of 10 by one staff account and 5 of 6 by one device, not for the others', async () => {
    const org = await freshOrg();
    const sloppy = await addStaff(org, 'sloppy@example.test');
    const careful = await addStaff(org, 'careful@example.test');
    const few = await addStaff(org, 'few@example.test');
    const device = await addDevice(org, 'SIG-C-1');
    const day = new Date(NOW.getTime() - 10 * HOUR); // 14:00 Singapore time on the 18th
    const at = (i: number) => new Date(day.getTime() + i * MIN);
    const voided = (i: number, by: Partial<TxnInput>): TxnInput => ({
      at: at(i),
      result: 'VOIDED',
      voidedAt: at(i + 1),
      ...by,
    });
    const sloppyVoids = await ledger(
      org,
      Array.from({ length: 6 }, (_, i) => voided(i, { staffId: sloppy, voidedBy: sloppy })),
    );
    await ledger(
      org,
      Array.from({ length: 4 }, (_, i) => ({ at: at(10 + i), staffId: sloppy })),
    );
    // careful: 5 voids among 40 stampings (12.5%); few: 4 voids of 4 (under 5)
    await ledger(org, [
      ...Array.from({ length: 5 }, (_, i) => voided(20 + i, { staffId: careful, voidedBy: careful })),
      ...Array.from({ length: 35 }, (_, i) => ({ at: at(30 + i), staffId: careful })),
      ...Array.from({ length: 4 }, (_, i) => voided(70 + i, { staffId: few, voidedBy: few })),
    ]);
    const deviceVoids = await ledger(
      org,
      Array.from({ length: 5 }, (_, i) => voided(80 + i, { deviceId: device, voidDeviceId: device })),
    );
    await ledger(org, [{ at: at(90), deviceId: device }]);

    const found = (await signalsOf(org)).filter((s) => s.kind === 'VOID_CLUSTER');
    expect(found.map((s) => [s.staffId ?? null, s.deviceId ?? null, s.figures])).toEqual([
      [sloppy, null, { voids: 6, handled: 10, sharePercent: 60, day: '2026-11-18' }],
      [null, device, { voids: 5, handled: 6, sharePercent: 83, day: '2026-11-18' }],
    ]);
    expect(found[0]?.transactionIds).toEqual(sloppyVoids);
    expect(found[1]?.transactionIds).toEqual(deviceVoids);
    expect(found[0]?.summary).toBe(
      'The staff account sloppy@example.test voided 6 stampings on 2026-11-18, 60% of the 10 transactions it handled that day (signals from 5 voids and over 30%).',
    );
    // the window is the day in Singapore: 18 Nov 00:00 to 19 Nov 00:00 (UTC+8)
    expect(found[0]?.windowStart.toISOString()).toBe('2026-11-17T16:00:00.000Z');
    expect(found[0]?.windowEnd.toISOString()).toBe('2026-11-18T16:00:00.000Z');
  });
});

describe('(d) a device stamping outside its store hours', () => {
  it('fires for a stamping at 23:30 at a store open 09:00-18:00, not within hours, the grace, or at a store without hours', async () => {
    const org = await freshOrg();
    await t.db.update(store).set({ openingHours: 'Mon-Fri 09:00-18:00' }).where(eq(store.id, org.storeId));
    const noHours = await addStore(t, org.companyId, org.brandId, 'Night kiosk');
    const device = await addDevice(org, 'SIG-D-1');
    const kiosk = await addDevice(org, 'SIG-D-2', noHours);
    const sgt = (hhmm: string) => new Date(`2026-11-18T${hhmm}:00+08:00`);
    const ids = await ledger(org, [
      { at: sgt('14:00'), deviceId: device },
      { at: sgt('18:10'), deviceId: device },
      { at: sgt('23:30'), deviceId: device, memberMobile: '+6591000020' },
      // staff at the till (no device) and a store without hours are not judged
      { at: sgt('23:40') },
      { at: sgt('03:00'), deviceId: kiosk, storeId: noHours },
    ]);
    const found = (await signalsOf(org)).filter((s) => s.kind === 'OUTSIDE_HOURS');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      storeId: org.storeId,
      deviceId: device,
      transactionIds: [ids[2]],
      figures: { stampings: 1, openingHours: 'Mon-Fri 09:00-18:00', day: '2026-11-18' },
    });
    expect(found[0]?.summary).toBe(
      `The device SIG-D-1 at Shop${orgSeq} Store stamped 1 time outside the store's hours (Mon-Fri 09:00-18:00) on 2026-11-18, first at 18 Nov, 23:30.`,
    );
  });
});

describe('the job, the list and resolving', () => {
  let acmeSignal: number;
  let otherSignal: number;

  beforeAll(async () => {
    const second = await addStore(t, acme.companyId, acme.brandId, 'Acme Harbourfront');
    const otherSecond = await addStore(t, other.companyId, other.brandId, 'Other Two');
    const at = new Date(NOW.getTime() - 3 * HOUR);
    await ledger(acme, [
      { at, memberMobile: '+6593000001' },
      { at: new Date(at.getTime() + 4 * MIN), memberMobile: '+6593000001', storeId: second },
      { at, memberMobile: '+6593000002' },
      { at: new Date(at.getTime() + 5 * MIN), memberMobile: '+6593000002', storeId: second },
    ]);
    await ledger(other, [
      { at, memberMobile: '+6593000003' },
      { at: new Date(at.getTime() + 1 * MIN), memberMobile: '+6593000003', storeId: otherSecond },
    ]);
  }, APP_TIMEOUT);

  it('stores each signal once: a second run raises nothing and duplicates nothing', async () => {
    const first = await runSignalsJob(t.db, NOW);
    expect(first.raised).toBeGreaterThan(0);
    expect(first.raised).toBe(first.found);
    const [before] = await t.db.select({ n: count() }).from(signals);
    const again = await runSignalsJob(t.db, NOW);
    expect(again).toMatchObject({ found: first.found, raised: 0 });
    const [after] = await t.db.select({ n: count() }).from(signals);
    expect(after?.n).toBe(before?.n);
    const rows = await t.db
      .select()
      .from(signals)
      .where(eq(signals.companyId, acme.companyId))
      .orderBy(asc(signals.id));
    expect(rows.map((r) => [r.kind, r.state, r.memberMobile])).toEqual([
      ['MEMBER_TWO_STORES', 'OPEN', '+6593000001'],
      ['MEMBER_TWO_STORES', 'OPEN', '+6593000002'],
    ]);
    acmeSignal = rows[0]?.id ?? 0;
    const [o] = await t.db.select().from(signals).where(eq(signals.companyId, other.companyId));
    otherSignal = o?.id ?? 0;
    // raising is audited, the system as its actor
    const [raised] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'signals'), eq(auditLog.recordId, String(acmeSignal))));
    expect(raised).toMatchObject({ action: 'raise', actorId: null, companyId: acme.companyId });
  });

  it('lists a merchant their own company’s signals only, an operator every one', async () => {
    const mine = dataOf(await call('owner', 'GET', `${MAIN}/signals`)) as { id: number; companyId: number }[];
    expect(mine.map((s) => s.companyId)).toEqual([acme.companyId, acme.companyId]);
    expect(codeOf(await call('stranger', 'GET', `${MAIN}/signals/${acmeSignal}`))).toEqual({
      status: 404,
      code: 5,
    });
    const shown = dataOf(await call('reader', 'GET', `${MAIN}/signals/${acmeSignal}`)) as Record<
      string,
      unknown
    >;
    // the reader may not view members: the member's mobile is masked, in the summary too (issue 25)
    expect(shown).toMatchObject({
      kind: 'MEMBER_TWO_STORES',
      state: 'OPEN',
      memberMobile: maskMobile('+6593000001'),
    });
    expect(String(shown.summary)).toContain(`Member ${maskMobile('+6593000001')} was stamped`);
    expect(String(shown.summary)).not.toContain('+6593000001');
    expect(shown.transactionIds).toHaveLength(2);
    const all = dataOf(await call('op', 'GET', `${MAIN}/signals?size=100`)) as { companyId: number }[];
    expect(all.some((s) => s.companyId === other.companyId)).toBe(true);
    expect(all.some((s) => s.companyId === acme.companyId)).toBe(true);
    // nobody writes a signal through the generic routes
    expect(codeOf(await call('op', 'PUT', `${MAIN}/signals/${acmeSignal}`, { summary: 'x' })).code).toBe(
      26237,
    );
    expect(codeOf(await call('owner', 'POST', `${MAIN}/signals`, { summary: 'x' })).code).toBe(26237);
  });

  it('counts the open signals in "Waiting for you"', async () => {
    const mine = dataOf(await call('owner', 'GET', `${MAIN}/dashboard`)) as {
      waiting: { openSignals: number | null };
    };
    expect(mine.waiting.openSignals).toBe(2);
    const [open] = await t.db.select({ n: count() }).from(signals).where(eq(signals.state, 'OPEN'));
    const ops = dataOf(await call('op', 'GET', `${MAIN}/dashboard`)) as { waiting: { openSignals: number } };
    expect(ops.waiting.openSignals).toBe(open?.n);
  });

  it('refuses to resolve without a note, another company’s signal, or for a colleague who may only read', async () => {
    const resolve = (who: string, id: number, body: unknown) =>
      call(who, 'POST', `${MAIN}/signals/${id}/resolve`, body);
    expect((await resolve('owner', acmeSignal, { note: '   ' })).json()).toMatchObject({
      code: 2,
      data: [expect.objectContaining({ field: 'note' })],
    });
    expect(codeOf(await resolve('owner', acmeSignal, {}))).toEqual({ status: 400, code: 2 });
    expect(codeOf(await resolve('owner', acmeSignal, { note: 'x'.repeat(501) })).code).toBe(2);
    expect(codeOf(await resolve('stranger', acmeSignal, { note: 'mine now' }))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await resolve('reader', acmeSignal, { note: 'looked' }))).toEqual({
      status: 403,
      code: 26237,
    });
    const [row] = await t.db.select().from(signals).where(eq(signals.id, acmeSignal));
    expect(row?.state).toBe('OPEN');
  });

  it('resolves with a note, once, audited; the count of open ones goes down', async () => {
    const res = await call('resolver', 'POST', `${MAIN}/signals/${acmeSignal}/resolve`, {
      note: 'Member shares the card with her sister; told them one card each.',
    });
    expect(res.json().code, res.body).toBe(0);
    const [resolver] = await t.db.select().from(users).where(eq(users.email, 'resolver@example.test'));
    expect(dataOf(res)).toMatchObject({
      state: 'RESOLVED',
      note: 'Member shares the card with her sister; told them one card each.',
      resolvedBy: resolver?.id,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'signals'),
          eq(auditLog.action, 'resolve'),
          eq(auditLog.recordId, String(acmeSignal)),
        ),
      );
    expect(entry).toMatchObject({
      actorEmail: 'resolver@example.test',
      companyId: acme.companyId,
      before: expect.objectContaining({ state: 'OPEN' }),
      after: expect.objectContaining({ state: 'RESOLVED', note: expect.stringContaining('sister') }),
    });
    expect(
      codeOf(await call('owner', 'POST', `${MAIN}/signals/${acmeSignal}/resolve`, { note: 'again' })),
    ).toEqual({ status: 409, code: 11 });
    const mine = dataOf(await call('owner', 'GET', `${MAIN}/dashboard`)) as {
      waiting: { openSignals: number };
    };
    expect(mine.waiting.openSignals).toBe(1);
    // an operator resolves any company's
    expect(
      (await call('op', 'POST', `${MAIN}/signals/${otherSignal}/resolve`, { note: 'checked' })).json().code,
    ).toBe(0);
    // a resolved signal stays resolved when the job runs again
    await runSignalsJob(t.db, NOW);
    const [still] = await t.db.select().from(signals).where(eq(signals.id, acmeSignal));
    expect(still?.state).toBe('RESOLVED');
  });
});

describe('the operations record who stamped and who voided', () => {
  it('a stamping names the staff account, a void the account that voided', async () => {
    const pack = dataOf(
      await call('owner', 'POST', `${MAIN}/voucher-packs`, {
        title: 'Free coffee',
        price: 0,
        voucherValue: 4.5,
        quantity: 1000,
        issueLimitPerMember: 10,
        validFrom: '2020-01-01',
        validUntil: '2099-12-31',
        voucherValidityDays: 30,
        brandId: acme.brandId,
      }),
    ) as { id: number };
    const programme = dataOf(
      await call('owner', 'POST', `${MAIN}/stamp-cards`, {
        title: 'Coffee card',
        stampsRequired: 5,
        maxStampsPerTransaction: 2,
        price: 0,
        rewardVoucherPackId: pack.id,
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        brandId: acme.brandId,
      }),
    ) as { id: number };
    const card = dataOf(
      await call('owner', 'POST', `${MAIN}/stamp-cards/${programme.id}/member-cards`, {
        memberMobile: '+6594000001',
        storeId: acme.storeId,
      }),
    ) as { id: number };
    const stamped = await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
      stamps: 1,
      storeId: acme.storeId,
    });
    expect(stamped.json().code, stamped.body).toBe(0);
    const txnId = (dataOf(stamped) as { id: number }).id;
    const [owner] = await t.db.select().from(users).where(eq(users.email, 'owner@example.test'));
    const void_ = await call('owner', 'POST', `${MAIN}/stamps-transactions/${txnId}/void`, {
      reason: 'wrong member',
    });
    expect(void_.json().code, void_.body).toBe(0);
    const [row] = await t.db.select().from(stampsTransaction).where(eq(stampsTransaction.id, txnId));
    expect(row).toMatchObject({
      staffId: owner?.id,
      voidedBy: owner?.id,
      voidDeviceId: null,
      result: 'VOIDED',
    });
  });
});
