// Fraud signals (issue 24, docs/decisions.md "Fraud signals"): the periodic job reads the stamping
// ledger (stamps_transaction: stampings, refusals and voids, with the store, device and staff account
// behind each) and raises one OPEN signal per subject and window for what looks like abuse:
//   STORE_RATE_SPIKE   a store's stamps in one clock hour far above its own hourly norm
//   MEMBER_TWO_STORES  one member stamped at two stores of a company minutes apart
//   VOID_CLUSTER       voids clustering on one staff account or device in a day
//   OUTSIDE_HOURS      a device stamping outside its store's opening hours
// Each signal says what it saw in plain words, with its numbers and the transactions' ids. Its
// `subjectKey` (kind, company, subject, window) is unique: running the job again raises nothing new,
// and only refreshes the numbers of a signal still OPEN. An operator, or the company's owner or a
// colleague with the permission, resolves one with a note (audited).
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { SignalKind } from '../../../contract/enums';
import { fieldViolation } from '../../../contract/validation';
import { signals as signalsDecl } from '../../../resources/tables/signals';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { timeZoneOf } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { company, devices, jobs, signals, stampsTransaction, store, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { allowedMove, lockInScope, moveLocked } from '../../resources/transition';

export const SIGNALS_JOB = 'fraud-signals';
/** How often the job looks (the periodic slot of server/jobs.ts). */
export const SIGNALS_EVERY_MS = 10 * 60_000;

/** The thresholds, one home (docs/decisions.md "Fraud signals" explains each). */
export const SIGNAL_RULES = {
  /** a first run, or one after a long pause, looks this far back */
  lookbackDays: 14,
  /** each run reads again what the previous one read in its last day (windows still filling) */
  overlapHours: 24,
  /** (a) an hour is a spike above max(factor × the store's median stamps per active hour, floor) */
  rateFactor: 5,
  rateFloor: 20,
  /** (a) the norm: the store's hours with stamps in the days before the hour */
  rateNormDays: 14,
  /** (b) two stores this close in time */
  twoStoresMinutes: 10,
  /** (c) at least this many voids by one actor in a day of the company's country ... */
  voidMin: 5,
  /** (c) ... making more than this share of the transactions that actor stamped or voided that day */
  voidShare: 0.3,
  /** (d) minutes before opening and after closing still counted as open (setting up, closing the till) */
  hoursGraceMinutes: 15,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** transaction ids kept on one signal (the figures say how many there were) */
const MAX_LINKED = 200;

export interface RaisedSignal {
  kind: SignalKind;
  companyId: number;
  subjectKey: string;
  summary: string;
  storeId?: number | null;
  deviceId?: number | null;
  staffId?: number | null;
  memberMobile?: string | null;
  windowStart: Date;
  windowEnd: Date;
  figures: Record<string, unknown>;
  transactionIds: number[];
}

// ---- opening hours --------------------------------------------------------------------------------

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface OpeningSpan {
  /** weekdays, 0 = Monday */
  days: ReadonlySet<number>;
  /** minutes after midnight; `close` ≤ `open` runs past midnight into the next day */
  open: number;
  close: number;
}

const dayIndex = (name: string): number =>
  WEEKDAYS.findIndex((d) => d.toLowerCase() === name.slice(0, 3).toLowerCase() && name.length <= 9);

const minutesOf = (hhmm: string): number | null => {
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
};

/**
 * A store's `openingHours` as the stores' form suggests it ("Mon-Fri 09:00-21:00, Sat-Sun
 * 10:00-22:00", "Daily 10:00-22:00", "Mon,Wed 08:00-12:00"); null when any part of it reads otherwise
 * (free text such as "by appointment"): such a store has no hours to stamp outside of.
 */
export const parseOpeningHours = (text: string | null | undefined): OpeningSpan[] | null => {
  if (!text || text.trim() === '') return null;
  const spans: OpeningSpan[] = [];
  const segment = /([A-Za-z][A-Za-z ,-]*?)\s+(\d{1,2}[:.]\d{2})\s*[-–]\s*(\d{1,2}[:.]\d{2})/g;
  // everything between the segments must be separators: any other word makes the text unreadable
  if (text.replace(segment, '').replace(/[\s,;]/g, '') !== '') return null;
  for (const m of text.matchAll(segment)) {
    const [, daysText = '', from = '', to = ''] = m;
    const open = minutesOf(from);
    const close = minutesOf(to);
    if (open === null || close === null) return null;
    const days = new Set<number>();
    for (const group of daysText.split(',')) {
      const g = group.trim();
      if (/^(daily|every ?day)$/i.test(g)) {
        for (let i = 0; i < 7; i++) days.add(i);
        continue;
      }
      const range = g.split(/\s*-\s*/);
      const a = dayIndex(range[0] ?? '');
      const b = range.length === 2 ? dayIndex(range[1] ?? '') : a;
      if (a < 0 || b < 0 || range.length > 2) return null;
      for (let i = a; ; i = (i + 1) % 7) {
        days.add(i);
        if (i === b) break;
      }
    }
    spans.push({ days, open, close: close === 0 ? 24 * 60 : close });
  }
  return spans.length > 0 ? spans : null;
};

/** The weekday (0 = Monday), minutes after midnight and calendar day of `at` in `timeZone`. */
export const localTime = (at: Date, timeZone: string): { weekday: number; minutes: number; day: string } => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: dayIndex(get('weekday')),
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
    day: `${get('year')}-${get('month')}-${get('day')}`,
  };
};

