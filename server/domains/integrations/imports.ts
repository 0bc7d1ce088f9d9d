// CSV imports (issue 27 item 3; docs/api.md "Importing a file", docs/decisions.md "Imports"): members
// (mobile, name) and bulk voucher issues (mobile, pack, quantity) from a file.
//
// - A dry run reads the file and answers, row by row, what the import would do and why not, writing
//   nothing: the same planner as the real run, on state read without locks and carried from one chunk
//   to the next (a pack's count, a member's vouchers, the wallet's balance).
// - A real run stores the file with the caller's id and enqueues the 'import' job. The job loads that
//   user fresh and checks their access again, then works through the file in chunks of IMPORT_CHUNK
//   rows, each ONE transaction of set-based statements: the chunk's rows are planned in order against
//   the locked wallet and packs, and what goes through is written in a few statements for the whole
//   chunk (vouchers, their history and links, one ledger row per issuing row with the balance after it,
//   summed in SQL numeric, the packs' counts, the members' standing, one audit row).
// - Each row that goes through leaves its key (hash of company, kind, the file's sha256 and the line)
//   in `import_keys`, in its chunk's transaction: the same file imported again finds them and issues
//   nothing twice ("already imported").
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { BLOCKED_USER_STATES } from '../../../contract/enums';
import { formatMoney } from '../../../contract/format';
import {
  ALREADY_IMPORTED,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_ROW_QUANTITY_MAX,
  IMPORT_ROWS_SHOWN,
  type ImportDryRun,
  type ImportKind,
  type ImportRowResult,
  type ImportStarted,
  type ImportStatus,
} from '../../../contract/imports';
import { PHONE_PATTERN } from '../../../contract/validation';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { companyDay } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { rowsOfResult } from '../../platform/db/raw-rows';
import {
  account,
  company,
  importKeys,
  importRows,
  imports,
  memberStanding,
  members,
  voucherPacks,
  vouchers,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type BornRow, emit } from '../../platform/events';
import { enqueue, type JobHandler } from '../../platform/jobs';
import { authorize, type Grant } from '../../resources/authorize';
import { cell } from '../../resources/csv';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { callerScopeOf } from '../../resources/row-scope';
import { userCaller } from '../access/caller';
import { countryTermsOf, walletOf } from '../money/wallet';
import { findUser } from '../users/users';
import { newCode } from '../vouchers/vouchers';

export const IMPORT_JOB = 'import';
/** Rows per chunk transaction (docs/performance.md "Imports"). */
export const IMPORT_CHUNK = 1000;

const packDecl = declarationOf('voucherPacks');
const voucherDecl = declarationOf('vouchers');
if (!packDecl || !voucherDecl) throw new Error('imports: declarations missing');

/** Who may import each kind: what the single operation needs (docs/decisions.md "Imports"). */
export const importGrant = (kind: ImportKind): Grant =>
  kind === 'members'
    ? { resource: 'member', action: 'ADD', roles: ['operator', 'merchant'] }
    : { resource: 'vouchers', action: 'ADD', roles: voucherDecl.createWith?.roles ?? [] };

// ---- reading the file -----------------------------------------------------------------------------

interface FileRow {
  line: number;
  values: Record<string, string>;
}

interface ParsedFile {
  sha: string;
  rows: FileRow[];
}

const bad = (message: string) => new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'csv', message }]);

/** What a cell of the file reads as in a message: quoted, neutralised as in exports, at most 40 characters. */
const echo = (text: string): string => {
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `"${cell(short)}"`;
};

/**
 * The file's rows with their line numbers (the header is line 1; a row with a quoted line break counts
 * from its first line). Headers by name, any case, any order; a BOM, quoted fields and CRLF are read.
 */
