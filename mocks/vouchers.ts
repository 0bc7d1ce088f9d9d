// MSW mocks of the voucher operations (docs/operations.md "Vouchers", server/routes/vouchers.ts): issuing
// from a pack, a pack's figures, redeem / void / donate / expire, and one member's voucher wallet.
// The rows live in the mock db's resourceRows (voucherPacks, vouchers, voucherHistory, members), so the
// generic list and show mocks (mocks/resources.ts) serve the very rows these operations move.
// Each operation honours the Idempotency-Key header as the server does (mocks/operations.ts).
import type { VoucherHistoryAction, VoucherState } from '../contract/enums';
import { voucherHistory, voucherPacks, vouchers } from '../resources';
import { members } from '../resources/tables/members';
import { actionOf, movedFields } from '../resources/transitions';
import type { MockDb, MockRow, MockUser } from './data';
import {
  assertBrandStore,
  createOperationMocks,
  DAY_MS,
  E164,
  idIn,
  isoOf,
  mobileIn,
  mockDayOf,
  type OperationMockContext,
  onlyFields,
  reasonIn,
  rowsOf,
} from './operations';
import { seedOrganisation } from './organisation-hierarchy';
import { allowedMove, type Body, fail, invalid } from './respond';

/** How many vouchers one issue call may create (server/routes/vouchers.ts ISSUE_MAX). */
export const MOCK_ISSUE_MAX = 100;
// no 0/O, 1/I/L: a code is read aloud at a till (as the server's codes)
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

// ---- rows ---------------------------------------------------------------------------------------

const addDays = (day: string, days: number): string =>
  mockDayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

const newCode = (db: MockDb): string => {
  const taken = new Set(rowsOf(db, vouchers).map((v) => v.code));
  for (;;) {
    const code = Array.from(
      { length: 10 },
      () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)],
    ).join('');
    if (!taken.has(code)) return code;
  }
};

/** The member of `mobile`, created on first use (as every operation naming a member does). */
const ensureMember = (db: MockDb, mobile: string, at: number, name: string | null = null): MockRow => {
  const found = rowsOf(db, members).find((m) => m.mobile === mobile);
  if (found) return found;
  const row: MockRow = { id: db.nextId(), mobile, name, createTime: isoOf(at), updateTime: isoOf(at) };
  rowsOf(db, members).push(row);
  return row;
};

interface HistoryExtra {
  memberMobile?: unknown;
  toMemberMobile?: string;
  storeId?: unknown;
  note?: string;
}

/** A row of the voucher's history: what happened to it, when, and who and where when it says. */
export const addVoucherHistory = (
  db: MockDb,
  voucher: MockRow,
  action: VoucherHistoryAction,
  at: number,
  extra: HistoryExtra = {},
): MockRow => {
  const row: MockRow = {
    id: db.nextId(),
    voucherId: voucher.id,
    action,
    memberMobile: extra.memberMobile ?? voucher.memberMobile ?? null,
    toMemberMobile: extra.toMemberMobile ?? null,
    storeId: extra.storeId ?? null,
    note: extra.note ?? null,
    at: isoOf(at),
    companyId: voucher.companyId ?? null,
    brandId: voucher.brandId ?? null,
    createTime: isoOf(at),
    updateTime: isoOf(at),
  };
  rowsOf(db, voucherHistory).push(row);
  return row;
};

const move = (voucher: MockRow, at: number, values: Body): MockRow =>
  Object.assign(voucher, values, { updateTime: isoOf(at) });

const notAvailable = (field: string, message: string): never =>
  fail('VOUCHER_NOT_AVAILABLE', [{ field, message }]);

/** The declared arrow `name` when it may move the voucher, else its refusal (resources/tables/vouchers.ts). */
const allowed = (voucher: MockRow, name: string) => allowedMove(vouchers, name, voucher, 'voucher');

/** 6805 unless `day` is inside the voucher's validity. */
const assertValidOn = (voucher: MockRow, day: string): void => {
  if (day < String(voucher.validFrom))
    notAvailable('validFrom', `the voucher is valid from ${String(voucher.validFrom)}`);
  if (day > String(voucher.validUntil))
    notAvailable('validUntil', `the voucher expired on ${String(voucher.validUntil)}`);
};

// ---- the operations, on the data alone (the handlers and the demo seed share them) -----------------

/**
 * Issues `quantity` vouchers of `pack` to `memberMobile`, all or nothing: not ACTIVE or outside the
 * sale window → 11, past the quantity → 6802, past the member's limit → 6630.
 */
