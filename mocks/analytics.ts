// GET /analytics over the mocks' in-memory rows (server/services/analytics.ts is the real one): the
// same figures grouped by the rows' company, brand or store, days in Singapore's calendar, inside
// the caller's company.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import {
  ANALYTICS_GROUPS,
  ANALYTICS_PATH,
  type AnalyticsFigures,
  type AnalyticsGroup,
  type AnalyticsRow,
  rateOf,
} from '../contract/analytics';
import { brand, company, push, stampsTransaction, store, voucherHistory } from '../resources';
import { memberCards } from '../resources/tables/memberCards';
import type { MockDb, MockRow, MockUser } from './data';
import { refuse, rowsOf } from './operations';
import { guard, success } from './respond';

const DAY_MS = 86_400_000;
const dayOf = (at: unknown): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date(String(at)));

const KEYS: Record<AnalyticsGroup, { row: string; push: string }> = {
  company: { row: 'companyId', push: 'companyId' },
  brand: { row: 'brandId', push: 'audienceBrandId' },
  store: { row: 'storeId', push: 'audienceStoreId' },
};

export const createAnalyticsHandlers = ({
  db,
  origin,
  authenticate,
}: {
  db: MockDb;
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
}) => [
  http.get(
    `${origin}${BASE_PATHS.main}${ANALYTICS_PATH}`,
    guard(async ({ request }) => {
      const { user } = authenticate(request);
      const params = new URL(request.url).searchParams;
      const from = params.get('from') ?? '';
      const to = params.get('to') ?? '';
      const groupBy = (params.get('groupBy') ?? 'company') as AnalyticsGroup;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from))
        return refuse('PARAMETER_VALIDATION_FAILED', 'from', 'must be a day');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from)
        return refuse('PARAMETER_VALIDATION_FAILED', 'to', 'must not be before from');
      if (!ANALYTICS_GROUPS.includes(groupBy))
        return refuse('PARAMETER_VALIDATION_FAILED', 'groupBy', 'must be company, brand or store');
      const mine = (r: MockRow) => user.type === 'OPERATOR' || r.companyId === user.companyId;
      const inRange = (at: unknown) =>
        at !== null && at !== undefined && dayOf(at) >= from && dayOf(at) <= to;
      const key = KEYS[groupBy];
      const stamps = rowsOf(db, stampsTransaction).filter(
        (r) => mine(r) && r.result === 'SUCCESS' && inRange(r.at),
      );
      const moves = rowsOf(db, voucherHistory).filter(
        (r) => mine(r) && ['ISSUED', 'REDEEMED', 'EXPIRED'].includes(String(r.action)) && inRange(r.at),
      );
      const completed = rowsOf(db, memberCards).filter((r) => mine(r) && inRange(r.completedAt));
      const pushes = rowsOf(db, push).filter((r) => mine(r) && inRange(r.sentAt));

      const rows = new Map<string, AnalyticsRow & { members: Set<string> }>();
      const rowOf = (g: unknown) => {
        const id = g === null || g === undefined ? null : Number(g);
        let row = rows.get(String(id));
        if (!row) {
          row = {
            id,
            name: null,
            stampsGiven: 0,
            cardsCompleted: 0,
            vouchersIssued: 0,
            vouchersRedeemed: 0,
            vouchersExpired: 0,
            redemptionRate: null,
            activeMembers: 0,
            pushesSent: 0,
            members: new Set(),
          };
          rows.set(String(id), row);
        }
        return row;
      };
      for (const s of stamps) {
        const row = rowOf(s[key.row]);
        row.stampsGiven += Number(s.stamps ?? 0);
        row.members.add(String(s.memberMobile));
      }
      for (const m of moves) {
        const row = rowOf(m[key.row]);
        if (m.action === 'ISSUED') row.vouchersIssued += 1;
        if (m.action === 'REDEEMED') row.vouchersRedeemed += 1;
        if (m.action === 'EXPIRED') row.vouchersExpired += 1;
        row.members.add(String(m.memberMobile));
      }
      for (const c of completed) rowOf(c[key.row]).cardsCompleted += 1;
      for (const p of pushes)
        if (Number(p.sentCount ?? 0) > 0) rowOf(p[key.push]).pushesSent += Number(p.sentCount);
      const names = rowsOf(db, { company, brand, store }[groupBy]);
      const all = [...rows.values()].map(({ members, ...r }) => ({
        ...r,
        name: r.id === null ? null : String(names.find((n) => Number(n.id) === r.id)?.name ?? r.id),
        activeMembers: members.size,
        redemptionRate: rateOf(r.vouchersIssued, r.vouchersRedeemed),
      }));
      const sum = (f: keyof AnalyticsFigures) => all.reduce((n, r) => n + Number(r[f] ?? 0), 0);
      const everyone = new Set([...stamps, ...moves].map((r) => String(r.memberMobile)));
      const n = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
      const days = Array.from({ length: n }, (_, i) =>
        new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10),
      );
      return success({
        from,
        to,
        groupBy,
        timeZone: 'Asia/Singapore',
        rows: all.sort((a, b) => b.stampsGiven - a.stampsGiven || b.vouchersIssued - a.vouchersIssued),
        totals: {
          stampsGiven: sum('stampsGiven'),
          cardsCompleted: sum('cardsCompleted'),
          vouchersIssued: sum('vouchersIssued'),
          vouchersRedeemed: sum('vouchersRedeemed'),
          vouchersExpired: sum('vouchersExpired'),
          redemptionRate: rateOf(sum('vouchersIssued'), sum('vouchersRedeemed')),
          activeMembers: everyone.size,
          pushesSent: sum('pushesSent'),
        },
        days: days.map((day) => ({
          day,
          stampsGiven: stamps
            .filter((s) => dayOf(s.at) === day)
            .reduce((x, s) => x + Number(s.stamps ?? 0), 0),
          vouchersIssued: moves.filter((m) => m.action === 'ISSUED' && dayOf(m.at) === day).length,
          vouchersRedeemed: moves.filter((m) => m.action === 'REDEEMED' && dayOf(m.at) === day).length,
        })),
      });
    }),
  ),
];