export const parseImport = (kind: ImportKind, csv: string): ParsedFile => {
  const bytes = Buffer.from(csv, 'utf8');
  if (bytes.length > IMPORT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', [
      { field: 'csv', message: `the file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it` },
    ]);
  let header: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number }; raw: string }[];
  try {
    records = parse(csv, {
      bom: true,
      columns: (h: string[]) => {
        header = h.map((x) => x.trim().toLowerCase());
        return header;
      },
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      raw: true,
    });
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    throw bad(`the file is not CSV that can be read (line ${e.lines ?? '?'}): ${cell(e.message ?? '')}`);
  }
  if (header.length === 0) throw bad('the file is empty: it needs a header row');
  const missing = IMPORT_COLUMNS[kind].required.filter((c) => !header.includes(c));
  if (missing.length > 0)
    throw bad(
      `the header row has no ${missing.join(', ')} column (it needs ${IMPORT_COLUMNS[kind].required.join(', ')})`,
    );
  if (records.length === 0) throw bad('the file has a header but no rows');
  if (records.length > IMPORT_MAX_ROWS)
    throw bad(`the file has ${records.length} rows; at most ${IMPORT_MAX_ROWS} are taken at once`);
  return {
    sha: createHash('sha256').update(bytes).digest('hex'),
    rows: records.map(({ record, info, raw }) => ({
      line: info.lines - (raw.replace(/^[\r\n]+|[\r\n]+$/g, '').match(/\n/g)?.length ?? 0),
      values: record,
    })),
  };
};

/** A row's idempotency key: hash(company, kind, the file's sha256, the line). */
export const rowKey = (companyId: number, kind: ImportKind, sha: string, line: number): string =>
  createHash('sha256').update(`${companyId}:${kind}:${sha}:${line}`).digest('hex');

const E164 = new RegExp(PHONE_PATTERN);

/** A mobile of the file as E.164: international as written, or national in the company's country. */
const mobileOf = (raw: string, country: string): string | { error: string } => {
  if (raw === '') return { error: 'the mobile is empty' };
  const compact = raw.replace(/[\s().-]/g, '');
  if (E164.test(compact)) return compact;
  const upper = country.toUpperCase();
  if (!compact.startsWith('+') && /^[0-9]+$/.test(compact) && isSupportedCountry(upper)) {
    const parsed = parsePhoneNumberFromString(compact, upper);
    if (parsed?.isValid() && E164.test(parsed.number)) return parsed.number;
  }
  return { error: `${echo(raw)} is not a mobile number (international, or of ${upper})` };
};

// ---- planning -------------------------------------------------------------------------------------

/** Who the import is for and acts as. */
interface ImportContext {
  caller: Caller;
  companyId: number;
  kind: ImportKind;
  sha: string;
  country: string;
  currency: string;
  now: Date;
}

/** A row's outcome; `apply` when it goes through (a real run writes it). */
interface Outcome extends ImportRowResult {
  key: string;
  already?: boolean;
  apply?: MemberApply | VoucherApply;
}

interface MemberApply {
  mobile: string;
  name: string | null;
}

interface VoucherApply {
  mobile: string;
  packId: number;
  quantity: number;
}

/** What the planner knows of the company while it works through a file (dry run: the whole file). */
interface PlanState {
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

const newState = (): PlanState => ({ standing: new Set(), packs: new Map(), held: new Map(), balance: null });

const cents = (decimal: string): bigint => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!m) throw new Error(`not money: ${decimal}`);
  const v = BigInt(`${m[2]}${(m[3] ?? '').padEnd(2, '0')}`);
  return m[1] === '-' ? -v : v;
};

