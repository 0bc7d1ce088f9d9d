// An import's plan (docs/decisions.md "Imports"): each row of a chunk checked in file order against the
// company's state (members standing; packs, what members hold, the wallet's balance), answering what it
// would do or why not. The dry run and the real run plan alike; a real run locks the packs and wallet.

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { parseBirthday } from '../../../contract/campaigns';
import { centsOf, moneyOfCents } from '../../../contract/finance';
import { formatMoney } from '../../../contract/format';
import {
  ALREADY_IMPORTED,
  IMPORT_ROW_QUANTITY_MAX,
  type ImportKind,
  type ImportRowResult,
} from '../../../contract/imports';
import type { DbOrTx } from '../../platform/audit';
import { account, importKeys, memberStanding, voucherPacks, vouchers } from '../../platform/db/schema';
import { cell } from '../../resources/csv';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { callerScopeOf } from '../../resources/row-scope';
import { walletOf } from '../money/wallet';
import { echo, type FileRow, mobileOf, rowKey } from './import-file';

const packDecl = declarationOf('voucherPacks');
if (!packDecl) throw new Error('imports: declarations missing');

/** Who the import is for and acts as. */
export interface ImportContext {
  caller: Caller;
  companyId: number;
  kind: ImportKind;
  sha: string;
  country: string;
  currency: string;
  now: Date;
}

/** A row's outcome; `apply` when it goes through (a real run writes it). */
export interface Outcome extends ImportRowResult {
  key: string;
  already?: boolean;
  apply?: MemberApply | VoucherApply;
}

export interface MemberApply {
  mobile: string;
  name: string | null;
  /** YYYY-MM-DD: a BIRTHDAY campaign's day (issue 43) */
  birthday: string | null;
}

export interface VoucherApply {
  mobile: string;
  packId: number;
  quantity: number;
}

/** What the planner knows of the company while it works through a file (dry run: the whole file). */
export interface PlanState {
  /** mobiles standing at the company (members) */
  standing: Set<string>;
  packs: Map<number, PackState | null>;
  /** `${packId} ${mobile}` → vouchers of the pack issued to the member */
  held: Map<string, number>;
  /** the wallet's balance, in cents */
  balance: bigint | null;
}

interface PackState {
  id: number;
  title: string;
  state: string;
  validFrom: string;
  validUntil: string;
  left: number;
  limit: number;
  /** price in cents */
  price: bigint;
}

export const newState = (): PlanState => ({
  standing: new Set(),
  packs: new Map(),
  held: new Map(),
  balance: null,
});

/** A stored decimal in integer cents (contract/finance.ts, the one exact money of the product). */
export const cents = (decimal: string): bigint => {
  const c = centsOf(decimal);
  if (c === null) throw new Error(`not money: ${decimal}`);
  return c;
};

const alreadyKeys = async (db: DbOrTx, keys: string[]): Promise<Set<string>> => {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: importKeys.key }).from(importKeys).where(inArray(importKeys.key, keys));
  return new Set(rows.map((r) => r.key));
};