export const issueFromPack = (
  db: MockDb,
  pack: MockRow,
  memberMobile: string,
  quantity: number,
  at: number = db.now(),
): { pack: MockRow; vouchers: MockRow[] } => {
  const day = mockDayOf(at);
  if (pack.state !== 'ACTIVE')
    fail('STATE_TRANSITION_NOT_ALLOWED', [{ field: 'state', message: `the pack is ${String(pack.state)}` }]);
  if (day < String(pack.validFrom) || day > String(pack.validUntil))
    fail('STATE_TRANSITION_NOT_ALLOWED', [
      {
        field: 'validUntil',
        message: `the pack sells from ${String(pack.validFrom)} to ${String(pack.validUntil)}`,
      },
    ]);
  const issuedCount = Number(pack.issuedCount ?? 0);
  const left = Number(pack.quantity) - issuedCount;
  if (quantity > left)
    fail('VOUCHER_PACK_SOLD_OUT', [{ field: 'quantity', message: `${left} left in the pack` }]);
  const limit = Number(pack.issueLimitPerMember ?? 1);
  const already = rowsOf(db, vouchers).filter(
    (v) => v.voucherPackId === pack.id && v.issuedToMobile === memberMobile,
  ).length;
  if (already + quantity > limit)
    fail('STAMP_LIMIT_EXCEEDED', [
      { field: 'quantity', message: `the member may be issued ${limit} of this pack and holds ${already}` },
    ]);

  ensureMember(db, memberMobile, at);
  const validUntil = addDays(day, Number(pack.voucherValidityDays ?? 30) - 1);
  const issued = Array.from({ length: quantity }, (): MockRow => {
    const row: MockRow = {
      id: db.nextId(),
      code: newCode(db),
      title: pack.title,
      voucherPackId: pack.id,
      memberMobile,
      issuedToMobile: memberMobile,
      value: pack.voucherValue,
      state: 'AVAILABLE',
      validFrom: day,
      validUntil,
      redeemedStoreId: null,
      redeemedAt: null,
      companyId: pack.companyId ?? null,
      brandId: pack.brandId ?? null,
      createTime: isoOf(at),
      updateTime: isoOf(at),
    };
    rowsOf(db, vouchers).push(row);
    addVoucherHistory(db, row, 'ISSUED', at);
    return row;
  });
  pack.issuedCount = issuedCount + quantity;
  pack.updateTime = isoOf(at);
  return { pack, vouchers: issued };
};

/** AVAILABLE and valid (else 6805), at an ACTIVE store of the voucher's brand (else 6701). */
export const redeemVoucher = (
  db: MockDb,
  voucher: MockRow,
  storeId: number,
  at: number = db.now(),
  caller?: Pick<MockUser, 'storeId'>,
): MockRow => {
  const action = allowed(voucher, 'redeem');
  assertValidOn(voucher, mockDayOf(at));
  assertBrandStore(db, storeId, voucher.brandId, "voucher's", caller);
  move(voucher, at, { ...movedFields(action), redeemedAt: isoOf(at), redeemedStoreId: storeId });
  addVoucherHistory(db, voucher, 'REDEEMED', at, { storeId });
  return voucher;
};

/** Undoes a redemption: REDEEMED → AVAILABLE (else 11), history VOIDED with the reason. */
export const voidVoucher = (db: MockDb, voucher: MockRow, reason: string, at: number = db.now()): MockRow => {
  const action = allowed(voucher, 'void');
  const storeId = voucher.redeemedStoreId;
  move(voucher, at, { ...movedFields(action), redeemedAt: null, redeemedStoreId: null });
  addVoucherHistory(db, voucher, 'VOIDED', at, { storeId, note: reason });
  return voucher;
};

/** Gives an AVAILABLE voucher of a giftable pack (else 6804; not usable 6805) to another member. */
export const donateVoucher = (
  db: MockDb,
  voucher: MockRow,
  toMobile: string,
  at: number = db.now(),
): MockRow => {
  const pack = rowsOf(db, voucherPacks).find((p) => p.id === voucher.voucherPackId);
  if (pack?.giftable !== true)
    fail('VOUCHER_NOT_GIFTABLE', [{ field: 'voucherPackId', message: 'the pack is not giftable' }]);
  allowed(voucher, 'donate');
  assertValidOn(voucher, mockDayOf(at));
  if (toMobile === voucher.memberMobile) invalid('toMobile', 'already holds the voucher');
  ensureMember(db, toMobile, at);
  addVoucherHistory(db, voucher, 'DONATED', at, { toMemberMobile: toMobile });
  return move(voucher, at, { memberMobile: toMobile });
};

