// The fraud signals' four rules, each reading the stamping ledger between `since` and `now`:
// STORE_RATE_SPIKE, MEMBER_TWO_STORES, VOID_CLUSTER and OUTSIDE_HOURS (thresholds in signal-rules.ts).
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/audit';
import { stampsTransaction } from '../../platform/db/schema';
import { dayBounds, isOpenAt, localTime, parseOpeningHours } from './opening-hours';
import {
  clock,
  DAY,
  HOUR,
  MAX_LINKED,
  MINUTE,
  median,
  type Names,
  namesFor,
  num,
  plural,
  type RaisedSignal,
  rowsOf,
  SIGNAL_RULES,
  STAMPED,
  storeName,
} from './signal-rules';

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