/** The members of a chunk: an unknown mobile is added (with its name), a known one stays as it is. */
const planMembers = async (
  db: DbOrTx,
  ctx: ImportContext,
  rows: FileRow[],
  state: PlanState,
  dry: boolean,
): Promise<Outcome[]> => {
  const read = rows.map((r) => {
    const mobile = mobileOf(r.values.mobile ?? '', ctx.country);
    const name = (r.values.name ?? '').trim();
    const given = (r.values.birthday ?? '').trim();
    const birthday = given === '' ? null : parseBirthday(given, ctx.now.toISOString().slice(0, 10));
    return { line: r.line, key: rowKey(ctx.companyId, ctx.kind, ctx.sha, r.line), mobile, name, birthday };
  });
  const done = await alreadyKeys(
    db,
    read.map((r) => r.key),
  );
  const mobiles = read.flatMap((r) => (typeof r.mobile === 'string' ? [r.mobile] : []));
  if (mobiles.length > 0) {
    const known = await db
      .select({ mobile: memberStanding.memberMobile })
      .from(memberStanding)
      .where(and(eq(memberStanding.companyId, ctx.companyId), inArray(memberStanding.memberMobile, mobiles)));
    for (const k of known) state.standing.add(k.mobile);
  }
  return read.map((r): Outcome => {
    const base = { line: r.line, key: r.key };
    if (done.has(r.key)) return { ...base, ok: true, already: true, message: ALREADY_IMPORTED };
    if (typeof r.mobile !== 'string') return { ...base, ok: false, message: r.mobile.error };
    if (r.name.length > 120) return { ...base, ok: false, message: 'the name is longer than 120 characters' };
    const name = r.name === '' ? null : r.name;
    if (r.birthday && 'error' in r.birthday) return { ...base, ok: false, message: r.birthday.error };
    const birthday = r.birthday?.birthday ?? null;
    if (state.standing.has(r.mobile))
      return {
        ...base,
        ok: true,
        message: `${r.mobile} is already a member${dry ? '; nothing would change' : ''}`,
        apply: { mobile: r.mobile, name, birthday },
      };
    state.standing.add(r.mobile);
    const who = name ? `${r.mobile} (${cell(name)})` : r.mobile;
    return {
      ...base,
      ok: true,
      message: dry ? `would add ${who} as a member` : `added ${who}`,
      apply: { mobile: r.mobile, name, birthday },
    };
  });
};

/** The packs of `ids` the caller may issue from, for the import's company (a real run locks them). */
const loadPacks = async (db: DbOrTx, ctx: ImportContext, ids: number[], state: PlanState, lock: boolean) => {
  const wanted = ids.filter((id) => !state.packs.has(id));
  if (wanted.length === 0) return;
  const query = db
    .select({
      id: voucherPacks.id,
      title: voucherPacks.title,
      state: voucherPacks.state,
      validFrom: voucherPacks.validFrom,
      validUntil: voucherPacks.validUntil,
      quantity: voucherPacks.quantity,
      issuedCount: voucherPacks.issuedCount,
      limit: voucherPacks.issueLimitPerMember,
      price: sql<string>`${voucherPacks.price}::text`,
    })
    .from(voucherPacks)
    .where(
      and(
        inArray(voucherPacks.id, wanted),
        eq(voucherPacks.companyId, ctx.companyId),
        callerScopeOf(packDecl, voucherPacks, ctx.caller),
      ),
    )
    .orderBy(asc(voucherPacks.id));
  const found = (lock ? await query.for('update') : await query) as Record<string, unknown>[];
  for (const id of wanted) state.packs.set(id, null);
  for (const p of found)
    state.packs.set(Number(p.id), {
      id: Number(p.id),
      title: String(p.title),
      state: String(p.state),
      validFrom: String(p.validFrom),
      validUntil: String(p.validUntil),
      left: Number(p.quantity) - Number(p.issuedCount),
      limit: Number(p.limit),
      price: cents(String(p.price)),
    });
};