/** Is a store with `spans` open (give or take `grace` minutes) at local `weekday` and `minutes`? */
export const isOpenAt = (
  spans: readonly OpeningSpan[],
  weekday: number,
  minutes: number,
  grace = 0,
): boolean =>
  spans.some((s) => {
    const yesterday = (weekday + 6) % 7;
    if (s.close > s.open) {
      return s.days.has(weekday) && minutes >= s.open - grace && minutes < s.close + grace;
    }
    // past midnight: open from `open` on its day until `close` the next morning
    return (
      (s.days.has(weekday) && minutes >= s.open - grace) ||
      (s.days.has(yesterday) && minutes < s.close + grace)
    );
  });

// ---- the rules ------------------------------------------------------------------------------------

const num = (v: unknown): number => Number(v ?? 0);
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const median = (values: readonly number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const clock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** Names and zones the summaries need, read once per run. */
interface Names {
  store: Map<number, { name: string; companyId: number; openingHours: string | null }>;
  zone: (companyId: number) => Promise<string>;
  device: (id: number) => Promise<string>;
  staff: (id: number) => Promise<string>;
}

const namesFor = async (db: DbOrTx): Promise<Names> => {
  const stores = await db
    .select({ id: store.id, name: store.name, companyId: store.companyId, openingHours: store.openingHours })
    .from(store);
  const zones = new Map<number, string>();
  const zone = async (companyId: number): Promise<string> => {
    const known = zones.get(companyId);
    if (known) return known;
    const [row] = await db
      .select({ country: company.country })
      .from(company)
      .where(eq(company.id, companyId));
    const z = await timeZoneOf(db, String(row?.country ?? 'sg'));
    zones.set(companyId, z);
    return z;
  };
  const device = async (id: number) => {
    const [row] = await db.select({ serialNo: devices.serialNo }).from(devices).where(eq(devices.id, id));
    return row ? `device ${String(row.serialNo)}` : `device #${id}`;
  };
  const staff = async (id: number) => {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return row ? `staff account ${row.email}` : `staff account #${id}`;
  };
  return {
    store: new Map(
      stores.map((s) => [
        s.id as number,
        {
          name: String(s.name),
          companyId: s.companyId as number,
          openingHours: (s.openingHours as string | null) ?? null,
        },
      ]),
    ),
    zone,
    device,
    staff,
  };
};

const storeName = (names: Names, id: number) => names.store.get(id)?.name ?? `store #${id}`;

/** Stamped or voided (a voided stamping was given first): what counts as stamping activity. */
const STAMPED: ('SUCCESS' | 'VOIDED')[] = ['SUCCESS', 'VOIDED'];

/** (a) A store's stamps in a complete clock hour above max(5 × its median per active hour, 20). */
const storeRateSpikes = async (db: DbOrTx, names: Names, since: Date, now: Date): Promise<RaisedSignal[]> => {
  const { rateFactor, rateFloor, rateNormDays } = SIGNAL_RULES;
  const firstHour = Math.floor(since.getTime() / HOUR);
  const lastHour = Math.floor(now.getTime() / HOUR); // the hour under way is not judged yet
  const hourOf = sql`floor(extract(epoch from ${stampsTransaction.at}) / 3600)::bigint`;
  const stamped = sql`${stampsTransaction.result} in ('SUCCESS', 'VOIDED') and ${stampsTransaction.storeId} is not null`;
  const hourly = (from: Date, stores?: number[]) =>
    db.execute(sql`
      select ${stampsTransaction.storeId} as store_id, ${stampsTransaction.companyId} as company_id,
        ${hourOf} as hour, sum(${stampsTransaction.stamps}) as stamps
      from ${stampsTransaction}
      where ${stamped} and ${stampsTransaction.at} >= ${from} and ${stampsTransaction.at} < ${new Date(lastHour * HOUR)}
        ${stores ? sql`and ${inArray(stampsTransaction.storeId, stores)}` : sql``}
      group by 1, 2, 3
      ${stores ? sql`` : sql`having sum(${stampsTransaction.stamps}) > ${rateFloor}`}`);
  // first the hours past the floor in the span read (few or none), then the norm of their stores only
  const candidates = rowsOf<{ store_id: unknown }>(await hourly(new Date(firstHour * HOUR)));
  if (candidates.length === 0) return [];
  const stores = [...new Set(candidates.map((r) => num(r.store_id)))];
  const rows = rowsOf<{ store_id: unknown; company_id: unknown; hour: unknown; stamps: unknown }>(
    await hourly(new Date((firstHour - rateNormDays * 24) * HOUR), stores),
  );
  const byStore = new Map<number, { companyId: number; hours: Map<number, number> }>();
  for (const r of rows) {
    const id = num(r.store_id);
    const entry = byStore.get(id) ?? { companyId: num(r.company_id), hours: new Map<number, number>() };
    entry.hours.set(num(r.hour), num(r.stamps));
    byStore.set(id, entry);
  }
  const out: RaisedSignal[] = [];
  for (const [storeId, { companyId, hours }] of byStore) {
    for (const [hour, stamps] of hours) {
      if (hour < firstHour || stamps <= rateFloor) continue;
      const norm = [...hours].filter(([h]) => h < hour && h >= hour - rateNormDays * 24).map(([, n]) => n);
      const med = median(norm);
      const threshold = Math.max(rateFactor * med, rateFloor);
      if (stamps <= threshold) continue;
      const windowStart = new Date(hour * HOUR);
      const windowEnd = new Date((hour + 1) * HOUR);
      const ids = await db
        .select({ id: stampsTransaction.id })
        .from(stampsTransaction)
        .where(
          and(
            eq(stampsTransaction.storeId, storeId),
            inArray(stampsTransaction.result, STAMPED),
            gte(stampsTransaction.at, windowStart),
            lt(stampsTransaction.at, windowEnd),
          ),
        )
        .orderBy(asc(stampsTransaction.at), asc(stampsTransaction.id))
        .limit(MAX_LINKED);
      const zone = await names.zone(companyId);
      out.push({
        kind: 'STORE_RATE_SPIKE',
        companyId,
        subjectKey: `STORE_RATE_SPIKE:c${companyId}:s${storeId}:h${windowStart.toISOString()}`,
        summary:
          `${storeName(names, storeId)} gave ${plural(stamps, 'stamp')} in the hour from ${clock(windowStart, zone)}, ` +
          `against a usual ${med} per hour over the past ${rateNormDays} days (the limit was ${threshold}).`,
        storeId,
        windowStart,
        windowEnd,
        figures: {
          stamps,
          medianPerHour: med,
          activeHoursInNorm: norm.length,
          threshold,
          transactions: ids.length,
        },
        transactionIds: ids.map((r) => r.id as number),
      });
    }
  }
  return out;
};

/** (b) One member stamped at two different stores of a company within 10 minutes. */
const memberTwoStores = async (db: DbOrTx, names: Names, since: Date, now: Date): Promise<RaisedSignal[]> => {
  const gap = SIGNAL_RULES.twoStoresMinutes;
  const from = new Date(since.getTime() - gap * MINUTE);
  const rows = rowsOf<{
    id: unknown;
    company_id: unknown;
    member_mobile: unknown;
    store_id: unknown;
    at: unknown;
    prev_id: unknown;
    prev_store: unknown;
    prev_at: unknown;
  }>(
    await db.execute(sql`
      select * from (
        select t.id, t.company_id, t.member_mobile, t.store_id, t.at,
          lag(t.id) over w as prev_id, lag(t.store_id) over w as prev_store, lag(t.at) over w as prev_at
        from ${stampsTransaction} t
        where t.result in ('SUCCESS', 'VOIDED') and t.store_id is not null
          and t.at >= ${from} and t.at < ${now}
        window w as (partition by t.company_id, t.member_mobile order by t.at, t.id)
      ) paired
      where prev_store is not null and prev_store <> store_id
        and at - prev_at <= make_interval(mins => ${gap}) and at >= ${since}
      order by at, id`),
  );
  const out: RaisedSignal[] = [];
  for (const r of rows) {
    const companyId = num(r.company_id);
    const first = new Date(String(r.prev_at instanceof Date ? r.prev_at.toISOString() : r.prev_at));
    const second = new Date(String(r.at instanceof Date ? r.at.toISOString() : r.at));
    const minutes = Math.round((second.getTime() - first.getTime()) / MINUTE);
    const mobile = String(r.member_mobile);
    const zone = await names.zone(companyId);
    const [a, b] = [num(r.prev_store), num(r.store_id)];
    out.push({
      kind: 'MEMBER_TWO_STORES',
      companyId,
      subjectKey: `MEMBER_TWO_STORES:c${companyId}:m${mobile}:t${num(r.prev_id)}-${num(r.id)}`,
      summary:
        `Member ${mobile} was stamped at ${storeName(names, a)} at ${clock(first, zone)} and at ` +
        `${storeName(names, b)} ${plural(minutes, 'minute')} later: one card cannot be in two stores that fast.`,
      storeId: b,
      memberMobile: mobile,
      windowStart: first,
      windowEnd: second,
      figures: { minutesApart: minutes, firstStoreId: a, secondStoreId: b, limitMinutes: gap },
      transactionIds: [num(r.prev_id), num(r.id)],
    });
  }
  return out;
};

/** (c) ≥ 5 voids by one staff account or device in a day of the company's country, > 30% of its work. */
const voidClusters = async (db: DbOrTx, names: Names, since: Date, now: Date): Promise<RaisedSignal[]> => {
  const { voidMin, voidShare } = SIGNAL_RULES;
  const from = new Date(since.getTime() - DAY);
  const voids = await db
    .select({
      id: stampsTransaction.id,
      companyId: stampsTransaction.companyId,
      voidedBy: stampsTransaction.voidedBy,
      voidDeviceId: stampsTransaction.voidDeviceId,
      voidedAt: stampsTransaction.voidedAt,
    })
    .from(stampsTransaction)
    .where(
      and(
        eq(stampsTransaction.result, 'VOIDED'),
        gte(stampsTransaction.voidedAt, from),
        lt(stampsTransaction.voidedAt, now),
        or(isNotNull(stampsTransaction.voidedBy), isNotNull(stampsTransaction.voidDeviceId)),
      ),
    )
    .orderBy(asc(stampsTransaction.voidedAt), asc(stampsTransaction.id));
  // one group per company, actor and local day
  const groups = new Map<
    string,
    { companyId: number; staffId: number | null; deviceId: number | null; day: string; ids: number[] }
  >();
  for (const v of voids) {
    const companyId = v.companyId as number;
    const zone = await names.zone(companyId);
    const day = localTime(v.voidedAt as Date, zone).day;
    const staffId = (v.voidedBy as number | null) ?? null;
    const deviceId = staffId === null ? ((v.voidDeviceId as number | null) ?? null) : null;
    const key = `c${companyId}:${staffId !== null ? `u${staffId}` : `d${deviceId}`}:${day}`;
    const g = groups.get(key) ?? { companyId, staffId, deviceId, day, ids: [] };
    g.ids.push(v.id as number);
    groups.set(key, g);
  }
  const out: RaisedSignal[] = [];
  for (const [key, g] of groups) {
    if (g.ids.length < voidMin) continue;
    const zone = await names.zone(g.companyId);
    const { windowStart, windowEnd } = dayBounds(g.day, zone);
    // the transactions this actor handled that day: stamped by it, or voided by it
    const actor =
      g.staffId !== null
        ? eq(stampsTransaction.staffId, g.staffId)
        : eq(stampsTransaction.deviceId, g.deviceId ?? -1);
    const [handled] = rowsOf<{ n: unknown }>(
      await db.execute(sql`
        select count(*) as n from ${stampsTransaction}
        where ${stampsTransaction.companyId} = ${g.companyId} and (
          (${actor} and ${stampsTransaction.result} in ('SUCCESS', 'VOIDED')
            and ${stampsTransaction.at} >= ${windowStart} and ${stampsTransaction.at} < ${windowEnd})
          or ${inArray(stampsTransaction.id, g.ids)})`),
    );
    const total = Math.max(num(handled?.n), g.ids.length);
    const share = g.ids.length / total;
    if (share <= voidShare) continue;
    const who = g.staffId !== null ? await names.staff(g.staffId) : await names.device(g.deviceId ?? 0);
    out.push({
      kind: 'VOID_CLUSTER',
      companyId: g.companyId,
      subjectKey: `VOID_CLUSTER:${key}`,
      summary:
        `The ${who} voided ${plural(g.ids.length, 'stamping')} on ${g.day}, ${Math.round(share * 100)}% of the ` +
        `${plural(total, 'transaction')} it handled that day (signals from ${voidMin} voids and over ${Math.round(voidShare * 100)}%).`,
      staffId: g.staffId,
      deviceId: g.deviceId,
      windowStart,
      windowEnd,
      figures: { voids: g.ids.length, handled: total, sharePercent: Math.round(share * 100), day: g.day },
      transactionIds: g.ids.slice(0, MAX_LINKED),
    });
  }
  return out;
};

/** Midnight to midnight of a calendar day in `timeZone`, as instants. */
const dayBounds = (day: string, timeZone: string): { windowStart: Date; windowEnd: Date } => {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (t: number) => {
    const local = localTime(new Date(t), timeZone);
    const localMs = Date.parse(`${local.day}T00:00:00Z`) + local.minutes * MINUTE;
    return localMs - Math.floor(t / MINUTE) * MINUTE;
  };
  const start = utcMidnight - offsetAt(utcMidnight);
  const end = utcMidnight + DAY - offsetAt(utcMidnight + DAY);
  return { windowStart: new Date(start), windowEnd: new Date(end) };
};

/** (d) A device stamping outside its store's opening hours (stores whose hours read as hours only). */
const outsideHours = async (db: DbOrTx, names: Names, since: Date, now: Date): Promise<RaisedSignal[]> => {
  const grace = SIGNAL_RULES.hoursGraceMinutes;
  const rows = await db
    .select({
      id: stampsTransaction.id,
      companyId: stampsTransaction.companyId,
      storeId: stampsTransaction.storeId,
      deviceId: stampsTransaction.deviceId,
      at: stampsTransaction.at,
    })
    .from(stampsTransaction)
    .where(
      and(
        isNotNull(stampsTransaction.deviceId),
        isNotNull(stampsTransaction.storeId),
        inArray(stampsTransaction.result, STAMPED),
        gte(stampsTransaction.at, new Date(since.getTime() - DAY)),
        lt(stampsTransaction.at, now),
      ),
    )
    .orderBy(asc(stampsTransaction.at), asc(stampsTransaction.id));
  const groups = new Map<
    string,
    { companyId: number; storeId: number; deviceId: number; day: string; ids: number[]; times: Date[] }
  >();
  for (const r of rows) {
    const storeId = r.storeId as number;
    const spans = parseOpeningHours(names.store.get(storeId)?.openingHours);
    if (!spans) continue;
    const companyId = r.companyId as number;
    const zone = await names.zone(companyId);
    const local = localTime(r.at as Date, zone);
    if (isOpenAt(spans, local.weekday, local.minutes, grace)) continue;
    const deviceId = r.deviceId as number;
    const key = `c${companyId}:d${deviceId}:${local.day}`;
    const g = groups.get(key) ?? { companyId, storeId, deviceId, day: local.day, ids: [], times: [] };
    g.ids.push(r.id as number);
    g.times.push(r.at as Date);
    groups.set(key, g);
  }
  const out: RaisedSignal[] = [];
  for (const [key, g] of groups) {
    const zone = await names.zone(g.companyId);
    const { windowStart, windowEnd } = dayBounds(g.day, zone);
    const hours = names.store.get(g.storeId)?.openingHours ?? '';
    const firstAt = g.times[0] ?? windowStart;
    out.push({
      kind: 'OUTSIDE_HOURS',
      companyId: g.companyId,
      subjectKey: `OUTSIDE_HOURS:${key}`,
      summary:
        `The ${await names.device(g.deviceId)} at ${storeName(names, g.storeId)} stamped ` +
        `${plural(g.ids.length, 'time')} outside the store's hours (${hours}) on ${g.day}, first at ${clock(firstAt, zone)}.`,
      storeId: g.storeId,
      deviceId: g.deviceId,
      windowStart,
      windowEnd,
      figures: { stampings: g.ids.length, openingHours: hours, graceMinutes: grace, day: g.day },
      transactionIds: g.ids.slice(0, MAX_LINKED),
    });
  }
  return out;
};

// ---- the job --------------------------------------------------------------------------------------

/**
 * Every signal the ledger shows between `since` and `now` (windows that touch that span), without
 * writing anything: what `raiseSignals` stores.
 */
export const detectSignals = async (db: DbOrTx, since: Date, now: Date): Promise<RaisedSignal[]> => {
  const names = await namesFor(db);
  return [
    ...(await storeRateSpikes(db, names, since, now)),
    ...(await memberTwoStores(db, names, since, now)),
    ...(await voidClusters(db, names, since, now)),
    ...(await outsideHours(db, names, since, now)),
  ];
};

/**
 * Stores the signals: a new subject and window is inserted OPEN (and audited, actor the system); one
 * already raised and still OPEN gets the latest numbers; a RESOLVED one is left as it was. Answers
 * how many were new.
 */
export const storeSignals = async (db: Db, found: readonly RaisedSignal[]): Promise<number> => {
  let raised = 0;
  for (const s of found) {
    const values = {
      companyId: s.companyId,
      kind: s.kind,
      summary: s.summary.slice(0, 500),
      storeId: s.storeId ?? null,
      deviceId: s.deviceId ?? null,
      staffId: s.staffId ?? null,
      memberMobile: s.memberMobile ?? null,
      windowStart: s.windowStart,
      windowEnd: s.windowEnd,
      figures: s.figures,
      transactionIds: s.transactionIds,
      subjectKey: s.subjectKey,
    };
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(signals)
        .values(values)
        .onConflictDoUpdate({
          target: signals.subjectKey,
          set: {
            summary: values.summary,
            figures: values.figures,
            transactionIds: values.transactionIds,
            windowEnd: values.windowEnd,
            updateTime: new Date(),
          },
          setWhere: and(
            eq(signals.state, 'OPEN'),
            sql`${signals.figures} is distinct from ${JSON.stringify(values.figures)}::jsonb`,
          ),
        })
        .returning({ id: signals.id, inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (!row?.inserted) return;
      raised += 1;
      await recordAudit(tx, {
        actor: null,
        action: 'raise',
        resource: signalsDecl.name,
        recordId: row.id,
        companyId: s.companyId,
        after: values,
      });
    });
  }
  return raised;
};

/**
 * Where this run starts reading: where the last finished run stopped, less the overlap (a day's
 * windows still filling up), but never more than `lookbackDays` back (a first run).
 */
export const signalsSince = async (db: DbOrTx, now: Date): Promise<Date> => {
  const floor = now.getTime() - SIGNAL_RULES.lookbackDays * DAY;
  const [last] = await db
    .select({ result: jobs.result })
    .from(jobs)
    .where(and(eq(jobs.name, SIGNALS_JOB), eq(jobs.state, 'done')))
    .orderBy(desc(jobs.finishTime))
    .limit(1);
  const until = Date.parse(String((last?.result as { scannedUntil?: unknown } | null)?.scannedUntil ?? ''));
  if (Number.isNaN(until)) return new Date(floor);
  return new Date(Math.max(floor, Math.min(until, now.getTime()) - SIGNAL_RULES.overlapHours * HOUR));
};

/** The job: reads since the last run, stores what it found; its result says where it stopped. */
export const runSignalsJob = async (db: Db, now: Date) => {
  const since = await signalsSince(db, now);
  const found = await detectSignals(db, since, now);
  const raised = await storeSignals(db, found);
  return { scannedFrom: since.toISOString(), scannedUntil: now.toISOString(), found: found.length, raised };
};

// ---- resolving ------------------------------------------------------------------------------------

export const NOTE_MAX = 500;

/**
 * OPEN → RESOLVED with the resolver's note (1 to 500 characters, else 2): the caller's own company's
 * signal (another's is 5), once (a RESOLVED one is 11), audited with the row before and after.
 */
export const resolveSignal = async (tx: DbOrTx, caller: Caller, id: number, note: string) => {
  const text = note.trim();
  if (text === '' || text.length > NOTE_MAX)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      text === ''
        ? fieldViolation('note', 'required')
        : fieldViolation('note', 'max_length', { max: NOTE_MAX }),
    ]);
  const before = await lockInScope<{ id: number; companyId: number | null; state: string }>(
    tx,
    caller,
    { decl: signalsDecl, table: signals },
    id,
  );
  allowedMove(signalsDecl, 'resolve', before, 'signal');
  const now = new Date();
  return moveLocked(tx, caller, { decl: signalsDecl, table: signals }, before, 'resolve', {
    state: 'RESOLVED',
    note: text,
    resolvedBy: caller.id,
    resolvedAt: now,
    updateTime: now,
  });
};
