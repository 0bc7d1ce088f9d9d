// GET /dashboard over the mocks' in-memory rows (server/services/dashboard.ts is the real one): the
// same figures and sections, counted from the mock ledgers the voucher, stamping and push mocks write,
// inside the caller's company; a section the caller may not view is null.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import { canAccess, type Permission, type PermissionResource } from '../contract/access';
import {
  devices,
  merchantSignup,
  push,
  stampCard,
  stampsTransaction,
  voucherHistory,
  vouchers,
} from '../resources';
import { memberCards } from '../resources/tables/memberCards';
import type { MockDb, MockRow, MockUser } from './data';
import { rowsOf } from './operations';
import { guard, success } from './respond';

export interface DashboardMockContext {
  db: MockDb;
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
  fullPermissions: (user: MockUser) => Permission[] | null;
}

const DAY_MS = 86_400_000;
const SERIES_DAYS = 14;
const TIME_ZONE = 'Asia/Singapore';

const dayOf = (at: unknown): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(String(at)));

export const createDashboardHandlers = ({
  db,
  origin,
  authenticate,
  fullPermissions,
}: DashboardMockContext) => [
  http.get(
    `${origin}${BASE_PATHS.main}/dashboard`,
    guard(async ({ request }) => {
      const { user } = authenticate(request);
      const permissions = fullPermissions(user);
      const subject = permissions === null ? { type: user.type } : { type: user.type, permissions };
      const sees = (resource: string) =>
        canAccess(subject, { action: 'VIEW', resource: resource as PermissionResource });
      const operator = user.type === 'OPERATOR';
      const mine = (row: MockRow) =>
        operator || (user.companyId !== null && row.companyId === user.companyId);
      const now = Date.now();
      const since = now - 30 * DAY_MS;
      const recent = (at: unknown) =>
        at !== null && at !== undefined && new Date(String(at)).getTime() >= since;
      const stamps = rowsOf(db, stampsTransaction).filter((r) => mine(r) && r.result === 'SUCCESS');
      const history = rowsOf(db, voucherHistory).filter(mine);
      const cards = rowsOf(db, memberCards).filter(mine);
      const count = (rows: MockRow[], seen: boolean) => (seen ? rows.length : null);
      const sum = (rows: MockRow[]) => rows.reduce((n, r) => n + Number(r.stamps ?? 0), 0);
      const seeStamps = sees('stampsTransaction');
      const seeVouchers = sees('voucherHistory');
      const seeCards = sees('stampCard');
      const holders = new Set([
        ...cards.map((c) => String(c.memberMobile)),
        ...rowsOf(db, vouchers)
          .filter(mine)
          .map((v) => String(v.memberMobile)),
      ]);
      const days = Array.from({ length: SERIES_DAYS }, (_, i) =>
        dayOf(new Date(now - (SERIES_DAYS - 1 - i) * DAY_MS)),
      );
      // as the server: an operator decides requests with approval, a merchant follows its own
      const follows = (resource: string) => sees(operator ? 'approval' : resource);
      const pending = rowsOf(db, merchantSignup).filter((r) => mine(r) && r.approval === 'PENDING');
      return success({
        timeZone: TIME_ZONE,
        since: new Date(since).toISOString(),
        waiting: {
          signups: follows('company')
            ? pending.filter((r) => r.requestKind === 'MERCHANT_SIGNUP').length
            : null,
          brandRequests: follows('brand')
            ? pending.filter((r) => r.requestKind === 'ADD_BRAND').length
            : null,
          storeRequests: follows('store')
            ? pending.filter((r) => r.requestKind === 'ADD_STORE').length
            : null,
          failedPushes: sees('push')
            ? rowsOf(db, push).filter((p) => mine(p) && p.state === 'FAILED' && recent(p.updateTime)).length
            : null,
          devicesToActivate: sees('device')
            ? rowsOf(db, devices).filter((d) => mine(d) && d.lifecycle === 'DELIVERED').length
            : null,
        },
        figures: {
          activeProgrammes: count(
            rowsOf(db, stampCard).filter((p) => mine(p) && p.state === 'ACTIVE'),
            seeCards,
          ),
          cardsIssued: count(
            cards.filter((c) => recent(c.createTime)),
            seeCards,
          ),
          cardsCompleted: count(
            cards.filter((c) => recent(c.completedAt)),
            seeCards,
          ),
          stampsGiven: seeStamps ? sum(stamps.filter((s) => recent(s.at))) : null,
          vouchersIssued: count(
            history.filter((h) => h.action === 'ISSUED' && recent(h.at)),
            seeVouchers,
          ),
          vouchersRedeemed: count(
            history.filter((h) => h.action === 'REDEEMED' && recent(h.at)),
            seeVouchers,
          ),
          members: sees('vouchers') || seeCards ? holders.size : null,
        },
        series: days.map((day) => ({
          day,
          stamps: seeStamps ? sum(stamps.filter((s) => dayOf(s.at) === day)) : 0,
          vouchersIssued: seeVouchers
            ? history.filter((h) => h.action === 'ISSUED' && dayOf(h.at) === day).length
            : 0,
          vouchersRedeemed: seeVouchers
            ? history.filter((h) => h.action === 'REDEEMED' && dayOf(h.at) === day).length
            : 0,
        })),
        wallet: null,
      });
    }),
  ),
];
