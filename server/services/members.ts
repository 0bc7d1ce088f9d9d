// Members as the portal looks them up: one member by mobile with the vouchers they hold, grouped by
// state, each with its history (/voucher/get-user-vouchers). A merchant finds only members holding
// its vouchers and sees only its own vouchers of them; anyone else answers 5, like a missing member.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { VOUCHER_STATES, type VoucherState } from '../../contract/enums';
import type { Db } from '../db/client';
import { members, voucherHistory, vouchers } from '../db/schema';
import { AppError } from '../errors';
import type { Caller } from '../resources/principal';
import { declarationOf } from '../resources/registry';
import { callerScopeOf } from '../resources/row-scope';
import { membersVisibleTo } from '../resources/visibility';

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
  for (const v of held) grouped[v.state as VoucherState].push({ ...v, history: byVoucher.get(v.id) ?? [] });
  // money is summed in SQL numeric, never in floating point
  const [total] = await db
    .select({ value: sql<string>`coalesce(sum(${vouchers.value}), 0)::numeric(14,2)::text` })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.memberMobile, mobile),
        eq(vouchers.state, 'AVAILABLE'),
        callerScopeOf(voucherDecl, vouchers, caller),
      ),
    );
  return { member, vouchers: grouped, availableValue: total?.value ?? '0.00' };
};