const money = (c: bigint): string => {
  const digits = (c < 0n ? -c : c).toString().padStart(3, '0');
  return `${c < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
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
    return { line: r.line, key: rowKey(ctx.companyId, ctx.kind, ctx.sha, r.line), mobile, name };
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
    if (state.standing.has(r.mobile))
      return {
        ...base,
        ok: true,
        message: `${r.mobile} is already a member${dry ? '; nothing would change' : ''}`,
        apply: { mobile: r.mobile, name },
      };
    state.standing.add(r.mobile);
    const who = name ? `${r.mobile} (${cell(name)})` : r.mobile;
    return {
      ...base,
      ok: true,
      message: dry ? `would add ${who} as a member` : `added ${who}`,
      apply: { mobile: r.mobile, name },
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
        message: `the wallet holds ${formatMoney(money(balance), ctx.currency)}; this row costs ${formatMoney(money(cost), ctx.currency)}`,
      };
    pack.left -= r.quantity;
    state.held.set(heldKey, held + r.quantity);
    state.balance = balance - cost;
    const what = `${r.quantity} × ${cell(pack.title)} to ${r.mobile} for ${formatMoney(money(cost), ctx.currency)}`;
    return {
      ...base,
      ok: true,
      message: dry ? `would issue ${what}` : `issued ${what}`,
      apply: { mobile: r.mobile, packId: r.packId, quantity: r.quantity },
    };
  });
};

// ---- writing a chunk ------------------------------------------------------------------------------

const actor = (caller: Caller) => ({ id: caller.id, email: caller.email });

/** The members that go through: added (a name only where the member had none) and standing at the company. */
const writeMembers = async (tx: DbOrTx, ctx: ImportContext, applied: MemberApply[]): Promise<void> => {
  if (applied.length === 0) return;
  const byMobile = new Map<string, string | null>();
  for (const a of applied)
    if (!byMobile.has(a.mobile) || byMobile.get(a.mobile) === null) byMobile.set(a.mobile, a.name);
  const mobiles = [...byMobile.keys()];
  await tx
    .insert(members)
    .values(mobiles.map((mobile) => ({ mobile, name: byMobile.get(mobile) ?? null })))
    .onConflictDoUpdate({
      target: members.mobile,
      set: { name: sql`excluded.name` },
      // a member's name is theirs across companies: a file fills it in, never overwrites it
      setWhere: sql`${members.name} is null and excluded.name is not null`,
    });
  await emit(tx, 'member.added', { companyId: ctx.companyId, memberMobiles: mobiles, at: ctx.now });
};

/** The issues that go through, as issueVouchers writes them, for the whole chunk at once. */
const writeVouchers = async (
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
      insert into vouchers (code, title, voucher_pack_id, member_mobile, issued_to_mobile, value, state,
        valid_from, valid_until, company_id, brand_id, create_time)
      select r.code, p.title, p.id, r.mobile, r.mobile, p.voucher_value, 'AVAILABLE', ${day}::date,
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

// ---- the dry run and the real run -----------------------------------------------------------------

/** The company an import is for: a merchant's own; an operator names one (else 2). */
export const importCompanyOf = async (db: DbOrTx, caller: Caller, companyId: number | undefined) => {
  if (caller.type !== 'OPERATOR') {
    if (caller.companyId === null) throw new AppError('ACCESS_DENIED');
    return caller.companyId;
  }
  if (companyId === undefined)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'companyId', message: 'an operator names the company the file is for' },
    ]);
  const [row] = await db.select({ id: company.id }).from(company).where(eq(company.id, companyId)).limit(1);
  if (!row) throw new AppError('COMPANY_NOT_FOUND', [{ field: 'companyId', message: 'no such company' }]);
  return companyId;
};

const contextOf = async (
  db: DbOrTx,
  caller: Caller,
  companyId: number,
  kind: ImportKind,
  sha: string,
  now: Date,
): Promise<ImportContext> => {
  const terms = await countryTermsOf(db, companyId);
  return { caller, companyId, kind, sha, country: terms.country, currency: terms.currency, now };
};

const plan = (
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

/** What importing the file would do, row by row; nothing is written (the wallet opened on first use aside). */
export const dryRunImport = async (
  db: Db,
  caller: Caller,
  input: { kind: ImportKind; csv: string; companyId?: number | undefined },
  now = new Date(),
): Promise<ImportDryRun> => {
  const companyId = await importCompanyOf(db, caller, input.companyId);
  const file = parseImport(input.kind, input.csv);
  const ctx = await contextOf(db, caller, companyId, input.kind, file.sha, now);
  const day = await companyDay(db, companyId, now);
  const state = newState();
  const rows: ImportRowResult[] = [];
  for (let i = 0; i < file.rows.length; i += IMPORT_CHUNK) {
    const outcomes = await plan(db, ctx, file.rows.slice(i, i + IMPORT_CHUNK), state, true, day);
    for (const o of outcomes) rows.push({ line: o.line, ok: o.ok, message: o.message });
  }
  return { rows };
};

/** Stores the file and enqueues its job; the job acts as the caller, loaded fresh. */
export const startImport = async (
  db: Db,
  caller: Caller,
  input: { kind: ImportKind; csv: string; companyId?: number | undefined },
): Promise<ImportStarted> => {
  const companyId = await importCompanyOf(db, caller, input.companyId);
  const file = parseImport(input.kind, input.csv);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(imports)
      .values({
        companyId,
        userId: caller.id,
        kind: input.kind,
        fileSha: file.sha,
        csv: input.csv,
        total: file.rows.length,
      })
      .returning({ id: imports.id, state: imports.state });
    if (!row) throw new Error('import insert returned nothing');
    await enqueue(tx, IMPORT_JOB, { importId: row.id }, { maxAttempts: 5 });
    await recordAudit(tx, {
      actor: actor(caller),
      action: 'import',
      resource: 'imports',
      recordId: row.id,
      companyId,
      after: { kind: input.kind, rows: file.rows.length, fileSha: file.sha },
    });
    return { id: row.id, state: row.state };
  });
};

/** The import `id` as the caller may see it: an operator's any, a merchant's own company's (else 5). */
export const importStatus = async (db: Db, caller: Caller, id: number): Promise<ImportStatus> => {
  const [row] = await db
    .select({
      id: imports.id,
      companyId: imports.companyId,
      kind: imports.kind,
      state: imports.state,
      total: imports.total,
      done: imports.done,
      failed: imports.failed,
      error: imports.error,
    })
    .from(imports)
    .where(eq(imports.id, id))
    .limit(1);
  if (!row || (caller.type !== 'OPERATOR' && row.companyId !== caller.companyId))
    throw new AppError('NOT_FOUND');
  authorize(caller, importGrant(row.kind));
  const rows = await db
    .select({ line: importRows.line, ok: importRows.ok, message: importRows.message })
    .from(importRows)
    .where(eq(importRows.importId, id))
    .orderBy(asc(importRows.line))
    .limit(IMPORT_ROWS_SHOWN);
  const shown = row.error ? [{ line: 0, ok: false, message: row.error }, ...rows] : rows;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    total: row.total,
    done: row.done,
    failed: row.failed,
    rows: shown,
  };
};

/**
 * The importing user as they are now, with their access checked again for the import's kind and
 * company: a user disabled, moved to another company or stripped of the permission since the file
 * was sent stops the import (docs/decisions.md "Imports").
 */
export const importCaller = async (
  db: Db,
  userId: number,
  companyId: number,
  kind: ImportKind,
): Promise<Caller> => {
  const row = await findUser(db, userId);
  if (!row || (BLOCKED_USER_STATES as readonly string[]).includes(row.state))
    throw new AppError('INVALID_USER_STATE');
  if (row.type !== 'OPERATOR' && (row.companyId !== companyId || row.signupState !== 'APPROVAL'))
    throw new AppError('ACCESS_DENIED');
  const caller: Caller = await userCaller(db, row, undefined);
  authorize(caller, importGrant(kind));
  return caller;
};

/** Works through import `importId` from where it stands, a chunk per transaction. */
export const runImport = async (
  db: Db,
  importId: number,
  now = new Date(),
): Promise<ImportStatus['state']> => {
  const [imp] = await db.select().from(imports).where(eq(imports.id, importId)).limit(1);
  if (!imp || imp.state === 'DONE' || imp.state === 'FAILED') return imp?.state ?? 'FAILED';
  let caller: Caller;
  try {
    caller = await importCaller(db, imp.userId, imp.companyId, imp.kind);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await db
      .update(imports)
      .set({
        state: 'FAILED',
        error: 'the user who sent the file may no longer import it; nothing more was imported',
        finishTime: now,
      })
      .where(eq(imports.id, importId));
    return 'FAILED';
  }
  const file = parseImport(imp.kind, imp.csv);
  const ctx = await contextOf(db, caller, imp.companyId, imp.kind, file.sha, now);
  const day = await companyDay(db, imp.companyId, now);
  await db.update(imports).set({ state: 'RUNNING' }).where(eq(imports.id, importId));
  for (;;) {
    const finished = await db.transaction(async (tx) => {
      // the import's row first: a second run of the same job (a lost lease) waits here, then carries on
      const [cur] = await tx
        .select({ next: imports.next })
        .from(imports)
        .where(eq(imports.id, importId))
        .for('update');
      const start = cur?.next ?? file.rows.length;
      if (start >= file.rows.length) return true;
      // the chunk looks members up by mobile among thousands: without fresh statistics (a table that
      // just grew by the import itself) PostgreSQL's planner takes the trigram GIN index of the
      // members' mobile, through a bitmap scan, at ~4 ms a lookup, over the unique btree at
      // microseconds (measured: docs/performance.md "Imports"); GIN is only ever read by bitmap scans
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const chunk = file.rows.slice(start, start + IMPORT_CHUNK);
      const state = newState();
      const outcomes = await plan(tx, ctx, chunk, state, false, day);
      const going = outcomes.filter((o) => o.apply !== undefined);
      // the keys first: a row whose key is already there (a racing run of the same file) is skipped
      const inserted =
        going.length === 0
          ? []
          : await tx
              .insert(importKeys)
              .values(going.map((o) => ({ key: o.key, companyId: ctx.companyId, importId, line: o.line })))
              .onConflictDoNothing()
              .returning({ key: importKeys.key });
      const fresh = new Set(inserted.map((r) => r.key));
      for (const o of going)
        if (!fresh.has(o.key)) {
          o.apply = undefined;
          o.already = true;
          o.message = ALREADY_IMPORTED;
        }
      const applied = going.filter((o) => o.apply !== undefined);
      let issuedVouchers = 0;
      if (ctx.kind === 'members')
        await writeMembers(
          tx,
          ctx,
          applied.map((o) => o.apply as MemberApply),
        );
      else
        issuedVouchers = await writeVouchers(
          tx,
          ctx,
          applied.map((o) => o.apply as VoucherApply),
          day,
        );
      const shown = outcomes.filter((o) => !o.ok || o.already);
      if (shown.length > 0)
        await tx
          .insert(importRows)
          .values(shown.map((o) => ({ importId, line: o.line, ok: o.ok, message: o.message })));
      const failed = outcomes.filter((o) => !o.ok).length;
      await tx
        .update(imports)
        .set({
          next: start + chunk.length,
          done: sql`${imports.done} + ${outcomes.length - failed}`,
          failed: sql`${imports.failed} + ${failed}`,
        })
        .where(eq(imports.id, importId));
      // one audit row per chunk (docs/decisions.md "Imports"): who, which lines, what they did
      if (applied.length > 0)
        await recordAudit(tx, {
          actor: actor(caller),
          action: ctx.kind === 'members' ? 'import-members' : 'issue',
          resource: ctx.kind === 'members' ? 'members' : 'voucherPacks',
          recordId: importId,
          companyId: ctx.companyId,
          after: {
            importId,
            lines: [applied[0]?.line, applied[applied.length - 1]?.line],
            rows: applied.length,
            ...(ctx.kind === 'voucherIssues' ? { vouchers: issuedVouchers } : {}),
          },
        });
      return start + chunk.length >= file.rows.length;
    });
    if (finished) break;
  }
  await db.update(imports).set({ state: 'DONE', finishTime: new Date() }).where(eq(imports.id, importId));
  return 'DONE';
};

/** The 'import' job: payload `{ importId }`. */
export const importJob: JobHandler = async (payload, { db, now }) => {
  const importId = Number(payload.importId);
  if (!Number.isInteger(importId)) return { skipped: 'no importId' };
  return { state: await runImport(db, importId, now) };
};