/** An operator expires an AVAILABLE voucher at once (else 11). */
export const expireVoucher = (db: MockDb, voucher: MockRow, at: number = db.now()): MockRow => {
  move(voucher, at, movedFields(allowed(voucher, 'expire')));
  addVoucherHistory(db, voucher, 'EXPIRED', at, { note: 'expired by an operator' });
  return voucher;
};

/** A pack's figures, as GET /voucher-packs/{id}/summary answers them. */
export const packSummaryOf = (db: MockDb, pack: MockRow) => {
  const issued = rowsOf(db, vouchers).filter((v) => v.voucherPackId === pack.id);
  const by = (state: VoucherState) => issued.filter((v) => v.state === state).length;
  const quantity = Number(pack.quantity);
  const issuedCount = Number(pack.issuedCount ?? 0);
  return {
    quantity,
    issuedCount,
    left: quantity - issuedCount,
    available: by('AVAILABLE'),
    redeemed: by('REDEEMED'),
    expired: by('EXPIRED'),
  };
};

// ---- demo data -------------------------------------------------------------------------------------

export const DEMO_MEMBERS = {
  tan: '+6591234567',
  siti: '+6598765432',
  arjun: '+6581112222',
} as const;

/**
 * Adds a voucher pack of the seed merchant's brand (company 1, brand 1), created at `createdAt`: the
 * demo seeds' defaults, then `values` (a title, a value and a quantity at least, and its sale window).
 */
export const addDemoPack = (db: MockDb, createdAt: number, values: Body): MockRow => {
  const at = isoOf(createdAt);
  const row: MockRow = {
    id: db.nextId(),
    description: null,
    image: null,
    price: 0,
    issuedCount: 0,
    issueLimitPerMember: 1,
    voucherValidityDays: 30,
    giftable: false,
    state: 'ACTIVE',
    companyId: 1,
    brandId: 1,
    createTime: at,
    updateTime: at,
    ...values,
  };
  rowsOf(db, voucherPacks).push(row);
  return row;
};

const seeded = new WeakSet<MockDb>();

/**
 * Voucher packs of the seed merchant's brand (company 1, brand 1) and one of another company, with
 * vouchers issued, redeemed, voided, donated and expired through the operations above, so the lists,
 * the pack figures and the member lookup have something true to show. Once per data set; the
 * organisation (stores) comes first. Sale windows follow the db's clock, so the packs stay on sale.
 */
export const seedVoucherDemo = (db: MockDb): void => {
  if (seeded.has(db)) return;
  seeded.add(db);
  seedOrganisation(db);
  const now = db.now();
  const daysAgo = (n: number) => now - n * DAY_MS;
  const pack = (values: Body, createdDaysAgo: number): MockRow =>
    addDemoPack(db, daysAgo(createdDaysAgo), {
      validFrom: mockDayOf(daysAgo(60)),
      validUntil: mockDayOf(now + 300 * DAY_MS),
      ...values,
    });
  const kopi = pack(
    {
      title: 'Free Kopi',
      description: 'One regular kopi or teh at any Acme Coffee store.',
      voucherValue: 4.5,
      quantity: 500,
      issueLimitPerMember: 5,
      giftable: true,
    },
    40,
  );
  const cake = pack(
    { title: 'Birthday Cake Slice', price: 1, voucherValue: 8, quantity: 3, voucherValidityDays: 14 },
    20,
  );
  pack({ title: 'Lunar New Year Ang Bao', voucherValue: 8.88, quantity: 888, state: 'DISABLED' }, 90);
  pack({ title: 'Borealis Croissant', voucherValue: 3.2, quantity: 100, companyId: 2, brandId: 3 }, 10);

  ensureMember(db, DEMO_MEMBERS.tan, daysAgo(30), 'Tan Wei Ming');
  ensureMember(db, DEMO_MEMBERS.siti, daysAgo(25), 'Siti Rahman');
  ensureMember(db, DEMO_MEMBERS.arjun, daysAgo(12), 'Arjun Nair');

  const [tan1, tan2, tan3] = issueFromPack(db, kopi, DEMO_MEMBERS.tan, 3, daysAgo(20)).vouchers;
  const [siti1] = issueFromPack(db, kopi, DEMO_MEMBERS.siti, 1, daysAgo(10)).vouchers;
  issueFromPack(db, cake, DEMO_MEMBERS.tan, 1, daysAgo(5));
  if (tan1) redeemVoucher(db, tan1, 1, daysAgo(18));
  if (tan2) {
    redeemVoucher(db, tan2, 1, daysAgo(15));
    voidVoucher(db, tan2, 'Redeemed by mistake at the till', daysAgo(15) + 10 * 60 * 1000);
  }
  if (tan3) donateVoucher(db, tan3, DEMO_MEMBERS.arjun, daysAgo(12));
  if (siti1) expireVoucher(db, siti1, daysAgo(2));
};

