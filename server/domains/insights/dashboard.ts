// The home page's figures (issue 12 "Dashboard"): what waits for the caller and how the programme is
// doing, each answered by one aggregate SQL query inside the caller's scope (callerScopeOf: a
// merchant's company, a brand-limited colleague's brand; operators everything). A section the
// caller's permissions do not show is null, so the portal never hints at what it may not read.
import { and, count, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { canAccess, type PermissionResource } from '../../../contract/access';
import type { DashboardAnswer } from '../../../contract/dashboard';
import type { ResourceDeclaration } from '../../../resources/types';
import { timeZoneOf } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import {
  account,
  devices,
  memberCards,
  members,
  merchantSignup,
  push,
  signals,
  stampCard,
  stampsTransaction,
  voucherHistory,
} from '../../platform/db/schema';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { callerScopeOf } from '../../resources/row-scope';
import { membersVisibleTo } from '../../resources/visibility';
import { countryTermsOf } from '../money/wallet';

/** The window of the figures and of the daily series. */
export const DASHBOARD_DAYS = 30;
export const SERIES_DAYS = 14;

const DAY_MS = 86_400_000;

const decl = (name: string): ResourceDeclaration => {
  const d = declarationOf(name);
  if (!d) throw new Error(`no declaration ${name}`);
  return d;
};

const sees = (caller: Caller, resource: string) =>
  canAccess(caller.subject, { action: 'VIEW', resource: resource as PermissionResource });

const scopeOf = (caller: Caller, name: string, table: PgTable): SQL | undefined =>
  callerScopeOf(decl(name), table, caller);

const num = (v: unknown): number => Number(v ?? 0);

/** The daily series: stamps given and vouchers issued / redeemed per day of the country's calendar. */
const dailySeries = async (
  db: Db,
  caller: Caller,
  timeZone: string,
  seriesFrom: Date,
): Promise<DashboardAnswer['series']> => {
  const seeStamps = sees(caller, 'stampsTransaction');
  const seeVouchers = sees(caller, 'voucherHistory');
  const stampsScope = scopeOf(caller, 'stampsTransaction', stampsTransaction);
  const historyScope = scopeOf(caller, 'voucherHistory', voucherHistory);
  const dayOf = (col: SQL | PgTable | unknown) =>
    sql`to_char((${col} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const [stampDays, voucherDays] = await Promise.all([
    seeStamps
      ? db
          .select({
            day: dayOf(stampsTransaction.at),
            n: sql<string>`coalesce(sum(${stampsTransaction.stamps}), 0)`,
          })
          .from(stampsTransaction)
          .where(
            and(
              stampsScope,
              eq(stampsTransaction.result, 'SUCCESS'),
              gte(stampsTransaction.at, startOfDay(seriesFrom)),
            ),
          )
          .groupBy(sql`1`)
      : [],
    seeVouchers
      ? db
          .select({
            day: dayOf(voucherHistory.at),
            issued: sql<string>`count(*) filter (where ${voucherHistory.action} = 'ISSUED')`,
            redeemed: sql<string>`count(*) filter (where ${voucherHistory.action} = 'REDEEMED')`,
          })
          .from(voucherHistory)
          .where(
            and(
              historyScope,
              inArray(voucherHistory.action, ['ISSUED', 'REDEEMED']),
              gte(voucherHistory.at, startOfDay(seriesFrom)),
            ),
          )
          .groupBy(sql`1`)
      : [],
  ]);
  const days = Array.from({ length: SERIES_DAYS }, (_, i) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(seriesFrom.getTime() + i * DAY_MS),
    ),
  );
  const stampBy = new Map(
    (stampDays as { day: unknown; n: unknown }[]).map((r) => [String(r.day), num(r.n)]),
  );
  const voucherBy = new Map(
    (voucherDays as { day: unknown; issued: unknown; redeemed: unknown }[]).map((r) => [String(r.day), r]),
  );
  return days.map((day) => ({
    day,
    stamps: stampBy.get(day) ?? 0,
    vouchersIssued: num(voucherBy.get(day)?.issued),
    vouchersRedeemed: num(voucherBy.get(day)?.redeemed),
  }));
};

/**
 * What waits for an operator: requests to decide, failed pushes, devices delivered but not active.
 * Approval requests are operator-only rows: a merchant counts only its own company's requests.
 */
const waitingFor = async (db: Db, caller: Caller, since: Date): Promise<DashboardAnswer['waiting']> => {
  const operator = caller.type === 'OPERATOR';
  const signupScope = operator ? undefined : eq(merchantSignup.companyId, caller.companyId ?? -1);
  const seeApprovals = operator || caller.companyId !== null;
  if (!seeApprovals) return null;
  const rows = await db
    .select({ kind: merchantSignup.requestKind, n: count() })
    .from(merchantSignup)
    .where(and(signupScope, eq(merchantSignup.approval, 'PENDING')))
    .groupBy(merchantSignup.requestKind);
  const of = (kind: string) => num(rows.find((r) => r.kind === kind)?.n);
  const [failed] = sees(caller, 'push')
    ? await db
        .select({ n: count() })
        .from(push)
        .where(and(scopeOf(caller, 'push', push), eq(push.state, 'FAILED'), gte(push.updateTime, since)))
    : [undefined];
  const [delivered] = sees(caller, 'device')
    ? await db
        .select({ n: count() })
        .from(devices)
        .where(and(scopeOf(caller, 'devices', devices), eq(devices.lifecycle, 'DELIVERED')))
    : [undefined];
  const [openSignals] = sees(caller, 'signal')
    ? await db
        .select({ n: count() })
        .from(signals)
        .where(and(scopeOf(caller, 'signals', signals), eq(signals.state, 'OPEN')))
    : [undefined];
  // an operator decides requests with approval; a merchant follows its own through its organisation
  const mayFollow = (resource: string) => sees(caller, operator ? 'approval' : resource);
  return {
    signups: mayFollow('company') ? of('MERCHANT_SIGNUP') : null,
    brandRequests: mayFollow('brand') ? of('ADD_BRAND') : null,
    storeRequests: mayFollow('store') ? of('ADD_STORE') : null,
    failedPushes: failed === undefined ? null : num(failed.n),
    devicesToActivate: delivered === undefined ? null : num(delivered.n),
    openSignals: openSignals === undefined ? null : num(openSignals.n),
  };
};

export const dashboardFor = async (
  db: Db,
  caller: Caller,
  country: string,
  now = new Date(),
): Promise<DashboardAnswer> => {
  const since = new Date(now.getTime() - DASHBOARD_DAYS * DAY_MS);
  const seriesFrom = new Date(now.getTime() - (SERIES_DAYS - 1) * DAY_MS);
  const timeZone = await timeZoneOf(db, country);
  const operator = caller.type === 'OPERATOR';
  const seeStamps = sees(caller, 'stampsTransaction');
  const seeCards = sees(caller, 'stampCard');
  const seeVouchers = sees(caller, 'voucherHistory');

  const stampsScope = scopeOf(caller, 'stampsTransaction', stampsTransaction);
  const cardsScope = scopeOf(caller, 'memberCards', memberCards);
  const historyScope = scopeOf(caller, 'voucherHistory', voucherHistory);
  /** How many rows of `table` match `where`; null (not asked) when the caller may not see them. */
  const countIf = (seen: boolean, table: PgTable, where: SQL | undefined) =>
    seen ? db.select({ n: count() }).from(table).where(where) : null;

  const [programmes, cards, completed, stamps, issued, redeemed, memberCount] = await Promise.all([
    countIf(seeCards, stampCard, and(scopeOf(caller, 'stampCard', stampCard), eq(stampCard.state, 'ACTIVE'))),
    countIf(seeCards, memberCards, and(cardsScope, gte(memberCards.createTime, since))),
    countIf(seeCards, memberCards, and(cardsScope, gte(memberCards.completedAt, since))),
    seeStamps
      ? db
          .select({ n: sql<string>`coalesce(sum(${stampsTransaction.stamps}), 0)` })
          .from(stampsTransaction)
          .where(and(stampsScope, eq(stampsTransaction.result, 'SUCCESS'), gte(stampsTransaction.at, since)))
      : null,
    countIf(
      seeVouchers,
      voucherHistory,
      and(historyScope, eq(voucherHistory.action, 'ISSUED'), gte(voucherHistory.at, since)),
    ),
    countIf(
      seeVouchers,
      voucherHistory,
      and(historyScope, eq(voucherHistory.action, 'REDEEMED'), gte(voucherHistory.at, since)),
    ),
    // members (readable with vouchers or stamp cards): an operator counts every member; a merchant
    // its company's (of its brand for a brand-limited colleague), the members list's total (issue 40 item 4)
    !(sees(caller, 'vouchers') || sees(caller, 'stampCard'))
      ? null
      : operator
        ? db.select({ n: count() }).from(members)
        : db.select({ n: count() }).from(members).where(membersVisibleTo(db, caller)),
  ]);

  const series = await dailySeries(db, caller, timeZone, seriesFrom);
  const waiting = await waitingFor(db, caller, since);

  const first = (rows: { n: unknown }[] | null) => (rows === null ? null : num(rows[0]?.n));

  const wallet =
    !operator && caller.companyId !== null && sees(caller, 'wallet')
      ? await walletFigures(db, caller.companyId)
      : null;

  return {
    timeZone,
    since: since.toISOString(),
    waiting,
    figures: {
      activeProgrammes: first(programmes),
      cardsIssued: first(cards),
      cardsCompleted: first(completed),
      stampsGiven: first(stamps),
      vouchersIssued: first(issued),
      vouchersRedeemed: first(redeemed),
      members: first(memberCount),
    },
    series,
    wallet,
  };
};

/** Midnight UTC of `d`'s day minus a day: the series query reads a little more, days are bucketed in SQL. */
const startOfDay = (d: Date): Date =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - DAY_MS);

/** The balance without opening a wallet: a company that never moved money holds 0. */
const walletFigures = async (db: Db, companyId: number): Promise<{ balance: number; currency: string }> => {
  const [row] = await db
    .select({ balance: account.balance, currency: account.currency })
    .from(account)
    .where(eq(account.companyId, companyId))
    .limit(1);
  if (row) return { balance: Number(row.balance), currency: String(row.currency) };
  return { balance: 0, currency: (await countryTermsOf(db, companyId)).currency };
};
