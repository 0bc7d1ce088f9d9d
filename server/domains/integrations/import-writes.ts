// Writing an import's chunk (docs/performance.md "Imports"): what the plan let through, in a few
// set-based statements for the whole chunk, in its transaction: the members and their standing, or the
// vouchers with their history, links, the packs' counts and the wallet's ledger.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/audit';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { members, voucherPacks } from '../../platform/db/schema';
import { type BornRow, emit } from '../../platform/events';
import { walletOf } from '../money/wallet';
import { newCode } from '../vouchers/vouchers';
import { cents, type ImportContext, type MemberApply, type VoucherApply } from './import-plan';

/** The members that go through: added (a name only where the member had none) and standing at the company. */
export const writeMembers = async (tx: DbOrTx, ctx: ImportContext, applied: MemberApply[]): Promise<void> => {
  if (applied.length === 0) return;
  const byMobile = new Map<string, { name: string | null; birthday: string | null }>();
  for (const a of applied) {
    const seen = byMobile.get(a.mobile);
    byMobile.set(a.mobile, { name: seen?.name ?? a.name, birthday: seen?.birthday ?? a.birthday });
  }
  const mobiles = [...byMobile.keys()];
  await tx
    .insert(members)
    .values(mobiles.map((mobile) => ({ mobile, ...byMobile.get(mobile) })))
    .onConflictDoUpdate({
      target: members.mobile,
      // a member's name and birthday are theirs across companies: a file fills them in, never overwrites them
      set: {
        name: sql`coalesce(${members.name}, excluded.name)`,
        birthday: sql`coalesce(${members.birthday}, excluded.birthday)`,
      },
      setWhere: sql`(${members.name} is null and excluded.name is not null)
        or (${members.birthday} is null and excluded.birthday is not null)`,
    });
  await emit(tx, 'member.added', { companyId: ctx.companyId, memberMobiles: mobiles, at: ctx.now });
};

/** The issues that go through, as issueVouchers writes them, for the whole chunk at once. */
export const writeVouchers = async (
  tx: DbOrTx,
  ctx: ImportContext,
  applied: VoucherApply[],
  day: string,
): Promise<number> => {
  if (applied.length === 0) return 0;
  const now = ctx.now;
  // the wallet: one debit of the chunk's sum and one ledger row per issuing row, with the balance after
  // it, in file order; amounts computed in SQL numeric from the packs' prices
  const packIds = applied.map((a) => a.packId);
  const qtys = applied.map((a) => a.quantity);
  const wallet = await walletOf(tx, ctx.companyId);
  const rowsSql = sql`unnest(${sql.param(packIds)}::int[], ${sql.param(qtys)}::int[]) with ordinality as r(pack_id, qty, ord)`;
  const debit = await tx.execute(sql`
    with cost as (select coalesce(sum(p.price * r.qty), 0)::numeric(14,2) as total
      from ${rowsSql} join voucher_packs p on p.id = r.pack_id)
    update account a set balance = a.balance - cost.total from cost
    where a.id = ${wallet.id} and a.balance >= cost.total
    returning (a.balance + cost.total)::text as before, cost.total::text as total`);
  const [moved] = (debit as unknown as { rows: { before: string; total: string }[] }).rows;
  if (!moved) throw new Error('import: the wallet no longer covers the chunk it was planned against');
  if (cents(moved.total) > 0n)
    await tx.execute(sql`
      insert into wallet_transactions (company_id, account_id, type, amount, balance_after, reference,
        voucher_pack_id, create_time, update_time)
      select ${ctx.companyId}::int, ${wallet.id}::int, 'VOUCHER_TXN', -c.amount,
        ${moved.before}::numeric - c.running, left(c.qty || ' × ' || c.title, 120), c.pack_id,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from (
        select r.ord, r.qty, r.pack_id, p.title, (p.price * r.qty)::numeric(14,2) as amount,
          sum(p.price * r.qty) over (order by r.ord) as running
        from ${rowsSql} join voucher_packs p on p.id = r.pack_id
      ) c
      where c.amount > 0
      order by c.ord`);
  await tx
    .insert(members)
    .values([...new Set(applied.map((a) => a.mobile))].map((mobile) => ({ mobile })))
    .onConflictDoNothing();
  // the vouchers and their ISSUED history in one statement: the pack's title, value and
  // validity read in SQL from the locked pack, as issueVouchers copies them
  const codes: string[] = [];
  const packOf: number[] = [];
  const holders: string[] = [];
  for (const a of applied)
    for (let i = 0; i < a.quantity; i++) {
      codes.push(newCode());
      packOf.push(a.packId);
      holders.push(a.mobile);
    }
  const at = now.toISOString();
  const born = await tx.execute(sql`
    with r as (
      select * from unnest(${sql.param(codes)}::text[], ${sql.param(packOf)}::int[], ${sql.param(holders)}::text[])
        with ordinality as r(code, pack_id, mobile, ord)
    ), ins as (
      insert into vouchers (code, title, voucher_pack_id, member_mobile, issued_to_mobile, value, giftable, state,
        valid_from, valid_until, company_id, brand_id, create_time)
      select r.code, p.title, p.id, r.mobile, r.mobile, p.voucher_value, p.giftable, 'AVAILABLE', ${day}::date,
        ${day}::date + (p.voucher_validity_days - 1), p.company_id, p.brand_id, ${at}::timestamptz
      from r join voucher_packs p on p.id = r.pack_id
      order by r.ord
      returning id, company_id, brand_id, member_mobile
    ), h as (
      insert into voucher_history (voucher_id, action, member_mobile, at, company_id, brand_id)
      select id, 'ISSUED', member_mobile, ${at}::timestamptz, company_id, brand_id from ins
    )
    select id, company_id as "companyId" from ins`);
  const perPack = new Map<number, number>();
  for (const a of applied) perPack.set(a.packId, (perPack.get(a.packId) ?? 0) + a.quantity);
  for (const [packId, n] of perPack)
    await tx
      .update(voucherPacks)
      .set({ issuedCount: sql`${voucherPacks.issuedCount} + ${n}` })
      .where(eq(voucherPacks.id, packId));
  // their links and the members' standing at the company, set-based for the chunk
  await emit(tx, 'voucher.issued', {
    companyId: ctx.companyId,
    memberMobiles: applied.map((a) => a.mobile),
    vouchers: rowsOfResult<BornRow>(born),
    at: now,
  });
  return codes.length;
};