// ---- handlers ----------------------------------------------------------------------------------------

export const createVoucherHandlers = (context: OperationMockContext) => {
  const { db } = context;
  const { visible, find, read, operation } = createOperationMocks(context);
  const ADD = { decl: vouchers, action: 'ADD', roles: vouchers.createWith.roles } as const;
  // each arrow's roles, as the server's routes take them (resources/tables/vouchers.ts)
  const arrow = (name: string) => ({ decl: vouchers, roles: actionOf(vouchers, name).roles });

  return [
    // issuing is an operation, not the generic create that vouchers' empty ADD refuses (docs/operations.md)
    operation('/voucher-packs/:id/vouchers', ADD, ({ user, params, body }) => {
      onlyFields(body, ['memberMobile', 'quantity']);
      const memberMobile = mobileIn(body, 'memberMobile');
      const quantity = body.quantity;
      if (
        typeof quantity !== 'number' ||
        !Number.isInteger(quantity) ||
        quantity < 1 ||
        quantity > MOCK_ISSUE_MAX
      )
        return invalid('quantity', `must be an integer from 1 to ${MOCK_ISSUE_MAX}`);
      return issueFromPack(db, find(voucherPacks, user, params), memberMobile, quantity);
    }),
    read('/voucher-packs/:id/summary', voucherPacks, ({ user, params }) =>
      packSummaryOf(db, find(voucherPacks, user, params)),
    ),
    operation('/vouchers/:id/redeem', arrow('redeem'), ({ user, params, body }) => {
      onlyFields(body, ['storeId']);
      const storeId = idIn(body, 'storeId');
      return redeemVoucher(db, find(vouchers, user, params), storeId, db.now(), user);
    }),
    operation('/vouchers/:id/void', arrow('void'), ({ user, params, body }) => {
      onlyFields(body, ['reason']);
      const reason = reasonIn(body);
      return voidVoucher(db, find(vouchers, user, params), reason);
    }),
    operation('/vouchers/:id/donate', arrow('donate'), ({ user, params, body }) => {
      onlyFields(body, ['toMobile']);
      return donateVoucher(db, find(vouchers, user, params), mobileIn(body, 'toMobile'));
    }),
    operation('/vouchers/:id/expire', arrow('expire'), ({ user, params, body }) => {
      onlyFields(body, []);
      return expireVoucher(db, find(vouchers, user, params));
    }),
    read('/members/:mobile/vouchers', members, ({ user, params }) => {
      const mobile = decodeURIComponent(String(params.mobile ?? ''));
      if (!E164.test(mobile)) return invalid('mobile', 'must be an E.164 mobile number');
      const mine = rowsOf(db, vouchers).filter(visible(user));
      const member = rowsOf(db, members).find((m) => m.mobile === mobile);
      // a merchant finds only members holding one of its vouchers; anyone else reads as unknown
      if (!member || (user.type !== 'OPERATOR' && !mine.some((v) => v.memberMobile === mobile)))
        return fail('NOT_FOUND', [{ field: 'mobile', message: 'no member with this mobile' }]);
      const held = mine
        .filter((v) => v.memberMobile === mobile)
        .sort((a, b) => String(b.createTime).localeCompare(String(a.createTime)) || b.id - a.id);
      const events = rowsOf(db, voucherHistory)
        .filter((h) => held.some((v) => v.id === h.voucherId))
        .sort((a, b) => String(a.at).localeCompare(String(b.at)) || a.id - b.id);
      const grouped: Record<VoucherState, MockRow[]> = { AVAILABLE: [], REDEEMED: [], EXPIRED: [] };
      for (const v of held) {
        const state = v.state as VoucherState;
        grouped[state]?.push({ ...v, history: events.filter((h) => h.voucherId === v.id) });
      }
      // the server sums in SQL numeric; cents here keep the mock exact too
      const cents = grouped.AVAILABLE.reduce((sum, v) => sum + Math.round(Number(v.value) * 100), 0);
      return { member, vouchers: grouped, availableValue: (cents / 100).toFixed(2) };
    }),
  ];
};
