// The voucher operations (docs/operations.md "Vouchers"): issuing from a pack, redeeming at a store,
// voiding a redemption, donating to another member, expiring. Each runs inside the operation's one
// transaction (server/domains/access/operation.ts), locks the row it moves (`select … for update`) so racing
// calls queue on it and see each other's result, writes the voucher history row of what happened
// and its audit row. A pack's `issuedCount` moves only here, in the same transaction as the vouchers
// it counts, so it always equals the vouchers issued from the pack.
import { randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { VoucherHistoryAction, VoucherState } from '../../../contract/enums';
import { timesMoney } from '../../../contract/finance';
import type { StoredRow } from '../../../resources/rows';
import type { voucherPacks as voucherPacksDecl } from '../../../resources/tables/voucherPacks';
import type { vouchers as vouchersDecl } from '../../../resources/tables/vouchers';
import { actionOf, movedFields } from '../../../resources/transitions';
import type { ActionDeclaration } from '../../../resources/types';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import { inBatches } from '../../platform/batches';
import { beforeCompanyToday, companyDay } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { prepared, preparedInsert } from '../../platform/db/prepared';
import { brand, company, members, voucherHistory, voucherPacks, vouchers } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/events';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { callerScopeOf, preparedInScope } from '../../resources/row-scope';
import { allowedMove, lockInScope, moveLocked } from '../../resources/transition';
import { assertOrgOpen, storeWithStates } from '../access/closure';
import { assertActsForStore } from '../access/operation';
import { debitWallet, moneyString } from '../money/wallet';
import { recordWebhookEvent } from '../webhooks/webhooks';

type Row = Record<string, unknown>;

export type PackRow = StoredRow<typeof voucherPacksDecl> & Row;

export type VoucherRow = StoredRow<typeof vouchersDecl> & Row;

const packDecl = declarationOf('voucherPacks');
const voucherDecl = declarationOf('vouchers');
if (!packDecl || !voucherDecl) throw new Error('vouchers: declarations missing');

/** The day `days` after `day` (both YYYY-MM-DD calendar days, no time zone involved). */
const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

// no 0/O, 1/I/L: a code is read aloud at a till and typed into a phone
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;

/** A voucher's or a member card's code: 10 characters of a 31-letter alphabet (about 8 × 10^14 codes), from crypto. */
export const newCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const actor = (caller: Caller) => ({ id: caller.id, email: caller.email });

/** The member of `mobile`, created on first use. */
const memberStatement = prepared('member_ensure', (db) =>
  db
    .insert(members)
    .values({ mobile: sql`${sql.placeholder('mobile')}` })
    .onConflictDoNothing(),
);

export const ensureMember = async (tx: DbOrTx, mobile: string): Promise<void> => {
  await memberStatement(tx, { mobile });
};

interface HistoryExtra {
  memberMobile?: string | null;
  toMemberMobile?: string;
  storeId?: number | null;
  note?: string;
}

/** One voucher history row per voucher, in one statement. */
const history = async (
  tx: DbOrTx,
  rows: readonly VoucherRow[],
  action: VoucherHistoryAction,
  extra: (v: VoucherRow) => HistoryExtra,
  at: Date,
): Promise<void> => {
  const entries = rows.map((voucher) => {
    const e = extra(voucher);
    return {
      voucherId: voucher.id,
      action,
      memberMobile: e.memberMobile ?? voucher.memberMobile,
      toMemberMobile: e.toMemberMobile ?? null,
      storeId: e.storeId ?? null,
      note: e.note ?? null,
      at,
      companyId: voucher.companyId,
      brandId: voucher.brandId,
    };
  });
  const [one] = entries;
  if (entries.length === 1 && one) await insertHistoryRow(tx, one);
  else if (entries.length > 1) await tx.insert(voucherHistory).values(entries);
};

/** One history row (a redemption, a void, a gift): prepared once. */
const insertHistoryRow = preparedInsert('voucher_history_insert', voucherHistory, [
  'voucherId',
  'action',
  'memberMobile',
  'toMemberMobile',
  'storeId',
  'note',
  'at',
  'companyId',
  'brandId',
]);

/** The voucher `id` as the caller may move it, locked for the rest of the transaction; else 5. */
const lockVoucher = (tx: DbOrTx, caller: Caller, id: number): Promise<VoucherRow> =>
  lockInScope<VoucherRow>(tx, caller, { decl: voucherDecl, table: vouchers }, id, {
    calendarOf: vouchers.companyId,
  });

const notAvailable = (field: string, message: string) =>
  new AppError('VOUCHER_NOT_AVAILABLE', [{ field, message }]);

/**
 * The declared arrow `name` (resources/tables/vouchers.ts) when it may move the voucher, else its
 * refusal (6805 for a voucher no longer AVAILABLE, 11 otherwise).
 */
const allowed = (voucher: VoucherRow, name: string): ActionDeclaration =>
  allowedMove(voucherDecl, name, voucher, 'voucher');

/** 6805 unless `day` is inside the voucher's validity. */
const assertValidOn = (voucher: VoucherRow, day: string): void => {
  if (day < voucher.validFrom)
    throw notAvailable('validFrom', `the voucher is valid from ${voucher.validFrom}`);
  if (day > voucher.validUntil)
    throw notAvailable('validUntil', `the voucher expired on ${voucher.validUntil}`);
};

/**
 * Moves the locked voucher (`set`) and writes the audit row of `action`, with what `alongside` writes
 * from the voucher after (sent together with the audit row).
 */
const moveVoucher = (
  tx: DbOrTx,
  caller: Caller,
  before: VoucherRow,
  action: string,
  set: Row,
  alongside?: (after: VoucherRow) => Promise<unknown>,
): Promise<VoucherRow> =>
  moveLocked(tx, caller, { decl: voucherDecl, table: vouchers }, before, action, set, alongside);

// ---- issuing --------------------------------------------------------------------------------------

export interface IssueInput {
  memberMobile: string;
  quantity: number;
  /**
   * The store where the issue happened, for its history row (analytics by store, issue 40 item 8): a
   * reward's stamping store; otherwise the caller's own store when they are bound to one.
   */
  atStoreId?: number | null;
}

/**
 * Issues `quantity` vouchers of pack `packId` to a member. The pack row is locked first, so racing
 * issues on one pack run one after another and each sees the count the previous one left: of 1,000
 * calls on a pack of 500, exactly 500 succeed. All or nothing: past the quantity → 6802, past the
 * member's limit → 6630, nothing issued.
 */
/** A voucher as a webhook event tells it (docs/api.md "Webhooks"). */
/** What a webhook event tells of a voucher (docs/api.md "Webhooks"). */
export const voucherFacts = (v: VoucherRow) => ({
  id: v.id,
  code: v.code,
  voucherPackId: v.voucherPackId,
  memberMobile: v.memberMobile,
  value: v.value,
  state: v.state,
  validUntil: v.validUntil,
  brandId: v.brandId,
});

/** How many vouchers of a pack a member was issued (its limit per member): built once. */
const heldOfPack = prepared('vouchers_held_of_pack', (db) =>
  db
    .select({ n: count() })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.voucherPackId, sql.placeholder('packId')),
        eq(vouchers.issuedToMobile, sql.placeholder('mobile')),
      ),
    ),
);

