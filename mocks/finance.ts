// The finance calls over the mocks' in-memory rows (server/routes/finance.ts is the real one): the
// wallet is the sum of the walletTransactions rows of the caller's company, FREE top-ups add a payment
// and a ledger row (allowed in sg, the mocks' country), and the mocks have no Stripe keys: STRIPE
// answers 6401 and there are no saved cards. The ledger and payment lists are the generic resource
// mocks of their declarations.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import { canAccess, type Permission, type PermissionResource } from '../contract/access';
import { FINANCE_PATHS, TOP_UP_MAX, TOP_UP_MIN } from '../contract/finance';
import { payments, walletTransactions } from '../resources';
import type { MockDb, MockUser } from './data';
import { isoOf, refuse, rowsOf } from './operations';
import { fail, guard, readBody, success } from './respond';

export interface FinanceMockContext {
  db: MockDb;
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
  fullPermissions: (user: MockUser) => Permission[] | null;
}

const CURRENCY = 'SGD';

export const createFinanceHandlers = ({ db, origin, authenticate, fullPermissions }: FinanceMockContext) => {
  const base = `${origin}${BASE_PATHS.payment}`;
  const merchant = (request: Request, resource: PermissionResource, action: 'VIEW' | 'ADD' | 'UPDATE') => {
    const { user } = authenticate(request);
    const permissions = fullPermissions(user);
    const subject = permissions === null ? { type: user.type } : { type: user.type, permissions };
    if (user.type !== 'MERCHANT' || !canAccess(subject, { action, resource })) fail('ACCESS_DENIED');
    if (user.companyId === null) fail('USER_HAS_NO_COMPANY');
    return { user, companyId: user.companyId as number };
  };
  const ledgerOf = (companyId: number) =>
    rowsOf(db, walletTransactions).filter((r) => r.companyId === companyId);
  /** in cents, so the mocks add up exactly too */
  const balanceOf = (companyId: number) =>
    ledgerOf(companyId).reduce((n, r) => n + Math.round(Number(r.amount) * 100), 0) / 100;

  return [
    http.get(
      `${base}${FINANCE_PATHS.wallet}`,
      guard(async ({ request }) => {
        const { companyId } = merchant(request, 'wallet', 'VIEW');
        const last = ledgerOf(companyId).at(-1);
        return success({
          balance: balanceOf(companyId),
          currency: CURRENCY,
          freeTopUp: true,
          lastMovementAt: last ? String(last.createTime) : null,
        });
      }),
    ),
    http.post(
      `${base}${FINANCE_PATHS.topUps}`,
      guard(async ({ request }) => {
        const { user, companyId } = merchant(request, 'topUp', 'ADD');
        const body = await readBody(request);
        const amount = body.amount;
        if (
          typeof amount !== 'number' ||
          amount < TOP_UP_MIN ||
          amount > TOP_UP_MAX ||
          Number(amount.toFixed(2)) !== amount
        )
          return refuse(
            'PARAMETER_VALIDATION_FAILED',
            'amount',
            `must be ${TOP_UP_MIN} to ${TOP_UP_MAX}, two decimals`,
          );
        if (body.paymentMethod === 'STRIPE')
          return refuse(
            'PAYMENT_FAILED',
            'paymentMethod',
            'card payments are not set up on this server (STRIPE_SECRET_KEY)',
          );
        if (body.paymentMethod !== 'FREE')
          return refuse('PARAMETER_VALIDATION_FAILED', 'paymentMethod', 'must be FREE or STRIPE');
        const now = isoOf(db.now());
        const paid = rowsOf(db, payments);
        const id = paid.reduce((m, r) => Math.max(m, Number(r.id)), 0) + 1;
        paid.push({
          id,
          companyId,
          amount,
          currency: CURRENCY,
          paymentMethod: 'FREE',
          state: 'SUCCEEDED',
          createdBy: user.id,
          completedAt: now,
          createTime: now,
          updateTime: now,
        });
        const balance = Math.round((balanceOf(companyId) + amount) * 100) / 100;
        const ledger = rowsOf(db, walletTransactions);
        ledger.push({
          id: ledger.reduce((m, r) => Math.max(m, Number(r.id)), 0) + 1,
          companyId,
          accountId: companyId,
          type: 'TOP_UP_TXN',
          amount,
          balanceAfter: balance,
          reference: `Top-up ${id} (FREE)`,
          paymentId: id,
          createTime: now,
          updateTime: now,
        });
        return success({
          id,
          state: 'SUCCEEDED',
          amount,
          currency: CURRENCY,
          paymentMethod: 'FREE',
          balance,
        });
      }),
    ),
    http.get(
      `${base}${FINANCE_PATHS.paymentMethods}`,
      guard(async ({ request }) => {
        merchant(request, 'paymentMethod', 'VIEW');
        return success([]);
      }),
    ),
    http.get(
      `${base}${FINANCE_PATHS.stripeConfig}`,
      guard(async ({ request }) => {
        merchant(request, 'paymentMethod', 'VIEW');
        return success({ enabled: false, publishableKey: null });
      }),
    ),
    http.get(
      `${base}${FINANCE_PATHS.stripeConnect}`,
      guard(async ({ request }) => {
        merchant(request, 'wallet', 'VIEW');
        return success({
          accountId: null,
          state: 'NOT_CONNECTED',
          chargesEnabled: false,
          payoutsEnabled: false,
          detailsSubmitted: false,
        });
      }),
    ),
  ];
};
