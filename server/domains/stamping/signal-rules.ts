// The fraud signals' thresholds (one home), the shape of a raised signal, and what the rules of
// detect-signals.ts share: the names and time zones a summary needs, numbers, clocks.
import { eq } from 'drizzle-orm';
import type { SignalKind } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import { timeZoneOf } from '../../platform/countries';
import { company, devices, store, users } from '../../platform/db/schema';

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

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** transaction ids kept on one signal (the figures say how many there were) */
export const MAX_LINKED = 200;

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

export const num = (v: unknown): number => Number(v ?? 0);
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const median = (values: readonly number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
export const clock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** Names and zones the summaries need, read once per run. */
export interface Names {
  store: Map<number, { name: string; companyId: number; openingHours: string | null }>;
  zone: (companyId: number) => Promise<string>;
  device: (id: number) => Promise<string>;
  staff: (id: number) => Promise<string>;
}

export const namesFor = async (db: DbOrTx): Promise<Names> => {
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

export const storeName = (names: Names, id: number) => names.store.get(id)?.name ?? `store #${id}`;

/** Stamped or voided (a voided stamping was given first): what counts as stamping activity. */
export const STAMPED: ('SUCCESS' | 'VOIDED')[] = ['SUCCESS', 'VOIDED'];