/** A pack's count of issued vouchers moved on by `quantity`, answering the pack: built once. */
const countIssuedOfPack = prepared('voucher_pack_count_issued', (db) =>
  db
    .update(voucherPacks)
    .set({
      issuedCount: sql`${voucherPacks.issuedCount} + ${sql.placeholder('quantity')}::int`,
      updateTime: sql`${sql.placeholder('now')}`,
    })
    .where(eq(voucherPacks.id, sql.placeholder('packId')))
    .returning(),
);

/**
 * The states of a pack's company and brand, for a pack the caller may see (another company's answers
 * as missing, from lockInScope): built once per shape of the caller's scope.
 */
const orgOfPack = preparedInScope<{ company: unknown; brand: unknown }>(
  'voucher_pack_org',
  packDecl,
  voucherPacks,
  (db, scope) =>
    db
      .select({ company: company.state, brand: brand.state })
      .from(voucherPacks)
      .innerJoin(company, eq(company.id, voucherPacks.companyId))
      .innerJoin(brand, eq(brand.id, voucherPacks.brandId))
      .where(and(eq(voucherPacks.id, sql.placeholder('packId')), scope)),
);

export const issueVouchers = async (
  tx: DbOrTx,
  caller: Caller,
  packId: number,
  { memberMobile, quantity, atStoreId }: IssueInput,
  now = new Date(),
): Promise<{ pack: PackRow; vouchers: VoucherRow[] }> => {
  // nothing is issued for a closed company or brand (26433 / 26434), whoever asks: read before the
  // pack's lock is taken, so issues racing on one pack do not hold it a round trip longer
  const [org] = await orgOfPack(tx, caller, { packId });
  if (org) assertOrgOpen(org);
  const pack = await lockInScope<PackRow>(tx, caller, { decl: packDecl, table: voucherPacks }, packId);
  // the pack's dates and the vouchers' validity are days of the company's country; what the member
  // already holds of the pack is read with it (neither needs the other)
  const [day, [held]] = await Promise.all([
    companyDay(tx, pack.companyId, now),
    heldOfPack(tx, { packId: pack.id, mobile: memberMobile }),
  ]);
  if (pack.state !== 'ACTIVE')
    throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
      { field: 'state', message: `the pack is ${pack.state}` },
    ]);
  if (day < pack.validFrom || day > pack.validUntil)
    throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
      { field: 'validUntil', message: `the pack sells from ${pack.validFrom} to ${pack.validUntil}` },
    ]);
  const left = pack.quantity - pack.issuedCount;
  if (quantity > left)
    throw new AppError('VOUCHER_PACK_SOLD_OUT', [{ field: 'quantity', message: `${left} left in the pack` }]);
  const already = Number(held?.n ?? 0);
  if (already + quantity > pack.issueLimitPerMember)
    throw new AppError('STAMP_LIMIT_EXCEEDED', [
      {
        field: 'quantity',
        message: `the member may be issued ${pack.issueLimitPerMember} of this pack and holds ${already}`,
      },
    ]);

  // the merchant pays the pack's price for each voucher, in this transaction: 5101 issues nothing.
  // Sent with the member's row (docs/architecture.md "Statements sent together"), the charge first:
  // its refusal is the operation's answer, and the rest rolls back with it
  await Promise.all([
    debitWallet(tx, pack.companyId, timesMoney(moneyString(Number(pack.price)), quantity), {
      type: 'VOUCHER_TXN',
      reference: `${quantity} × ${pack.title}`.slice(0, 120),
      voucherPackId: pack.id,
      at: now,
    }),
    ensureMember(tx, memberMobile),
  ]);
  const validUntil = addDays(day, pack.voucherValidityDays - 1);
  const issued = (await tx
    .insert(vouchers)
    .values(
      Array.from({ length: quantity }, () => ({
        code: newCode(),
        title: pack.title,
        voucherPackId: pack.id,
        memberMobile,
        issuedToMobile: memberMobile,
        value: pack.voucherValue,
        // kept as the pack says it today (issue 40 item 2)
        giftable: pack.giftable,
        state: 'AVAILABLE' as const,
        validFrom: day,
        validUntil,
        companyId: pack.companyId,
        brandId: pack.brandId,
        // the operation's time (the demo data issues in the past)
        createTime: now,
      })),
    )
    .returning()) as VoucherRow[];
  const issuedAt = atStoreId === undefined ? caller.storeId : atStoreId;
  // the vouchers' history and the pack's count need only the vouchers: sent together, and then the
  // audit row, the reactions and the webhook event together
  const [, packs] = await Promise.all([
    history(tx, issued, 'ISSUED', () => (issuedAt === null ? {} : { storeId: issuedAt }), now),
    countIssuedOfPack(tx, { packId: pack.id, quantity, now }),
  ]);
  const [after] = packs as PackRow[];
  if (!after) throw new Error('locked pack vanished');
  await Promise.all([
    recordAudit(tx, {
      actor: actor(caller),
      action: 'issue',
      resource: 'voucherPacks',
      recordId: pack.id,
      companyId: pack.companyId,
      before: { issuedCount: pack.issuedCount },
      after: { issuedCount: after.issuedCount, memberMobile, voucherIds: issued.map((v) => v.id) },
    }),
    emit(tx, 'voucher.issued', {
      companyId: pack.companyId,
      memberMobiles: [memberMobile],
      vouchers: issued,
      at: now,
    }),
    recordWebhookEvent(tx, {
      companyId: pack.companyId,
      type: 'voucher.issued',
      data: { voucherPackId: pack.id, memberMobile, vouchers: issued.map(voucherFacts) },
      at: now,
    }),
  ]);
  return { pack: after, vouchers: issued };
};

