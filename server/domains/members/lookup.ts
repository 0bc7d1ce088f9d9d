// Members as the portal looks them up: one member by mobile with the vouchers they hold, grouped by
// state, each with its history (/voucher/get-user-vouchers). A merchant finds only members holding
// its vouchers and sees only its own vouchers of them; anyone else answers 5, like a missing member.
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { VOUCHER_STATES, type VoucherState } from '../../../contract/enums';
import type { Db } from '../../platform/db/client';
import { members, voucherHistory, vouchers } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { currenciesOf, withCurrency } from '../../resources/currency';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { callerScopeOf } from '../../resources/row-scope';
import { membersVisibleTo } from '../../resources/visibility';

const voucherDecl = declarationOf('vouchers');
if (!voucherDecl) throw new Error('members: vouchers declaration missing');

/** Vouchers answered per member lookup, newest first (a member holding more pages the voucher list). */
export const MEMBER_VOUCHERS_MAX = 500;

type Row = Record<string, unknown>;

export const memberVouchers = async (db: Db, caller: Caller, mobile: string) => {
  const [member] = await db
    .select()
    .from(members)
    .where(
      and(eq(members.mobile, mobile), caller.type === 'OPERATOR' ? undefined : membersVisibleTo(db, caller)),
    )
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND', [{ field: 'mobile', message: 'no member with this mobile' }]);
  const held = (await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.memberMobile, mobile), callerScopeOf(voucherDecl, vouchers, caller)))
    .orderBy(desc(vouchers.createTime), desc(vouchers.id))
    .limit(MEMBER_VOUCHERS_MAX)) as Row[];
  const ids = held.map((v) => v.id as number);
  const events = (
    ids.length === 0
      ? []
      : await db
          .select()
          .from(voucherHistory)
          .where(inArray(voucherHistory.voucherId, ids))
          .orderBy(asc(voucherHistory.at), asc(voucherHistory.id))
  ) as Row[];
  const byVoucher = new Map<unknown, Row[]>();
  for (const e of events) byVoucher.set(e.voucherId, [...(byVoucher.get(e.voucherId) ?? []), e]);
  const grouped = Object.fromEntries(VOUCHER_STATES.map((s) => [s, [] as Row[]])) as Record<
    VoucherState,
    Row[]
  >;
  // each voucher's value is in its company's currency (the server's one lookup, as on every list)
  for (const v of await withCurrency(db, voucherDecl, held)) {
    grouped[v.state as VoucherState].push({ ...v, history: byVoucher.get(v.id) ?? [] });
  }
  const available = and(
    eq(vouchers.memberMobile, mobile),
    eq(vouchers.state, 'AVAILABLE'),
    callerScopeOf(voucherDecl, vouchers, caller),
  );
  // money is summed in SQL numeric, never in floating point
  const sumOf = async (where: SQL | undefined) =>
    (
      await db
        .select({ value: sql<string>`coalesce(sum(${vouchers.value}), 0)::numeric(14,2)::text` })
        .from(vouchers)
        .where(where)
    )[0]?.value ?? '0.00';
  // the available value per currency: the companies whose vouchers the member holds, by their currency
  // (an operator may find a member holding vouchers of companies in more than one country)
  const holders = await db.selectDistinct({ companyId: vouchers.companyId }).from(vouchers).where(available);
  const currencies = await currenciesOf(
    db,
    holders.map((h) => h.companyId).filter((id): id is number => typeof id === 'number'),
  );
  const byCurrency = new Map<string, number[]>();
  for (const [id, currency] of currencies)
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), id]);
  const availableValues = await Promise.all(
    [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(async ([currency, ids]) => ({
        currency,
        value: await sumOf(and(available, inArray(vouchers.companyId, ids))),
      })),
  );
  return { member, vouchers: grouped, availableValue: await sumOf(available), availableValues };
};