/** The vouchers issues of a chunk, in file order, as each single issue would go (vouchers.ts issueVouchers). */
const planVouchers = async (
  db: DbOrTx,
  ctx: ImportContext,
  rows: FileRow[],
  state: PlanState,
  dry: boolean,
  day: string,
): Promise<Outcome[]> => {
  type Read = { line: number; key: string } & ({ error: string } | VoucherApply);
  const read: Read[] = rows.map((r) => {
    const base = { line: r.line, key: rowKey(ctx.companyId, ctx.kind, ctx.sha, r.line) };
    const mobile = mobileOf(r.values.mobile ?? '', ctx.country);
    if (typeof mobile !== 'string') return { ...base, error: mobile.error };
    const packText = r.values.pack ?? '';
    if (!/^[0-9]{1,9}$/.test(packText))
      return { ...base, error: `the pack must be a pack's number, not ${echo(packText)}` };
    const qtyText = r.values.quantity ?? '';
    const quantity = /^[0-9]{1,4}$/.test(qtyText) ? Number(qtyText) : Number.NaN;
    if (!(quantity >= 1 && quantity <= IMPORT_ROW_QUANTITY_MAX))
      return {
        ...base,
        error: `the quantity must be a whole number from 1 to ${IMPORT_ROW_QUANTITY_MAX}, not ${echo(qtyText)}`,
      };
    return { ...base, mobile, packId: Number(packText), quantity };
  });
  const done = await alreadyKeys(
    db,
    read.map((r) => r.key),
  );
  const good = read.filter((r): r is Read & VoucherApply => !('error' in r));
  await loadPacks(db, ctx, [...new Set(good.map((r) => r.packId))], state, !dry);
  // what the chunk's members already hold of its packs (not yet known to the planner)
  const pairs = good.filter((r) => !state.held.has(`${r.packId} ${r.mobile}`));
  if (pairs.length > 0) {
    const held = await db
      .select({
        packId: vouchers.voucherPackId,
        mobile: vouchers.issuedToMobile,
        n: sql<number>`count(*)::int`,
      })
      .from(vouchers)
      .where(
        and(
          inArray(vouchers.voucherPackId, [...new Set(pairs.map((r) => r.packId))]),
          inArray(vouchers.issuedToMobile, [...new Set(pairs.map((r) => r.mobile))]),
        ),
      )
      .groupBy(vouchers.voucherPackId, vouchers.issuedToMobile);
    for (const p of pairs) state.held.set(`${p.packId} ${p.mobile}`, 0);
    for (const h of held) state.held.set(`${h.packId} ${h.mobile}`, Number(h.n));
  }
  if (state.balance === null) {
    // a real run locks the wallet after the packs, in the order a single issue takes them
    const wallet = await walletOf(db, ctx.companyId);
    const query = db
      .select({ balance: sql<string>`${account.balance}::text` })
      .from(account)
      .where(eq(account.id, wallet.id));
    const [row] = dry ? await query : await query.for('update');
    state.balance = cents(row?.balance ?? '0');
  }
  return read.map((r): Outcome => {
    const base = { line: r.line, key: r.key };
    if (done.has(r.key)) return { ...base, ok: true, already: true, message: ALREADY_IMPORTED };
    if ('error' in r) return { ...base, ok: false, message: r.error };
    const pack = state.packs.get(r.packId);
    if (!pack)
      return {
        ...base,
        ok: false,
        message: `there is no pack ${r.packId} of this company you may issue from`,
      };
    const name = `pack ${pack.id} (${cell(pack.title)})`;
    if (pack.state !== 'ACTIVE') return { ...base, ok: false, message: `${name} is ${pack.state}` };
    if (day < pack.validFrom || day > pack.validUntil)
      return { ...base, ok: false, message: `${name} sells from ${pack.validFrom} to ${pack.validUntil}` };
    if (r.quantity > pack.left)
      return {
        ...base,
        ok: false,
        message: `${name} has ${pack.left} left; this row asks for ${r.quantity}`,
      };
    const heldKey = `${r.packId} ${r.mobile}`;
    const held = state.held.get(heldKey) ?? 0;
    if (held + r.quantity > pack.limit)
      return {
        ...base,
        ok: false,
        message: `${r.mobile} may be issued ${pack.limit} of ${name} and holds ${held}`,
      };
    const cost = pack.price * BigInt(r.quantity);
    const balance = state.balance ?? 0n;
    if (cost > balance)
      return {
        ...base,
        ok: false,
        message: `the wallet holds ${formatMoney(moneyOfCents(balance), ctx.currency)}; this row costs ${formatMoney(moneyOfCents(cost), ctx.currency)}`,
      };
    pack.left -= r.quantity;
    state.held.set(heldKey, held + r.quantity);
    state.balance = balance - cost;
    const what = `${r.quantity} × ${cell(pack.title)} to ${r.mobile} for ${formatMoney(moneyOfCents(cost), ctx.currency)}`;
    return {
      ...base,
      ok: true,
      message: dry ? `would issue ${what}` : `issued ${what}`,
      apply: { mobile: r.mobile, packId: r.packId, quantity: r.quantity },
    };
  });
};

/** A chunk's plan, by the import's kind: its members, or its voucher issues. */
export const plan = (
  db: DbOrTx,
  ctx: ImportContext,
  rows: FileRow[],
  state: PlanState,
  dry: boolean,
  day: string,
): Promise<Outcome[]> =>
  ctx.kind === 'members'
    ? planMembers(db, ctx, rows, state, dry)
    : planVouchers(db, ctx, rows, state, dry, day);