/** A pack's figures: what it may issue, what it issued, and where the issued vouchers are now. */
export const packSummary = async (db: DbOrTx, caller: Caller, packId: number) => {
  const [pack] = (await db
    .select()
    .from(voucherPacks)
    .where(and(eq(voucherPacks.id, packId), callerScopeOf(packDecl, voucherPacks, caller)))) as PackRow[];
  if (!pack) throw new AppError('NOT_FOUND');
  const rows = await db
    .select({ state: vouchers.state, n: count() })
    .from(vouchers)
    .where(eq(vouchers.voucherPackId, pack.id))
    .groupBy(vouchers.state);
  const by = (s: VoucherState) => rows.find((r) => r.state === s)?.n ?? 0;
  return {
    quantity: pack.quantity,
    issuedCount: pack.issuedCount,
    left: pack.quantity - pack.issuedCount,
    available: by('AVAILABLE'),
    redeemed: by('REDEEMED'),
    expired: by('EXPIRED'),
  };
};

// ---- one voucher ----------------------------------------------------------------------------------

/** A redemption or its undoing: its webhook event, its history row and what the webhook adds. */
interface RedemptionMove {
  type: 'voucher.redeemed' | 'voucher.voided';
  historyAction: VoucherHistoryAction;
  historyExtra: HistoryExtra;
  /** the webhook event's own data, beside the voucher */
  data: Record<string, unknown>;
}

/**
 * What a redemption or its undoing writes from the voucher after, and tells the rest of the product:
 * its history row, the member's activity, and the webhook `type` with the voucher and `data`. None
 * needs another's answer: sent together (server/platform/events.ts), and with the voucher's audit
 * row (`moveVoucher`'s `alongside`).
 */
const redemptionMoved =
  (tx: DbOrTx, { type, historyAction, historyExtra, data }: RedemptionMove, now: Date) =>
  async (after: VoucherRow): Promise<void> => {
    await Promise.all([
      history(tx, [after], historyAction, () => historyExtra, now),
      emit(tx, 'voucher.activity', {
        companyId: after.companyId,
        memberMobile: after.memberMobile,
        reason: 'REDEMPTION',
        at: now,
        // a redemption adds a visit; its undoing takes one back (worked out again)
        ...(type === 'voucher.redeemed' ? { added: { redemption: { voucherId: after.id } } } : {}),
      }),
      recordWebhookEvent(tx, {
        companyId: after.companyId,
        type,
        data: { voucher: voucherFacts(after), ...data },
        at: now,
      }),
    ]);
  };

/**
 * Redeems a voucher at a store: AVAILABLE and inside its validity (else 6805), at an ACTIVE store of
 * the pack's brand that the caller may act for (else 6701).
 */
export const redeemVoucher = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
  { storeId }: { storeId: number },
  now = new Date(),
): Promise<VoucherRow> => {
  assertActsForStore(caller, storeId);
  // the voucher locked and the store read together: neither needs the other (server/platform/events.ts)
  const [voucher, [where]] = await Promise.all([
    lockVoucher(tx, caller, id),
    storeWithStates(tx, { storeId }),
  ]);
  const action = allowed(voucher, 'redeem');
  assertValidOn(voucher, await companyDay(tx, voucher.companyId, now));
  // nothing is redeemed at a closed company, brand or store (26433 / 26434 / 26435)
  if (where) assertOrgOpen({ company: where.companyState, brand: where.brandState, store: where.state });
  const callersStore = caller.storeId === null || caller.storeId === storeId;
  if (!where || where.brandId !== voucher.brandId || where.state !== 'ACTIVE' || !callersStore)
    throw new AppError('STORE_NOT_FOUND_FOR_TXN', [
      { field: 'storeId', message: "is not an active store of the voucher's brand" },
    ]);
  return moveVoucher(
    tx,
    caller,
    voucher,
    'redeem',
    { ...movedFields(action), redeemedAt: now, redeemedStoreId: storeId },
    redemptionMoved(
      tx,
      { type: 'voucher.redeemed', historyAction: 'REDEEMED', historyExtra: { storeId }, data: { storeId } },
      now,
    ),
  );
};

/** Undoes a redemption: REDEEMED → AVAILABLE (else 11), history VOIDED with the reason. */
export const voidVoucher = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
  { reason }: { reason: string },
  now = new Date(),
): Promise<VoucherRow> => {
  const voucher = await lockVoucher(tx, caller, id);
  const action = allowed(voucher, 'void');
  return moveVoucher(
    tx,
    caller,
    voucher,
    'void',
    { ...movedFields(action), redeemedAt: null, redeemedStoreId: null },
    redemptionMoved(
      tx,
      {
        type: 'voucher.voided',
        historyAction: 'VOIDED',
        historyExtra: { storeId: voucher.redeemedStoreId, note: reason },
        data: { reason },
      },
      now,
    ),
  );
};

/** Gives an AVAILABLE voucher issued giftable (its pack's term then, else 6804) to another member. */
export const donateVoucher = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
  { toMobile }: { toMobile: string },
  now = new Date(),
): Promise<VoucherRow> => {
  const voucher = await lockVoucher(tx, caller, id);
  if (!voucher.giftable)
    throw new AppError('VOUCHER_NOT_GIFTABLE', [
      { field: 'giftable', message: 'the voucher was issued not giftable' },
    ]);
  allowed(voucher, 'donate');
  assertValidOn(voucher, await companyDay(tx, voucher.companyId, now));
  if (toMobile === voucher.memberMobile)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'toMobile', message: 'already holds the voucher' },
    ]);
  await ensureMember(tx, toMobile);
  const after = await moveVoucher(tx, caller, voucher, 'donate', { memberMobile: toMobile });
  await history(tx, [voucher], 'DONATED', () => ({ toMemberMobile: toMobile }), now);
  // the giver no longer holds it, the receiver now does
  await emit(tx, 'voucher.holdings', {
    companyId: after.companyId,
    memberMobiles: [voucher.memberMobile, toMobile],
    at: now,
  });
  await recordWebhookEvent(tx, {
    companyId: after.companyId,
    type: 'voucher.donated',
    data: { voucher: voucherFacts(after), fromMobile: voucher.memberMobile, toMobile },
    at: now,
  });
  return after;
};

/** An operator expires an AVAILABLE voucher at once (else 11). */
export const expireVoucher = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
  now = new Date(),
): Promise<VoucherRow> => {
  const voucher = await lockVoucher(tx, caller, id);
  const after = await moveVoucher(tx, caller, voucher, 'expire', movedFields(allowed(voucher, 'expire')));
  await history(tx, [after], 'EXPIRED', () => ({ note: 'expired by an operator' }), now);
  await emit(tx, 'voucher.holdings', {
    companyId: after.companyId,
    memberMobiles: [after.memberMobile],
    at: now,
  });
  await recordWebhookEvent(tx, {
    companyId: after.companyId,
    type: 'voucher.expired',
    data: { vouchers: [voucherFacts(after)] },
    at: now,
  });
  return after;
};

/** Vouchers expired per transaction by the job (a bounded lock set, however many are due). */
export const EXPIRY_BATCH = 500;

/**
 * The job (server/jobs): every AVAILABLE voucher whose last valid day is before `now`'s becomes
 * EXPIRED with its history row, a batch per transaction; rows another instance holds are skipped
 * and expire on its run. Answers how many expired.
 */
export const expireDueVouchers = async (db: Db, now: Date): Promise<number> => {
  // the last valid day has passed in the voucher's company's country
  const ended = await beforeCompanyToday(db, vouchers.validUntil, vouchers.companyId, now);
  const arrow = actionOf(voucherDecl, 'expireDue');
  return inBatches(db, EXPIRY_BATCH, async (tx) => {
    const due = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(and(inArray(vouchers.state, arrow.from as VoucherRow['state'][]), ended))
      .orderBy(asc(vouchers.id))
      .limit(EXPIRY_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const rows = (await tx
      .update(vouchers)
      .set(movedFields(arrow))
      .where(
        inArray(
          vouchers.id,
          due.map((d) => d.id),
        ),
      )
      .returning()) as VoucherRow[];
    await history(tx, rows, 'EXPIRED', (v) => ({ note: `validity ended ${v.validUntil}` }), now);
    // their holders' standing: one statement per company for the batch's members
    const holders = new Map<number, Set<string>>();
    for (const v of rows)
      if (typeof v.companyId === 'number' && typeof v.memberMobile === 'string')
        holders.set(v.companyId, (holders.get(v.companyId) ?? new Set()).add(v.memberMobile));
    for (const [companyId, mobiles] of holders)
      await emit(tx, 'voucher.holdings', { companyId, memberMobiles: [...mobiles], at: now });
    // one event per company for the batch's vouchers
    for (const companyId of new Set(rows.map((v) => v.companyId)))
      await recordWebhookEvent(tx, {
        companyId,
        type: 'voucher.expired',
        data: { vouchers: rows.filter((v) => v.companyId === companyId).map(voucherFacts) },
        at: now,
      });
    // the job's own audit row: no person did it
    await recordAudit(tx, {
      actor: null,
      action: 'expire',
      resource: 'vouchers',
      after: { reason: 'validity ended', voucherIds: rows.map((v) => v.id) },
    });
    return rows.length;
  });
};
